"""Wilson score intervals for win rates: the one place the tool computes them.

Whole counts (``wins`` of ``n`` games) go through scipy's
``binomtest(...).proportion_ci(method="wilson")``, not a formula of our own. An effective
number of games (analysis/deals.py: games shrunk by the design effect of shared deals) is
not whole, which scipy does not take, so :func:`wilson_interval` writes the same formula
out for a rate over any positive ``n``. The two agree to rounding on whole counts (not to
the last bit: the terms are summed in another order), and each caller keeps the one it
always used, so every table prints the numbers it printed before.
"""

from __future__ import annotations

import math

import polars as pl

Z95 = 1.959963984540054  # the two-sided 95% normal quantile


def wilson(wins: int, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` in ``n`` ((0, 1) for no games), 95% unless
    ``confidence`` says otherwise."""
    if n <= 0:
        return (0.0, 1.0)
    from scipy.stats import binomtest

    ci = binomtest(int(wins), int(n)).proportion_ci(confidence_level=confidence, method="wilson")
    return (float(ci.low), float(ci.high))


def wilson_interval(rate: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval at rate ``rate`` over ``n`` (not necessarily whole)
    observations, ``z`` the normal quantile of the confidence (95% by default): for an
    effective number of games, which :func:`wilson` cannot take."""
    if n <= 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (rate + z * z / (2 * n)) / denom
    half = z * math.sqrt(rate * (1 - rate) / n + z * z / (4 * n * n)) / denom
    # the interval holds the rate; min/max keep rounding from putting it a hair outside
    return (max(0.0, min(rate, centre - half)), min(1.0, max(rate, centre + half)))


def with_wilson(frame: pl.LazyFrame, wins: str = "wins", n: str = "games") -> pl.LazyFrame:
    """Add ``win_rate``, ``ci_low`` and ``ci_high`` to an aggregated frame."""
    bounds = pl.struct(wins, n).map_elements(
        lambda r: wilson(r[wins], r[n]),
        return_dtype=pl.List(pl.Float64),
    )
    return (
        frame.with_columns(
            (pl.col(wins) / pl.col(n)).alias("win_rate"),
            bounds.alias("_ci"),
        )
        .with_columns(
            pl.col("_ci").list.get(0).alias("ci_low"),
            pl.col("_ci").list.get(1).alias("ci_high"),
        )
        .drop("_ci")
    )
