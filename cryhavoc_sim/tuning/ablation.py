"""Causal card and ability values by paired ablation: ``cryhavoc-sim ablate``.

The scenario's games are played as they are, then again with one card's abilities
blanked (the game's ``ablation`` says what can be ablated and how: WarCry's,
``games/warcry/ablation.py``), on the same seeds: the same deals, so each game has its
twin. In every game where exactly one side holds the card, that side's result is one
pair (won with the abilities, won without); the value is the mean difference, with its
95% t interval by deals (``analysis/deals.py``'s ``paired_difference``: the games of a
deal are not independent). Next to it, the observational reading of the same games as
shipped: the holder's win rate in the games it played the card, less its win rate in all
of them (the gap a table of "win rate when played" shows), and whether that gap falls
outside the value's interval: there the two readings disagree. A value is causal in the sense of an intervention on the
content with everything else held, not a correlation of the card with winning, which
is what a table of the win rate of games in which a card was played measures (it
rewards cards that are played when already winning).

The games play in ``workers`` processes, one task per ablation; results are the same at
any number of workers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.runner.scenario import Scenario

Task = tuple[Scenario, str | None]


@dataclass(frozen=True, slots=True)
class Value:
    unit: str
    name: str
    games: int  # games in which exactly one side held it
    deals: int
    with_rate: float  # the holder's win rate with the abilities
    without_rate: float
    value: float  # with - without, per game
    low: float
    high: float
    # the observational reading, from the games as shipped: the holder's win rate in the
    # games it played the card, that less its win rate in all its games (the gap a table
    # of "win rate when played" shows), and whether the gap lies outside the interval
    played_rate: float | None
    observed_gap: float | None
    disagrees: bool


@dataclass(frozen=True, slots=True)
class Ablation:
    scenario: str
    game: str
    games_played: int
    seconds: float
    values: tuple[Value, ...]
    players: str  # who played: "heuristic in every seat" or each seat's bot
    reconstructed: bool


def ablation_of(module: Any) -> Any:
    """The game's ablation hooks, or one sentence: the game offers none."""
    hooks = getattr(module, "ablation", None)
    if hooks is None:
        raise ScenarioError(
            f"ablate: {module.title} offers no ablation (of its cards or abilities); allowed: a game that does"
            " (cryhavoc, warcry)."
        )
    return hooks


Outcome = tuple[tuple[str, ...], frozenset[tuple[str, str]]]  # winners, (side, card name) played


def _outcomes(task: Task) -> list[Outcome]:
    """The winners of every game of the scenario, with ``unit`` ablated (None: as shipped,
    with the cards each side played, from its events)."""
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.chunk import content_for

    scenario, unit = task
    module = get_game(scenario.game)
    content = content_for(scenario)
    hooks = ablation_of(module)
    if unit is not None:
        content = hooks.ablated(content, unit)
    out: list[Outcome] = []
    for i in range(scenario.games):
        played = module.play(scenario.setup, content, scenario.seed, i, unit is None)
        seen: frozenset[tuple[str, str]] = (
            hooks.played(module, played, content) if unit is None else frozenset()
        )
        out.append((tuple(played.winners), seen))
    return out


def plan(scenario: Scenario, units: list[str] | None) -> tuple[Any, Any, dict[str, str], list[str]]:
    """(game module, hooks, every unit that can be ablated, the units asked), checked."""
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.chunk import content_for

    module = get_game(scenario.game)
    hooks = ablation_of(module)
    available = hooks.units(content_for(scenario), scenario.setup)
    asked = list(dict.fromkeys(units)) if units else list(available)
    for unit in asked:
        if unit not in available:
            more = len(available) - 12
            shown = ", ".join(list(available)[:12]) + (f" and {more} more" if more > 0 else "")
            raise ScenarioError(
                f"--{hooks.what}: {unit!r} is not a {hooks.what} with abilities in the decks of"
                f" {scenario.name}; allowed: {shown}."
            )
    if not asked:
        raise ScenarioError(f"{scenario.name}: its decks hold no {hooks.what} with abilities to ablate.")
    return module, hooks, available, asked


def ablate(scenario: Scenario, units: list[str] | None = None, workers: int = 1) -> Ablation:
    """Play ``scenario`` as shipped and with each of ``units`` ablated (default: every one
    that can be), and each unit's paired value (see the module docstring)."""
    from cryhavoc_sim.analysis.deals import paired_difference
    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.pool import ordered_map

    module, hooks, available, asked = plan(scenario, units)
    content = content_for(scenario)
    started = time.perf_counter()
    tasks: list[Task] = [(scenario, None), *((scenario, u) for u in asked)]
    by_unit = bool(getattr(hooks, "played_by_unit", False))
    base, *ablated = list(ordered_map(_outcomes, tasks, workers))
    values = []
    for unit, without in zip(asked, ablated, strict=True):
        per_deal: dict[int, list[int]] = {}  # seed -> [wins with, wins without, games]
        played_games = played_wins = 0
        for i in range(scenario.games):
            holders = hooks.holders(content, scenario.setup, i, unit)
            if len(holders) != 1:  # neither side or both (a mirror match) hold it: no pair
                continue
            side = holders[0]
            row = per_deal.setdefault(scenario.seed_of(i), [0, 0, 0])
            won = side in base[i][0]
            row[0] += won
            row[1] += side in without[i][0]
            row[2] += 1
            # by unit where the game's events name units, else by printed name
            if (side, unit if by_unit else available[unit]) in base[i][1]:
                played_games += 1
                played_wins += won
        rows = list(per_deal.values())
        n = sum(r[2] for r in rows)
        if n == 0:
            continue
        diff, low, high, deals = paired_difference(
            [r[1] for r in rows], [r[0] for r in rows], [r[2] for r in rows], 0.95
        )
        with_rate = sum(r[0] for r in rows) / n
        played_rate = played_wins / played_games if played_games else None
        gap = None if played_rate is None else played_rate - with_rate
        values.append(
            Value(
                unit,
                available[unit],
                n,
                deals,
                with_rate,
                sum(r[1] for r in rows) / n,
                diff,
                low,
                high,
                played_rate,
                gap,
                gap is not None and not low <= gap <= high,
            )
        )
    values.sort(key=lambda v: (-v.value, v.unit))
    bots = module.config(scenario.setup).get("bots")
    names = sorted(set(bots.values())) if isinstance(bots, dict) else []
    players = (
        f"{names[0]} in every seat"
        if len(names) == 1
        else ", ".join(f"{k}: {v}" for k, v in bots.items())
        if isinstance(bots, dict)
        else "the scenario's bots"
    )
    return Ablation(
        scenario.name,
        module.name,
        scenario.games * len(tasks),
        time.perf_counter() - started,
        tuple(values),
        players,
        bool(content.reconstructed),
    )
