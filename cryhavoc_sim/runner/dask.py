"""The Dask executor: a scenario's chunks as tasks on a Dask cluster (a named scheduler,
or a LocalCluster), a scheduler that does not answer or a cluster with no worker left
one sentence, never a hang. Workers write shards into the run directory, so on a real
cluster it must sit on a shared file system."""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.chunk import ChunkResult, ChunkTask, run_chunk
from cryhavoc_sim.runner.pool import WorkerLost

SCHEDULER = re.compile(r"(tcp|tls|ws|wss|ucx)://[A-Za-z0-9_.\-\[\]:]+:[0-9]{1,5}")
# How long to wait for a Dask scheduler to answer, and for a cluster with no worker left;
# the environment may change either (the tests shorten them): see waited().
DASK_CONNECT_SECONDS = 15.0
DASK_NO_WORKER_SECONDS = 60.0


def waited(name: str, default: float) -> float:
    """``CRYHAVOC_<name>`` from the environment (whole seconds, 1 to 3600) or ``default``;
    anything else is one sentence."""
    raw = os.environ.get(f"CRYHAVOC_{name}")
    if raw is None:
        return default
    if not raw.strip().isdigit() or not 1 <= int(raw) <= 3600:
        raise UserError(f"CRYHAVOC_{name} is {raw[:40]!r}; give whole seconds from 1 to 3600.")
    return float(int(raw))


def connect_dask(workers: int, scheduler: str | None) -> tuple[Any, Any]:
    """A Dask client: to ``scheduler`` if named, else to a LocalCluster of ``workers``
    processes. Workers write shards to the run directory, so on a real cluster it must
    sit on a shared file system. A scheduler that does not answer within
    DASK_CONNECT_SECONDS is one sentence, not a hang."""
    if scheduler is not None and not SCHEDULER.fullmatch(scheduler):
        raise UserError(
            f"--scheduler {scheduler!r} is not a Dask scheduler address; give one like tcp://host:8786."
        )
    connect_seconds = waited("DASK_CONNECT_SECONDS", DASK_CONNECT_SECONDS)
    waited("DASK_NO_WORKER_SECONDS", DASK_NO_WORKER_SECONDS)  # checked before any game
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
            return Client(scheduler, timeout=f"{connect_seconds:.0f}s"), None
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
    thread.join(connect_seconds + 5 if scheduler else 120.0)
    if not outcome:
        raise UserError(
            f"--scheduler {scheduler}: no Dask scheduler answered within {connect_seconds:.0f} s."
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


def iterate_dask(tasks: list[ChunkTask], client: Any, cluster: Any) -> Iterator[ChunkResult]:
    """Chunks as Dask tasks, results as they finish. A cluster left with no worker for
    DASK_NO_WORKER_SECONDS stops the run like a lost worker (finished chunks kept)."""
    from distributed import wait

    idle = 0.0
    limit = waited("DASK_NO_WORKER_SECONDS", DASK_NO_WORKER_SECONDS)

    def no_worker_for(seconds: float) -> None:
        nonlocal idle
        workers = client.scheduler_info().get("workers") or {}
        idle = 0.0 if workers else idle + seconds
        if idle >= limit:
            raise WorkerLost(f"the Dask cluster has had no worker for {limit:.0f} s")

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
