"""Typed reading of scenario fields, each failure one sentence naming the file, the
field and what is allowed. Shared by the generic scenario parser and each game's own."""

from __future__ import annotations

import math
from typing import Any

from cryhavoc_sim.errors import ScenarioError


def field_error(path: str, field: str, problem: str) -> ScenarioError:
    return ScenarioError(f"{path}: field '{field}' {problem}.")


def get_field(
    table: dict[str, Any], prefix: str, path: str, key: str, kind: type, default: Any = None
) -> Any:
    """``table[key]`` (or ``default``) checked to be a ``kind``; missing when both are None."""
    value = table.get(key, default)
    if value is None:
        raise field_error(path, f"{prefix}.{key}", "is missing")
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise field_error(path, f"{prefix}.{key}", f"must be {kind.__name__}, got {value!r}")
    return value


def finite_number(x: Any, bound: float = math.inf) -> bool:
    """Whether ``x`` (read from JSON) is a finite number of at most ``bound`` in size: not
    a bool, NaN, an infinity, or an integer too large for a float."""
    if not isinstance(x, (int, float)) or isinstance(x, bool):
        return False
    try:
        return math.isfinite(x) and abs(x) <= bound
    except OverflowError:  # a JSON integer too large for a float
        return False
