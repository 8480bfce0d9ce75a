"""The fair share of a win, one definition for every table, figure and sentence.

A player's fair share of a game is the number of its winners over its players: 1 /
players, or k / players when k players share the win (Cave Troll's ruling CT10 lets
equal gold share it, and each of them counts a win). A side's fair share is that,
averaged over the games it played. Counting shared wins in the win rate but not in the
share would set every side below its fair share in a game with ties.
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl


def player_shares(seats: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """The player seats (no neutral ones) with ``n_players``, ``winners`` (at least 1)
    and ``fair_share``: winners / players of the game each played."""
    players = seats.filter(~pl.col("is_npc"))
    winners = players.group_by("game_id").agg(pl.col("won").cast(pl.Int64).sum().clip(1).alias("winners"))
    return (
        players.join(games.select("game_id", "n_players"), on="game_id")
        .join(winners, on="game_id")
        .with_columns((pl.col("winners") / pl.col("n_players").cast(pl.Float64)).alias("fair_share"))
    )


def fair_shares(seats: pl.LazyFrame, games: pl.LazyFrame, by: Sequence[str] = ("faction",)) -> pl.LazyFrame:
    """Per ``by`` (columns of the seats, or ``n_players``, or a games column joined in
    by the caller): the mean fair share of its players' games, and ``solo`` when every
    one of them was a one-player game (no share to be fair about)."""
    return (
        player_shares(seats, games)
        .group_by(*by)
        .agg(pl.col("fair_share").mean(), (pl.col("n_players") == 1).all().alias("solo"))
        .sort(*by)
    )
