"""Decisions that matter (``seats.decisions``, recorded when a scenario sets
``decisions = true``): per side and request kind, the decisions asked and the share with
more than one legal answer (TAG's decision points), and of the decisions a search
answered, how much the answer mattered (the value gap to the second best). Lazy frames in
and out."""

from __future__ import annotations

import polars as pl


def _per_kind(seats: pl.LazyFrame) -> pl.LazyFrame:
    """One row per seat and request kind of the seats that recorded decisions (its
    struct's fields as columns), with the seat's run, game and faction."""
    return (
        seats.filter(pl.col("decisions").is_not_null())
        .select("run_id", "game_id", "faction", pl.col("decisions"))
        .explode("decisions")
        .filter(pl.col("decisions").is_not_null())
        .unnest("decisions")
    )


def decision_points(seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction (side) and kind: decisions asked, those with a choice, their share,
    and the games they come from."""
    return (
        _per_kind(seats)
        .group_by("faction", "kind")
        .agg(
            pl.struct("run_id", "game_id").n_unique().alias("games"),
            pl.col("asked").cast(pl.Int64).sum().alias("asked"),
            pl.col("choices").cast(pl.Int64).sum().alias("choices"),
        )
        .with_columns((pl.col("choices") / pl.col("asked")).alias("share_with_choice"))
        .sort("faction", "kind")
    )


def decision_gaps(seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction (side) and kind, over the decisions a search answered (none: no row):
    how many, the mean value gap between the search's answer and its second best, and the
    shares with a gap above 0.01 and above 0.05 (decisions that matter;
    ``games/search/gaps.py``), and the games they come from. Runs written before the gaps
    were logged read them as null and give no rows."""
    return (
        _per_kind(seats)
        .filter(pl.col("searched") > 0)
        .group_by("faction", "kind")
        .agg(
            pl.struct("run_id", "game_id").n_unique().alias("games"),
            pl.col("searched").cast(pl.Int64).sum().alias("searched"),
            pl.col("gap_sum").sum().alias("gap_sum"),
            pl.col("over_1pt").cast(pl.Int64).sum().alias("over_1pt"),
            pl.col("over_5pt").cast(pl.Int64).sum().alias("over_5pt"),
        )
        .with_columns(
            (pl.col("gap_sum") / pl.col("searched")).alias("mean_gap"),
            (pl.col("over_1pt") / pl.col("searched")).alias("share_over_1pt"),
            (pl.col("over_5pt") / pl.col("searched")).alias("share_over_5pt"),
        )
        .drop("gap_sum")
        .sort("faction", "kind")
    )
