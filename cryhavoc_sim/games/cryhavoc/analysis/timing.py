"""When the game turns: game length, how it ended, who enables Scoring when."""

from __future__ import annotations

import polars as pl


def game_length(games: pl.LazyFrame, max_rounds: int = 5) -> pl.LazyFrame:
    """Games per (Rounds played, how the game ended), with their share. An end before
    ``max_rounds`` came from Event spots passed on the Score track (ruling R23)."""
    end = (
        pl.when(pl.col("rounds_played") < max_rounds)
        .then(pl.lit("early: Event spots passed"))
        .otherwise(pl.lit("five Rounds"))
        .alias("end")
    )
    return (
        games.with_columns(end)
        .group_by("rounds_played", "end", "ended_by")
        .agg(pl.len().alias("games"))
        .with_columns((pl.col("games") / pl.col("games").sum()).alias("share"))
        .sort("rounds_played", "end")
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


def scoring_gain(events: pl.LazyFrame) -> pl.LazyFrame:
    """Per enabling faction and Round: what the Scoring phase it enabled earned the
    enabler, against the mean of everyone else scoring in it."""
    enabled = events.filter(pl.col("kind") == "scoring_enabled").select(
        "game_id", "round", pl.col("faction").alias("enabler")
    )
    gained = (
        events.filter((pl.col("kind") == "vp") & (pl.col("phase") == "scoring"))
        .group_by("game_id", "round", "faction")
        .agg(pl.col("amount").cast(pl.Int64).sum().alias("vp"))
    )
    joined = enabled.join(gained, on=["game_id", "round"], how="left")
    mine = joined.filter(pl.col("faction") == pl.col("enabler")).select(
        "game_id", "round", "enabler", pl.col("vp").alias("enabler_vp")
    )
    others = (
        joined.filter(pl.col("faction") != pl.col("enabler"))
        .group_by("game_id", "round")
        .agg(pl.col("vp").mean().alias("others_vp"))
    )
    return (
        enabled.join(mine, on=["game_id", "round", "enabler"], how="left")
        .join(others, on=["game_id", "round"], how="left")
        .group_by("enabler", "round")
        .agg(
            pl.len().alias("times"),
            pl.col("enabler_vp").fill_null(0).mean().alias("enabler_vp"),
            pl.col("others_vp").fill_null(0).mean().alias("others_vp"),
        )
        .sort("enabler", "round")
    )


def _totals(events: pl.LazyFrame) -> pl.LazyFrame:
    """VP of every scoring faction before and after each Round's Scoring phase."""
    vp = events.filter(pl.col("kind") == "vp").select(
        "game_id",
        "faction",
        "round",
        (pl.col("phase") == "scoring").alias("scoring"),
        pl.col("amount").cast(pl.Int64),
    )
    per = vp.group_by("game_id", "faction", "round").agg(
        pl.col("amount").filter(~pl.col("scoring")).sum().alias("before_scoring"),
        pl.col("amount").filter(pl.col("scoring")).sum().alias("in_scoring"),
    )
    # Every scoring faction in every Round of its game, quiet Rounds included.
    rounds = events.group_by("game_id").agg(pl.col("round").max().alias("last"))
    grid = (
        vp.select("game_id", "faction")
        .unique()
        .join(rounds, on="game_id")
        .with_columns(pl.int_ranges(1, pl.col("last").cast(pl.Int64) + 1).alias("round"))
        .explode("round")
        .with_columns(pl.col("round").cast(pl.Int8))
        .drop("last")
    )
    per = grid.join(per, on=["game_id", "faction", "round"], how="left").with_columns(
        pl.col("before_scoring").fill_null(0), pl.col("in_scoring").fill_null(0)
    )
    return (
        per.sort("game_id", "faction", "round")
        .with_columns(
            (pl.col("before_scoring") + pl.col("in_scoring"))
            .cum_sum()
            .over("game_id", "faction")
            .alias("after"),
        )
        .with_columns((pl.col("after") - pl.col("in_scoring")).alias("before"))
    )


def _leader(frame: pl.LazyFrame, column: str) -> pl.LazyFrame:
    """The sole leader on ``column`` per (game, Round); ties give no leader."""
    best = frame.group_by("game_id", "round").agg(pl.col(column).max().alias("top"))
    top = frame.join(best, on=["game_id", "round"]).filter(pl.col(column) == pl.col("top"))
    return (
        top.group_by("game_id", "round")
        .agg(pl.col("faction").first().alias("leader"), pl.len().alias("n"))
        .with_columns(pl.when(pl.col("n") == 1).then(pl.col("leader")).otherwise(None).alias("leader"))
        .drop("n")
    )


def leader_changes(events: pl.LazyFrame) -> pl.LazyFrame:
    """Per Round with Scoring: how often the Scoring phase changed the (sole) leader."""
    totals = _totals(events)
    scored = (
        events.filter(pl.col("kind") == "vp", pl.col("phase") == "scoring")
        .select("game_id", "round")
        .unique()
    )
    before = _leader(totals, "before").rename({"leader": "before"})
    after = _leader(totals, "after").rename({"leader": "after"})
    return (
        scored.join(before, on=["game_id", "round"], how="left")
        .join(after, on=["game_id", "round"], how="left")
        .with_columns((pl.col("before").fill_null("") != pl.col("after").fill_null("")).alias("changed"))
        .group_by("round")
        .agg(pl.len().alias("scorings"), pl.col("changed").sum().alias("changed"))
        .with_columns((pl.col("changed") / pl.col("scorings")).alias("share"))
        .sort("round")
    )


def final_round(events: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """How often the final Round decides the game: the leader entering it does not win;
    and how often the last player to act in it wins, against 1 / players, with the
    design effect of that share over the games' deals (``last_actor_design_effect``:
    the games of a deal share its cards, ``analysis/deals.py``)."""
    from cryhavoc_sim.analysis.deals import intervals, with_deal

    totals = _totals(events)
    last = games.select("game_id", pl.col("rounds_played").alias("final"), "winner", "n_players")
    entering = (
        totals.join(last, on="game_id")
        .filter(pl.col("round") == pl.col("final") - 1)
        .pipe(_leader, "after")
        .rename({"leader": "leader_before_final"})
        .drop("round")
    )
    last_actor = (
        events.filter(pl.col("kind") == "action")
        .join(last, on="game_id")
        .filter(pl.col("round") == pl.col("final"))
        .sort("game_id", "seq")
        .group_by("game_id")
        .agg(pl.col("faction").last().alias("last_actor"))
    )
    hits = (
        with_deal(last.join(last_actor, on="game_id", how="left"), games)
        .filter(pl.col("last_actor").is_not_null())
        .group_by("deal")
        .agg(
            pl.len().alias("games"),
            (pl.col("last_actor") == pl.col("winner")).cast(pl.Int64).sum().alias("wins"),
        )
        .with_columns(pl.lit(0).alias("_all"))
    )
    clustered = intervals(hits, ["_all"]).select(
        pl.col("deals"), pl.col("design_effect").alias("last_actor_design_effect")
    )
    return (
        last.join(entering, on="game_id", how="left")
        .join(last_actor, on="game_id", how="left")
        .select(
            pl.len().alias("games"),
            (pl.col("leader_before_final") != pl.col("winner"))
            .fill_null(True)
            .mean()
            .alias("final_round_decides"),
            (pl.col("last_actor") == pl.col("winner")).mean().alias("last_actor_wins"),
            (1 / pl.col("n_players").cast(pl.Float64)).mean().alias("by_chance"),
        )
        .join(clustered, how="cross")
    )
