"""Causal card and ability values by paired ablation: ``cryhavoc-sim ablate``.

The scenario's games are played as they are, then again with one card's abilities
blanked (the game's ``ablation`` says what can be ablated and how: WarCry's,
``games/warcry/ablation.py``), on the same seeds: the same deals, so each game has its
twin. In every game where exactly one side holds the card, that side's result is one
pair (won with the abilities, won without); the value is the mean difference, with its
95% t interval by deals (``analysis/deals.py``'s ``paired_difference``: the games of a
deal are not independent). A value is causal in the sense of an intervention on the
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
            f"ablate: {module.title} offers no ablation (of its cards or abilities); allowed: a game that does (warcry)."
        )
    return hooks


def _outcomes(task: Task) -> list[tuple[str, ...]]:
    """The winners of every game of the scenario, with ``unit`` ablated (None: as shipped)."""
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.chunk import content_for

    scenario, unit = task
    module = get_game(scenario.game)
    content = content_for(scenario)
    if unit is not None:
        content = ablation_of(module).ablated(content, unit)
    return [
        tuple(module.play(scenario.setup, content, scenario.seed, i, False).winners)
        for i in range(scenario.games)
    ]


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
    base, *ablated = list(ordered_map(_outcomes, tasks, workers))
    values = []
    for unit, without in zip(asked, ablated, strict=True):
        per_deal: dict[int, list[int]] = {}  # seed -> [wins with, wins without, games]
        for i in range(scenario.games):
            holders = hooks.holders(content, scenario.setup, i, unit)
            if len(holders) != 1:  # neither side or both (a mirror match) hold it: no pair
                continue
            side = holders[0]
            row = per_deal.setdefault(scenario.seed_of(i), [0, 0, 0])
            row[0] += side in base[i]
            row[1] += side in without[i]
            row[2] += 1
        rows = list(per_deal.values())
        n = sum(r[2] for r in rows)
        if n == 0:
            continue
        diff, low, high, deals = paired_difference(
            [r[1] for r in rows], [r[0] for r in rows], [r[2] for r in rows], 0.95
        )
        values.append(
            Value(
                unit,
                available[unit],
                n,
                deals,
                sum(r[0] for r in rows) / n,
                sum(r[1] for r in rows) / n,
                diff,
                low,
                high,
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
