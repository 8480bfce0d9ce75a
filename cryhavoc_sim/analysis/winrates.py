"""Win rates per faction, with n games, m deals and a 95% interval by deals, cut any way
the games allow: overall, per player count, per starting Initiative seat, per line-up,
per solo difficulty. Player seats only: the non-player Trogs and the solo automaton are
never counted as winners; ties are already broken by the rulebook's tie-breaks in
``won``. The interval counts deals where games share one (analysis/deals.py); where
every game is its own deal it is the Wilson interval of the games."""

from __future__ import annotations

import polars as pl

from cryhavoc_sim.analysis.deals import intervals, with_deal

GAME_KEYS = ("n_players", "mode", "difficulty", "lineup", "variant")


def win_rates(seats: pl.LazyFrame, games: pl.LazyFrame, by: tuple[str, ...] = ()) -> pl.LazyFrame:
    """Rows of (faction, *by, games, wins, deals, win_rate, ci_low, ci_high,
    design_effect), sorted."""
    players = seats.filter(~pl.col("is_npc"))
    wanted = [c for c in by if c in GAME_KEYS]
    if wanted:
        players = players.join(games.select("game_id", *wanted), on="game_id", how="left")
    keys = ["faction", *by]
    per_deal = (
        with_deal(players, games)
        .group_by(*keys, "deal")
        .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("won").cast(pl.Int64).sum().alias("wins"))
    )
    return intervals(per_deal, keys).sort(keys)
