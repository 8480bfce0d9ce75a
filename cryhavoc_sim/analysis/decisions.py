"""Decisions that matter (``seats.decisions``, recorded when a scenario sets
``decisions = true``): per side and request kind, the decisions asked and the share with
more than one legal answer (TAG's decision points). Lazy frames in and out."""

from __future__ import annotations

import polars as pl


def decision_points(seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction (side) and kind: decisions asked, those with a choice, their share,
    and the games they come from."""
    return (
        seats.filter(pl.col("decisions").is_not_null())
        .select("run_id", "game_id", "faction", pl.col("decisions"))
        .explode("decisions")
        .filter(pl.col("decisions").is_not_null())
        .unnest("decisions")
        .group_by("faction", "kind")
        .agg(
            pl.struct("run_id", "game_id").n_unique().alias("games"),
            pl.col("asked").cast(pl.Int64).sum().alias("asked"),
            pl.col("choices").cast(pl.Int64).sum().alias("choices"),
        )
        .with_columns((pl.col("choices") / pl.col("asked")).alias("share_with_choice"))
        .sort("faction", "kind")
    )
