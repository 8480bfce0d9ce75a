"""``make soak``: many random playouts across processes, every invariant checked at
every step; each violation is reported with the seed that replays it."""

from __future__ import annotations

import sys
import time

from cryhavoc_sim.content import load_content
from cryhavoc_sim.engine.playout import PlayoutResult, random_playouts

_CHUNK = 500


def _chunk(args: tuple[int, int, int]) -> list[PlayoutResult]:
    seed, start, stop = args
    content = load_content()
    return [r for r in random_playouts(content, seed, start, stop) if r.violations or r.error]


def run_soak(games: int, workers: int, seed: int, quiet: bool = False) -> list[PlayoutResult]:
    from tqdm import tqdm

    tasks = [(seed, s, min(s + _CHUNK, games)) for s in range(0, games, _CHUNK)]
    bad: list[PlayoutResult] = []
    started = time.perf_counter()
    bar = tqdm(total=games, unit="game", disable=quiet, file=sys.stderr)
    if workers > 1:
        import multiprocess as mp

        from cryhavoc_sim.runner.executor import _ignore_sigint

        with mp.get_context("spawn").Pool(workers, initializer=_ignore_sigint) as pool:
            for (_, a, b), found in zip(tasks, pool.imap(_chunk, tasks), strict=True):
                bad.extend(found)
                bar.update(b - a)
    else:
        for task in tasks:
            bad.extend(_chunk(task))
            bar.update(task[2] - task[1])
    bar.close()
    seconds = time.perf_counter() - started
    print(
        f"soak: {games} random games (master seed {seed}) in {seconds:.0f} s, {games / seconds:.0f} games/s"
    )
    for r in bad[:50]:
        what = r.error or "; ".join(r.violations[:3])
        print(f"  VIOLATION game {r.index} seed {r.seed} {','.join(r.factions)} {r.experience}: {what}")
    print(f"soak: {len(bad)} game(s) with violations")
    return bad
