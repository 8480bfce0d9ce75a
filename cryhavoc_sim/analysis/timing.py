"""When the game turns: game length, how it ended, who enables Scoring when."""

from __future__ import annotations

import polars as pl


def game_length(games: pl.LazyFrame) -> pl.LazyFrame:
    """Games per (rounds played, end reason), with their share."""
    return (
        games.group_by("rounds_played", "ended_by")
        .agg(pl.len().alias("games"))
        .with_columns((pl.col("games") / pl.col("games").sum()).alias("share"))
        .sort("rounds_played", "ended_by")
    )


def scoring_enabled(events: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction and Round: how often it enabled Scoring, per game played."""
    total = games.select(pl.len().alias("n"))
    return (
        events.filter(pl.col("kind") == "scoring_enabled")
        .group_by("faction", "round")
        .agg(pl.len().alias("times"))
        .join(total, how="cross")
        .with_columns((pl.col("times") / pl.col("n")).alias("per_game"))
        .drop("n")
        .sort("faction", "round")
    )
