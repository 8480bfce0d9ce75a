"""WarCry's bot catalogue: the one list of its bot names (:data:`BOT_NAMES`), the one
reading of a name into a :class:`~cryhavoc_sim.games.botspec.BotSpec` (:func:`parse_bot`),
and the one place a spec becomes a bot (:func:`build`).

The names: ``random`` (the harness's), ``heuristic`` (bold), ``heuristic:<personality>``
(``bots.py``), ``ismcts``, ``ismcts:<N>``, ``paired``, ``paired:<N>`` (the search,
``search.py``), ``learned``, ``learned@<model>``, ``learned~<temperature>`` (the learned
policy, ``policy.py``). WarCry has no restricted play and no search personality.
"""

from __future__ import annotations

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.harness.random_bot import RandomBot
from cryhavoc_sim.games.search.names import SEARCHES, plain_names, plain_spec
from cryhavoc_sim.games.state import Bot, PlayerId
from cryhavoc_sim.games.warcry.bots import PERSONALITIES, HeuristicBot
from cryhavoc_sim.games.warcry.policy import NAMES, PolicyBot
from cryhavoc_sim.games.warcry.search import DEFAULT_ITERATIONS, search_bot
from cryhavoc_sim.games.warcry.state import WarCryState
from cryhavoc_sim.rng import Rng

DEFAULT_PERSONALITY = "bold"  # the heuristic's personality when its name gives none
BOT_NAMES = plain_names(PERSONALITIES)


def parse_bot(name: str) -> BotSpec:
    """``name`` read once into a spec; a BotNameError saying why it is not one of
    :data:`BOT_NAMES`."""
    return plain_spec(name, "WarCry", PERSONALITIES, NAMES, BOT_NAMES)


def build(spec: BotSpec, player: PlayerId, rng: Rng) -> Bot[WarCryState]:
    """The bot ``spec`` (read by :func:`parse_bot`) for seat ``player`` on its own
    generator ``rng``."""
    if spec.kind == "random":
        return RandomBot(player, rng)
    if spec.kind == "heuristic":
        return HeuristicBot(player, rng, PERSONALITIES[spec.personality or DEFAULT_PERSONALITY])
    if spec.kind in SEARCHES:
        return search_bot(player, rng, spec.budget or DEFAULT_ITERATIONS, spec.kind)
    assert NAMES.is_learned(spec.kind), spec
    return PolicyBot(player, NAMES.policy(spec.model), rng, spec.temperature or 0.0, name=spec.name)
