"""Reading a content set's TOML files, bounded, and the digest stored in every game row.

A content directory may come from anyone, so a file is read only when it is a regular
file (a FIFO in its place would block for ever), no larger than :data:`MAX_FILE_BYTES`
and nested no deeper than :data:`MAX_DEPTH`; anything else is one sentence naming the
file and the limit.

The digest is each game's own recipe (:class:`DigestRecipe`), fixed: a content set's
digest is stored in every game row and manifest, and ``run --resume`` compares it, so the
same files and overrides must keep giving the same digest.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError

# The largest shipped file is about 23 kB; a content file of megabytes is a mistake.
MAX_FILE_BYTES = 4 * 1024 * 1024
# Tables in arrays in tables...: the shipped files nest 5 deep (an effect's order list).
MAX_DEPTH = 32


@dataclass(frozen=True, slots=True)
class DigestRecipe:
    """How a game hashes its files and overrides into a content digest: after each
    file's name, a NUL and its bytes, ``file_end``; then, when there are overrides,
    ``overrides_tag`` and their JSON (sorted; ``compact``: without spaces)."""

    file_end: bytes = b"\0"
    overrides_tag: bytes = b"overrides\0"
    compact: bool = True

    def overrides_key(self, overrides: Mapping[str, Any]) -> str:
        """A canonical text of the overrides (hashed into the digest)."""
        separators = (",", ":") if self.compact else (", ", ": ")
        return json.dumps(dict(sorted(overrides.items())), sort_keys=True, separators=separators)


def _depth(doc: Any) -> int:
    """How deep tables and arrays nest in ``doc`` (iterative: no recursion to exhaust)."""
    deepest = 0
    todo: list[tuple[Any, int]] = [(doc, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                return depth
            children = value.values() if isinstance(value, dict) else value
            todo.extend((child, depth + 1) for child in children)
    return deepest


def read_bytes(path: Path, needed: str) -> bytes:
    """A content file's bytes: a regular file of at most :data:`MAX_FILE_BYTES`
    (``needed``: what a content directory holds, for the sentence when it is missing)."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; refused just below.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise ContentError(f"{path}: content file is missing; {needed}.") from None
    except OSError as exc:
        raise ContentError(f"{path}: cannot be read ({exc.strerror}).") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(f"{path}: is not a regular file; a content file must be one.")
        if info.st_size > MAX_FILE_BYTES:
            raise ContentError(
                f"{path}: is {info.st_size:,} bytes; a content file may be at most {MAX_FILE_BYTES:,} bytes."
            )
        chunks: list[bytes] = []
        left = MAX_FILE_BYTES + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise ContentError(f"{path}: grew past {MAX_FILE_BYTES:,} bytes while being read.")
        return b"".join(chunks)
    except OSError as exc:
        raise ContentError(f"{path}: cannot be read ({exc.strerror}).") from None
    finally:
        os.close(fd)


def parse(path: Path, raw: bytes) -> dict[str, Any]:
    """A content file's TOML document, nested no deeper than :data:`MAX_DEPTH`."""
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ContentError(f"{path}: is not valid TOML ({exc}).") from None
    except RecursionError:
        raise ContentError(f"{path}: is nested too deeply to be a content file.") from None
    if _depth(doc) > MAX_DEPTH:
        raise ContentError(
            f"{path}: is nested too deeply to be a content file (tables and arrays at most {MAX_DEPTH} deep)."
        )
    return doc


def read_file(path: Path, needed: str) -> tuple[dict[str, Any], bytes]:
    raw = read_bytes(path, needed)
    return parse(path, raw), raw


def content_dir(directory: str | Path | None, default: Path) -> Path:
    base = Path(directory) if directory is not None else default
    if not base.is_dir():
        raise ContentError(f"{base}: content directory does not exist.")
    return base


def read_set(
    base: Path, files: Iterable[str], title: str, recipe: DigestRecipe
) -> tuple[dict[str, dict[str, Any]], Any]:
    """Every file of the set in ``base``, parsed, and a running digest of their bytes
    (``hashlib`` object: :func:`digest_overrides` adds the overrides)."""
    names = tuple(files)
    needed = f"a {title} content set holds {', '.join(names)}"
    docs: dict[str, dict[str, Any]] = {}
    digest = hashlib.sha256()
    for name in names:
        docs[name], raw = read_file(base / name, needed)
        digest.update(name.encode() + b"\0" + raw + recipe.file_end)
    return docs, digest


def digest_overrides(digest: Any, recipe: DigestRecipe, overrides: Mapping[str, Any] | None) -> None:
    if overrides:
        digest.update(recipe.overrides_tag + recipe.overrides_key(overrides).encode())


def sets_in(data: Path) -> dict[str, Path]:
    """The content sets shipped in ``data``: ``data`` itself when it holds a content.toml
    (by its name), else each sub-directory that holds one (by its name and its directory's
    name)."""
    if (data / "content.toml").is_file():
        return shipped_sets([data], by_directory=False)
    return shipped_sets(sorted(data.iterdir()), by_directory=True)


def shipped_sets(directories: Iterable[Path], by_directory: bool) -> dict[str, Path]:
    """Each shipped set by its name (``[content] name`` of its content.toml) and, when
    ``by_directory``, by its directory's name too (which wins)."""
    out: dict[str, Path] = {}
    found = [d for d in directories if (d / "content.toml").is_file()]
    if by_directory:
        out.update((d.name, d) for d in found)
    for d in found:
        try:
            name = read_file(d / "content.toml", "")[0].get("content", {}).get("name")
        except ContentError:
            continue
        if isinstance(name, str):
            out.setdefault(name, d)
    return out
