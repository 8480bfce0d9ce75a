"""Reading a design or targets file: a shipped one by name, TOML, the tables allowed,
the head table's fields and its name; each problem one sentence naming file and field.
Also the small JSON record and run-status helpers sweeps and calibrations share."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.scenario import NAME


class DesignError(UserError):
    """A design or targets file that cannot be played: one sentence naming the file and the field."""


def fail(path: str, field: str, problem: str) -> DesignError:
    return DesignError(f"{path}: field '{field}' {problem}.")


def read_file(path: str | Path, shipped: Path, kind: str) -> tuple[str, str]:
    """(text, path read) of ``path``, or of the shipped file of that name in ``shipped``."""
    p = Path(path)
    if not p.exists() and not p.suffix and (shipped / f"{p.name}.toml").exists():
        p = shipped / f"{p.name}.toml"
    try:
        return p.read_text(), str(p)
    except FileNotFoundError:
        names = ", ".join(sorted(x.stem for x in shipped.glob("*.toml")))
        raise DesignError(
            f"{path}: {kind} file not found; give a path to a .toml file or a shipped one ({names})."
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DesignError(f"{path}: {kind} file cannot be read ({exc}).") from None


def read_head(
    text: str, path: str, head_table: str, tables: tuple[str, ...], fields: tuple[str, ...]
) -> tuple[dict[str, Any], dict[str, Any], str]:
    """(document, head table, its checked ``name``) of a design or targets file."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DesignError(f"{path}: is not valid TOML ({exc}).") from None
    unknown = set(doc) - set(tables)
    if unknown:
        raise DesignError(
            f"{path}: unknown table(s) {', '.join(sorted(unknown))}; allowed: {', '.join(tables)}."
        )
    head = doc.get(head_table)
    if not isinstance(head, dict):
        raise DesignError(f"{path}: needs a [{head_table}] table.")
    for key in head:
        if key not in fields:
            raise fail(
                path, f"{head_table}.{key}", f"is not a {head_table} field; allowed: {', '.join(fields)}"
            )
    name = head.get("name")
    if not isinstance(name, str) or not NAME.fullmatch(name) or len(name) > 50:
        raise fail(
            path, f"{head_table}.name", f"must be 1 to 50 letters, digits, '_', '-' or '.', got {name!r}"
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
        raise fail(path, f"{table}.{key}", f"must be a whole number from {lo:,} to {hi:,}, got {value!r}")
    return value


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically (a temporary file, then a rename)."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, default=str) + "\n")
    os.replace(tmp, path)


def run_complete(run_dir: Path) -> bool:
    """Whether ``run_dir`` holds a complete run (its manifest says so)."""
    try:
        return bool(json.loads((run_dir / "manifest.json").read_text()).get("status") == "complete")
    except (OSError, ValueError):
        return False


def open_record(
    out: Path, name: str, kind: str, key: str, text: str, other: str, resume: bool
) -> dict[str, Any] | None:
    """The record ``out/name`` of a sweep or calibration to complete (``resume``), checked
    to be of the same file (``record[key] == text``; else it holds one of ``other``), or
    None for a new one in a new or empty directory; anything else is one sentence, before
    anything is written."""
    path = out / name
    if path.exists() and not resume:
        raise UserError(
            f"{out}: a {kind} already exists there; add --resume to complete it or choose another -o."
        )
    if not resume:
        if out.exists() and any(out.iterdir()):
            raise UserError(
                f"{out}: exists and is not empty; choose a new or empty directory for the {kind}."
            )
        return None
    if not path.exists():
        raise UserError(f"{out}: nothing to resume (no {name}); run without --resume.")
    try:
        record: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise UserError(f"{path}: cannot be read ({exc}).") from None
    if record.get(key) != text:
        raise UserError(f"{out}: holds a {kind} of {other}; resuming would mix the two.")
    return record
