"""The one Wilson interval (analysis/wilson.py): whole counts through scipy, an effective
number of games by the same formula, and no other module computing one of its own."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from cryhavoc_sim.analysis.wilson import Z95, wilson, wilson_interval

PACKAGE = Path(__file__).resolve().parents[2] / "cryhavoc_sim"


def test_whole_counts() -> None:
    low, high = wilson(70, 100)
    assert math.isclose(low, 0.6041, abs_tol=1e-4) and math.isclose(high, 0.7810, abs_tol=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    narrow, wide = wilson(70, 100, 0.90), wilson(70, 100, 0.99)
    assert wide[0] < low < narrow[0] and narrow[1] < high < wide[1]


def test_an_effective_count_is_the_same_formula() -> None:
    for k, n in ((0, 7), (3, 7), (60, 100), (1234, 3000)):
        assert wilson_interval(k / n, n) == pytest.approx(wilson(k, n), abs=1e-12)
    # between whole counts an effective count gives an interval between theirs
    assert wilson_interval(0.5, 100)[0] < wilson_interval(0.5, 150.5)[0] < wilson_interval(0.5, 200)[0]
    assert wilson_interval(0.3, 0.0) == (0.0, 1.0)
    from scipy.stats import norm

    assert float(norm.ppf(0.975)) == pytest.approx(Z95, abs=1e-15)


def test_no_other_module_computes_a_wilson_interval() -> None:
    # scipy's Wilson call, or the formula's tell-tale term z^2 / (4 n^2), outside wilson.py
    own = re.compile(r"proportion_ci\(|method=.wilson.|z \* z / \(4 \*|z\*\*2 ?/ ?\(4")
    found = [
        str(p.relative_to(PACKAGE))
        for p in sorted(PACKAGE.rglob("*.py"))
        if p.name != "wilson.py" and own.search(p.read_text())
    ]
    assert found == []
