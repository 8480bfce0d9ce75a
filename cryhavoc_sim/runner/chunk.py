"""The chunk function: one pure function of (scenario, game range) shared by every
executor. It plays the games, writes its own Parquet shards atomically and returns
only counts (rows never travel back through the pool)."""

from __future__ import annotations

import gc
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.spec import GameSpec
from cryhavoc_sim.runner.play import Rows, play_deal
from cryhavoc_sim.runner.rundir import ensure_writer
from cryhavoc_sim.runner.scenario import Scenario
from cryhavoc_sim.storage.ledger import file_sha256

_CONTENT: dict[tuple[str, str | None, tuple[tuple[str, int, int], ...], str], Any] = {}


@dataclass(frozen=True, slots=True)
class ChunkTask:
    scenario: Scenario
    run_dir: str
    run_id: str
    start: int
    stop: int
    record_events: bool = True
    fail_fast: bool = False
    # The run attempt's id (manifest "writer"); shards are written only while the run
    # directory's manifest names it (runner/rundir.py). Empty: no check (tests).
    writer: str = ""
    # Return every game's (winners, sides) in order (a run that stops at a precision).
    outcomes: bool = False


@dataclass(frozen=True, slots=True)
class ChunkResult:
    start: int
    stop: int
    games: int
    errors: int
    wins: dict[str, int]
    first_error: str | None = None
    shards: dict[str, str] | None = None  # table -> SHA-256 of the shard written
    # Games played per faction (the win rate's denominator).
    played: dict[str, int] | None = None
    # (winners, sides) of every game in order, when the task asked (None for a game that raised)
    outcomes: tuple[tuple[tuple[str, ...], tuple[str, ...]] | None, ...] | None = None


class ShardWriteError(Exception):
    """A shard could not be written (a full disk, a read-only file system): the chunk
    wrote nothing that counts, and the run stops so that --resume can complete it."""


def content_for(scenario: Scenario, game: GameSpec | None = None) -> Any:
    """The scenario's content set, loaded once per process while its files stay the same
    (a notebook that edits content and simulates again gets the new set); ``game``: the
    scenario's game spec, when the caller has it."""
    game = game or get_game(scenario.game)
    stamp = []
    for path in game.content_files(scenario.content_dir):
        try:
            st = path.stat()
            stamp.append((str(path), st.st_mtime_ns, st.st_size))
        except OSError:
            stamp.append((str(path), -1, -1))
    key = (scenario.game, scenario.content_dir, tuple(stamp), repr(scenario.overrides))
    content = _CONTENT.get(key)
    if content is None:
        content = _CONTENT[key] = game.load_content(scenario.content_dir, scenario.override_map)
    return content


# Games whose rows are held as Python lists before they become a (compact) frame: it
# bounds a worker's memory whatever the chunk size.
FLUSH_EVERY = 100


class ChunkStopped(Exception):
    """Raised by :func:`run_chunk` when asked to stop: the chunk wrote nothing."""


def run_chunk(task: ChunkTask, stop: Callable[[], bool] | None = None) -> ChunkResult:
    """Play the chunk's games and write its shards. ``stop`` is checked between games
    (the parent's own share of a multi-worker run stops on Ctrl-C this way)."""
    from cryhavoc_sim.storage.writer import to_frame, write_shard

    scenario = task.scenario
    module = get_game(scenario.game)  # the chunk's one look-up of its game
    content = content_for(scenario, module)
    rows = Rows(module)
    frames: dict[str, list[Any]] = {t: [] for t in rows.tables}

    def flush() -> None:
        nonlocal rows
        for table, columns in rows.tables.items():
            if columns["game_id"]:
                frames[table].append(to_frame(table, rows.schemas[table], columns, rows.run_id))
        rows = Rows(module)

    wins: dict[str, int] = {}
    played: dict[str, int] = {}
    outcomes: list[tuple[tuple[str, ...], tuple[str, ...]] | None] = []
    errors = 0
    first_error = None
    with _fewer_collections():
        for game_id in range(task.start, task.stop):
            if game_id > task.start and (game_id - task.start) % FLUSH_EVERY == 0:
                flush()
            if stop is not None and stop():
                raise ChunkStopped(f"chunk {task.start}-{task.stop} stopped at game {game_id}")
            # the game's seed, bots and policy, derived once (games/harness/deal.py)
            deal = module.deal(scenario.setup, scenario.seed, game_id)
            try:
                result = play_deal(module, scenario, content, deal, task.record_events)
            except Exception as exc:
                errors += 1
                first_error = first_error or f"game {game_id}: {exc!r}"
                rows.add_error(game_id, deal.seed, repr(exc), traceback.format_exc())
                if task.outcomes:
                    outcomes.append(None)
                if task.fail_fast:
                    break
                continue
            rows.add_game(task.run_id, module, scenario, content, game_id, deal, result)
            if task.outcomes:
                outcomes.append((result.winners, tuple(result.sides)))
            for w in result.winners:  # a shared win counts for each of its sides, as `won` does
                wins[w] = wins.get(w, 0) + 1
            for f in result.sides:
                played[f] = played.get(f, 0) + 1
    flush()
    run_dir = Path(task.run_dir)
    if not frames["games"]:
        frames["games"] = [to_frame("games", rows.schemas["games"], rows.tables["games"])]
    shards: dict[str, str] = {}
    footer = {
        "cryhavoc_sim.run_id": task.run_id,
        "cryhavoc_sim.game": scenario.game,
        "cryhavoc_sim.scenario": scenario.name,
        "cryhavoc_sim.content_id": content.content_id,
        "cryhavoc_sim.rules_version": module.rules_version,
    }
    ensure_writer(run_dir, task.writer)
    try:
        for table in ("events", "seats", "errors", "games"):
            if frames[table]:
                shards[table] = file_sha256(write_shard(run_dir, table, task.start, frames[table], footer))
    except Exception as exc:
        import polars as pl

        if not isinstance(exc, OSError | pl.exceptions.PolarsError):
            raise
        # polars reports a full disk as a ComputeError naming the IO error.
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc).split(": ")[-1]
        raise ShardWriteError(f"cannot write shards to {run_dir} ({why})") from None
    return ChunkResult(
        task.start,
        task.stop,
        task.stop - task.start - errors,
        errors,
        wins,
        first_error,
        shards,
        played,
        tuple(outcomes) if task.outcomes else None,
    )


@contextmanager
def _fewer_collections() -> Iterator[None]:
    """Games allocate millions of short-lived tuples and lists; at the default threshold
    (700) the cyclic collector runs thousands of times a game and each full pass walks
    the bots' memos. Games leave few cycles, so a chunk collects less often (what the
    collector cost: docs/measured.md). The game's results are the same."""
    old = gc.get_threshold()
    gc.set_threshold(20_000, 20, 50)
    try:
        yield
    finally:
        gc.set_threshold(*old)
