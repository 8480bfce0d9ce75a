"""Causal card and ability values by paired ablation: ``cryhavoc-sim ablate``.

The scenario's games are played as they are, then again with one card's abilities
blanked (the game's ``ablation`` says what can be ablated and how: WarCry's,
``games/warcry/ablation.py``; Cry Havoc's Tactics cards and Skills,
``games/cryhavoc/ablation.py``), on the same seeds: the same deals, so each game has its
twin. In every game where exactly one side holds the card, that side's result is one
pair (won with the abilities, won without); the value is the mean difference, with its
95% t interval by deals (``analysis/deals.py``'s ``paired_difference``: the games of a
deal are not independent). Who holds a card is known before play (a deck's list) or
only after it (a Skill dealt at random at setup): the game's ``dealt`` reads the latter
from each game played, and every twin must have been dealt the same (checked here: a
blanked item must not change the deal). Only the games that give a pair are replayed
without the card: a game in which nobody holds it would replay unchanged.

Next to the value, the observational reading of the same games as shipped: the holder's
win rate in the games it played the card, less its win rate in all the games it held it
(the gap a table of "win rate when played" shows), and whether that gap falls outside
the value's interval: there the two readings disagree. For an item dealt at random
there is a second reading, the holder's win rate in the games it was dealt the item
less that in its games without it (a table of "win rate when dealt"): the deal is random,
so it is no selection effect, but it compares the item with the ones dealt in its place,
where the ablation compares it with nothing. A value is causal in the sense of an
intervention on the content with everything else held, not a correlation of the card
with winning, which is what a table of the win rate of games in which a card was played
measures (it rewards cards that are played when already winning).

The games play in ``workers`` processes: the scenario's games in ``workers`` parts, then
one task per ablation; results are the same at any number of workers.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.analysis.deals import MIN_DEALS
from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.runner.scenario import Scenario

Held = frozenset[tuple[str, str]]  # (side, unit)
Task = tuple[Scenario, str | None, tuple[int, ...]]  # the games of ``unit`` ablated (None: as shipped)


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
    # games it played the card, that less its win rate in all the games it held it (the
    # gap a table of "win rate when played" shows), and whether the gap lies outside the
    # interval
    played_rate: float | None
    observed_gap: float | None
    disagrees: bool
    # an item dealt at random: the holder's win rate in its games without it, and the
    # win rate with it less that (a "win rate when dealt" table); None: always held
    not_dealt_rate: float | None = None
    dealt_gap: float | None = None


@dataclass(frozen=True, slots=True)
class Ablation:
    scenario: str
    game: str
    games_played: int  # the scenario's games, and each ablation's replays
    seconds: float
    values: tuple[Value, ...]
    players: str  # who played: "heuristic in every seat" or each seat's bot
    reconstructed: bool
    unpaired: tuple[str, ...] = ()  # units asked that no game held on exactly one side


def ablation_of(module: Any) -> Any:
    """The game's ablation hooks, or one sentence: the game offers none."""
    hooks = module.extra("ablation")
    if hooks is None:
        raise ScenarioError(
            f"ablate: {module.title} offers no ablation (of its cards or abilities); allowed: a game that does"
            " (cryhavoc, warcry)."
        )
    return hooks


Outcome = tuple[tuple[str, ...], Held, Held, int]  # winners, (side, unit or name) played, dealt, seed


def _outcomes(task: Task) -> list[Outcome]:
    """The winners of the given games of the scenario, with ``unit`` ablated (None: as
    shipped, with the cards each side played, from its events), and what each side was
    dealt, and the game's seed."""
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.play import play_deal

    scenario, unit, game_ids = task
    module = get_game(scenario.game)
    content = content_for(scenario, module)
    hooks = ablation_of(module)
    if unit is not None:
        content = hooks.ablated(content, unit)
    out: list[Outcome] = []
    for i in game_ids:
        deal = module.deal(scenario.setup, scenario.seed, i)
        played = play_deal(module, scenario, content, deal, unit is None, lines=False)
        seen: Held = hooks.played(played, content) if unit is None else frozenset()
        out.append((tuple(played.winners), seen, hooks.dealt(played), deal.seed))
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
            # name the units of its kind (skill:...) when it names one, else any
            kind = unit.partition(":")[0] + ":" if ":" in unit else None
            alike = sorted(u for u in available if kind and u.startswith(kind)) or list(available)
            more = len(alike) - 20
            shown = ", ".join(alike[:20]) + (f" and {more} more" if more > 0 else "")
            raise ScenarioError(
                f"--{hooks.what}: {unit!r} is not a {hooks.kinds} that {scenario.name} deals;"
                f" allowed: {shown}."
            )
    if not asked:
        raise ScenarioError(f"{scenario.name}: it deals no {hooks.kinds} to ablate.")
    return module, hooks, available, asked


def _parts(games: int, workers: int) -> list[tuple[int, ...]]:
    """Games 0..games-1 in at most ``workers`` runs of consecutive games."""
    size = -(-games // max(1, workers))
    return [tuple(range(lo, min(games, lo + size))) for lo in range(0, games, size)]


def ablate(scenario: Scenario, units: list[str] | None = None, workers: int = 1) -> Ablation:
    """Play ``scenario`` as shipped and with each of ``units`` ablated (default: every one
    that can be), and each unit's paired value (see the module docstring)."""
    from cryhavoc_sim.analysis.deals import paired_difference
    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.pool import ordered_map

    module, hooks, available, asked = plan(scenario, units)
    content, setup = content_for(scenario), scenario.setup
    started = time.perf_counter()
    parts: list[Task] = [(scenario, None, p) for p in _parts(scenario.games, workers)]
    base = [o for chunk in ordered_map(_outcomes, parts, workers) for o in chunk]
    # each unit's pairs: the games where exactly one side held it (by the deck lists, or
    # by what the games as shipped dealt), the side holding it
    pairs: dict[str, dict[int, str]] = {}
    for unit in asked:
        held = ((i, hooks.holders(content, setup, i, unit, base[i][2])) for i in range(scenario.games))
        pairs[unit] = {i: h[0] for i, h in held if len(h) == 1}  # neither, or both (a mirror): no pair
    paired = [u for u in asked if pairs[u]]
    tasks: list[Task] = [(scenario, u, tuple(pairs[u])) for u in paired]
    values = []
    for unit, (_, _, game_ids), twin in zip(
        paired, tasks, ordered_map(_outcomes, tasks, workers), strict=True
    ):
        without = dict(zip(game_ids, twin, strict=True))
        per_deal: dict[int, list[int]] = {}  # seed -> [wins with, wins without, games]
        played_games = played_wins = 0
        for i, side in pairs[unit].items():
            if without[i][2] != base[i][2]:
                raise RuntimeError(
                    f"ablate: game {i} without {unit} was dealt {sorted(without[i][2])}, as shipped"
                    f" {sorted(base[i][2])}: the ablated content changed the deal, so the games are no pairs"
                )
            row = per_deal.setdefault(base[i][3], [0, 0, 0])
            won = side in base[i][0]
            row[0] += won
            row[1] += side in without[i][0]
            row[2] += 1
            # by unit where the game's events name units, else by printed name
            if (side, unit if hooks.played_by_unit else available[unit]) in base[i][1]:
                played_games += 1
                played_wins += won
        rows = list(per_deal.values())
        n = sum(r[2] for r in rows)
        with_rate, without_rate = sum(r[0] for r in rows) / n, sum(r[1] for r in rows) / n
        diff, low, high, deals = paired_difference(
            [r[1] for r in rows], [r[0] for r in rows], [r[2] for r in rows], 0.95
        )
        if deals < 2:  # no interval from one deal: the difference, anything possible
            diff = with_rate - without_rate
        low, high = max(low, -1.0), min(high, 1.0)  # a difference of two rates
        played_rate = played_wins / played_games if played_games else None
        gap = None if played_rate is None else played_rate - with_rate
        # the games its side played without being dealt it (an item dealt at random)
        apart = [
            i
            for i in range(scenario.games)
            if i not in pairs[unit]
            and not hooks.holders(content, setup, i, unit, base[i][2])
            and len(hooks.eligible(content, setup, i, unit)) == 1
        ]
        not_dealt = (
            sum(hooks.eligible(content, setup, i, unit)[0] in base[i][0] for i in apart) / len(apart)
            if apart
            else None
        )
        values.append(
            Value(
                unit,
                available[unit],
                n,
                deals,
                with_rate,
                without_rate,
                diff,
                low,
                high,
                played_rate,
                gap,
                gap is not None and deals >= MIN_DEALS and not low <= gap <= high,
                not_dealt,
                None if not_dealt is None else with_rate - not_dealt,
            )
        )
    values.sort(key=lambda v: (-v.value, v.unit))
    bots = module.config(setup).get("bots")
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
        scenario.games + sum(len(t[2]) for t in tasks),
        time.perf_counter() - started,
        tuple(values),
        players,
        bool(content.reconstructed),
        tuple(u for u in asked if not pairs[u]),
    )
