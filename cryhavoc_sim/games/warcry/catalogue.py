"""WarCry's bot catalogue: the one list of its bot names (:data:`BOT_NAMES`), the one
reading of a name into a :class:`~cryhavoc_sim.games.botspec.BotSpec` (:func:`parse_bot`),
and the one place a spec becomes a bot (:func:`build`).

The names: ``random`` (the harness's), ``heuristic`` (bold), ``heuristic:<personality>``
(``bots.py``), ``ismcts``, ``ismcts:<N>``, ``paired``, ``paired:<N>`` (the search,
``search.py``), ``learned``, ``learned@<model>``, ``learned~<temperature>`` (the learned
policy, ``policy.py``). WarCry has no restricted play and no search personality.
"""

from __future__ import annotations

from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.harness.random_bot import RandomBot
from cryhavoc_sim.games.search.names import SEARCHES, search_spec
from cryhavoc_sim.games.state import Bot, PlayerId
from cryhavoc_sim.games.warcry.bots import PERSONALITIES, HeuristicBot
from cryhavoc_sim.games.warcry.policy import NAMES, PolicyBot
from cryhavoc_sim.games.warcry.search import DEFAULT_ITERATIONS, search_bot
from cryhavoc_sim.games.warcry.state import WarCryState
from cryhavoc_sim.rng import Rng

DEFAULT_PERSONALITY = "bold"  # the heuristic's personality when its name gives none
BOT_NAMES = (
    "random",
    "heuristic",
    *(f"heuristic:{p}" for p in PERSONALITIES),
    "ismcts",
    "ismcts:<N>",
    "paired",
    "paired:<N>",
    "learned",
    "learned@<model>",
    "learned~<temperature>",
)


def parse_bot(name: str) -> BotSpec:
    """``name`` read once into a spec; a BotNameError saying why it is not one of
    :data:`BOT_NAMES`."""
    kind, colon, option = name.partition(":")
    if kind in SEARCHES:
        return search_spec(name)
    if NAMES.is_learned(name):
        return NAMES.spec(name)
    if name == "random":
        return BotSpec("random")
    if kind == "heuristic" and (not colon or option in PERSONALITIES):
        return BotSpec("heuristic", personality=option)
    raise BotNameError(name, f"is not a WarCry bot; allowed: {', '.join(BOT_NAMES)}")


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
