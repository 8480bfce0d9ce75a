"""Victory Points: distributions, winning margins, and VP by source from the ledger."""

from __future__ import annotations

import polars as pl


def vp_distribution(seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction: mean, standard deviation and deciles of the final VP (players only)."""
    vp = pl.col("final_vp").cast(pl.Float64)
    return (
        seats.filter(~pl.col("is_npc"))
        .group_by("faction")
        .agg(
            pl.len().alias("games"),
            vp.mean().alias("mean"),
            vp.std().alias("std"),
            vp.quantile(0.1).alias("p10"),
            vp.median().alias("median"),
            vp.quantile(0.9).alias("p90"),
        )
        .sort("faction")
    )


def winning_margin(seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction: its wins (each player of a shared win counts one, as in the win-rate
    table) and its mean lead over the best player who did not win (none when every
    player shared the win)."""
    players = seats.filter(~pl.col("is_npc"))
    best_loser = (
        players.filter(~pl.col("won")).group_by("game_id").agg(pl.col("final_vp").max().alias("second_vp"))
    )
    return (
        players.filter(pl.col("won"))
        .join(best_loser, on="game_id", how="left")
        .with_columns((pl.col("final_vp") - pl.col("second_vp")).cast(pl.Float64).alias("margin"))
        .group_by("faction")
        .agg(pl.len().alias("wins"), pl.col("margin").mean().alias("mean_margin"))
        .sort("faction")
    )


def vp_by_source(events: pl.LazyFrame, seats: pl.LazyFrame, kind: str = "vp") -> pl.LazyFrame:
    """Per faction and source (the ``detail`` of the score events, ``kind``: Cry Havoc's
    ``vp``, Cave Troll's ``gold``): score per game played."""
    played = seats.group_by("faction").agg(pl.len().alias("played"))
    return (
        events.filter(pl.col("kind") == kind)
        .group_by("faction", pl.col("detail").alias("source"))
        .agg(pl.col("amount").cast(pl.Int64).sum().alias("vp"))
        .join(played, on="faction")
        .with_columns((pl.col("vp") / pl.col("played")).alias("vp_per_game"))
        .select("faction", "source", "vp", "vp_per_game")
        .sort("faction", "source")
    )


def cumulative_vp_by_round(
    events: pl.LazyFrame, seats: pl.LazyFrame, kind: str = "vp", rounds: int = 5
) -> pl.LazyFrame:
    """Per faction and Round (1 to ``rounds``): mean, standard deviation and number of
    games of the score total at the end of that Round (``kind``: the score events)."""
    per_round = (
        events.filter(pl.col("kind") == kind)
        .group_by("game_id", "faction", "round")
        .agg(pl.col("amount").cast(pl.Int64).sum().alias("gained"))
    )
    grid = (
        seats.filter(~pl.col("is_npc") | (pl.col("bot") == "automaton"))
        .select("game_id", "faction")
        .join(pl.LazyFrame({"round": list(range(1, rounds + 1))}, schema={"round": pl.Int8}), how="cross")
    )
    filled = (
        grid.join(per_round, on=["game_id", "faction", "round"], how="left")
        .with_columns(pl.col("gained").fill_null(0))
        .sort("game_id", "faction", "round")
        .with_columns(pl.col("gained").cum_sum().over("game_id", "faction").alias("total"))
    )
    return (
        filled.group_by("faction", "round")
        .agg(
            pl.col("total").mean().alias("mean"),
            pl.col("total").std().alias("std"),
            pl.len().alias("games"),
        )
        .sort("faction", "round")
    )
