"""Running a scenario: plan its chunks (runner/plan.py), write and resume its manifest
(runner/manifest.py), play the chunks serially, over local worker processes
(runner/pool.py) or on a Dask cluster (runner/dask.py), with a progress bar, and stop
cleanly on Ctrl-C, a lost worker or a stopping rule's decision."""

from __future__ import annotations

import sys
import time
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import get_game
from cryhavoc_sim.runner.chunk import ChunkResult, ChunkTask, ShardWriteError, content_for, run_chunk
from cryhavoc_sim.runner.dask import connect_dask, iterate_dask
from cryhavoc_sim.runner.manifest import check_resume, count_games, new_manifest, write_manifest
from cryhavoc_sim.runner.plan import CHUNK_PLAN, chunk_size, config_hash, plan_chunks
from cryhavoc_sim.runner.pool import WorkerLost, iterate_local
from cryhavoc_sim.runner.precision import Looks, Rule, kept_outcomes
from cryhavoc_sim.runner.rundir import (
    NotOurRun,
    check_target,
    drop_unproven,
    foreign_content,
    lock_holder,
    locked,
    refuse_links,
    verified_chunks,
)
from cryhavoc_sim.runner.scenario import Scenario
from cryhavoc_sim.storage.ledger import ledger


@dataclass(frozen=True, slots=True)
class RunOptions:
    """How a scenario is played, not what (the scenario says that): worker processes,
    completing the run already in the directory (``resume``), no progress bar
    (``quiet``), event logging, stopping at the first game that raises (``fail_fast``),
    the executor (``"local"`` or ``"dask"``) and its ``scheduler``, a stopping ``rule``
    (runner/precision.py), and ``progress``: a study's one overall bar (tqdm), advanced
    instead of a bar of the run's own."""

    workers: int = 1
    resume: bool = False
    quiet: bool = False
    record_events: bool = True
    fail_fast: bool = False
    executor: str = "local"
    scheduler: str | None = None
    rule: Rule | None = None
    progress: Any = None


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


def _iterate(
    tasks: list[ChunkTask], workers: int, dask: tuple[Any, Any] | None = None
) -> Generator[ChunkResult, None, None]:
    if dask is not None:
        yield from iterate_dask(tasks, *dask)
        return
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield run_chunk(task)
        return
    yield from iterate_local(tasks, min(workers, len(tasks)))


def already_there(run_dir: Path) -> str:
    """Why a run cannot be written over ``run_dir``, and what to do: a finished run has
    nothing to resume (report it, or choose another -o); an unfinished one can be resumed."""
    import json

    try:
        manifest = json.loads((run_dir / "manifest.json").read_text())
    except (OSError, ValueError, RecursionError):
        manifest = None
    if isinstance(manifest, dict) and manifest.get("status") == "complete":
        done = manifest.get("games_done")
        games = f" of {done:,} games" if isinstance(done, int) else ""
        return (
            f"{run_dir}: holds a finished run{games}; choose another -o (or `cryhavoc-sim report {run_dir}`"
            " to read it)."
        )
    return f"{run_dir}: a run already exists there; add --resume to complete it or choose another -o."


def run_scenario(scenario: Scenario, run_dir: Path, options: RunOptions = RunOptions()) -> RunSummary:
    """Play every planned game of ``scenario`` into ``run_dir`` (see OUTPUT_CONTRACT), as
    ``options`` say. With a stopping ``options.rule`` (runner/precision.py),
    ``scenario.games`` is the cap and the run ends at the first look where the rule
    stops, keeping exactly the games before it.

    Bad input (an unusable directory, a run of something else, a second writer) raises
    :class:`UserError` before anything is written; a directory this call created for
    nothing is removed again."""
    resume, record_events, rule = options.resume, options.record_events, options.rule
    content = content_for(scenario)  # validates content before anything is written
    check_target(run_dir)
    refuse_links(run_dir)
    manifest_path = run_dir / "manifest.json"
    if not resume:
        if manifest_path.exists():
            raise UserError(already_there(run_dir))
        why = foreign_content(run_dir)
        if why:
            if manifest_path.exists():  # another writer started between the two checks
                raise UserError(already_there(run_dir))
            holder = lock_holder(run_dir)  # ... and is still writing its first manifest
            if holder is not None:
                raise UserError(
                    f"{run_dir}: another run is writing there (pid {holder}); wait for it to finish or"
                    " choose another -o."
                )
            raise UserError(f"{run_dir}: {why}; choose a new or empty directory for the run.")
    elif not manifest_path.exists():
        raise UserError(f"{run_dir}: nothing to resume (no manifest.json); run without --resume.")
    else:  # checked before the lock too, so that bad input touches nothing
        check_resume(run_dir, scenario, content.digest, record_events, rule)
    try:  # without exist_ok: of two runs started together, exactly one creates it
        run_dir.mkdir(parents=True)
        created = True
    except FileExistsError:
        created = False
    except OSError as exc:
        raise UserError(f"{run_dir}: cannot create the run directory ({exc.strerror or exc}).") from None
    # A second writer is refused by the lock and removes nothing, even a directory it
    # created: the run holding the lock is writing in it.
    with locked(run_dir):
        if not resume and manifest_path.exists():  # another run finished here meanwhile: its
            raise UserError(already_there(run_dir))  # directory, which nothing here removes
        try:
            return _run_locked(scenario, content, run_dir, options)
        except UserError:
            if created:  # bad input found under the lock: leave nothing behind
                import shutil

                shutil.rmtree(run_dir, ignore_errors=True)
            raise


def _run_locked(scenario: Scenario, content: Any, run_dir: Path, options: RunOptions) -> RunSummary:
    import uuid

    rule, progress = options.rule, options.progress
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
    if options.resume:
        old = check_resume(run_dir, scenario, content.digest, options.record_events, rule)
        size, plan = old["config"]["chunk_size"], old["config"]["chunk_plan"]
        entries = ledger(old) or {}
        kept = {s: entries[s] for s in verified_chunks(run_dir, entries)}
    elif manifest_path.exists():  # written between the check and the lock
        raise UserError(already_there(run_dir))
    dask = (
        connect_dask(options.workers, options.scheduler) if options.executor == "dask" else None
    )  # before writing anything
    drop_unproven(run_dir, set(kept))
    run_id = f"{scenario.name}-{scenario.seed}-{chash[:8]}"
    chunks = plan_chunks(scenario, size, plan)
    todo = [c for c in chunks if c[0] not in kept]
    writer = uuid.uuid4().hex
    manifest = new_manifest(
        scenario,
        content,
        run_id,
        writer,
        chash,
        (size, plan),
        options.record_events,
        options.executor,
        options.fail_fast,
        rule,
        kept,
    )
    count_games(manifest)
    try:
        write_manifest(run_dir, manifest)
    except OSError as exc:
        raise UserError(f"{run_dir}: cannot write the manifest ({exc.strerror or exc}).") from None
    tasks = [
        ChunkTask(
            scenario,
            str(run_dir),
            run_id,
            a,
            b,
            options.record_events,
            options.fail_fast,
            writer,
            looks is not None,
        )
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
    bar = progress or tqdm(
        total=scenario.games,
        initial=already,
        unit="game",
        disable=options.quiet,
        file=sys.stderr,
        dynamic_ncols=True,
    )
    started = time.perf_counter()
    summary = RunSummary(run_dir, manifest["games_done"], 0, {}, 0.0)
    results = _iterate(tasks, options.workers, dask)
    try:
        for result in results:
            manifest["chunks"][str(result.start)] = {
                "stop": result.stop,
                "games": result.games,
                "errors": result.errors,
                "shards": result.shards or {},
            }
            count_games(manifest)
            write_manifest(run_dir, manifest)
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
            if options.fail_fast and result.errors:
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
        if progress is None:
            bar.close()
        summary.seconds = time.perf_counter() - started
        if looks is not None:
            _settle(run_dir, manifest, looks, scenario.games, summary)
        count_games(manifest)
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
            write_manifest(run_dir, manifest)
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


def _short(side: str, sides: Mapping[str, object]) -> str:
    """A side's name in the progress bar: three letters ("hum"), or the whole name when
    three letters would not tell sides apart ("seat 1", "seat 2")."""
    short = side[:3]
    return short if sum(1 for s in sides if s[:3] == short) == 1 else side
