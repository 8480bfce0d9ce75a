"""The text of a report's summary.json, the same for the same games: every float to 12
significant digits. polars' float sums and means add in pieces whose split varies from
call to call, so a figure read twice from the same games can differ in its last digits
(a rate, the game flow's excitement, a fair share); 12 digits keep every figure's
meaning and drop that noise."""

from __future__ import annotations

import json
import math
from typing import Any

DIGITS = 12


def steady(value: Any) -> Any:
    """``value`` with every float (in dicts, lists and tuples, at any depth) rounded to
    DIGITS significant digits; NaN and infinities as they are."""
    if isinstance(value, float):
        return float(f"{value:.{DIGITS}g}") if math.isfinite(value) else value
    if isinstance(value, dict):
        return {k: steady(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [steady(v) for v in value]
    return value


def summary_text(summary: dict[str, Any]) -> str:
    """summary.json's text: indented, floats steadied, anything else JSON cannot hold as
    its string."""
    return json.dumps(steady(summary), indent=2, default=str) + "\n"
