"""Reading a sweep's record (``sweep.json``) back: only a regular file of bounded size,
JSON of bounded depth, and of the shape ``sweeps.run`` writes, so a record edited by hand
or copied from elsewhere is one sentence rather than a traceback deep in the analysis."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.studies.files import DesignError, read_regular
from cryhavoc_sim.sweeps.design import METHODS

SWEEP_FILE = "sweep.json"
# 10,000 cells of a few factors' values, the design text and SALib's matrix fit well inside.
MAX_RECORD_BYTES = 64_000_000


def cell_dir(out: Path, cell: int) -> Path:
    """Where cell ``cell``'s run is in the sweep ``out``."""
    return out / "cells" / f"c{cell:04d}"


def read_record(out: Path) -> dict[str, Any]:
    """``out/sweep.json``, checked to be a sweep record (one sentence otherwise)."""
    path = out / SWEEP_FILE
    try:
        text = read_regular(path, "sweep record", MAX_RECORD_BYTES)
        data = json.loads(text)
    except FileNotFoundError:
        raise UserError(f"{out}: is not a sweep directory (no {SWEEP_FILE}).") from None
    except DesignError:
        raise
    except (OSError, ValueError, RecursionError) as exc:
        why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise UserError(f"{path}: cannot be read ({why}).") from None
    problem = _shape(data)
    if problem:
        raise UserError(f"{path}: is not a sweep record written by cryhavoc-sim ({problem}).")
    return dict(data)


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _shape(data: Any) -> str | None:
    """What is wrong with the record's shape, or None."""
    if not isinstance(data, dict):
        return "not a JSON object"
    if data.get("kind") != "cryhavoc-sim sweep":
        return "its 'kind' is not 'cryhavoc-sim sweep'"
    for key in ("name", "game", "scenario", "design_text", "design_path", "status"):
        if not isinstance(data.get(key), str):
            return f"no text '{key}'"
    if data.get("method") not in METHODS:
        return f"'method' is not one of {', '.join(METHODS)}"
    if not _whole(data.get("games_per_cell")) or data["games_per_cell"] < 1:
        return "'games_per_cell' is not a whole number of at least 1"
    if not _whole(data.get("seed")):
        return "'seed' is not a whole number"
    factors = data.get("factors")
    if not isinstance(factors, list) or not factors:
        return "no 'factors' list"
    for f in factors:
        if not (
            isinstance(f, dict)
            and isinstance(f.get("path"), str)
            and isinstance(f.get("values"), list)
            and len(f["values"]) >= 1
        ):
            return "a factor is not {path, values}"
    cells = data.get("cells")
    if not isinstance(cells, list) or not cells:
        return "no 'cells' list"
    for i, c in enumerate(cells):
        ok = (
            isinstance(c, dict)
            and c.get("cell") == i
            and _whole(c.get("cell"))
            # the cell's directory is the one the tool names, never a path of the record's choosing
            and c.get("dir") == f"cells/c{i:04d}"
            and isinstance(c.get("values"), dict)
            and isinstance(c.get("levels", {}), dict)  # absent in sweeps written before it
            and isinstance(c.get("complete"), bool)
        )
        if not ok:
            return f"cell entry {i} is malformed"
    rows = data.get("rows", [])
    if not isinstance(rows, list) or not all(_whole(r) and 0 <= r < len(cells) for r in rows):
        return "'rows' are not cell numbers"
    matrix = data.get("matrix", [])
    if not isinstance(matrix, list) or not all(
        isinstance(row, list)
        and len(row) == len(factors)
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in row)
        for row in matrix
    ):
        return "'matrix' is not rows of numbers, one per factor"
    return None
