"""``make bench``: throughput of 4-player random-bot games on one and two workers, the
cost of event logging, heuristic-bot throughput, Parquet bytes per game, and peak memory
at 1x and 10x games.

Every figure is wall-clock time of a whole ``run`` (play, frames, Parquet, manifest). The
default of 3,000 games is a short real run: a spawned worker pays a fixed start-up
(a fresh interpreter importing the engine and polars, about 0.4 s) that a 1,000-game run
would still notice; the bench prints it. Each configuration is timed twice, best kept."""

from __future__ import annotations

import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cryhavoc_sim.runner.scenario import parse_scenario

SCENARIO = """
[scenario]
name = "bench"
games = 1
seed = 7
players = 4

[bots]
default = "{bot}"
"""


def _timed_run(games: int, workers: int, record: bool, out: Path, bot: str = "random") -> float:
    from cryhavoc_sim.runner.executor import run_scenario

    sc = parse_scenario(SCENARIO.format(bot=bot)).with_overrides(games=games)
    started = time.perf_counter()
    run_scenario(sc, out, workers=workers, quiet=True, record_events=record)
    return time.perf_counter() - started


def _peak_rss_mib(games: int) -> float:
    """Peak RSS of a fresh process running ``games`` games serially."""
    code = (
        "import resource, tempfile, pathlib\n"
        "from cryhavoc_sim.runner.bench import _timed_run\n"
        f"_timed_run({games}, 1, True, pathlib.Path(tempfile.mkdtemp()) / 'r')\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return int(out.stdout.strip().splitlines()[-1]) / 1024


def run_bench(games: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        _timed_run(20, 1, True, base / "warm")
        # Every configuration runs twice, in turn, and keeps its best time: this VM's
        # wall times swing by 5-10% from run to run, and efficiency, logging cost and
        # the heuristic/random ratio are ratios of two of them.
        t1 = t2 = t0 = th = math.inf
        for i in range(2):
            t1 = min(t1, _timed_run(games, 1, True, base / f"j1-{i}"))
            t2 = min(t2, _timed_run(games, 2, True, base / f"j2-{i}"))
            t0 = min(t0, _timed_run(games, 1, False, base / f"noevents-{i}"))
            th = min(th, _timed_run(games, 1, True, base / f"heuristic-{i}", bot="heuristic"))
        size = sum(p.stat().st_size for p in (base / "j1-0").rglob("*.parquet"))
    g1, g2, g0, gh = games / t1, games / t2, games / t0, games / th
    print(f"bench: {games} four-player games (python {sys.version.split()[0]}); random bots unless said")
    print(f"  1 worker, events on   {g1:8.0f} games/s   (each figure: best of two runs)")
    print(
        f"  2 workers, events on  {g2:8.0f} games/s   parallel efficiency {g2 / (2 * g1):.0%}"
        f" (start-up and tail {max(0.0, t2 - t1 / 2):.2f} s)"
    )
    print(f"  1 worker, events off  {g0:8.0f} games/s   event logging costs {(t1 - t0) / t1:.0%}")
    print(f"  heuristic bots, 1 w.  {gh:8.0f} games/s   {th / t1:.2f}x the random-bot cost per game")
    print(f"  Parquet               {size / games:8.0f} bytes/game")
    # A worker holds at most one chunk (500 games at most, see executor.chunk_size), so
    # memory is measured where runs have reached that size: 2,000 and 20,000 games.
    small, large = _peak_rss_mib(2000), _peak_rss_mib(20000)
    print(
        f"  peak memory           {small:8.0f} MiB at 2,000 games, {large:.0f} MiB at 20,000 games"
        " (one worker, 500-game chunks)"
    )
