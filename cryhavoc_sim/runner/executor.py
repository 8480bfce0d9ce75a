"""Executors: run a scenario's chunks serially or over worker processes, with a progress
bar, a manifest, resumption and a clean stop on Ctrl-C."""

from __future__ import annotations

import hashlib
import json
import math
import os
import platform
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.engine import RULES_VERSION
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.native import compiled
from cryhavoc_sim.runner.chunk import ChunkResult, ChunkStopped, ChunkTask, content_for, run_chunk
from cryhavoc_sim.runner.scenario import Scenario
from cryhavoc_sim.storage.schema import SCHEMA_VERSION
from cryhavoc_sim.storage.writer import shard_name


def chunk_size(games: int) -> int:
    """The largest chunk (one task, one shard per table). It depends on the number of
    games only, so shards are the same for any -j. Four chunks at least, 500 games at
    most: measured on 4-player random games, Parquet costs about 965 bytes a game in
    100-game shards, 894 in 300-game ones and 878 in 500-game ones (zstd learns more
    per file), and large shards scan faster."""
    return max(10, min(500, math.ceil(games / 4)))


# How the chunk plan ends; the manifest records it so --resume replans the same chunks.
CHUNK_PLAN = "halving-tail"


def plan_chunks(scenario: Scenario, size: int | None = None, plan: str = CHUNK_PLAN) -> list[tuple[int, int]]:
    """(start, stop) of every chunk. "halving-tail": full chunks while more than two are
    left, then each chunk half of what is left (not under an eighth of a full one), so
    the workers finish together instead of one waiting on the other's last full chunk
    (measured: 2-worker efficiency at 3,000 games 91% with equal chunks). "fixed":
    equal chunks (runs begun before the halving tail)."""
    size = size or chunk_size(scenario.games)
    games = scenario.games
    if plan == "fixed":
        return [(s, min(s + size, games)) for s in range(0, games, size)]
    smallest = max(10, size // 8)
    out: list[tuple[int, int]] = []
    start = 0
    while start < games:
        left = games - start
        n = min(size, max(smallest, math.ceil(left / 2)))
        if left - n < smallest:
            n = left
        out.append((start, start + n))
        start += n
    return out


def config_hash(scenario: Scenario) -> str:
    key = json.dumps([scenario.text, scenario.games, scenario.seed], sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:16]


@dataclass
class RunSummary:
    run_dir: Path
    games_done: int
    errors: int
    wins: dict[str, int]
    seconds: float
    interrupted: bool = False
    first_error: str | None = None
    worker_lost: str | None = None  # why the run stopped early, when a worker died


def _versions() -> dict[str, str]:
    from importlib import metadata  # 30 ms of import that spawned workers do not need

    out = {"python": platform.python_version()}
    for pkg in ("cryhavoc-sim", "polars", "multiprocess", "matplotlib", "tqdm", "typer"):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            out[pkg] = "not installed"
    out["engine-build"] = "mypyc" if compiled() else "python"  # the same games either way
    return out


def _write_manifest(run_dir: Path, data: dict[str, Any]) -> None:
    tmp = run_dir / ".manifest.json.tmp"
    tmp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    os.replace(tmp, run_dir / "manifest.json")


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool and keeps finished shards."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def connect_dask(workers: int, scheduler: str | None) -> tuple[Any, Any]:
    """A Dask client: to ``scheduler`` if named, else to a LocalCluster of ``workers``
    processes. Workers write shards to the run directory, so on a real cluster it must
    sit on a shared file system."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError("--executor dask needs Dask: pip install 'cryhavoc-sim[cluster]'.") from None
    try:
        if scheduler:
            return Client(scheduler, timeout="10s"), None
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        return Client(cluster), cluster
    except OSError as exc:
        raise UserError(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({exc}).") from None


def _iterate_dask(tasks: list[ChunkTask], client: Any, cluster: Any) -> Iterator[ChunkResult]:
    from distributed import as_completed

    try:
        futures = client.map(run_chunk, tasks, pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _iterate(
    tasks: list[ChunkTask], workers: int, dask: tuple[Any, Any] | None = None
) -> Iterator[ChunkResult]:
    if dask is not None:
        yield from _iterate_dask(tasks, *dask)
        return
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield run_chunk(task)
        return
    yield from _iterate_local(tasks, min(workers, len(tasks)))


def _claim(counter: Any, total: int) -> int | None:
    """The index of the next unplayed chunk, or None when every chunk is taken."""
    with counter.get_lock():
        i = int(counter.value)
        if i >= total:
            return None
        counter.value = i + 1
    return i


def _process_worker(tasks: list[ChunkTask], counter: Any, results: Any) -> None:
    """A spawned worker: play the next unclaimed chunk until none is left. Ctrl-C is the
    parent's to handle; an exception travels back to it and ends this worker."""
    _ignore_sigint()
    try:
        while (i := _claim(counter, len(tasks))) is not None:
            results.put(run_chunk(tasks[i]))
    except BaseException as exc:  # reported to the parent, which re-raises
        results.put(_WorkerFailure(f"{exc!r}", traceback.format_exc()))


def _thread_worker(tasks: list[ChunkTask], counter: Any, results: Any, stop: threading.Event) -> None:
    """The parent's own share of the work, in a thread so the main thread keeps the
    progress bar and Ctrl-C. It stops between games when asked (the unfinished chunk
    writes nothing and is played again on --resume)."""
    try:
        while not stop.is_set() and (i := _claim(counter, len(tasks))) is not None:
            results.put(run_chunk(tasks[i], stop.is_set))
    except ChunkStopped:
        pass
    except BaseException as exc:  # reported to the main thread, which re-raises
        results.put(_WorkerFailure(f"{exc!r}", traceback.format_exc()))


class WorkerLost(Exception):
    """A spawned worker process died (killed, out of memory): its chunk is lost, the
    finished ones are kept, and the run stops so that --resume can complete it."""


@dataclass(frozen=True)
class _WorkerFailure:
    error: str
    traceback: str


def _iterate_local(tasks: list[ChunkTask], workers: int) -> Iterator[ChunkResult]:
    """Chunks over ``workers`` players: ``workers - 1`` spawned processes and the parent
    itself. All claim the next chunk from one shared counter, so the parent, whose
    imports and content are loaded already, starts at once and each spawned process
    joins when its start-up (about 0.4 s: a fresh interpreter, the engine, polars) is
    done. Spawn, not fork: polars hangs in forked workers once the parent has used it
    (shared/TOOLCHAIN_NOTES.md)."""
    import queue

    import multiprocess as mp

    ctx = mp.get_context("spawn")
    counter = ctx.Value("i", 0)
    results = ctx.Queue()
    procs = [
        ctx.Process(target=_process_worker, args=(tasks, counter, results), daemon=True)
        for _ in range(workers - 1)
    ]
    for proc in procs:
        proc.start()
    stop = threading.Event()
    local = threading.Thread(target=_thread_worker, args=(tasks, counter, results, stop), daemon=True)
    local.start()
    left = len(tasks)
    try:
        while left:
            try:
                item = results.get(timeout=0.5)
            except queue.Empty:
                dead = [p.exitcode for p in procs if p.exitcode not in (None, 0)]
                if dead:
                    raise WorkerLost(f"a worker process died (exit code {dead[0]})") from None
                continue
            if isinstance(item, _WorkerFailure):
                raise RuntimeError(f"a worker failed: {item.error}\n{item.traceback}")
            left -= 1
            yield item
    finally:
        stop.set()
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        for proc in procs:
            proc.join()
        local.join()


def run_scenario(
    scenario: Scenario,
    run_dir: Path,
    workers: int = 1,
    resume: bool = False,
    quiet: bool = False,
    record_events: bool = True,
    fail_fast: bool = False,
    executor: str = "local",
    scheduler: str | None = None,
) -> RunSummary:
    """Play every planned game of ``scenario`` into ``run_dir`` (see OUTPUT_CONTRACT)."""
    content = content_for(scenario)  # validates content before anything is written
    manifest_path = run_dir / "manifest.json"
    if manifest_path.exists() and not resume:
        raise UserError(
            f"{run_dir}: a run already exists there; add --resume to complete it or choose another -o."
        )
    if resume and not manifest_path.exists():
        raise UserError(f"{run_dir}: nothing to resume (no manifest.json); run without --resume.")
    chash = config_hash(scenario)
    previous_errors = 0
    size = chunk_size(scenario.games)
    plan = CHUNK_PLAN
    if resume:
        from cryhavoc_sim.storage.reader import read_manifest

        old = read_manifest(run_dir)
        previous_errors = int(old.get("errors", 0))
        if old.get("config_hash") != chash:
            raise UserError(
                f"{run_dir}: --resume needs the same scenario, games and seed as the run it completes."
            )
        if old.get("rules_version") != RULES_VERSION:
            raise UserError(
                f"{run_dir}: the run was played under rules {old.get('rules_version')!r} and this"
                f" version plays {RULES_VERSION!r}; resuming would mix the two. Start a new run."
            )
        size = int(old.get("config", {}).get("chunk_size") or chunk_size(scenario.games))
        plan = str(old.get("config", {}).get("chunk_plan") or "fixed")
    dask = connect_dask(workers, scheduler) if executor == "dask" else None  # before writing anything
    run_dir.mkdir(parents=True, exist_ok=True)
    for stale in run_dir.glob("*/.chunk-*.tmp"):  # left by a worker killed mid-write
        stale.unlink()
    run_id = f"{scenario.name}-{scenario.seed}-{chash[:8]}"
    chunks = plan_chunks(scenario, size, plan)
    done = {p.name for p in (run_dir / "games").glob("chunk-*.parquet")}
    todo = [c for c in chunks if shard_name(c[0]) not in done]
    already = sum(b - a for a, b in chunks) - sum(b - a for a, b in todo)
    manifest: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "run_id": run_id,
        "status": "running",
        "scenario": scenario.name,
        "scenario_path": scenario.path,
        "scenario_text": scenario.text,
        "config_hash": chash,
        "config": {
            "games": scenario.games,
            "seed": scenario.seed,
            "players": scenario.players,
            "lineups": [list(x) for x in scenario.lineups],
            "experience": scenario.experience,
            "variant": scenario.variant,
            "bots": scenario.bots,
            "rules": scenario.rule_overrides,
            "chunk_size": size,
            "chunk_plan": plan,
            "record_events": record_events,
        },
        "seed": scenario.seed,
        "content_id": content.content_id,
        "content_hash": content.digest,
        "content_provenance": content.provenance_counts(),
        "content_reconstructed": content.reconstructed,
        "rules_version": RULES_VERSION,
        "versions": _versions(),
        "games_planned": scenario.games,
        "games_done": already,
        "argv": sys.argv,
    }
    _write_manifest(run_dir, manifest)
    tasks = [ChunkTask(scenario, str(run_dir), run_id, a, b, record_events, fail_fast) for a, b in todo]
    from tqdm import tqdm

    bar = tqdm(
        total=scenario.games,
        initial=already,
        unit="game",
        disable=quiet,
        file=sys.stderr,
        dynamic_ncols=True,
    )
    started = time.perf_counter()
    summary = RunSummary(run_dir, already, 0, {}, 0.0)
    try:
        for result in _iterate(tasks, workers, dask):
            summary.games_done += result.games
            summary.errors += result.errors
            summary.first_error = summary.first_error or result.first_error
            for f, n in result.wins.items():
                summary.wins[f] = summary.wins.get(f, 0) + n
            bar.update(result.stop - result.start)
            total = sum(summary.wins.values()) or 1
            bar.set_postfix_str(" ".join(f"{f[:3]} {n / total:.0%}" for f, n in sorted(summary.wins.items())))
            if fail_fast and result.errors:
                break
    except KeyboardInterrupt:
        summary.interrupted = True
    except WorkerLost as exc:
        summary.interrupted = True
        summary.worker_lost = str(exc)
    finally:
        bar.close()
        summary.seconds = time.perf_counter() - started
        attempted = sum(b - a for a, b in chunks if (run_dir / "games" / shard_name(a)).exists())
        errors = previous_errors + summary.errors
        manifest.update(
            status="interrupted"
            if summary.interrupted
            else "complete"
            if attempted == scenario.games
            else "incomplete",
            games_attempted=attempted,
            games_done=attempted - errors,  # games written; the failed ones are in errors/
            errors=errors,
            seconds=round(summary.seconds, 3),
        )
        _write_manifest(run_dir, manifest)
    return summary
