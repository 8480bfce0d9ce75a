"""A search against today's search (``ismcts:16``), head to head: two-player games of
every pairing of the invaders, each bot in each seat of each pairing in turn (the same
deals both ways), the time each bot spends per decision measured as it plays. The
learned-leaf search (``ismcts-leaf``) and the paired-rollout search (``paired``) are
measured so.

What ``make bench`` prints next to today's search, and how a new search's budget for
equal time per decision is found: the budgets are iteration counts (play must not depend
on the clock, or the same seed would not give the same games), chosen so that the
measured seconds per decision match.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any

PAIRINGS = (("humans", "pilgrims"), ("humans", "machines"), ("pilgrims", "machines"))


@dataclass(frozen=True, slots=True)
class Match:
    """``new`` against ``old``: games, wins of ``new``, its 95% interval by deals, and
    each bot's seconds per decision."""

    old: str
    new: str
    games: int
    new_wins: int
    low: float
    high: float
    old_s_per_decision: float
    new_s_per_decision: float
    by_faction: dict[str, tuple[int, int]]  # faction of new: (wins, games)


class Timed:
    """A bot whose decisions are timed (seconds and count into ``clock``)."""

    def __init__(self, bot: Any, clock: list[float]) -> None:
        self.bot = bot
        self.clock = clock

    def decide(self, state: Any) -> Any:
        started = time.perf_counter()
        answer = self.bot.decide(state)
        self.clock[0] += time.perf_counter() - started
        self.clock[1] += 1
        return answer


def head_to_head(
    old: str, new: str, rounds: int, seed: int = 1, leaf: tuple[int, float] | None = None
) -> Match:
    """``rounds`` deals of every pairing, each played twice (``new`` in either seat):
    ``6 * rounds`` games. ``leaf``: (rollout steps, exploration) of ``new``, an
    ``ismcts-leaf:N``, in place of its defaults (a tuning trial)."""
    from cryhavoc_sim.analysis.deals import estimate
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game
    from cryhavoc_sim.games.cryhavoc.engine.playout import setup_for
    from cryhavoc_sim.games.cryhavoc.rules import RULES
    from cryhavoc_sim.games.cryhavoc.state import CryHavocState
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds
    from cryhavoc_sim.rng import game_seed

    content = load_content()
    clocks = {old: [0.0, 0], new: [0.0, 0]}
    wins = 0
    games = 0
    by_faction: dict[str, list[int]] = {}
    per_deal: list[int] = []  # new's wins in each deal (two games, one from either seat)
    for r in range(rounds):
        for k, pair in enumerate(PAIRINGS):
            seeds = Seeds(game_seed(seed, r * len(PAIRINGS) + k))
            per_deal.append(0)
            for mine in pair:
                names = {f: new if f == mine else old for f in pair}
                game = new_game(content, setup_for(pair, "first_time"), seeds.game(), record_events=False)
                state = CryHavocState(game)
                bots = seat_bots(RULES, state, names, seeds)
                if leaf is not None:
                    bots[mine] = _leaf_bot(new, mine, seeds.bot(mine), leaf)
                for f in pair:
                    bots[f] = Timed(bots[f], clocks[names[f]])
                play(state, bots)
                assert game.outcome is not None
                won = game.outcome.winner == mine
                wins += won
                per_deal[-1] += won
                games += 1
                tally = by_faction.setdefault(mine, [0, 0])
                tally[0] += won
                tally[1] += 1
    # a deal's two games are not independent: the interval counts deals (analysis/deals.py)
    found = estimate(per_deal, [2] * len(per_deal))
    low, high = found.low, found.high

    def per(name: str) -> float:
        spent, count = clocks[name]
        return spent / count if count else math.nan

    return Match(
        old,
        new,
        games,
        wins,
        low,
        high,
        per(old),
        per(new),
        {f: (w, n) for f, (w, n) in sorted(by_faction.items())},
    )


def _leaf_bot(name: str, faction: str, rng: Any, leaf: tuple[int, float]) -> Any:
    from cryhavoc_sim.games.cryhavoc.bots.leaf import DEFAULT_ITERATIONS, LeafIsmctsBot
    from cryhavoc_sim.games.cryhavoc.rules import RULES
    from cryhavoc_sim.games.cryhavoc.state import DeciderBot

    spec = RULES.bot_spec(name, faction)
    assert spec.kind == "ismcts-leaf", name
    steps, explore = leaf
    budget = spec.budget or DEFAULT_ITERATIONS
    return DeciderBot(LeafIsmctsBot(faction, budget, rng, rollout_steps=steps, exploration=explore))


def tune_leaf(old: str, new: str, trials: int, rounds: int, seed: int = 1) -> list[tuple[int, float, Match]]:
    """Optuna (TPE, seeded) over the leaf search's rollout steps and exploration: each
    trial plays :func:`head_to_head` on the same deals; returns every trial, best first
    (the win rate of ``new``). A small budget: the ranking is noisy, the best is confirmed
    on fresh deals before it becomes the default."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))
    out: list[tuple[int, float, Match]] = []

    def objective(trial: optuna.Trial) -> float:
        steps = trial.suggest_int("rollout_steps", 2, 30)
        explore = trial.suggest_float("exploration", 0.2, 1.6, step=0.1)
        m = head_to_head(old, new, rounds, seed, (steps, explore))
        out.append((steps, explore, m))
        return m.new_wins / m.games

    study.optimize(objective, n_trials=trials)
    return sorted(out, key=lambda t: -t[2].new_wins)


def describe(m: Match) -> str:
    """One line: the win rate of ``new`` with its interval, and the time per decision."""
    faction = ", ".join(f"{f} {w}/{n}" for f, (w, n) in m.by_faction.items())
    return (
        f"{m.new} wins {m.new_wins}/{m.games} = {m.new_wins / m.games:.1%} [{m.low:.1%}, {m.high:.1%}]"
        f" against {m.old} ({faction}); {m.new_s_per_decision * 1000:.1f} ms a decision against"
        f" {m.old_s_per_decision * 1000:.1f} ms"
    )


# make bench's side by side: today's search at 16 iterations against the leaf search and
# the paired-rollout search at the budgets that spend about the same time per decision
# (docs/measured.md, "The searches' design choices"), on BENCH_ROUNDS
# deals of every pairing played both ways.
BENCH_OLD = "ismcts:16"
BENCH_NEW = "ismcts-leaf:15"  # about the time a decision of ismcts:16
BENCH_PAIRED = "paired:20"  # about the time a decision of ismcts:16
BENCH_ROUNDS = 4
# A four-player game with the search in every seat at the strength of ismcts:48, played by
# ismcts:48 and by the two searches measured as strong as it (docs/measured.md).
BENCH_STRONG = "ismcts:48"
BENCH_STRONG_PAIRED = "paired:16"
BENCH_STRONG_LEAF = "paired-leaf:10"
BENCH_FOUR_GAMES = 2


def four_player_seconds(bot: str, games: int, seed: int = 7) -> float:
    """Seconds per four-player game (veteran, all four factions, the Trogs a player) with
    ``bot`` in every seat: the play only, on the games ``(seed, 0..games-1)``."""
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game
    from cryhavoc_sim.games.cryhavoc.engine.playout import setup_for
    from cryhavoc_sim.games.cryhavoc.rules import RULES
    from cryhavoc_sim.games.cryhavoc.state import CryHavocState
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds
    from cryhavoc_sim.rng import game_seed

    content = load_content()
    factions = ("humans", "pilgrims", "machines", "trogs")
    spent = 0.0
    for i in range(games):
        seeds = Seeds(game_seed(seed, i))
        game = new_game(content, setup_for(factions, "veteran"), seeds.game(), record_events=False)
        state = CryHavocState(game)
        bots = seat_bots(RULES, state, dict.fromkeys(factions, bot), seeds)
        started = time.perf_counter()
        play(state, bots)
        spent += time.perf_counter() - started
    return spent / games


def bench_child() -> None:
    """In a fresh process pinned to one CPU: the side-by-side line (``make bench``)."""
    import os

    if hasattr(os, "sched_getaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print("  learned-leaf search   " + describe(head_to_head(BENCH_OLD, BENCH_NEW, BENCH_ROUNDS)))
    print("  paired-rollout search " + describe(head_to_head(BENCH_OLD, BENCH_PAIRED, BENCH_ROUNDS)))
    every = " ".join(
        f"{bot}: {four_player_seconds(bot, BENCH_FOUR_GAMES):.2f} s;"
        for bot in (BENCH_STRONG, BENCH_STRONG_PAIRED, BENCH_STRONG_LEAF)
    )
    print(f"  four-player game, one bot in every seat, one core: {every} (about equal strength)")
