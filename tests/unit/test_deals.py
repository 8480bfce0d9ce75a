"""The deal as the unit (analysis/deals.py) on hand-made numbers."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest
from scipy.stats import binomtest

from cryhavoc_sim.analysis.deals import estimate, games_in_deals, seat_test
from cryhavoc_sim.analysis.wilson import wilson_interval
from cryhavoc_sim.analysis.winrates import win_rates


def test_one_game_a_deal_is_the_wilson_interval_of_the_games() -> None:
    e = estimate([1, 0, 1, 1, 0] * 20, [1] * 100)
    ci = binomtest(60, 100).proportion_ci(method="wilson")
    assert (e.low, e.high, e.design_effect, e.deals) == (ci.low, ci.high, 1.0, 100)
    assert wilson_interval(0.6, 100) == pytest.approx((ci.low, ci.high))


def test_deals_that_decide_their_games_widen_the_interval() -> None:
    # 200 deals of three games, each deal won all three times or never: a design effect of 3
    wins = [3 if i % 3 == 0 else 0 for i in range(200)]
    e = estimate(wins, [3] * 200)
    assert e.design_effect == pytest.approx(3.0, rel=0.01)
    independent = binomtest(sum(wins), 600).proportion_ci(method="wilson")
    assert e.high - e.low > 1.6 * (independent.high - independent.low)
    # deals that share their wins out evenly do not narrow it below the independent games'
    even = estimate([1] * 200, [3] * 200)
    assert even.design_effect == 1.0
    flat = binomtest(200, 600).proportion_ci(method="wilson")
    assert even.high - even.low >= flat.high - flat.low


def test_win_rates_count_deals_by_seed() -> None:
    games = pl.LazyFrame({"game_id": [0, 1, 2, 3], "seed": [7, 7, 9, 9], "n_players": [2] * 4})
    seats = pl.LazyFrame(
        {
            "game_id": [0, 0, 1, 1, 2, 2, 3, 3],
            "faction": ["a", "b"] * 4,
            "is_npc": [False] * 8,
            "won": [True, False, True, False, False, True, False, True],
        }
    )
    rows = win_rates(seats, games).collect().to_dicts()
    assert [(r["faction"], r["games"], r["deals"]) for r in rows] == [("a", 4, 2), ("b", 4, 2)]
    no_seed = win_rates(seats, games.drop("seed")).collect()
    assert no_seed["deals"].to_list() == [4, 4] and no_seed["design_effect"].to_list() == [1.0, 1.0]
    assert games_in_deals(3000, 1000) == "3,000 games in 1,000 deals" and games_in_deals(5, 5) == "5 games"


def test_the_seat_test_by_deals_finds_a_seat_effect_and_not_chance() -> None:
    rng = np.random.default_rng(5)
    fair = rng.binomial(1, 0.5, (300, 2)).astype(float)
    assert seat_test(fair) > 0.01
    tilted = np.column_stack([rng.binomial(1, 0.4, 300), rng.binomial(1, 0.6, 300)]).astype(float)
    assert seat_test(tilted) < 0.01
    assert seat_test(fair[:2]) == 1.0  # too few deals to estimate the covariance


def test_a_seat_that_wins_every_deal_is_a_seat_effect() -> None:
    # the contrast is the same in every deal: no variance, and no doubt either
    assert seat_test([[0.0, 1.0]] * 10) == 0.0
    assert seat_test([[0.0, 1.0], [1.0, 0.0]] * 5) == 1.0
    assert seat_test([[0.5, 0.5]] * 10) == 1.0


def test_a_sweep_measure_is_judged_at_the_effective_trials_of_its_deals() -> None:
    from cryhavoc_sim.sweeps.analyse import _against_chance

    row = {"successes": 129, "trials": 300, "chance": 1 / 3}
    assert _against_chance({**row, "design_effect": 1.0}) == "above"
    assert _against_chance({**row, "design_effect": 4.0}) == "within"
    assert _against_chance(row) == "above"  # a sweep made before measures carried one
