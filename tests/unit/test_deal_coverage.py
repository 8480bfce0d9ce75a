"""Do the intervals mean what they say when games share deals? Simulated studies with a
known win rate, with a strong deal effect and with none, at 2, 3 and 4 players.

A study is ``DEALS`` deals, each played once from every seat (``seats = "rotate"``): a
deal draws each side's chance to win its games from a Dirichlet distribution (the deal
favours some sides: the hidden orders, the Event cards, the board draw), and every game
of the deal has one winner drawn from those chances. With concentration 1 a side's games
in one deal correlate with intra-deal correlation 1/2, so the games of a deal are far
from independent; without a deal effect every game is independent. Pure numpy: seconds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from scipy.stats import binomtest

from cryhavoc_sim.analysis.compare import compare_rates
from cryhavoc_sim.analysis.deals import estimate
from cryhavoc_sim.analysis.sequential import pr_pl_eb_path

STUDIES = 2_000
DEALS = 200
# true win rates per side at 2, 3 and 4 players (side 0 is the one measured)
TRUTH = {2: (0.6, 0.4), 3: (0.5, 0.3, 0.2), 4: (0.35, 0.3, 0.2, 0.15)}
STRONG = 1.0  # Dirichlet concentration: intra-deal correlation 1 / (1 + 1) = 0.5


def wins_per_deal(rng: np.random.Generator, players: int, concentration: float | None, deals: int) -> Any:
    """(studies, deals, sides) wins of each side in each deal of ``players`` games."""
    mean = np.array(TRUTH[players])
    if concentration is None:
        chances = np.broadcast_to(mean, (STUDIES, deals, players))
    else:
        chances = rng.dirichlet(concentration * mean, size=(STUDIES, deals))
    return rng.multinomial(players, chances)


def covered(low: float, high: float, truth: float) -> bool:
    return low <= truth <= high


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_interval_by_deals_covers_the_truth_with_or_without_a_deal_effect(players: int) -> None:
    rng = np.random.default_rng(100 + players)
    truth = TRUTH[players][0]
    games = [players] * DEALS
    for concentration in (STRONG, None):
        wins = wins_per_deal(rng, players, concentration, DEALS)[:, :, 0]
        by_deals = independent = 0
        for study in wins:
            e = estimate(study.tolist(), games)
            by_deals += covered(e.low, e.high, truth)
            ci = binomtest(int(study.sum()), players * DEALS).proportion_ci(method="wilson")
            independent += covered(ci.low, ci.high, truth)
        assert 0.93 <= by_deals / STUDIES <= 0.97, (concentration, by_deals / STUDIES)
        if concentration is None:  # no deal effect: the games are independent, both cover
            assert 0.93 <= independent / STUDIES <= 0.97
        else:  # the interval as if every game were independent is too narrow
            assert independent / STUDIES < 0.92, independent / STUDIES


def _row(wins: Any, players: int, by_deals: bool) -> dict[str, Any]:
    e = estimate(wins.tolist(), [players] * len(wins))
    row = {"faction": "a", "games": e.games, "wins": e.wins}
    return {**row, "deals": e.deals, "design_effect": e.design_effect} if by_deals else row


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_raises_false_alarms_at_its_stated_level(players: int) -> None:
    """A run and a baseline of the same content (the same true rates, other deals): the
    check's test (Fisher's exact on effective counts, p < 0.05, tolerance 0) calls a
    side moved in at most 5% of studies, plus simulation error; on the raw game counts it
    calls it far more often when deals matter."""
    rng = np.random.default_rng(200 + players)
    base = wins_per_deal(rng, players, STRONG, DEALS)[:, :, 0]
    run = wins_per_deal(rng, players, STRONG, DEALS)[:, :, 0]
    alarms = {True: 0, False: 0}
    for a, b in zip(base, run, strict=True):
        for by_deals in (True, False):
            rows = compare_rates([_row(a, players, by_deals)], [_row(b, players, by_deals)], ("faction",))
            alarms[by_deals] += rows[0]["p_value"] < 0.05
    assert alarms[True] / STUDIES <= 0.06, alarms
    assert alarms[False] / STUDIES > 0.08, alarms


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_precision_stop_covers_every_side_when_it_counts_deals(players: int) -> None:
    """``--precision``'s rule (runner/precision.py): look every 50 deals, stop once every
    side's confidence sequence (one observation per deal, the level split over the
    sides) is within +-7 points; at the stop every side's interval holds its true rate in
    at least 95% of studies (a confidence sequence is conservative: it holds at every
    look, so at any one it covers more often than it must)."""
    rng = np.random.default_rng(300 + players)
    deals, every, target = 1500, 50, 0.07
    wins = wins_per_deal(rng, players, STRONG, deals)
    alpha = 0.05 / players
    truth = np.array(TRUTH[players])
    covers = stopped = 0
    looks = np.arange(every, deals + 1, every) - 1
    for study in wins:
        paths = [pr_pl_eb_path(study[:, s] / players, alpha) for s in range(players)]
        rate = np.cumsum(study, axis=0) / (players * np.arange(1, deals + 1))[:, None]
        half = np.max(
            [np.maximum(rate[:, s] - paths[s][0], paths[s][1] - rate[:, s]) for s in range(players)], axis=0
        )
        done = [t for t in looks if half[t] <= target]
        t = done[0] if done else looks[-1]
        stopped += bool(done)
        covers += all(covered(paths[s][0][t], paths[s][1][t], truth[s]) for s in range(players))
    assert stopped / STUDIES > 0.5  # the rule does stop in most studies
    assert covers / STUDIES >= 0.95, covers / STUDIES


@pytest.mark.parametrize("players", [3, 4])
def test_few_deals_of_unequal_size_still_cover(players: int) -> None:
    """30 deals, a side seated in 1 to ``players`` games of each (a pairing that rotates
    it in and out), a strong deal effect: the interval by deals (Student's t over the
    deals) still covers; a little above 95% is the price of so few deals."""
    rng = np.random.default_rng(400 + players)
    truth = TRUTH[players][0]
    deals = 30
    sizes = rng.integers(1, players + 1, size=deals)
    chances = rng.beta(STRONG * truth, STRONG * (1 - truth), size=(STUDIES, deals))
    wins = rng.binomial(sizes, chances)
    hits = 0
    for study in wins:
        e = estimate(study.tolist(), sizes.tolist())
        hits += covered(e.low, e.high, truth)
    assert 0.93 <= hits / STUDIES <= 0.985, hits / STUDIES


def test_the_simulated_rule_is_the_runner_s() -> None:
    """The stopping rule simulated above is ``runner/precision.py``'s own: fed the same
    games in chunks, its ``Looks`` stop at the same deal with the same bounds."""
    from cryhavoc_sim.runner.precision import Looks, Precision

    players, deals, every, target = 3, 600, 50, 0.07
    rng = np.random.default_rng(500)
    sides = tuple(f"s{s}" for s in range(players))
    stops = 0
    for study in wins_per_deal(rng, players, STRONG, deals)[:40]:
        games = [
            (winner,)
            for deal in study
            for winner in [sides[s] for s in range(players) for _ in range(int(deal[s]))]
        ]
        outcomes = [(w, sides) for w in games]
        looks = Looks(Precision(target), block=players)
        chunk = every * players
        for start in range(0, len(outcomes), chunk):
            if looks.add(start, start + chunk, outcomes[start : start + chunk]):
                break
        paths = [pr_pl_eb_path(study[:, s] / players, 0.05 / players) for s in range(players)]
        rate = np.cumsum(study, axis=0) / (players * np.arange(1, deals + 1))[:, None]
        half = np.max(
            [np.maximum(rate[:, s] - paths[s][0], paths[s][1] - rate[:, s]) for s in range(players)], axis=0
        )
        done = [t for t in range(every - 1, deals, every) if half[t] <= target]
        assert looks.stopped_at == (players * (done[0] + 1) if done else None)
        stops += bool(done)
        t = (looks.stopped_at // players - 1) if looks.stopped_at else deals - 1
        for b, s in zip(looks.last, range(players), strict=True):
            assert (b.low, b.high) == pytest.approx((paths[s][0][t], paths[s][1][t]))
    assert 0 < stops < 40, stops  # both kinds of study were compared: stopped and not
