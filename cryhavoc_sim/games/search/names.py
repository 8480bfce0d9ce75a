"""The search bots' names, the same in every game: ``ismcts`` (the game's default
budget) or ``ismcts:N`` (``N`` iterations a searched decision), and ``paired`` or
``paired:N`` (``N`` rollouts a searched decision, ``paired.py``); and the search a name
builds on a game's :class:`~.plug.SearchGame`."""

from __future__ import annotations

from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.search.plug import S, SearchGame
from cryhavoc_sim.games.state import PlayerId
from cryhavoc_sim.rng import Rng

# The most a search may spend a decision, in every game and seat (docs/bots.md): ismcts:1000
# plays a Cry Havoc game in minutes; more is hours a game (a typo, or a game that never ends).
MAX_ITERATIONS = 1_000
SEARCHES = ("ismcts", "paired")
ALLOWED = "ismcts, ismcts:<N>, paired or paired:<N>"


def budget_problem(name: str) -> str | None:
    """Why ``name`` (``ismcts``, ``paired``, either with ``:<N>``) is not a search bot's
    name, as the end of a sentence; None when it is one."""
    kind, colon, option = name.partition(":")
    if kind not in SEARCHES:
        return f"is not a search bot; allowed: {ALLOWED}"
    if not colon:
        return None
    # isdigit() alone takes '²', which int() refuses
    if not (option.isascii() and option.isdigit()) or not 1 <= int(option) <= MAX_ITERATIONS:
        return (
            f"has the budget {option!r}; allowed: {kind}:<N> with N {'iterations' if kind == 'ismcts' else 'rollouts'}"
            f" from 1 to {MAX_ITERATIONS:,}"
        )
    return None


def budget(name: str, default: int) -> int:
    """The iterations of search bot ``name`` (checked by :func:`budget_problem` first)."""
    _, colon, option = name.partition(":")
    return int(option) if colon else default


def is_search(name: str) -> bool:
    """Whether ``name`` names a search bot (its budget checked or not)."""
    return name.partition(":")[0] in SEARCHES


def searcher(
    name: str,
    player: PlayerId,
    game: SearchGame[S],
    default: int,
    rng: Rng,
    exploration: float,
    horizon: int,
    max_steps: int,
) -> Ismcts[S] | Paired[S]:
    """The search ``name`` (checked by :func:`budget_problem` first) of seat ``player`` on
    ``game``: ISMCTS with ``exploration``, or the paired-rollout search."""
    iterations = budget(name, default)
    if name.partition(":")[0] == "paired":
        return Paired(player, game, iterations, rng, horizon, max_steps)
    return Ismcts(player, game, iterations, rng, exploration, horizon, max_steps)
