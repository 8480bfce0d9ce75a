"""The search bots' names, the same in every game: ``ismcts`` (the game's default
budget) or ``ismcts:N`` (``N`` iterations a searched decision), and ``paired`` or
``paired:N`` (``N`` rollouts a searched decision, ``paired.py``), read into a
:class:`~cryhavoc_sim.games.botspec.BotSpec`; and the search a spec's kind and budget
build on a game's :class:`~.plug.SearchGame`."""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from typing import TYPE_CHECKING

from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.search.plug import S, SearchGame
from cryhavoc_sim.games.state import PlayerId
from cryhavoc_sim.rng import Rng

if TYPE_CHECKING:
    from cryhavoc_sim.games.policy.names import LearnedNames

# The most a search may spend a decision, in every game and seat (docs/bots.md): ismcts:1000
# plays a Cry Havoc game in minutes; more is hours a game (a typo, or a game that never ends).
MAX_ITERATIONS = 1_000
SEARCHES = ("ismcts", "paired")
ALLOWED = "ismcts, ismcts:<N>, paired or paired:<N>"
# what a search's budget counts
UNITS = {"ismcts": "iterations", "paired": "rollouts"}


def parse_budget(name: str, kind: str, option: str, search: str) -> int:
    """The budget ``option`` of bot ``name`` of family ``kind``, a search ``search``
    (``ismcts`` or ``paired``) at heart; a :class:`BotNameError` unless a whole number
    from 1 to :data:`MAX_ITERATIONS`."""
    # isdigit() alone takes '²', which int() refuses
    if not (option.isascii() and option.isdigit()) or not 1 <= int(option) <= MAX_ITERATIONS:
        raise BotNameError(
            name,
            f"has the budget {option!r}; allowed: {kind}:<N> with N {UNITS[search]} from 1 to {MAX_ITERATIONS:,}",
        )
    return int(option)


def search_spec(name: str, other: str = f"is not a search bot; allowed: {ALLOWED}") -> BotSpec:
    """``ismcts[:N]`` or ``paired[:N]`` as a spec (budget None: the game's default); a
    :class:`BotNameError` for any other name, saying ``other``."""
    kind, colon, option = name.partition(":")
    if kind not in SEARCHES:
        raise BotNameError(name, other)
    return BotSpec(kind, parse_budget(name, kind, option, kind) if colon else None)


def searcher(
    kind: str,
    iterations: int,
    player: PlayerId,
    game: SearchGame[S],
    rng: Rng,
    exploration: float,
    horizon: int,
    max_steps: int,
) -> Ismcts[S] | Paired[S]:
    """The search ``kind`` (``ismcts`` or ``paired``) spending ``iterations`` a searched
    decision for seat ``player`` on ``game``: ISMCTS with ``exploration``, or the
    paired-rollout search."""
    if kind == "paired":
        return Paired(player, game, iterations, rng, horizon, max_steps)
    assert kind == "ismcts", kind
    return Ismcts(player, game, iterations, rng, exploration, horizon, max_steps)


def plain_names(personalities: Iterable[str]) -> tuple[str, ...]:
    """The bot names of a game whose catalogue is the plain one (Cave Troll, WarCry):
    random, the heuristic and its ``personalities``, both searches, the learned policy."""
    return (
        "random",
        "heuristic",
        *(f"heuristic:{p}" for p in personalities),
        "ismcts",
        "ismcts:<N>",
        "paired",
        "paired:<N>",
        "learned",
        "learned@<model>",
        "learned~<temperature>",
    )


def plain_spec(
    name: str, title: str, personalities: Container[str], learned: LearnedNames, names: Sequence[str]
) -> BotSpec:
    """``name`` read once into a spec by a plain catalogue (see :func:`plain_names`); a
    BotNameError naming ``title``'s ``names`` otherwise."""
    kind, colon, option = name.partition(":")
    if kind in SEARCHES:
        return search_spec(name)
    if learned.is_learned(name):
        return learned.spec(name)
    if name == "random":
        return BotSpec("random")
    if kind == "heuristic" and (not colon or option in personalities):
        return BotSpec("heuristic", personality=option)
    raise BotNameError(name, f"is not a {title} bot; allowed: {', '.join(names)}")
