"""The local executor's worker plumbing: the parent's own share stops between games, and
a failing worker is reported instead of hanging the run."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pytest

from cryhavoc_sim.runner.chunk import ChunkStopped, ChunkTask, ShardWriteError, run_chunk
from cryhavoc_sim.runner.plan import chunk_size, plan_chunks
from cryhavoc_sim.runner.pool import iterate_local
from cryhavoc_sim.runner.rundir import NotOurRun
from cryhavoc_sim.runner.scenario import parse_scenario

TINY = """
[scenario]
name = "tiny"
games = 20
seed = 3
players = 2
"""


def test_a_stopped_chunk_writes_nothing(tmp_path: Path) -> None:
    task = ChunkTask(parse_scenario(TINY), str(tmp_path), "tiny", 0, 10)
    with pytest.raises(ChunkStopped):
        run_chunk(task, stop=lambda: True)
    assert not list(tmp_path.rglob("*.parquet"))


def test_every_chunk_is_played_once_by_the_parent_and_a_spawned_worker(tmp_path: Path) -> None:
    scenario = parse_scenario(TINY)
    tasks = [ChunkTask(scenario, str(tmp_path), "tiny", a, a + 5) for a in range(0, 20, 5)]
    results = sorted(iterate_local(tasks, 2), key=lambda r: r.start)
    assert [(r.start, r.stop, r.games) for r in results] == [(a, a + 5, 5) for a in range(0, 20, 5)]
    assert len(list((tmp_path / "games").glob("chunk-*.parquet"))) == 4


def test_the_parent_runs_no_queue_feeder(tmp_path: Path) -> None:
    """The parent's own worker thread hands its chunks over a thread queue: a put into the
    processes' queue starts a feeder thread in the parent holding two of its semaphores,
    which an early Ctrl-C left to the interpreter's shutdown (a resource-tracker warning
    printed after the resume command)."""
    import threading

    scenario = parse_scenario(TINY)
    tasks = [ChunkTask(scenario, str(tmp_path), "tiny", a, a + 5) for a in range(0, 20, 5)]
    seen = set()
    for _ in iterate_local(tasks, 2):
        seen |= {t.name for t in threading.enumerate()}
    seen |= {t.name for t in threading.enumerate()}
    assert not [name for name in seen if "QueueFeeder" in name]


def test_a_failing_worker_is_reported_not_waited_for(tmp_path: Path) -> None:
    scenario = replace(parse_scenario(TINY), content_dir=str(tmp_path / "no-such-content"))
    tasks = [ChunkTask(scenario, str(tmp_path), "tiny", a, a + 5) for a in range(0, 20, 5)]
    with pytest.raises(RuntimeError, match="a worker failed"):
        list(iterate_local(tasks, 2))


def test_a_shard_that_cannot_be_written_stops_the_run_as_such(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("a file where the run directory should be")
    scenario = parse_scenario(TINY)
    tasks = [ChunkTask(scenario, str(blocker), "tiny", a, a + 5) for a in range(0, 20, 5)]
    with pytest.raises(ShardWriteError, match="cannot write shards"):
        list(iterate_local(tasks, 2))


def test_a_worker_writes_nothing_into_a_run_that_is_not_its_own(tmp_path: Path) -> None:
    """The manifest names another writer (a new run took the directory): the chunk is dropped."""
    (tmp_path / "manifest.json").write_text('{"writer": "someone-else"}')
    task = ChunkTask(parse_scenario(TINY), str(tmp_path), "tiny", 0, 5, writer="me")
    with pytest.raises(NotOurRun):
        run_chunk(task)
    assert not list(tmp_path.rglob("*.parquet"))
    (tmp_path / "manifest.json").write_text('{"writer": "me"}')
    assert set(run_chunk(task).shards or {}) == {"games", "seats", "events"}
    assert len(list(tmp_path.rglob("*.parquet"))) == 3


@pytest.mark.parametrize("games", [1, 7, 60, 400, 1000, 1600, 3000, 10_001])
def test_the_chunk_plan_covers_every_game_once_and_halves_at_the_end(games: int) -> None:
    scenario = parse_scenario(TINY).with_overrides(games=games)
    chunks = plan_chunks(scenario)
    assert chunks[0][0] == 0 and chunks[-1][1] == games
    assert all(a < b == c < d for (a, b), (c, d) in itertools.pairwise(chunks))
    sizes = [b - a for a, b in chunks]
    full = chunk_size(games)
    head = len(list(itertools.takewhile(lambda n: n == full, sizes)))
    tail = sizes[head:]  # after the full chunks: smaller and smaller, none tiny
    assert all(x >= y for x, y in itertools.pairwise(tail))
    assert games < 10 or all(n >= max(10, full // 8) for n in tail)
    assert games < 1000 or sizes[-1] <= full // 4  # so two workers finish together


def test_a_run_begun_with_equal_chunks_resumes_with_equal_chunks() -> None:
    scenario = parse_scenario(TINY).with_overrides(games=1000)
    assert plan_chunks(scenario, 250, "fixed") == [(0, 250), (250, 500), (500, 750), (750, 1000)]


def test_a_killed_worker_stops_the_run_and_resume_completes_it(tmp_path: Path) -> None:
    import json
    import os
    import signal
    import threading
    import time

    import multiprocess as mp
    import polars as pl

    from cryhavoc_sim.runner.executor import RunOptions, run_scenario

    scenario = parse_scenario(TINY.replace("players = 2", "players = 4")).with_overrides(games=1600)
    out = tmp_path / "run"
    killed: list[int] = []

    def kill_the_worker() -> None:
        deadline = time.time() + 60
        while time.time() < deadline and not mp.active_children():
            time.sleep(0.02)
        time.sleep(1.0)  # let it start a chunk
        for child in mp.active_children():
            assert child.pid is not None
            os.kill(child.pid, signal.SIGKILL)
            killed.append(child.pid)

    killer = threading.Thread(target=kill_the_worker)
    killer.start()
    summary = run_scenario(scenario, out, RunOptions(workers=2, quiet=True))
    killer.join()
    assert killed and summary.interrupted and summary.worker_lost is not None
    assert "died" in summary.worker_lost
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"
    done = run_scenario(scenario, out, RunOptions(resume=True, quiet=True))
    assert not done.interrupted
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert games["game_id"].sort().to_list() == list(range(1600))
