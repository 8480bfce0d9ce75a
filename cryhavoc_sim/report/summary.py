"""The text of a report's summary.json, steadied against noise in the last digits: every
float to 12 significant digits, and one within 1e-12 of 0 written as 0. polars' float
sums and means add in pieces whose split varies from call to call, so a figure read twice
from the same games can differ in its last digits (a rate, the game flow's excitement, a
fair share); 12 digits keep every figure's meaning and drop that noise, except for a value
whose noise straddles a rounding boundary (about 1 in 10,000 noisy values): the sums
that matter most are taken in a fixed order where they are computed (``analysis/luck.py``)."""

from __future__ import annotations

import json
import math
from typing import Any

DIGITS = 12
ZERO = 1e-12  # a float this near 0 is 0 plus noise (0.1 + 0.2 - 0.3 is 5.55e-17)


def steady(value: Any) -> Any:
    """``value`` with every float (in dicts, lists and tuples, at any depth) rounded to
    DIGITS significant digits, and within ZERO of 0 written as 0; NaN and infinities as
    they are."""
    if isinstance(value, float):
        if not math.isfinite(value):
            return value
        return 0.0 if abs(value) < ZERO else float(f"{value:.{DIGITS}g}")
    if isinstance(value, dict):
        return {k: steady(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [steady(v) for v in value]
    return value


def summary_text(summary: dict[str, Any]) -> str:
    """summary.json's text: indented, floats steadied, anything else JSON cannot hold as
    its string."""
    return json.dumps(steady(summary), indent=2, default=str) + "\n"
