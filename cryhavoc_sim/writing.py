"""Writing an output file (a report page, a figure, an index, a results table, a record)
whole or not at all, and never through a symbolic link.

:func:`make_dirs` creates a folder below a root the user gave (``-o``, a study's
directory), refusing a link at the folder and at every folder on the way; the root itself
may be a link the user made. :func:`write_file` refuses a link at the file, writes a
temporary file beside it opened without following a link, and renames it into place: a
full or read-only disk leaves the previous file (or none) and is one sentence naming the
path (:class:`~cryhavoc_sim.errors.UserError`)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError

NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _link(path: Path) -> UserError:
    return UserError(
        f"{path}: is a symbolic link; the tool never writes through a link: remove it or choose another -o."
    )


class WriteError(UserError):
    """A file or folder that cannot be written (a full or read-only disk): one sentence
    naming it; ``path`` and ``why`` let a command say it in its own words."""

    def __init__(self, path: Path, why: str) -> None:
        super().__init__(f"{path}: cannot be written ({why}); nothing was left half-written.")
        self.path = path
        self.why = why


def _cannot(path: Path, exc: OSError) -> WriteError:
    return WriteError(path, str(exc.strerror or exc))


def make_dirs(folder: Path, root: Path | None = None) -> Path:
    """Create ``folder`` (and the folders on the way); every one of them below ``root``
    (default: ``folder``, the user's ``-o``) that exists must be a real folder, not a
    link; ``root`` itself may be a link the user made. Returns ``folder``."""
    top = root if root is not None else folder
    try:
        below = folder.relative_to(top).parts
    except ValueError:
        below = ()
        top = folder
    steps = [top, *(top.joinpath(*below[: i + 1]) for i in range(len(below)))]
    for i, step in enumerate(steps):
        if step.is_symlink() and i > 0:
            raise _link(step)
        if step.exists() and not step.is_dir():
            raise UserError(f"{step}: is a file, not a directory; choose another -o.")
    refuse_links_in(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _cannot(folder, exc) from None
    return folder


def refuse_links_in(folder: Path) -> None:
    """One sentence when ``folder`` holds a symbolic link anywhere inside: an output
    folder holds the tool's own files, and a planted link would have one written through
    it; refused before anything is written."""
    if not folder.is_dir():
        return
    found = []
    for where, dirs, files in os.walk(folder):  # never descends into a linked folder
        found += [
            str((Path(where) / n).relative_to(folder))
            for n in (*dirs, *files)
            if (Path(where) / n).is_symlink()
        ]
    if found:
        more = f" and {len(found) - 3:,} more" if len(found) > 3 else ""
        raise UserError(
            f"{folder}: holds symbolic links ({', '.join(sorted(found)[:3])}{more}); the tool never"
            " writes through a link: remove them or choose another -o."
        )


def write_file(path: Path, data: str | bytes) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename; a link, a FIFO,
    a device or a folder at ``path`` is refused, a write error is one sentence."""
    try:
        mode: int | None = path.lstat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:
        raise _cannot(path, exc) from None
    if mode is not None and stat.S_ISLNK(mode):
        raise _link(path)
    if mode is not None and not stat.S_ISREG(mode):
        raise UserError(f"{path}: is not a regular file; the tool writes only files of its own there.")
    tmp = path.with_name(f".{path.name}.tmp")
    if tmp.is_symlink():
        tmp.unlink()  # removing a planted link touches nothing behind it
    raw = data.encode() if isinstance(data, str) else data
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | NO_FOLLOW, 0o644)
        try:
            view = memoryview(raw)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)  # a full disk that allocates late says so here, not after the rename
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as exc:
        if tmp.is_file() and not tmp.is_symlink():
            tmp.unlink(missing_ok=True)
        raise _cannot(path, exc) from None
    return path


def save_figure(fig: Any, path: Path, **options: Any) -> Path:
    """A matplotlib figure drawn into memory, then written with :func:`write_file` (the
    format from ``path``'s suffix, as ``savefig`` would choose it)."""
    import io

    buffer = io.BytesIO()
    fig.savefig(buffer, format=path.suffix.lstrip(".").lower() or "png", **options)
    return write_file(path, buffer.getvalue())


def write_parquet(frame: Any, path: Path) -> Path:
    """A polars DataFrame as Parquet, written with :func:`write_file`."""
    import io

    buffer = io.BytesIO()
    frame.write_parquet(buffer)
    return write_file(path, buffer.getvalue())


def append_summary(path: Path, text: str) -> None:
    """Append ``text`` to ``path`` (a CI step summary is appended to, not replaced): a
    link is refused, and so is a FIFO or a device, before anything is written (opening a
    FIFO would wait for a reader for ever)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | NO_FOLLOW | getattr(os, "O_NONBLOCK", 0)
    if path.is_symlink():
        raise _link(path)
    if path.exists() and not path.is_file():
        raise UserError(f"{path}: is not a regular file; a step summary is appended to a regular file.")
    fd = os.open(path, flags, 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UserError(f"{path}: is not a regular file; a step summary is appended to a regular file.")
        os.set_blocking(fd, True)
        view = memoryview(text.encode())
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


@contextmanager
def all_or_nothing(folder: Path) -> Iterator[None]:
    """Files written into ``folder`` inside the block stay only if the block ends
    normally: an error (a full disk halfway through a report) removes the files it
    created there, and the folder itself when the block created it, so no half report is
    left beside a refusal. Files that were there before are left (each was replaced
    whole, or not at all)."""
    existed = folder.is_dir()
    before = {p.name for p in folder.iterdir()} if existed else set()
    try:
        yield
    except BaseException:
        if folder.is_dir() and not folder.is_symlink():
            for p in folder.iterdir():
                if p.name not in before and p.is_file() and not p.is_symlink():
                    p.unlink(missing_ok=True)
            if not existed and not any(folder.iterdir()):
                folder.rmdir()
        raise
