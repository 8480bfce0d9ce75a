"""The statistics of a balance study on hand-made numbers: the paired equivalence test,
the verdict's three outcomes and the trend over the budget."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cryhavoc_sim.balance.verdict import RungRate, paired_tost, trend, verdict


def rate(rung: str, wins: int, games: int, low: float, high: float, fair: float | None = 1 / 3) -> RungRate:
    return RungRate(rung, "humans", games, wins, wins / games, low, high, fair)


def test_identical_outcomes_agree_within_any_margin() -> None:
    a = [1, 0, 0, 1, 0, 1, 1, 0] * 50
    found = paired_tost(a, a, 0.05)
    assert found.diff == 0 and found.low == 0 and found.high == 0
    assert found.equivalent and found.pairs == 400


def test_a_twenty_point_shift_is_not_equivalent_within_five() -> None:
    lower = [0] * 400
    upper = [1 if i % 5 == 0 else 0 for i in range(400)]  # 20% of games flip to wins
    found = paired_tost(lower, upper, 0.05)
    assert found.diff == pytest.approx(0.2)
    assert found.low > 0.05 and not found.equivalent


def test_a_small_shift_on_many_games_is_equivalent() -> None:
    lower = [1 if i % 3 == 0 else 0 for i in range(3000)]
    upper = list(lower)
    for i in range(0, 3000, 100):  # one game in a hundred changes
        upper[i + 1] = 1
    found = paired_tost(lower, upper, 0.05)
    assert 0 < found.diff < 0.02 and found.equivalent
    assert not paired_tost(lower, upper, 0.005).equivalent  # a margin below the shift


def test_paired_outcomes_must_pair() -> None:
    with pytest.raises(ValueError, match="different lengths"):
        paired_tost([1, 0], [1], 0.05)
    with pytest.raises(ValueError, match="margin"):
        paired_tost([1, 0], [1, 0], 0.5)


def test_verdicts() -> None:
    same = paired_tost([1, 0] * 500, [1, 0] * 500, 0.05)
    moved = paired_tost([0] * 1000, [1 if i % 4 == 0 else 0 for i in range(1000)], 0.05)
    above_a = rate("ismcts:16", 600, 1000, 0.57, 0.63)
    above_b = rate("ismcts:32", 600, 1000, 0.57, 0.63)
    within = rate("ismcts:32", 340, 1000, 0.31, 0.37)
    assert above_a.statement == "above" and within.statement == "within"
    assert rate("x", 100, 1000, 0.08, 0.12).statement == "below"
    assert rate("x", 1, 2, 0.1, 0.9, None).statement == "solo"

    climbs = (True, "ismcts:32 wins 73.3% against ismcts:16")
    stable = verdict(above_b, above_a, same, climbs)
    assert (stable.status, stable.statement) == ("stable", "above")
    changed = verdict(within, above_a, same, climbs)
    assert (
        changed.status == "skill-sensitive" and "above at ismcts:16 but within at ismcts:32" in changed.reason
    )
    apart = verdict(above_b, above_a, moved, climbs)
    assert apart.status == "skill-sensitive" and "not shown to agree within 5 points" in apart.reason
    alone = verdict(above_b, None, None, climbs)
    assert alone.status == "unjudged"


def test_trend_recovers_a_straight_line() -> None:
    # 20%, 30%, 40% at budgets 8, 16, 32: ten points per doubling, 50% predicted at 64
    t = trend("machines", [8, 16, 32], [200, 300, 400], [1000, 1000, 1000])
    assert t is not None
    assert t.slope == pytest.approx(0.10)
    assert t.next_budget == 64 and t.predicted == pytest.approx(0.50)
    assert t.slope_low < 0.10 < t.slope_high
    assert t.predicted_low < 0.5 < t.predicted_high
    # more games, a narrower interval
    wide = t.slope_high - t.slope_low
    t4 = trend("machines", [8, 16, 32], [800, 1200, 1600], [4000, 4000, 4000])
    assert t4 is not None and math.isclose(t4.slope, 0.10)
    assert t4.slope_high - t4.slope_low == pytest.approx(wide / 2, rel=0.01)


def test_trend_needs_two_budgets() -> None:
    assert trend("x", [16], [5], [10]) is None
    assert trend("x", [16, 16], [5, 6], [10, 10]) is None
    flat = trend("x", [8, 16], [0, 0], [100, 100])  # all losses still has a variance
    assert flat is not None and flat.slope == 0 and flat.slope_high > 0


def test_agreement_counts_deals_and_is_the_paired_t_test_with_one_game_a_deal() -> None:
    lower = [1, 0, 0, 1, 0, 1, 1, 0, 1, 1] * 40
    upper = [1, 1, 0, 1, 0, 0, 1, 0, 1, 1] * 40
    games = paired_tost(lower, upper, 0.05)
    deals = paired_tost(lower, upper, 0.05, games=[1] * len(lower))
    assert (games.diff, games.low, games.high) == pytest.approx((deals.diff, deals.low, deals.high))
    # the same games grouped four to a deal: counted as 400 pairs in 100 deals
    lo4 = [sum(lower[i : i + 4]) for i in range(0, 400, 4)]
    up4 = [sum(upper[i : i + 4]) for i in range(0, 400, 4)]
    clustered = paired_tost(lo4, up4, 0.05, games=[4] * 100)
    assert clustered.pairs == 400 and clustered.deals == 100
    # deals that decide all four of their games: wider than as if the games were independent
    rng = np.random.default_rng(1)
    first, second = rng.random(100) < 0.5, rng.random(100) < 0.5
    decided = paired_tost([4 * int(x) for x in first], [4 * int(x) for x in second], 0.05, games=[4] * 100)
    flat = paired_tost(
        [int(x) for x in first for _ in range(4)], [int(x) for x in second for _ in range(4)], 0.05
    )
    assert decided.high - decided.low > 1.8 * (flat.high - flat.low)
    assert clustered.diff == pytest.approx(games.diff)


def test_stable_needs_the_upper_rung_shown_stronger() -> None:
    from cryhavoc_sim.balance.rungs import Rung, family_trend, upper_stronger

    same = paired_tost([1, 0] * 500, [1, 0] * 500, 0.05)
    a = rate("paired:16", 600, 1000, 0.57, 0.63)
    b = rate("paired:32", 600, 1000, 0.57, 0.63)

    def rung(spec: str) -> Rung:  # as a catalogue reads these names
        family, _, budget = spec.partition(":")
        return Rung(spec, family, int(budget) if budget else None)

    shown = upper_stronger(rung("ismcts:16"), rung("ismcts:32"))
    assert shown[0] and "73.3%" in shown[1]
    not_shown = upper_stronger(rung("paired-leaf:10"), rung("paired-leaf:20"))
    assert not not_shown[0] and "not a skill knob" in not_shown[1]
    assert not upper_stronger(rung("heuristic"), rung("ismcts:16"))[0]
    assert not upper_stronger(rung("ismcts:32"), rung("ismcts:16"))[0]
    # a search built on ismcts is not known to climb as ismcts does until it is measured
    assert not upper_stronger(rung("ismcts-leaf:16"), rung("ismcts-leaf:32"))[0]
    # the family and budget are the catalogue's reading, not the name's last colon
    mine = upper_stronger(
        Rung("paired:16:aggressive", "paired", 16), Rung("paired:32:aggressive", "paired", 32)
    )
    assert not mine[0] and "paired's budget is not a skill knob" in mine[1]
    said = verdict(b, a, same, not_shown)
    assert said.status == "unproven" and "stability is unproven" in said.reason
    assert verdict(b, a, same, shown).status == "stable"
    # a trend only within a family whose budget is a skill knob, with two budgets
    rungs = [rung(s) for s in ("heuristic", "ismcts:16", "ismcts:32", "paired:16", "paired:32", "mystery:4")]
    why = family_trend(rungs)
    assert why["ismcts"] == "" and "not a skill knob" in why["paired"]
    assert "not known to be a skill knob" in why["mystery"]
    assert "one ismcts budget only" in family_trend([rung("heuristic"), rung("ismcts:16")])["ismcts"]


def test_a_trend_weighs_each_rung_by_its_variance_by_deals() -> None:
    plain = trend("machines", [8, 16, 32], [200, 300, 400], [1000, 1000, 1000])
    clustered = trend("machines", [8, 16, 32], [200, 300, 400], [1000, 1000, 1000], [2.0, 2.0, 2.0], "ismcts")
    assert plain is not None and clustered is not None and clustered.family == "ismcts"
    assert clustered.slope == pytest.approx(plain.slope)
    wide, wider = plain.slope_high - plain.slope_low, clustered.slope_high - clustered.slope_low
    assert wider == pytest.approx(wide * math.sqrt(2))
