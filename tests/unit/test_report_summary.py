"""summary.json is the same file for the same games (report/summary.py)."""

from __future__ import annotations

import math
from pathlib import Path

from cryhavoc_sim.report.summary import steady, summary_text


def test_floats_keep_twelve_digits_at_any_depth() -> None:
    noisy = {"a": 0.33333333333333337, "b": [0.9926316666666669, (1.0, 2)], "c": {"d": 0.3483459999999995}}
    again = {"a": 0.3333333333333334, "b": [0.9926316666666666, (1.0, 2)], "c": {"d": 0.34834599999999997}}
    assert summary_text(noisy) == summary_text(again)
    assert steady(noisy) == {"a": 0.333333333333, "b": [0.992631666667, [1.0, 2]], "c": {"d": 0.348346}}
    assert steady(1e-9 / 3) == 3.33333333333e-10 and steady(123456789012345.0) == 123456789012000.0
    assert steady(0.1 + 0.2 - 0.3) == 0.0 and steady(-(0.1 + 0.2 - 0.3)) == 0.0
    assert math.isnan(steady(math.nan)) and steady(math.inf) == math.inf and steady(True) is True


def test_a_report_read_twice_writes_the_same_summary(tmp_path: Path) -> None:
    """The game flow's excitement and drama, the fair shares: polars' float sums differ
    from call to call in their last digits; the file must not."""
    from cryhavoc_sim.report.build import build_report
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario
    from cryhavoc_sim.runner.scenario import parse_scenario
    from cryhavoc_sim.storage.reader import load_run

    text = '[scenario]\nname = "s"\ngames = 300\nseed = 3\nplayers = 3\n\n[bots]\ndefault = "learned"\n'
    run_scenario(parse_scenario(text), tmp_path / "run", RunOptions(quiet=True))
    texts = set()
    for i in range(4):
        build_report(load_run(tmp_path / "run"), tmp_path / f"report{i}")
        texts.add((tmp_path / f"report{i}" / "summary.json").read_text())
    assert len(texts) == 1
