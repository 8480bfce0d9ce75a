"""Luck against skill: how much of a side's outcome the deal decides. A game's deal is
its seed (the shuffles); the games of one deal replay it from every seat. Per side, the
win indicator of its games is split by one-way analysis of variance into the part
between deals and the part within them, and the deal's share is the intraclass
correlation ICC(1) (Shrout and Fleiss 1979, with the unbalanced ANOVA's mean group size;
a negative estimate, deals more alike than chance makes them, is shown as 0): 0 when
knowing the deal tells nothing about the result, 1 when the deal alone decides it. With every seat played by one bot, what is left within a deal is the seat and the
bots' own randomness; a share that falls as the bots get stronger is skill overcoming
the deal. Lazy frames in and out."""

from __future__ import annotations

import polars as pl

NOTED = 0.2  # a deal share from which a headline (a run's report, balance's) names the side


def deal_share(seats: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction (side): games, deals, the deal's share of the outcome's variance
    (``deal_share``, ICC(1); null when no deal has two games) and the between-deal share
    of the sum of squares (``eta2``, which chance alone makes positive)."""
    rows = (
        seats.filter(~pl.col("is_npc"))
        .join(games.select("run_id", "game_id", "seed"), on=["run_id", "game_id"])
        .select("faction", "seed", pl.col("won").cast(pl.Float64).alias("y"))
    )
    # each float sum is taken over its values sorted, one after another (cum_sum): the
    # rows reach a group in an order, and polars' sum adds them in pieces, that vary
    # from call to call, which changed the shares' last digits (same seed, same games)
    per_deal = rows.group_by("faction", "seed").agg(
        pl.len().alias("n"),
        ((pl.col("y") - pl.col("y").mean()) ** 2).sort().cum_sum().last().alias("ss_within"),
    )
    deals = per_deal.group_by("faction").agg(
        pl.len().alias("deals"),
        pl.col("ss_within").sort().cum_sum().last().alias("ss_within"),
        (pl.col("n").cast(pl.Float64) ** 2).sum().alias("sum_n2"),
    )
    total = rows.group_by("faction").agg(
        pl.len().alias("games"),
        ((pl.col("y") - pl.col("y").mean()) ** 2).sort().cum_sum().last().alias("ss_total"),
    )
    n, g = pl.col("games").cast(pl.Float64), pl.col("deals").cast(pl.Float64)
    msb = (pl.col("ss_total") - pl.col("ss_within")) / (g - 1)
    msw = pl.col("ss_within") / (n - g)
    k0 = (n - pl.col("sum_n2") / n) / (g - 1)
    return (
        total.join(deals, on="faction")
        .with_columns(
            pl.when((n > g) & (g > 1) & ((msb + (k0 - 1) * msw) > 0))
            .then(pl.max_horizontal((msb - msw) / (msb + (k0 - 1) * msw), pl.lit(0.0)))
            .otherwise(None)
            .alias("deal_share"),
            pl.when(pl.col("ss_total") > 0)
            .then((pl.col("ss_total") - pl.col("ss_within")) / pl.col("ss_total"))
            .otherwise(None)
            .alias("eta2"),
        )
        .select("faction", "games", "deals", "deal_share", "eta2")
        .sort("faction")
    )
