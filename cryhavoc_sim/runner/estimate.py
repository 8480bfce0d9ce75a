"""How long a study will take, said before it starts: ``balance``, ``sweep``, ``tune`` and
``tune-bots`` time one game of each kind of run they will play (each rung, the shipped
cell, each bot line-up), in this process, and scale by the games planned and the workers.

An estimate, not a promise: one game is a small sample and the machine's load changes;
it is printed as "about", never stored, and it changes no game (the timed games are
played from the scenario's own seeds and thrown away)."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.runner.scenario import Scenario

# Far below what a verdict needs: a balance verdict at a 5-point margin needs 800 to 1,000
# games a rung (docs/trust.md); with fewer than half of that the intervals are too wide
# for a stable verdict, and a trend's prediction is held back.
VERDICT_GAMES = 800
FEW_GAMES = VERDICT_GAMES // 2


@dataclass(frozen=True)
class Estimate:
    seconds: float
    games: int
    workers: int

    def words(self) -> str:
        return f"about {duration(self.seconds)} for {self.games:,} games on {self.workers} worker(s)"


def duration(seconds: float) -> str:
    """``seconds`` in words a person plans by: "40 seconds", "7 minutes", "2.5 hours"."""
    if seconds < 90:
        return f"{max(5, round(seconds / 5) * 5):.0f} seconds"
    if seconds < 90 * 60:
        return f"{round(seconds / 60):.0f} minutes"
    return f"{seconds / 3600:.1f} hours"


def seconds_per_game(scenario: Scenario, clock: Callable[[], float] = time.perf_counter) -> float:
    """Seconds one game of ``scenario`` takes here (its first game, not recorded)."""
    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.play import play_one

    content = content_for(scenario)
    started = clock()
    play_one(scenario, content, 0, record_events=False)
    return clock() - started


def estimate(
    parts: Sequence[tuple[Scenario, int]],
    workers: int,
    timer: Callable[[Scenario], float] | None = None,
    say: Callable[[str], None] | None = None,
) -> Estimate:
    """The time to play ``games`` of each ``(scenario, games)`` on ``workers`` processes
    (at most one per core), from one timed game of each scenario; ``say`` hears a line
    before each timing, so a slow bot's game never leaves the terminal silent."""
    timer = timer or seconds_per_game
    total, games = 0.0, 0
    for i, (scenario, n) in enumerate(parts):
        if n <= 0:
            continue
        if say is not None:
            say(f"timing one game ({i + 1} of {len(parts)}) to estimate the study's length")
        total += timer(scenario) * n
        games += n
    used = max(1, min(workers, os.cpu_count() or 1))
    return Estimate(total / used, games, used)


def too_few(games: int, what: str) -> str | None:
    """The warning for ``games`` a rung (or cell) far below what a verdict needs, or None."""
    if games >= FEW_GAMES:
        return None
    return (
        f"warning: {games:,} games a {what} is far below the {VERDICT_GAMES:,}-1,000 a verdict needs: the"
        f" intervals will be wide and no verdict stable, so predictions are held back; use -n {VERDICT_GAMES}"
        " or more for a verdict."
    )


def attempted(run_dir: Path) -> int:
    """Games an interrupted run already played (0 for a run not started): where a
    study's bar resumes."""
    import json

    try:
        value = json.loads((run_dir / "manifest.json").read_text()).get("games_attempted", 0)
    except (OSError, ValueError):
        return 0
    return value if isinstance(value, int) else 0


def study_bar(
    timed: Sequence[tuple[Scenario, int]],
    total: int,
    done: int,
    workers: int,
    games_each: int,
    what: str,
) -> Any:
    """Before a study's first game: the warning when ``games_each`` a ``what`` (rung, cell,
    candidate) is far below a verdict's, the estimated time of the ``timed`` parts left
    (one timed game each), then the study's one progress bar over all ``total`` games."""
    from tqdm import tqdm

    def say(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    warning = too_few(games_each, what)
    if warning:
        say(warning)
    if timed:
        guess = estimate(timed, workers, say=say)
        say(f"estimated total: {guess.words()} (a busy machine takes longer)")
    return tqdm(total=total, initial=done, unit="game", file=sys.stderr, dynamic_ncols=True)
