"""Win rates per faction, with n and a 95% Wilson interval, cut any way the games allow:
overall, per player count, per starting Initiative seat, per line-up, per solo
difficulty. Player seats only: the non-player Trogs and the solo automaton are never
counted as winners; ties are already broken by the rulebook's tie-breaks in ``won``."""

from __future__ import annotations

import polars as pl

from cryhavoc_sim.analysis.wilson import with_wilson

GAME_KEYS = ("n_players", "mode", "difficulty", "lineup", "variant")


def win_rates(seats: pl.LazyFrame, games: pl.LazyFrame, by: tuple[str, ...] = ()) -> pl.LazyFrame:
    """Rows of (faction, *by, games, wins, win_rate, ci_low, ci_high), sorted."""
    players = seats.filter(~pl.col("is_npc"))
    wanted = [c for c in by if c in GAME_KEYS]
    if wanted:
        players = players.join(games.select("game_id", *wanted), on="game_id", how="left")
    keys = ["faction", *by]
    agg = players.group_by(keys).agg(
        pl.len().alias("games"), pl.col("won").cast(pl.Int64).sum().alias("wins")
    )
    return with_wilson(agg).sort(keys)
