"""Executors: run a scenario's chunks serially or over worker processes, with a progress
bar, a manifest, resumption and a clean stop on Ctrl-C."""

from __future__ import annotations

import hashlib
import json
import math
import os
import platform
import re
import sys
import threading
import time
import traceback
from collections.abc import Generator, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import get_game
from cryhavoc_sim.native import compiled
from cryhavoc_sim.runner.chunk import (
    ChunkResult,
    ChunkStopped,
    ChunkTask,
    ShardWriteError,
    content_for,
    run_chunk,
)
from cryhavoc_sim.runner.precision import Looks, Rule, kept_outcomes
from cryhavoc_sim.runner.rundir import (
    NotOurRun,
    bots_version_of,
    check_target,
    drop_unproven,
    foreign_content,
    locked,
    open_new,
    refuse_links,
    verified_chunks,
)
from cryhavoc_sim.runner.scenario import Scenario
from cryhavoc_sim.storage.ledger import ledger
from cryhavoc_sim.storage.schema import SCHEMA_VERSION


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


def config_hash(scenario: Scenario, rule: Rule | None = None) -> str:
    """What identifies a run's data: the scenario's text, games and seed (and the stopping
    rule of a precision run)."""
    parts: list[Any] = [scenario.text, scenario.games, scenario.seed]
    if rule is not None:
        parts.append(rule.describe())
    key = json.dumps(parts, sort_keys=True)
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
    played: dict[str, int] = field(default_factory=dict)  # games per faction
    played_now: int = 0  # games this call played (not those kept from before a --resume)


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
    try:
        if tmp.is_symlink():
            tmp.unlink()  # a planted link: removing it touches nothing else
        with os.fdopen(open_new(tmp), "w") as fh:
            fh.write(json.dumps(data, indent=2, sort_keys=True) + "\n")
        os.replace(tmp, run_dir / "manifest.json")
    except BaseException:
        tmp.unlink(missing_ok=True)  # the previous manifest stands
        raise


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool and keeps finished shards."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


SCHEDULER = re.compile(r"(tcp|tls|ws|wss|ucx)://[A-Za-z0-9_.\-\[\]:]+:[0-9]{1,5}")
# How long to wait for a Dask scheduler to answer, and for a cluster with no worker left.
DASK_CONNECT_SECONDS = 15.0
DASK_NO_WORKER_SECONDS = float(os.environ.get("CRYHAVOC_DASK_NO_WORKER_SECONDS", "60"))  # tests shorten it


def connect_dask(workers: int, scheduler: str | None) -> tuple[Any, Any]:
    """A Dask client: to ``scheduler`` if named, else to a LocalCluster of ``workers``
    processes. Workers write shards to the run directory, so on a real cluster it must
    sit on a shared file system. A scheduler that does not answer within
    DASK_CONNECT_SECONDS is one sentence, not a hang."""
    if scheduler is not None and not SCHEDULER.fullmatch(scheduler):
        raise UserError(
            f"--scheduler {scheduler!r} is not a Dask scheduler address; give one like tcp://host:8786."
        )
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise UserError("--executor dask needs Dask: pip install 'cryhavoc-sim[cluster]'.") from None
    import logging

    # Dask reports a lost worker in its own log lines and asyncio tracebacks; the run
    # says what happened in one sentence instead.
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)

    def connect() -> tuple[Any, Any]:
        if scheduler:
            return Client(scheduler, timeout=f"{DASK_CONNECT_SECONDS:.0f}s"), None
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
        return Client(cluster), cluster

    outcome: list[Any] = []

    def attempt() -> None:
        try:
            outcome.append(connect())
        except BaseException as exc:
            outcome.append(exc)

    # In a daemon thread: a peer that accepts the connection but never speaks Dask would
    # otherwise hold the run (and the interpreter's exit) for minutes.
    thread = threading.Thread(target=attempt, daemon=True)
    thread.start()
    thread.join(DASK_CONNECT_SECONDS + 5 if scheduler else 120.0)
    if not outcome:
        raise UserError(
            f"--scheduler {scheduler}: no Dask scheduler answered within {DASK_CONNECT_SECONDS:.0f} s."
            if scheduler
            else "the local Dask cluster did not start within 120 s."
        )
    if isinstance(outcome[0], BaseException):
        exc = outcome[0]
        raise UserError(
            f"--scheduler {scheduler}: cannot reach the Dask scheduler ({type(exc).__name__}: {exc})."
            if scheduler
            else f"the local Dask cluster did not start ({type(exc).__name__}: {exc})."
        ) from None
    pair: tuple[Any, Any] = outcome[0]
    return pair


def _iterate_dask(tasks: list[ChunkTask], client: Any, cluster: Any) -> Iterator[ChunkResult]:
    """Chunks as Dask tasks, results as they finish. A cluster left with no worker for
    DASK_NO_WORKER_SECONDS stops the run like a lost worker (finished chunks kept)."""
    from distributed import wait

    idle = 0.0

    def no_worker_for(seconds: float) -> None:
        nonlocal idle
        workers = client.scheduler_info().get("workers") or {}
        idle = 0.0 if workers else idle + seconds
        if idle >= DASK_NO_WORKER_SECONDS:
            raise WorkerLost(f"the Dask cluster has had no worker for {DASK_NO_WORKER_SECONDS:.0f} s")

    try:
        pending = client.map(run_chunk, tasks, pure=False)
        while pending:
            try:
                done, not_done = wait(pending, timeout=2.0, return_when="FIRST_COMPLETED")
            except TimeoutError:
                no_worker_for(2.0)
                continue
            for future in done:
                while True:  # a result whose worker died is computed again, if a worker is left
                    try:
                        result = future.result(timeout=2.0)
                        break
                    except TimeoutError:
                        no_worker_for(2.0)
                yield result
            pending = list(not_done)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _iterate(
    tasks: list[ChunkTask], workers: int, dask: tuple[Any, Any] | None = None
) -> Generator[ChunkResult, None, None]:
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


def _die_with(parent: int) -> None:
    """End this process when ``parent`` dies: Linux's parent-death signal, and a check of
    the parent's pid before every chunk elsewhere (a worker must not outlive its run)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # died before the signal was armed
        os._exit(1)


def _process_worker(tasks: list[ChunkTask], counter: Any, results: Any, parent: int) -> None:
    """A spawned worker: play the next unclaimed chunk until none is left. Ctrl-C is the
    parent's to handle; an exception travels back to it and ends this worker. It dies
    with its parent, and writes only into a run whose manifest still names its writer."""
    _die_with(parent)
    _ignore_sigint()
    try:
        while os.getppid() == parent and (i := _claim(counter, len(tasks))) is not None:
            results.put(run_chunk(tasks[i]))
    except NotOurRun:
        return
    except ShardWriteError as exc:
        results.put(_WorkerFailure(str(exc), "", write=True))
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
    except ShardWriteError as exc:
        results.put(_WorkerFailure(str(exc), "", write=True))
    except BaseException as exc:  # reported to the main thread, which re-raises
        results.put(_WorkerFailure(f"{exc!r}", traceback.format_exc()))


class WorkerLost(Exception):
    """A spawned worker process died (killed, out of memory): its chunk is lost, the
    finished ones are kept, and the run stops so that --resume can complete it."""


@dataclass(frozen=True)
class _WorkerFailure:
    error: str
    traceback: str
    write: bool = False  # a shard could not be written (ShardWriteError)


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
        ctx.Process(target=_process_worker, args=(tasks, counter, results, os.getpid()), daemon=True)
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
                if item.write:
                    raise ShardWriteError(item.error)
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
        # Results put by the parent's own worker thread and never read (the run stopped
        # early: a full disk, a failure, Ctrl-C) sit in the queue's buffer; at exit its
        # feeder thread would block writing them into a pipe nobody reads any more (seen
        # once under load: the run printed its sentence, then hung). They are abandoned.
        results.cancel_join_thread()


def resume_problem(
    old: dict[str, Any], scenario: Scenario, content_hash: str, record_events: bool, rule: Rule | None = None
) -> str | None:
    """Why the run described by manifest ``old`` cannot be completed with these inputs
    (everything that shapes what is written must be the same), or None."""
    config = old.get("config")
    if not isinstance(config, dict):
        return "its manifest has no 'config' object; the file was changed by hand"
    if config.get("stop_rule") != (rule.describe() if rule is not None else None):
        return "it was played with another stopping rule (--precision, its target or baseline)"
    if old.get("config_hash") != config_hash(scenario, rule):
        return "it was played with another scenario, number of games or seed"
    if old.get("schema_version", 1) != SCHEMA_VERSION:
        return (
            f"its tables have schema version {old.get('schema_version', 1)} and this version writes"
            f" {SCHEMA_VERSION}; play it again into another directory"
        )
    rules_version = get_game(scenario.game).rules_version
    if old.get("game", "cryhavoc") != scenario.game:
        return f"it holds games of {old.get('game')!r}, not {scenario.game!r}"
    if old.get("rules_version") != rules_version:
        return (
            f"it was played under rules {old.get('rules_version')!r} and this version plays"
            f" {rules_version!r}; resuming would mix the two"
        )
    bots_version = get_game(scenario.game).bots_version
    if bots_version_of(old) != bots_version:
        return (
            f"it was played by bots {bots_version_of(old)!r} and this version's bots are"
            f" {bots_version!r}; resuming would mix the two"
        )
    if old.get("content_hash") != content_hash:
        return "its content set has changed since (another content hash); resuming would mix the two"
    if config.get("record_events") is not record_events:
        logged = "logged events" if config.get("record_events") else "ran with --no-events"
        return f"it {logged}; resume it the same way"
    size, plan = config.get("chunk_size"), config.get("chunk_plan")
    if type(size) is not int or not 1 <= size <= 500 or plan not in ("halving-tail", "fixed"):
        return "its manifest's chunk_size or chunk_plan is not one this tool writes; the file was changed by hand"
    planned = dict(plan_chunks(scenario, size, plan))
    try:
        entries = ledger(old)
    except UserError as exc:
        return str(exc).removeprefix("manifest.json: ")
    if entries is None:
        return "it was written before runs kept a ledger of their shards; start a new run"
    if any(planned.get(start) != entry["stop"] for start, entry in entries.items()):
        return "its chunks do not match its chunk plan; the manifest was changed by hand"
    return None


def _check_resume(
    run_dir: Path, scenario: Scenario, content_hash: str, record_events: bool, rule: Rule | None = None
) -> dict[str, Any]:
    """The manifest of the run to complete, or :class:`UserError` saying why it cannot be."""
    from cryhavoc_sim.storage.reader import read_manifest

    old = read_manifest(run_dir)
    problem = resume_problem(old, scenario, content_hash, record_events, rule)
    if problem:
        raise UserError(f"{run_dir}: cannot resume this run: {problem}.")
    return old


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
    rule: Rule | None = None,
) -> RunSummary:
    """Play every planned game of ``scenario`` into ``run_dir`` (see OUTPUT_CONTRACT).
    With a stopping ``rule`` (runner/precision.py), ``scenario.games`` is the cap and the
    run ends at the first look where the rule stops, keeping exactly the games before it.

    Bad input (an unusable directory, a run of something else, a second writer) raises
    :class:`UserError` before anything is written; a directory this call created for
    nothing is removed again."""
    content = content_for(scenario)  # validates content before anything is written
    check_target(run_dir)
    refuse_links(run_dir)
    manifest_path = run_dir / "manifest.json"
    if not resume:
        if manifest_path.exists():
            raise UserError(
                f"{run_dir}: a run already exists there; add --resume to complete it or choose another -o."
            )
        why = foreign_content(run_dir)
        if why:
            raise UserError(f"{run_dir}: {why}; choose a new or empty directory for the run.")
    elif not manifest_path.exists():
        raise UserError(f"{run_dir}: nothing to resume (no manifest.json); run without --resume.")
    else:  # checked before the lock too, so that bad input touches nothing
        _check_resume(run_dir, scenario, content.digest, record_events, rule)
    existed = run_dir.exists()
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{run_dir}: cannot create the run directory ({exc.strerror or exc}).") from None
    try:
        with locked(run_dir):
            return _run_locked(
                scenario,
                content,
                run_dir,
                workers,
                resume,
                quiet,
                record_events,
                fail_fast,
                executor,
                scheduler,
                rule,
            )
    except UserError:
        if not existed:  # leave nothing behind for bad input
            import shutil

            shutil.rmtree(run_dir, ignore_errors=True)
        raise


def _run_locked(
    scenario: Scenario,
    content: Any,
    run_dir: Path,
    workers: int,
    resume: bool,
    quiet: bool,
    record_events: bool,
    fail_fast: bool,
    executor: str,
    scheduler: str | None,
    rule: Rule | None = None,
) -> RunSummary:
    import uuid

    manifest_path = run_dir / "manifest.json"
    chash = config_hash(scenario, rule)
    size = chunk_size(scenario.games)
    plan = CHUNK_PLAN
    looks: Looks | None = None
    if rule is not None:  # chunks of whole blocks, so that every look ends a block
        block = get_game(scenario.game).block_size(scenario.setup)
        size, plan = block * max(1, 500 // block), "fixed"
        looks = Looks(rule, block)
    kept: dict[int, dict[str, Any]] = {}
    if resume:
        old = _check_resume(run_dir, scenario, content.digest, record_events, rule)
        size, plan = old["config"]["chunk_size"], old["config"]["chunk_plan"]
        entries = ledger(old) or {}
        kept = {s: entries[s] for s in verified_chunks(run_dir, entries)}
    elif manifest_path.exists():  # written between the check and the lock
        raise UserError(
            f"{run_dir}: a run already exists there; add --resume to complete it or choose another -o."
        )
    dask = connect_dask(workers, scheduler) if executor == "dask" else None  # before writing anything
    drop_unproven(run_dir, set(kept))
    run_id = f"{scenario.name}-{scenario.seed}-{chash[:8]}"
    chunks = plan_chunks(scenario, size, plan)
    todo = [c for c in chunks if c[0] not in kept]
    writer = uuid.uuid4().hex
    manifest: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "run_id": run_id,
        "writer": writer,
        "status": "running",
        "scenario": scenario.name,
        "scenario_path": scenario.path,
        "scenario_text": scenario.text,
        "config_hash": chash,
        "config": {
            "games": scenario.games,
            "seed": scenario.seed,
            **get_game(scenario.game).config(scenario.setup),
            # only when there are some: configs (and hashes) of other runs unchanged
            **({"overrides": dict(scenario.overrides)} if scenario.overrides else {}),
            "chunk_size": size,
            "chunk_plan": plan,
            "record_events": record_events,
            "executor": executor,
            "fail_fast": fail_fast,
            **({"stop_rule": rule.describe()} if rule is not None else {}),
        },
        "seed": scenario.seed,
        "game": scenario.game,
        "content_id": content.content_id,
        "content_hash": content.digest,
        "content_provenance": content.provenance_counts(),
        "content_reconstructed": content.reconstructed,
        "rules_version": get_game(scenario.game).rules_version,
        "bots_version": get_game(scenario.game).bots_version,
        "versions": _versions(),
        "games_planned": scenario.games,
        "chunks": {str(s): e for s, e in sorted(kept.items())},
        "argv": sys.argv,
    }
    _count(manifest)
    try:
        _write_manifest(run_dir, manifest)
    except OSError as exc:
        raise UserError(f"{run_dir}: cannot write the manifest ({exc.strerror or exc}).") from None
    tasks = [
        ChunkTask(scenario, str(run_dir), run_id, a, b, record_events, fail_fast, writer, looks is not None)
        for a, b in todo
    ]
    if looks is not None:  # kept chunks are looked at first, as if just played
        stops = {s: e["stop"] for s, e in kept.items()}
        for start, outs in sorted(kept_outcomes(run_dir, stops).items()):
            looks.add(start, stops[start], outs)
        if looks.stopped_at is not None:
            tasks = []
    from tqdm import tqdm

    already = manifest["games_attempted"]
    bar = tqdm(
        total=scenario.games,
        initial=already,
        unit="game",
        disable=quiet,
        file=sys.stderr,
        dynamic_ncols=True,
    )
    started = time.perf_counter()
    summary = RunSummary(run_dir, manifest["games_done"], 0, {}, 0.0)
    results = _iterate(tasks, workers, dask)
    try:
        for result in results:
            manifest["chunks"][str(result.start)] = {
                "stop": result.stop,
                "games": result.games,
                "errors": result.errors,
                "shards": result.shards or {},
            }
            _count(manifest)
            _write_manifest(run_dir, manifest)
            summary.games_done += result.games
            summary.played_now += result.stop - result.start
            summary.errors += result.errors
            summary.first_error = summary.first_error or result.first_error
            for f, n in result.wins.items():
                summary.wins[f] = summary.wins.get(f, 0) + n
            for f, n in (result.played or {}).items():
                summary.played[f] = summary.played.get(f, 0) + n
            bar.update(result.stop - result.start)
            bar.set_postfix_str(
                " ".join(
                    f"{_short(f, summary.played)} {summary.wins.get(f, 0) / n:.0%}"
                    for f, n in sorted(summary.played.items())
                    if n
                )
            )
            if fail_fast and result.errors:
                break
            if looks is not None and looks.add(result.start, result.stop, result.outcomes or ()):
                break
    except KeyboardInterrupt:
        summary.interrupted = True
    except WorkerLost as exc:
        summary.interrupted = True
        summary.worker_lost = str(exc)
    except (ShardWriteError, NotOurRun, OSError) as exc:
        summary.interrupted = True
        summary.worker_lost = (
            f"cannot write to {run_dir} ({exc.strerror or exc})" if isinstance(exc, OSError) else str(exc)
        )
    finally:
        results.close()  # workers end before anything beyond a stop is removed
        bar.close()
        summary.seconds = time.perf_counter() - started
        if looks is not None:
            _settle(run_dir, manifest, looks, scenario.games, summary)
        _count(manifest)
        attempted = manifest["games_attempted"]
        manifest.update(
            status="interrupted"
            if summary.interrupted
            else "complete"
            if attempted == manifest["games_planned"]
            else "incomplete",
            seconds=round(summary.seconds, 3),
        )
        try:
            _write_manifest(run_dir, manifest)
        except OSError as exc:  # a full disk: the ledger written after the last chunk stands
            summary.interrupted = True
            summary.worker_lost = summary.worker_lost or f"cannot write the manifest ({exc.strerror or exc})"
    return summary


def _settle(run_dir: Path, manifest: dict[str, Any], looks: Looks, cap: int, summary: RunSummary) -> None:
    """A stopping rule's end: the run keeps exactly the games before the look that
    stopped it (chunks played beyond it leave the ledger and the disk), and the manifest
    says where, why and what every side's interval was."""
    import uuid

    manifest["precision"] = looks.record(cap)
    if looks.stopped_at is None:
        return
    edge = looks.stopped_at
    manifest["writer"] = uuid.uuid4().hex  # a late chunk of this attempt writes nothing
    manifest["chunks"] = {k: e for k, e in manifest["chunks"].items() if int(k) < edge}
    drop_unproven(run_dir, {int(k) for k in manifest["chunks"]})
    manifest["games_planned"] = edge
    summary.interrupted = False
    summary.worker_lost = None
    summary.wins, summary.played = {}, {}
    summary.games_done = 0
    summary.errors = 0
    for o in looks.outcomes[:edge]:
        if o is None:
            summary.errors += 1
            continue
        summary.games_done += 1
        for w in o[0]:
            summary.wins[w] = summary.wins.get(w, 0) + 1
        for side in o[1]:
            summary.played[side] = summary.played.get(side, 0) + 1


def _count(manifest: dict[str, Any]) -> None:
    """games_attempted / games_done / errors from the chunk ledger."""
    entries = manifest["chunks"].values()
    attempted = sum(e["stop"] - int(k) for k, e in manifest["chunks"].items())
    errors = sum(int(e.get("errors", 0)) for e in entries)
    manifest.update(games_attempted=attempted, games_done=attempted - errors, errors=errors)


def _short(side: str, sides: Mapping[str, object]) -> str:
    """A side's name in the progress bar: three letters ("hum"), or the whole name when
    three letters would not tell sides apart ("seat 1", "seat 2")."""
    short = side[:3]
    return short if sum(1 for s in sides if s[:3] == short) == 1 else side
