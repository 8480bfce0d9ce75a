"""What each WarCry card and keyword is worth, read from a run's event log.

- *Win rate when played*: of the games in which a player put the card into play (mustered
  it, played it as a tactic, Strategy or reaction, used its unit's ability), the share
  that player won, with a 95% Wilson interval. A card played in more of the games a
  player wins is not proven to win them (a winning side plays more); the figure ranks
  cards, it does not price them.
- *Combat swing*: for a card used in a Combat (a tactic card, an ability, a Strategy's
  support, a reaction), the margin of the Combat it was used in from its player's side
  (its total less the other's), averaged, with a 95% normal interval, and the share of
  those Combats its player won (Wilson; a Slaughter counts as not won).
- *Keywords*: the same win rate over the cards that carry a keyword: the card's printed
  keywords, its unit kind (Infantry, Cavalry, Flyer) and the ratings the rules read
  (Scout, Terror, Ranged, Victory, Unique).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import polars as pl

from cryhavoc_sim.analysis.wilson import with_wilson
from cryhavoc_sim.games.warcry.content import Card

PLAYED = ("muster", "tactic", "strategy", "reaction", "support", "ability")
IN_COMBAT = ("tactic", "ability", "support", "reaction")
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
SEQ_SPAN = 1 << 24  # above any event's seq in one game: (game, seq) as one sorted key


def traits(cards: Iterable[Card]) -> dict[str, tuple[str, ...]]:
    """Each card name's keywords (see the module docstring)."""
    out: dict[str, tuple[str, ...]] = {}
    for c in cards:
        rated = {
            "Scout": c.scout,
            "Terror": c.terror,
            "Ranged": c.ranged,
            "Victory": c.victory,
            "Unique": c.unique,
        }
        words = {*c.keywords, *([c.kind] if c.kind else []), *(w for w, v in rated.items() if v)}
        out[c.name] = tuple(sorted(words))
    return out


def _played(events: pl.LazyFrame) -> pl.LazyFrame:
    """One row per (game, player, card) the player put into play."""
    return (
        events.filter(pl.col("kind").is_in(PLAYED) & pl.col("detail").is_not_null())
        .select("game_id", "player", pl.col("detail").alias("card"))
        .unique()
    )


def _won(seats: pl.LazyFrame) -> pl.LazyFrame:
    return seats.select("game_id", "player", "won")


def card_win_rates(seats: pl.LazyFrame, events: pl.LazyFrame) -> pl.LazyFrame:
    """Per card: the games it was played in, its player's wins there, Wilson interval."""
    agg = (
        _played(events)
        .join(_won(seats), on=["game_id", "player"])
        .group_by("card")
        .agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"))
    )
    return with_wilson(agg)


def combat_swing(events: pl.LazyFrame) -> pl.LazyFrame:
    """Per card used in a Combat: the Combats, its player's share won (Wilson) and mean
    margin with a 95% interval (see the module docstring)."""
    key = pl.col("game_id").cast(pl.Int64) * SEQ_SPAN + pl.col("seq").cast(pl.Int64)
    uses = (
        events.filter(pl.col("kind").is_in(IN_COMBAT))
        .select(key.alias("at"), "player", pl.col("detail").alias("card"))
        .sort("at")
    )
    combats = (
        events.filter(pl.col("kind") == "combat")
        .select(
            key.alias("cat"), pl.col("player").alias("attacker"), pl.col("amount").cast(pl.Int64).alias("m")
        )
        .sort("cat")
    )
    # the Combat a card was used in is the next one resolved in the same game
    joined = uses.join_asof(combats, left_on="at", right_on="cat", strategy="forward").filter(
        pl.col("cat").is_not_null() & (pl.col("at") // SEQ_SPAN == pl.col("cat") // SEQ_SPAN)
    )
    margin = pl.when(pl.col("player") == pl.col("attacker")).then(pl.col("m")).otherwise(-pl.col("m"))
    agg = (
        joined.with_columns(margin.alias("margin"))
        .group_by("card")
        .agg(
            pl.len().alias("combats"),
            (pl.col("margin") > 0).sum().alias("combats_won"),
            pl.col("margin").mean().alias("margin"),
            pl.col("margin").std().fill_null(0.0).alias("_sd"),
        )
    )
    half = Z95 * pl.col("_sd") / pl.col("combats").sqrt()
    return (
        with_wilson(agg, "combats_won", "combats")
        .rename({"win_rate": "combat_win_rate", "ci_low": "combat_ci_low", "ci_high": "combat_ci_high"})
        .with_columns(
            (pl.col("margin") - half).alias("margin_low"), (pl.col("margin") + half).alias("margin_high")
        )
        .drop("_sd")
    )


def card_worth(seats: pl.LazyFrame, events: pl.LazyFrame) -> pl.DataFrame:
    """Per card: win rate when played and, for cards used in Combat, the combat swing."""
    rates = card_win_rates(seats, events)
    swing = combat_swing(events).select(
        "card", "combats", "combat_win_rate", "margin", "margin_low", "margin_high"
    )
    return (
        rates.join(swing, on="card", how="left")
        .sort("win_rate", "games", "card", descending=[True, True, False])
        .collect()
    )


def keyword_worth(
    seats: pl.LazyFrame, events: pl.LazyFrame, words: Mapping[str, tuple[str, ...]]
) -> pl.DataFrame:
    """Per keyword: the games a player played a card carrying it, its wins there, Wilson."""
    table = (
        pl.LazyFrame(
            {"card": list(words), "keyword": [list(w) for w in words.values()]},
            schema={"card": pl.String, "keyword": pl.List(pl.String)},
        )
        .explode("keyword")
        .drop_nulls("keyword")
    )
    agg = (
        _played(events)
        .join(table, on="card")
        .select("game_id", "player", "keyword")
        .unique()
        .join(_won(seats), on=["game_id", "player"])
        .group_by("keyword")
        .agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"))
    )
    return with_wilson(agg).sort("win_rate", "keyword", descending=[True, False]).collect()
