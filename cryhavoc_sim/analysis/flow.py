"""How a game plays, from each player's win-probability line (``seats.win_line``: the
probability at the start of each checkpoint, ``games/winprob.py``): the win model's
calibration on the run's games, and the game-flow measures of each game.

Calibration (every player at every checkpoint is one prediction of ``won``): the
reliability table (predictions in ten equal bins: mean prediction against the share
won), the Brier score (mean squared error) and the expected calibration error (the
bins' gaps weighted by their sizes: Naeini et al. 2015).

Game flow, per game with one winner and at least two players on the line:

- ``lead_changes``: checkpoints at which the leader (the highest probability) differs
  from the checkpoint before (Ludii's lead change, counted);
- ``ahead_from``: the first checkpoint from which the eventual winner leads at every
  checkpoint (null when it does not lead at the last: it won from behind);
- ``excitement``: the probability moved between players, summed over the game and the
  final result (half the sum of every player's absolute change; with two players the
  sports excitement index);
- ``comeback``: 1 over the winner's lowest probability (sports analytics' comeback
  factor; with a calibrated model about a fifth of close games reach 5);
- ``drama``: the winner's distance behind the leader, summed over the checkpoints
  (Ludii's drama for several players).

Every function takes and returns lazy frames; no plotting.
"""

from __future__ import annotations

import polars as pl

BINS = 10
COMEBACKS = (5.0, 10.0)  # the comeback factors whose shares are reported


def line_points(seats: pl.LazyFrame) -> pl.LazyFrame:
    """One row per player and checkpoint: run_id, game_id, player, faction, seat, won,
    checkpoint (from 1), p."""
    return (
        seats.filter(pl.col("win_line").is_not_null() & (pl.col("win_line").list.len() > 0))
        .select(
            "run_id",
            "game_id",
            "player",
            "faction",
            "seat",
            "won",
            pl.int_ranges(1, pl.col("win_line").list.len() + 1).alias("checkpoint"),
            pl.col("win_line").alias("p"),
        )
        .explode("checkpoint", "p")
        # the line is stored as float32 of values rounded to 4 places: back to those values,
        # so that a winner at 0.1 has a comeback factor of 10, not 9.9999999
        .with_columns(pl.col("checkpoint").cast(pl.Int32), pl.col("p").cast(pl.Float64).round(4))
    )


def reliability(points: pl.LazyFrame, bins: int = BINS) -> pl.LazyFrame:
    """Per bin of predicted probability: predictions, mean prediction, share won."""
    return (
        points.with_columns(
            pl.min_horizontal((pl.col("p") * bins).floor(), bins - 1).cast(pl.Int32).alias("bin")
        )
        .group_by("bin")
        .agg(
            pl.len().alias("predictions"),
            pl.col("p").mean().alias("mean_predicted"),
            pl.col("won").cast(pl.Float64).mean().alias("share_won"),
        )
        .with_columns(
            (pl.col("bin") / bins).alias("low"),
            ((pl.col("bin") + 1) / bins).alias("high"),
        )
        .sort("bin")
        .select("bin", "low", "high", "predictions", "mean_predicted", "share_won")
    )


def calibration(points: pl.LazyFrame, bins: int = BINS) -> pl.LazyFrame:
    """One row: predictions, games, Brier score, expected calibration error."""
    brier = points.select(
        pl.len().alias("predictions"),
        pl.struct("run_id", "game_id").n_unique().alias("games"),
        ((pl.col("p") - pl.col("won").cast(pl.Float64)) ** 2).mean().alias("brier"),
    )
    ece = reliability(points, bins).select(
        ((pl.col("mean_predicted") - pl.col("share_won")).abs() * pl.col("predictions")).sum().alias("gap"),
        pl.col("predictions").sum().alias("n"),
    )
    return pl.concat([brier, ece], how="horizontal").select(
        "predictions", "games", "brier", (pl.col("gap") / pl.col("n")).alias("ece")
    )


def game_flow(points: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """One row per game with one winner and two or more players on its line: run_id,
    game_id, n_players, winner (its side), winner_seat, checkpoints, lead_changes,
    ahead_from, excitement, comeback, drama (see the module docstring)."""
    keys = ["run_id", "game_id"]
    one_winner = (
        points.group_by(keys)
        .agg(
            pl.col("player").n_unique().alias("players"),
            pl.col("player").filter(pl.col("won")).n_unique().alias("winners"),
        )
        .filter((pl.col("players") >= 2) & (pl.col("winners") == 1))
        .select(keys)
    )
    pts = points.join(one_winner, on=keys, how="semi")
    leaders = (
        pts.sort([*keys, "checkpoint", "p", "player"], descending=[False, False, False, True, False])
        .group_by([*keys, "checkpoint"], maintain_order=True)
        .agg(
            pl.col("player").first().alias("leader"),
            pl.col("p").first().alias("top"),
            pl.col("p").filter(pl.col("won")).first().alias("p_winner"),
            pl.col("player").filter(pl.col("won")).first().alias("winner_player"),
        )
        .sort([*keys, "checkpoint"])
        .with_columns(
            (pl.col("leader") != pl.col("leader").shift(1).over(keys)).fill_null(False).alias("changed"),
            (pl.col("leader") == pl.col("winner_player")).alias("winner_leads"),
        )
    )
    per_game = leaders.group_by(keys).agg(
        pl.len().alias("checkpoints"),
        pl.col("changed").sum().cast(pl.Int32).alias("lead_changes"),
        pl.col("checkpoint").filter(~pl.col("winner_leads")).max().fill_null(0).alias("last_behind"),
        (1.0 / pl.col("p_winner").min()).alias("comeback"),
        (pl.col("top") - pl.col("p_winner")).sum().alias("drama"),
    )
    steps = (
        pts.sort([*keys, "player", "checkpoint"])
        .group_by([*keys, "player"])
        .agg(
            (
                pl.col("p").diff().abs().sum()
                + (pl.col("won").first().cast(pl.Float64) - pl.col("p").last()).abs()
            ).alias("moved")
        )
        .group_by(keys)
        .agg((pl.col("moved").sum() / 2.0).alias("excitement"))
    )
    winners = (
        pts.filter(pl.col("won"))
        .group_by(keys)
        .agg(pl.col("faction").first().alias("winner"), pl.col("seat").first().alias("winner_seat"))
    )
    return (
        per_game.join(steps, on=keys)
        .join(winners, on=keys)
        .join(games.select(*keys, "n_players"), on=keys, how="left")
        .with_columns(
            pl.when(pl.col("last_behind") >= pl.col("checkpoints"))
            .then(None)
            .otherwise(pl.col("last_behind") + 1)
            .cast(pl.Int32)
            .alias("ahead_from")
        )
        .select(
            *keys,
            "n_players",
            "winner",
            "winner_seat",
            "checkpoints",
            "lead_changes",
            "ahead_from",
            "excitement",
            "comeback",
            "drama",
        )
        .sort(keys)
    )


def flow_summary(flow: pl.LazyFrame, by: tuple[str, ...] = ("n_players",)) -> pl.LazyFrame:
    """The game-flow measures of ``game_flow`` by ``by`` (``n_players``, ``winner``,
    ``winner_seat``): games, mean checkpoints, mean lead changes, the share with one, the share the winner
    leads from the first or second checkpoint on, the share won from behind, mean
    excitement, the shares of comeback factors at 5+ and 10+, mean drama."""
    return (
        flow.group_by(list(by))
        .agg(
            pl.len().alias("games"),
            pl.col("checkpoints").mean().alias("checkpoints"),
            pl.col("lead_changes").mean().alias("lead_changes"),
            (pl.col("lead_changes") > 0).mean().alias("with_lead_change"),
            (pl.col("ahead_from") <= 2).fill_null(False).mean().alias("decided_by_2"),
            pl.col("ahead_from").is_null().mean().alias("won_from_behind"),
            pl.col("excitement").mean().alias("excitement"),
            *[(pl.col("comeback") >= c).mean().alias(f"comeback_{c:g}_plus") for c in COMEBACKS],
            pl.col("drama").mean().alias("drama"),
        )
        .sort(list(by))
    )


def average_lines(points: pl.LazyFrame) -> pl.LazyFrame:
    """The mean win probability at each checkpoint of the eventual winners and of the
    others (players per checkpoint, mean p), by player count."""
    return (
        points.group_by("run_id", "game_id")
        .agg(pl.col("player").n_unique().alias("n"))
        .join(points, on=["run_id", "game_id"])
        .group_by("n", "checkpoint", "won")
        .agg(pl.len().alias("players"), pl.col("p").mean().alias("mean_p"))
        .rename({"n": "line_players"})
        .sort("line_players", "won", "checkpoint")
    )
