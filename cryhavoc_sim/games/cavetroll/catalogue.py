"""Cave Troll's bot catalogue: the one list of its bot names (:data:`BOT_NAMES`), the one
reading of a name into a :class:`~cryhavoc_sim.games.botspec.BotSpec`
(:func:`parse_bot`), and the one place a spec becomes a bot (:func:`build`).

The names: ``random``, ``heuristic`` (balanced), ``heuristic:<personality>``
(``bots.py``), ``ismcts``, ``ismcts:<N>``, ``paired``, ``paired:<N>`` (the search,
``search.py``), ``learned``, ``learned@<model>``, ``learned~<temperature>`` (the learned
policy, ``policy.py``). Cave Troll has no restricted play and no search personality.
"""

from __future__ import annotations

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.cavetroll import bots
from cryhavoc_sim.games.cavetroll.policy import NAMES, PolicyBot
from cryhavoc_sim.games.cavetroll.search import DEFAULT_ITERATIONS, SearchBot
from cryhavoc_sim.games.search.names import SEARCHES, plain_names, plain_spec
from cryhavoc_sim.rng import Rng

BOT_NAMES = plain_names(bots.PERSONALITIES)


def parse_bot(name: str) -> BotSpec:
    """``name`` read once into a spec; a BotNameError saying why it is not one of
    :data:`BOT_NAMES`."""
    return plain_spec(name, "Cave Troll", bots.PERSONALITIES, NAMES, BOT_NAMES)


def build(spec: BotSpec, rng: Rng) -> bots.RandomBot | bots.HeuristicBot | SearchBot | PolicyBot:
    """The bot ``spec`` (read by :func:`parse_bot`) on its own generator ``rng``, in the
    game's own bot shape (``choose(game)``)."""
    if spec.kind == "random":
        return bots.RandomBot(rng)
    if spec.kind == "heuristic":
        return bots.HeuristicBot(rng, spec.personality or bots.DEFAULT_PERSONALITY)
    if spec.kind in SEARCHES:
        return SearchBot(spec.budget or DEFAULT_ITERATIONS, rng, spec.kind)
    assert NAMES.is_learned(spec.kind), spec
    return PolicyBot(NAMES.policy(spec.model), rng, spec.temperature or 0.0, name=spec.name)
