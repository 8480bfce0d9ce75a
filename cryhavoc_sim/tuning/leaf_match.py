"""The learned-leaf search against today's search, head to head: two-player games of
every pairing of the invaders, each bot in each seat of each pairing in turn (the same
deals both ways), the time each bot spends per decision measured as it plays.

What ``make bench`` prints next to today's search, and how the leaf search's budget for
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
    """``new`` against ``old``: games, wins of ``new``, its Wilson interval, and each
    bot's seconds per decision."""

    old: str
    new: str
    games: int
    new_wins: int
    low: float
    high: float
    old_s_per_decision: float
    new_s_per_decision: float
    by_faction: dict[str, tuple[int, int]]  # faction of new: (wins, games)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


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


def head_to_head(old: str, new: str, rounds: int, seed: int = 1) -> Match:
    """``rounds`` deals of every pairing, each played twice (``new`` in either seat):
    ``6 * rounds`` games."""
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine import Game
    from cryhavoc_sim.games.cryhavoc.engine.playout import setup_for
    from cryhavoc_sim.games.cryhavoc.state import RULES, CryHavocState
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds
    from cryhavoc_sim.rng import game_seed

    content = load_content()
    clocks = {old: [0.0, 0], new: [0.0, 0]}
    wins = 0
    games = 0
    by_faction: dict[str, list[int]] = {}
    for r in range(rounds):
        for k, pair in enumerate(PAIRINGS):
            seeds = Seeds(game_seed(seed, r * len(PAIRINGS) + k))
            for mine in pair:
                names = {f: new if f == mine else old for f in pair}
                game = Game(content, setup_for(pair, "first_time"), seeds.game(), record_events=False)
                state = CryHavocState(game)
                bots = seat_bots(RULES, state, names, seeds)
                for f in pair:
                    bots[f] = Timed(bots[f], clocks[names[f]])
                play(state, bots)
                assert game.outcome is not None
                won = game.outcome.winner == mine
                wins += won
                games += 1
                tally = by_faction.setdefault(mine, [0, 0])
                tally[0] += won
                tally[1] += 1
    low, high = wilson(wins, games)

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


def describe(m: Match) -> str:
    """One line: the win rate of ``new`` with its interval, and the time per decision."""
    faction = ", ".join(f"{f} {w}/{n}" for f, (w, n) in m.by_faction.items())
    return (
        f"{m.new} wins {m.new_wins}/{m.games} = {m.new_wins / m.games:.1%} [{m.low:.1%}, {m.high:.1%}]"
        f" against {m.old} ({faction}); {m.new_s_per_decision * 1000:.1f} ms a decision against"
        f" {m.old_s_per_decision * 1000:.1f} ms"
    )
