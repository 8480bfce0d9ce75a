"""Reading a study's input file (a sweep's design, a calibration's or a bot tuning's
targets): a shipped one by name, TOML, the tables allowed, the head table's fields and
its name; each problem one sentence naming file and field."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.scenario import NAME


class DesignError(UserError):
    """A design or targets file that cannot be played: one sentence naming the file and the field."""


def fail(path: str, field: str, problem: str) -> DesignError:
    return DesignError(f"{path}: field '{field}' {problem}.")


# A design or targets file is a screen or two of TOML; a larger one is not one (and a
# device or a FIFO would make the read unbounded or block for ever).
MAX_FILE_BYTES = 1_000_000


def read_file(path: str | Path, shipped: Path, kind: str) -> tuple[str, str]:
    """(text, path read) of ``path``, or of the shipped file of that name in ``shipped``;
    only a regular file of at most MAX_FILE_BYTES is read."""
    p = Path(path)
    if not p.exists() and not p.suffix and (shipped / f"{p.name}.toml").exists():
        p = shipped / f"{p.name}.toml"
    try:
        return read_regular(p, kind), str(p)
    except FileNotFoundError:
        names = ", ".join(sorted(x.stem for x in shipped.glob("*.toml")))
        raise DesignError(
            f"{path}: {kind} file not found; give a path to a .toml file or a shipped one ({names})."
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DesignError(f"{path}: {kind} file cannot be read ({exc}).") from None


def read_regular(path: Path, kind: str, limit: int = MAX_FILE_BYTES) -> str:
    """The text of ``path`` if it is a regular file of at most ``limit`` bytes, else one
    sentence (FileNotFoundError is left to the caller, who knows what was meant)."""
    import stat

    st = path.stat()
    if not stat.S_ISREG(st.st_mode):
        raise DesignError(f"{path}: is not a regular file; a {kind} file is a TOML or JSON text file.")
    if st.st_size > limit:
        raise DesignError(f"{path}: is {st.st_size:,} bytes; allowed for a {kind} file: at most {limit:,}.")
    with path.open("rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise DesignError(f"{path}: grew past {limit:,} bytes while being read; allowed: at most {limit:,}.")
    return data.decode()


def read_head(
    text: str, path: str, head_table: str, tables: tuple[str, ...], fields: tuple[str, ...]
) -> tuple[dict[str, Any], dict[str, Any], str]:
    """(document, head table, its checked ``name``) of a design or targets file."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DesignError(f"{path}: is not valid TOML ({exc}).") from None
    except RecursionError:
        raise DesignError(f"{path}: is nested too deeply to be a {head_table} file.") from None
    unknown = set(doc) - set(tables)
    if unknown:
        raise DesignError(f"{path}: unknown table(s) {named(sorted(unknown))}; allowed: {', '.join(tables)}.")
    head = doc.get(head_table)
    if not isinstance(head, dict):
        raise DesignError(f"{path}: needs a [{head_table}] table.")
    for key in head:
        if key not in fields:
            raise fail(
                path, f"{head_table}.{key[:50]}", f"is not a {head_table} field; allowed: {', '.join(fields)}"
            )
    name = head.get("name")
    if not isinstance(name, str) or not NAME.fullmatch(name) or len(name) > 50:
        raise fail(
            path, f"{head_table}.name", f"must be 1 to 50 letters, digits, '_', '-' or '.', got {shown(name)}"
        )
    return doc, head, name


def whole(
    head: dict[str, Any], path: str, table: str, key: str, default: int | None, lo: int, hi: int
) -> int:
    """A whole-number field of the head table, between ``lo`` and ``hi``."""
    value = head.get(key, default)
    if value is None:
        raise fail(path, f"{table}.{key}", "is missing")
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise fail(
            path, f"{table}.{key}", f"must be a whole number from {lo:,} to {hi:,}, got {shown(value)}"
        )
    return value


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: a value from a file can be megabytes."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 1]}… ({len(text):,} characters)"


def named(paths: list[str], limit: int = 3) -> str:
    """The first ``limit`` of ``paths`` and how many more: an error line stays short
    however many there are."""
    shown = ", ".join(p if len(p) <= 60 else f"{p[:59]}…" for p in paths[:limit])
    return shown + (f" and {len(paths) - limit:,} more" if len(paths) > limit else "")
