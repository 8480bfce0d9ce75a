"""A study says how long it will take before it starts, and warns when it is too small
for a verdict (runner/estimate.py); timed with a fake timer, never the clock."""

from __future__ import annotations

from typing import Any

import pytest

from cryhavoc_sim.runner import estimate as est


def test_the_estimate_scales_one_timed_game_by_games_and_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(est.os, "cpu_count", lambda: 2)
    said: list[str] = []
    costs = {"cheap": 0.5, "dear": 4.0}
    parts: list[tuple[Any, int]] = [("cheap", 100), ("dear", 30), ("none", 0)]
    guess = est.estimate(parts, workers=8, timer=lambda sc: costs[sc], say=said.append)
    assert guess.workers == 2  # no more workers than cores
    assert guess.seconds == pytest.approx((0.5 * 100 + 4.0 * 30) / 2) and guess.games == 130
    assert guess.words() == "about 85 seconds for 130 games on 2 worker(s)"
    assert len(said) == 2 and said[0].startswith("timing one game (1 of 3)")


def test_durations_in_words() -> None:
    assert est.duration(2) == "5 seconds" and est.duration(89) == "90 seconds"
    assert est.duration(420) == "7 minutes" and est.duration(9000) == "2.5 hours"


def test_a_study_far_below_a_verdict_is_warned() -> None:
    assert est.too_few(est.FEW_GAMES, "rung") is None
    warning = est.too_few(30, "rung")
    assert warning is not None and "30 games a rung is far below the 800-1,000 a verdict needs" in warning


def test_the_study_bar_warns_then_estimates_then_counts_every_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(est, "seconds_per_game", lambda sc: 1.0)
    bar = est.study_bar([("a", 60)], total=90, done=30, workers=1, games_each=30, what="cell")
    try:
        assert (bar.total, bar.n) == (90, 30)
    finally:
        bar.close()
    err = capsys.readouterr().err
    assert err.index("30 games a cell is far below") < err.index(
        "estimated total: about 60 seconds for 60 games"
    )
