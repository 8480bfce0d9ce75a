"""95% Wilson score intervals for win rates, through scipy (not a hand-written formula)."""

from __future__ import annotations

import polars as pl


def wilson(wins: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` in ``n`` ((0, 1) for no games)."""
    if n <= 0:
        return (0.0, 1.0)
    from scipy.stats import binomtest

    ci = binomtest(int(wins), int(n)).proportion_ci(confidence_level=0.95, method="wilson")
    return (float(ci.low), float(ci.high))


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
