"""A balance study's directory as it is read back: its record (``balance.json``, written
by ``balance/study.py``) and where each rung's run is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError

BALANCE_FILE = "balance.json"


def rung_dir(out: Path, index: int) -> Path:
    return out / "rungs" / f"r{index:02d}"


def read_record(out: Path) -> dict[str, Any]:
    """The study's ``balance.json``, or one sentence: missing, not a regular file, or
    not the JSON object this tool writes."""
    path = out / BALANCE_FILE
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise UserError(f"{path}: is not a regular file; a balance study's record is one the tool wrote.")
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(f"{out}: not a balance study (no {BALANCE_FILE}).") from None
    except (OSError, ValueError, RecursionError) as exc:
        why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise UserError(f"{path}: is unreadable or corrupt ({why}).") from None
    if not isinstance(data, dict) or not isinstance(data.get("rungs"), list):
        raise UserError(f"{path}: is not a balance study's record (no list of rungs).")
    return data
