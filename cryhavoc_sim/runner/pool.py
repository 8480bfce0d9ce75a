"""The local executor: a scenario's chunks over worker processes on this machine (the
parent plays its share in a thread), a lost worker or a failed one reported to the
parent, workers that die with their parent and leave Ctrl-C to it."""

from __future__ import annotations

import os
import threading
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from cryhavoc_sim.runner.chunk import ChunkResult, ChunkStopped, ChunkTask, ShardWriteError, run_chunk
from cryhavoc_sim.runner.rundir import NotOurRun


def ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops the pool and keeps finished shards."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


T = TypeVar("T")
R = TypeVar("R")


def ordered_map(fn: Callable[[T], R], tasks: Sequence[T], workers: int, chunksize: int = 1) -> Iterator[R]:
    """``fn`` of each task, in the tasks' order: in this process, or over ``workers``
    spawned processes (at most one a task) that leave Ctrl-C to the parent (the pool
    stops when the caller stops reading). For commands whose tasks are independent and
    whose results need no shard files (the ladder, soak, train-value); a run's chunks
    go through :func:`iterate_local`."""
    if workers <= 1 or len(tasks) <= 1:
        yield from map(fn, tasks)
        return
    import multiprocess as mp

    with mp.get_context("spawn").Pool(min(workers, len(tasks)), initializer=ignore_sigint) as pool:
        yield from pool.imap(fn, tasks, chunksize=chunksize)


class WorkerLost(Exception):
    """A spawned worker process died (killed, out of memory): its chunk is lost, the
    finished ones are kept, and the run stops so that --resume can complete it."""


@dataclass(frozen=True)
class _WorkerFailure:
    error: str
    traceback: str
    write: bool = False  # a shard could not be written (ShardWriteError)


def _claim(counter: Any, total: int) -> int | None:
    """The index of the next unplayed chunk, or None when every chunk is taken."""
    with counter.get_lock():
        i = int(counter.value)
        if i >= total:
            return None
        counter.value = i + 1
    return i


def _next_result(mine: Any, results: Any) -> Any:
    """The next result of the parent's thread or of a process, or None after a short
    wait for either (the caller then checks the processes are alive)."""
    import queue

    try:
        return mine.get(timeout=0.5) if results is None else mine.get_nowait()
    except queue.Empty:
        pass
    if results is None:
        return None
    try:
        return results.get(timeout=0.05)
    except queue.Empty:
        return None


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
    ignore_sigint()
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


def iterate_local(tasks: list[ChunkTask], workers: int) -> Iterator[ChunkResult]:
    """Chunks over ``workers`` players: ``workers - 1`` spawned processes and the parent
    itself. All claim the next chunk from one shared counter, so the parent, whose
    imports and content are loaded already, starts at once and each spawned process
    joins when its start-up (a fresh interpreter, the engine, polars; docs/measured.md) is
    done. Spawn, not fork: polars hangs in forked workers once the parent has used it
    (shared/TOOLCHAIN_NOTES.md).

    The parent's own worker thread hands its results over a thread queue, never the
    processes' queue: putting into a process queue starts a feeder thread in the parent
    that holds two of its semaphores, and a run stopped early (Ctrl-C, a full disk) left
    that daemon thread to the interpreter's shutdown, which could cut a semaphore's
    clean-up short; the resource tracker then printed a warning after the resume command
    (about one Ctrl-C in thirty)."""
    import queue

    import multiprocess as mp

    ctx = mp.get_context("spawn")
    counter = ctx.Value("i", 0)
    results = ctx.Queue() if workers > 1 else None
    mine: queue.SimpleQueue[ChunkResult | _WorkerFailure] = queue.SimpleQueue()
    procs = [
        ctx.Process(target=_process_worker, args=(tasks, counter, results, os.getpid()), daemon=True)
        for _ in range(workers - 1)
    ]
    for proc in procs:
        proc.start()
    stop = threading.Event()
    local = threading.Thread(target=_thread_worker, args=(tasks, counter, mine, stop), daemon=True)
    local.start()
    left = len(tasks)
    try:
        while left:
            item = _next_result(mine, results)
            if item is None:
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
