"""The deal as the unit: every interval and test on win rates counts deals, not games,
where games share one.

With ``seats = "rotate"`` consecutive games play one deal (one seed: the same hidden
orders, Event cards and board draw) from every seat, so they are not independent; with
``seats = "random"`` every game has its own seed and a deal is one game. A game's deal
is its ``seed`` (games table), so one rule serves every game and every old run.

**A side's win rate.** Over deals j with ``g_j`` games and ``w_j`` wins the rate is the
ratio estimator p = sum w / sum g; its variance by deals (the linearised, or sandwich,
variance of a ratio; Cochran, *Sampling Techniques*, 3rd ed., section 6.11)::

    var_deals = m / (m - 1) * sum_j (w_j - p g_j)^2 / (sum g)^2

and the *design effect* is var_deals over the binomial variance p (1 - p) / sum g, as if
every game were independent. The interval is Wilson's score interval at the *effective
number of games* n_eff = sum g / design effect, shrunk by (z / t_{m-1})^2 for the m - 1
degrees of freedom the variance rests on: Korn and Graubard's (1998) recipe for
proportions from clustered samples, with Wilson's interval in place of Clopper-Pearson's
(it is the interval this tool always quoted, and equals it when deals are single games).
Every downstream test (Newcombe's difference, Fisher's exact test, the games needed to
detect a change) takes the effective counts, so one number carries the clustering to
all of them.

When every deal is a single game (``seats = "random"``) nothing changes: the design
effect is 1 and the interval is scipy's Wilson interval of the raw counts. Both intervals
are analysis/wilson.py's.

A design effect below 1 is possible (a deal played from every seat balances a seat
advantage out); it is floored at 1 (Korn and Graubard's convention: the effective games
never exceed the games played), so an interval by deals is never narrower than the
independent-games one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from cryhavoc_sim.analysis.wilson import wilson, wilson_interval

DEAL = "seed"  # the games-table column that names a game's deal


@dataclass(frozen=True, slots=True)
class Estimate:
    """A win rate over deals: counts, rate, 95% interval and the design effect."""

    games: int
    wins: int
    deals: int
    rate: float
    low: float
    high: float
    design_effect: float  # variance by deals / binomial variance (1.0: independent games)

    @property
    def effective_games(self) -> float:
        """Games as if independent that carry the same information: games / design effect."""
        return self.games / self.design_effect

    @property
    def effective_wins(self) -> float:
        return self.rate * self.effective_games

    @property
    def variance(self) -> float:
        """The variance of the rate by deals (binomial when games are independent)."""
        return self.rate * (1 - self.rate) / self.games * self.design_effect if self.games else 0.25


MIN_DEALS = 30  # fewer deals: no paired reading marks a disagreement (an interval from a few
# deals, of width 0 when every pair agreed, says little, and the reading it is held
# against is itself a rate of a few games)


def independent(games: Sequence[int]) -> bool:
    """Whether every deal is one game (nothing is shared: the games are independent)."""
    return all(g <= 1 for g in games)


def estimate(wins: Sequence[int], games: Sequence[int], confidence: float = 0.95) -> Estimate:
    """A side's win rate and interval from its ``wins`` and ``games`` per deal."""
    from scipy.stats import norm
    from scipy.stats import t as student

    pairs = [(int(w), int(g)) for w, g in zip(wins, games, strict=True) if g > 0]
    n = sum(g for _, g in pairs)
    k = sum(w for w, _ in pairs)
    m = len(pairs)
    if n == 0:
        return Estimate(0, 0, 0, 0.0, 0.0, 1.0, 1.0)
    p = k / n
    if independent([g for _, g in pairs]):
        low, high = wilson(k, n, confidence)
        return Estimate(n, k, m, p, low, high, 1.0)
    deff = design_effect(pairs)
    if m < 2:  # one deal: its variance cannot be estimated from the data
        return Estimate(n, k, m, p, 0.0, 1.0, deff)
    z = float(norm.ppf(0.5 + confidence / 2))
    tq = float(student.ppf(0.5 + confidence / 2, m - 1))
    low, high = wilson_interval(p, n / deff * (z / tq) ** 2, z)
    return Estimate(n, k, m, p, low, high, deff)


def design_effect(pairs: Sequence[tuple[int, int]]) -> float:
    """Variance of the rate by deals over its binomial variance, from (wins, games) per
    deal; 1.0 when either cannot be estimated (one deal, or a rate of 0 or 1)."""
    m = len(pairs)
    n = sum(g for _, g in pairs)
    if m < 2 or n == 0:
        return 1.0
    p = sum(w for w, _ in pairs) / n
    binomial = p * (1 - p) / n
    if binomial <= 0:
        return 1.0
    by_deals = m / (m - 1) * sum((w - p * g) ** 2 for w, g in pairs) / n**2
    return max(by_deals / binomial, 1.0)


def paired_difference(
    first: Sequence[int], second: Sequence[int], games: Sequence[int], level: float
) -> tuple[float, float, float, int]:
    """The mean per game of ``second - first`` (wins per deal, the same deals played two
    ways: two rungs, two weights), with its two-sided ``level`` t interval by deals:
    (difference, low, high, deals). With one game per deal it is the paired t interval."""
    from scipy.stats import t as student

    rows = [(int(a), int(b), int(g)) for a, b, g in zip(first, second, games, strict=True) if g > 0]
    m = len(rows)
    n = sum(g for *_, g in rows)
    if m < 2 or n == 0:
        return (0.0, -1.0, 1.0, m)
    d = sum(b - a for a, b, _ in rows) / n
    var = m / (m - 1) * sum((b - a - d * g) ** 2 for a, b, g in rows) / n**2
    half = float(student.ppf(0.5 + level / 2, m - 1)) * math.sqrt(var)
    return (d, d - half, d + half, m)


def seat_test(rates: Any) -> float:
    """p-value of "every seat wins equally often" from each deal's win rate per seat
    (one row per deal, one column per seat): Hotelling's T-squared test of the seat
    contrasts over the deals (their covariance estimated from the deals, so the games of
    a deal count once). 1.0 when the deals are too few to estimate it."""
    import numpy as np
    from scipy.stats import f

    x = np.asarray(rates, dtype=float)
    m, s = x.shape if x.ndim == 2 else (0, 0)
    if s < 2 or m <= s:
        return 1.0
    contrasts = x[:, 1:] - x[:, :1]
    mean = contrasts.mean(axis=0)
    cov = np.cov(contrasts, rowvar=False).reshape(s - 1, s - 1)
    if not np.any(np.abs(mean) > 1e-12):
        return 1.0
    inverse = np.linalg.pinv(cov)
    if np.linalg.norm(mean - cov @ inverse @ mean) > 1e-9:
        # a contrast the same in every deal and not zero: a seat effect beyond doubt
        return 0.0
    t2 = float(m * mean @ inverse @ mean)
    q = s - 1
    stat = (m - q) / (q * (m - 1)) * t2
    return float(f.sf(stat, q, m - q))


# ---- polars: per-deal counts and the interval columns ----

INTERVAL_COLUMNS = {
    "games": pl.Int64,
    "wins": pl.Int64,
    "deals": pl.Int64,
    "win_rate": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
    "design_effect": pl.Float64,
}


def with_deal(players: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """``players`` (rows with a ``game_id``) with a ``deal`` column: its game's seed, or the
    game itself where the games table has no seed (hand-built frames)."""
    if DEAL in games.collect_schema().names():
        deals = games.select("game_id", pl.col(DEAL).cast(pl.Int64, wrap_numerical=True).alias("deal"))
        return players.join(deals, on="game_id", how="left").with_columns(
            pl.coalesce("deal", pl.col("game_id").cast(pl.Int64))
        )
    return players.with_columns(pl.col("game_id").cast(pl.Int64).alias("deal"))


def intervals(per_deal: pl.LazyFrame, keys: Sequence[str], confidence: float = 0.95) -> pl.LazyFrame:
    """Rows of (*keys, games, wins, deals, win_rate, ci_low, ci_high, design_effect) from
    rows of (*keys, deal, games, wins): :func:`estimate` per group."""

    def one(row: dict[str, list[int]]) -> dict[str, float | int]:
        e = estimate(row["wins"], row["games"], confidence)
        return {
            "games": e.games,
            "wins": e.wins,
            "deals": e.deals,
            "win_rate": e.rate,
            "ci_low": e.low,
            "ci_high": e.high,
            "design_effect": e.design_effect,
        }

    return (
        per_deal.group_by(list(keys))
        .agg(pl.col("wins").sort_by("deal"), pl.col("games").sort_by("deal"))
        .with_columns(
            pl.struct("wins", "games").map_elements(one, return_dtype=pl.Struct(INTERVAL_COLUMNS)).alias("_e")
        )
        .drop("wins", "games")
        .unnest("_e")
    )


def effective(row: dict[str, object]) -> tuple[float, float]:
    """(effective wins, effective games) of a win-rate row (:func:`intervals`); rows
    without a design effect are independent games."""
    games = float(row["games"])  # type: ignore[arg-type]
    wins = float(row["wins"])  # type: ignore[arg-type]
    deff = row.get("design_effect")
    if not isinstance(deff, int | float) or deff <= 0:
        return wins, games
    n = games / float(deff)
    deals = row.get("deals")
    if isinstance(deals, int) and 2 <= deals < games:  # few deals: Student's t, as estimate()
        from scipy.stats import norm
        from scipy.stats import t as student

        n *= (float(norm.ppf(0.975)) / float(student.ppf(0.975, deals - 1))) ** 2
    return (wins / games * n if games else 0.0), n


def effective_n(n: float, design_effect: object) -> float:
    """``n`` games (or trials) as independent ones: divided by ``design_effect`` when it
    is a number of at least 1, else as they are (a table made before it was kept)."""
    if isinstance(design_effect, int | float) and design_effect >= 1.0:
        return n / float(design_effect)
    return n


def games_in_deals(games: int, deals: int) -> str:
    """ "3,000 games in 1,000 deals" (or "3,000 games" when each is its own deal)."""
    if deals <= 0 or deals >= games:
        return f"{games:,} games"
    return f"{games:,} games in {deals:,} deals"
