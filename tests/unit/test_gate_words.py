"""What the gate and the precision runs say, on hand-made records: the sentence that says
where a precision run stopped, whether a side's confidence sequence left its baseline
band, and the end-of-run win-rate line (library functions the CLI prints)."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.runner.precision import stop_sentence
from cryhavoc_sim.runner.results import rate_line
from cryhavoc_sim.runner.verdict import outside

BOUNDS = [
    {"side": "trogs", "rate": 0.30, "low": 0.25, "high": 0.35},
    {"side": "humans", "rate": 0.40, "low": 0.36, "high": 0.44},
]


def test_where_a_precision_run_stopped_and_why() -> None:
    capped = {"stopped_at": None, "max_games": 12000, "target": 0.01, "looks": 3, "bounds": BOUNDS}
    assert stop_sentence(capped) == (
        "Reached --max-games (12,000) before every interval was within +-1 points (confidence"
        " sequences, 95% at every look, 3 looks): humans 40.0% (36.0-44.0%), trogs 30.0% (25.0-35.0%)."
    )
    decided = {**capped, "stopped_at": 4800, "decision": "moved"}
    assert stop_sentence(decided).startswith("The gate decided (moved) at game 4,800 (")
    precise = {**capped, "stopped_at": 2400, "decision": "precise", "target": 0.05}
    assert stop_sentence(precise).startswith("Stopped at game 2,400: every interval within +-5 points (")


def test_a_side_moved_only_when_its_interval_is_wholly_outside_the_band() -> None:
    baseline: dict[str, Any] = {
        "win_rates": [
            {"faction": "trogs", "wins": 40, "games": 100},
            {"faction": "humans", "wins": 40, "games": 100},
        ]
    }
    trogs, humans = BOUNDS
    assert outside(trogs, baseline, 0.03)  # 0.35 < 0.40 - 0.03
    assert not outside(trogs, baseline, 0.06)  # 0.35 is inside 0.34-0.46
    assert not outside(humans, baseline, 0.03)  # straddles 0.40
    assert not outside({"side": "pilgrims", "low": 0.9, "high": 0.95}, baseline, 0.03)  # not in the baseline


def test_the_win_rate_line_is_highest_first_with_intervals() -> None:
    rows = [
        {"faction": "trogs", "win_rate": 0.25, "ci_low": 0.2, "ci_high": 0.3, "games": 100},
        {"faction": "humans", "win_rate": 0.5, "ci_low": 0.4, "ci_high": 0.6, "games": 100},
        {"faction": "machines", "win_rate": 0.25, "ci_low": 0.2, "ci_high": 0.3, "games": 100},
    ]
    assert rate_line(rows) == (
        "humans 50.0% (40.0-60.0%, n=100), machines 25.0% (20.0-30.0%, n=100), trogs 25.0% (20.0-30.0%, n=100)"
    )
