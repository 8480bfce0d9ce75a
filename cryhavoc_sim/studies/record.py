"""A study's directory (a sweep's, a balance study's, a calibration's or a bot
tuning's): its JSON record, opened new or to resume, written whole and never left saying
"running"; the runs in its sub-folders, complete or not, and refused when a sub-folder
holds the run of something else; nothing written or deleted through a link."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.studies.files import named, read_regular


def refuse_links(out: Path, kind: str) -> None:
    """One sentence when the sweep or calibration directory ``out`` holds a symbolic link
    anywhere inside (a record, a temporary file, a cell's folder, a table...): the tool
    writes, renames and deletes only its own files, never through a link to someone else's.
    ``out`` itself may be a link the user made; what is inside it is the tool's."""
    if not out.is_dir():
        return
    found = []
    for root, dirs, files in os.walk(out):  # never descends into a linked folder
        for name in (*dirs, *files):
            p = Path(root) / name
            if p.is_symlink():
                found.append(str(p.relative_to(out)))
    if found:
        raise UserError(
            f"{out}: holds symbolic links ({named(sorted(found))}); the tool never writes or deletes"
            f" through a link: remove them or choose another directory for the {kind}."
        )


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all, never through a link
    (:func:`cryhavoc_sim.writing.write_file`; a full disk is one sentence naming it)."""
    from cryhavoc_sim.writing import write_file

    write_file(path, text)


def write_json(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` to ``path`` atomically (see :func:`write_text`)."""
    write_text(path, json.dumps(data, indent=2, default=str) + "\n")


def run_complete(run_dir: Path, expected: str | None = None) -> bool:
    """Whether ``run_dir`` holds a complete run (its manifest says so); with ``expected``
    (the ``config_hash`` of what the study asks this directory to hold), a complete run
    of anything else is one sentence (:func:`check_study_run`), never used as this one."""
    path = run_dir / "manifest.json"
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise UserError(f"{path}: is not a regular file; a run's manifest is one the tool wrote.")
    if not path.is_file():
        return False
    try:
        manifest = json.loads(read_regular(path, "manifest", 64_000_000))
    except (OSError, ValueError, RecursionError, UserError):
        return False
    if not isinstance(manifest, dict) or manifest.get("status") != "complete":
        return False
    check_study_run(run_dir, manifest, expected)
    return True


def check_study_run(run_dir: Path, manifest: dict[str, Any], expected: str | None) -> None:
    """One sentence when the run in ``run_dir`` is not the one a study asked for there:
    its manifest's ``config_hash`` (the scenario text with its line-up and overrides,
    games, seed and stopping rule) is not ``expected`` (a rung's, a cell's or a trial's
    directory replaced by another's). ``expected`` None: a record written before studies
    kept it; nothing to compare."""
    if expected is None or manifest.get("config_hash") == expected:
        return
    raise UserError(
        f"{run_dir}: holds a run of another scenario, line-up, games or seed than the study"
        " asked for there (its manifest's config_hash differs); remove that directory to"
        " play it again, or restore the study's own."
    )


def load_study_run(run_dir: Path, expected: str | None) -> Any:
    """The verified run in ``run_dir`` (storage/reader.py's ``load_run``), refused when it
    is not the one the study asked for there (:func:`check_study_run`)."""
    from cryhavoc_sim.storage.reader import load_run

    run = load_run(run_dir)
    check_study_run(run_dir, run.manifest, expected)
    return run


def open_record(
    out: Path, name: str, kind: str, key: str, text: str, other: str, resume: bool
) -> dict[str, Any] | None:
    """The record ``out/name`` of a sweep or calibration to complete (``resume``), checked
    to be of the same file (``record[key] == text``; else it holds one of ``other``), or
    None for a new one in a new or empty directory; anything else is one sentence, before
    anything is written."""
    path = out / name
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: is a file, not a directory; give a directory for the {kind}.")
    refuse_links(out, kind)
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
        record: dict[str, Any] = json.loads(read_regular(path, kind, 64_000_000))
    except (OSError, ValueError, RecursionError) as exc:
        why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise UserError(f"{path}: cannot be read ({why}).") from None
    if not isinstance(record, dict):
        raise UserError(f"{path}: is not a {kind} record written by cryhavoc-sim (not a JSON object).")
    if record.get(key) != text:
        raise UserError(f"{out}: holds a {kind} of {other}; resuming would mix the two.")
    return record


def mark_interrupted(path: Path) -> None:
    """Set the study record ``path`` to "interrupted" if it still says "running" (a
    record is never left saying running once its command has ended); an unreadable
    record is left as it is."""
    try:
        record = json.loads(read_regular(path, "record", 64_000_000))
        if isinstance(record, dict) and record.get("status") == "running":
            record["status"] = "interrupted"
            write_json(path, record)
    except (OSError, ValueError, RecursionError, UserError):
        pass
