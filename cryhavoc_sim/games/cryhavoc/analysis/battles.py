"""Battles: how often the attacker takes Region Control, by pairing and Region (the
report maps Regions to Terrains), and what a Battle costs in Units."""

from __future__ import annotations

import polars as pl


def battle_starts(events: pl.LazyFrame) -> pl.LazyFrame:
    """One row per fought Battle: game, Round, region, attacker, defender."""
    return events.filter(pl.col("kind") == "battle_start").select(
        "game_id",
        "round",
        "region",
        pl.col("faction").alias("attacker"),
        pl.col("other_faction").alias("defender"),
    )


def battles(events: pl.LazyFrame) -> pl.LazyFrame:
    """One row per fought Battle: attacker, defender, region, whether the attacker won
    Region Control, Units killed and captured."""
    start = battle_starts(events)
    control = events.filter(
        (pl.col("kind") == "battle_objective") & (pl.col("detail") == "region_control")
    ).select("game_id", "round", "region", pl.col("faction").alias("rc_winner"))
    in_battle = events.filter(pl.col("phase") == "battle")
    kills = (
        in_battle.filter(pl.col("kind") == "kill")
        .group_by("game_id", "round", "region")
        .agg(pl.col("amount").cast(pl.Int64).sum().alias("killed"))
    )
    caps = (
        in_battle.filter(pl.col("kind") == "capture")
        .group_by("game_id", "round", "region")
        .agg(pl.len().cast(pl.Int64).alias("captured"))
    )
    keys = ["game_id", "round", "region"]
    return (
        start.join(control, on=keys, how="left")
        .join(kills, on=keys, how="left")
        .join(caps, on=keys, how="left")
        .with_columns(
            (pl.col("rc_winner") == pl.col("attacker")).alias("attacker_won"),
            pl.col("killed").fill_null(0),
            pl.col("captured").fill_null(0),
        )
    )


def _summarise(fought: pl.LazyFrame, by: list[str]) -> pl.LazyFrame:
    return (
        fought.group_by(by)
        .agg(
            pl.len().alias("battles"),
            pl.col("attacker_won").mean().alias("attacker_win_rate"),
            pl.col("killed").mean().alias("killed_per_battle"),
            pl.col("captured").mean().alias("captured_per_battle"),
        )
        .sort(by)
    )


def battle_summary(events: pl.LazyFrame, by: tuple[str, ...] = ("attacker", "defender")) -> pl.LazyFrame:
    """Per ``by``: Battles fought, attacker Region Control win rate, Units killed and
    captured per Battle."""
    return _summarise(battles(events), list(by))


def battle_summary_by_terrain(events: pl.LazyFrame, terrains: pl.LazyFrame) -> pl.LazyFrame:
    """As :func:`battle_summary`, by pairing and Terrain; ``terrains`` maps ``region`` to
    ``terrain`` (the outer ring has none)."""
    fought = (
        battles(events)
        .join(terrains, on="region", how="left")
        .with_columns(pl.col("terrain").fill_null("none"))
    )
    return _summarise(fought, ["attacker", "defender", "terrain"])
