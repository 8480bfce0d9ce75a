"""The run directory's integrity: one writer at a time, shards a run can prove it wrote,
and the checks that keep a resumed run one run.

- **One writer.** A run (and a ``--resume``) holds an exclusive lock on ``RUN_DIR/.lock``
  for its whole life; a second writer is refused with one sentence.
- **A ledger of shards.** Each run attempt has a ``writer`` id in the manifest. A worker
  writes a chunk's shards only while the manifest names its writer (so a worker that
  outlived its parent, or one of another run, never adds to a run that is not its own),
  and returns each shard's SHA-256. The parent records them in ``manifest["chunks"]``.
  Only chunks in that ledger, with every shard present and unchanged, count as done;
  readers read exactly the ledger's shards.
- **Resume checks.** Everything that shapes what is written (scenario text, games, seed,
  rules version, content hash, event logging, the chunk plan) must match the run being
  completed.
- **No writes through links.** A symbolic link planted in a run directory (``.lock``, the
  manifest or its temporary file, a table folder, a shard) would let whoever made it
  point the tool's writes and deletions at any file its user may change. A run refuses
  a directory holding one (:func:`refuse_links`) before writing anything, and every file
  the tool creates there is opened with ``O_NOFOLLOW`` (:func:`open_new`), so a link
  planted after the check fails the write instead of following it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.storage.ledger import RUN_TABLES, file_sha256

LOCK = ".lock"
# The most games one run plans: 200,000 chunks at most, a manifest ledger of a few MB.
MAX_GAMES = 100_000_000


def refuse_links(run_dir: Path) -> None:
    """One sentence when ``run_dir`` holds a symbolic link where the tool writes or
    deletes: at its top level, as a table folder, or in one."""
    if not run_dir.is_dir():
        return
    found: list[Path] = []
    for entry in run_dir.iterdir():
        if entry.is_symlink():
            found.append(entry)
        elif entry.name in RUN_TABLES and entry.is_dir():
            found += [p for p in entry.iterdir() if p.is_symlink()]
    if found:
        shown = ", ".join(str(p.relative_to(run_dir)) for p in sorted(found)[:3])
        more = f" and {len(found) - 3} more" if len(found) > 3 else ""
        raise UserError(
            f"{run_dir}: holds symbolic links ({shown}{more}); the tool never writes or deletes"
            " through a link: remove them or choose another -o."
        )


def open_new(path: Path, flags: int = os.O_WRONLY | os.O_CREAT | os.O_TRUNC) -> int:
    """``os.open`` that never follows a symbolic link at ``path`` (ELOOP instead)."""
    return os.open(path, flags | getattr(os, "O_NOFOLLOW", 0), 0o644)


def check_target(run_dir: Path) -> None:
    """One sentence when ``run_dir`` cannot be a run directory at all: a file, a dangling
    symlink, a path under a file, a place that cannot be written."""
    if run_dir.is_symlink() and not run_dir.exists():
        raise UserError(f"{run_dir}: is a dangling symbolic link; give a directory for the run.")
    if run_dir.exists() and not run_dir.is_dir():
        raise UserError(f"{run_dir}: is a file, not a directory; give a new or empty directory for the run.")
    for parent in run_dir.absolute().parents:
        if parent.exists():
            if not parent.is_dir():
                raise UserError(f"{run_dir}: {parent} is a file, so no directory can be made under it.")
            break


def foreign_content(run_dir: Path) -> str | None:
    """What makes ``run_dir`` unusable for a new run, or None: shards without a manifest
    (they cannot be proven to belong to any run), or other files."""
    if not run_dir.is_dir():
        return None
    shards = [p for t in RUN_TABLES for p in (run_dir / t).glob("*") if (run_dir / t).is_dir()]
    if shards:
        return (
            f"holds {len(shards)} shard file(s) but no manifest.json, so nothing proves which run wrote them"
        )
    others = [p.name for p in run_dir.iterdir() if p.name != LOCK]
    if others:
        return f"is not empty ({', '.join(sorted(others)[:3])}{', ...' if len(others) > 3 else ''})"
    return None


def lock_holder(run_dir: Path) -> str | None:
    """Who holds ``run_dir``'s lock now (its pid as written, or "another process"), or None
    when no run is writing there. Reads only: a directory that is not empty because
    another run has just started writing in it is that run's, not foreign content."""
    import fcntl

    path = run_dir / LOCK
    if not path.is_file() or path.is_symlink():
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return os.pread(fd, 32, 0).decode(errors="replace").strip() or "another process"
        return None
    finally:
        os.close(fd)  # releases the lock if this call took it


@contextmanager
def locked(run_dir: Path) -> Iterator[None]:
    """Hold the run directory's exclusive lock, or say who holds it (exit code 2)."""
    import fcntl

    try:
        fd = open_new(run_dir / LOCK, os.O_RDWR | os.O_CREAT)
    except OSError as exc:
        raise UserError(f"{run_dir}: cannot write there ({run_dir / LOCK}: {exc.strerror}).") from None
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "another process"
            raise UserError(
                f"{run_dir}: another run is writing there (pid {holder}); wait for it to finish or choose another -o."
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def manifest_writer(run_dir: Path) -> str | None:
    try:
        data = json.loads((run_dir / "manifest.json").read_text())
    except (OSError, ValueError):
        return None
    writer = data.get("writer") if isinstance(data, dict) else None
    return writer if isinstance(writer, str) else None


class NotOurRun(Exception):
    """A worker's run directory no longer belongs to the run that started it."""


def ensure_writer(run_dir: Path, writer: str) -> None:
    """Raise :class:`NotOurRun` unless the manifest in ``run_dir`` names ``writer``."""
    if writer and manifest_writer(run_dir) != writer:
        raise NotOurRun(f"{run_dir} is no longer written by run {writer}; the chunk is dropped")


def verified_chunks(run_dir: Path, entries: dict[int, dict[str, Any]]) -> set[int]:
    """Starts of the ledger's chunks whose every shard is on disk with its recorded hash."""
    from cryhavoc_sim.storage.writer import shard_name

    good = set()
    for start, entry in entries.items():
        name = shard_name(start)
        if all(
            (run_dir / t / name).is_file() and file_sha256(run_dir / t / name) == sha
            for t, sha in entry["shards"].items()
        ):
            good.add(start)
    return good


def drop_unproven(run_dir: Path, keep: set[int]) -> int:
    """Remove shard files of chunks not in ``keep`` (a worker killed with its parent, a
    chunk that failed its check): they are played again. Returns how many went."""
    from cryhavoc_sim.storage.writer import shard_name

    names = {shard_name(s) for s in keep}
    gone = 0
    refuse_links(run_dir)  # never delete behind a linked folder
    for table in RUN_TABLES:
        folder = run_dir / table
        if not folder.is_dir():
            continue
        for path in folder.glob("*.parquet"):
            if path.name not in names:
                path.unlink()
                gone += 1
        for tmp in folder.glob(".chunk-*.tmp"):  # left by a worker killed mid-write
            tmp.unlink()
    return gone


UNRECORDED_BOTS = "unrecorded (a run from before bot versions)"


def bots_version_of(manifest: dict[str, Any]) -> str:
    """The bots version a run was played with; runs from before the field existed played
    with bots that are not this version's."""
    version = manifest.get("bots_version")
    return version if isinstance(version, str) else UNRECORDED_BOTS
