"""What each card and keyword is worth (``games/warcry/worth.py``), on tiny hand-built
event logs whose answers are known."""

from __future__ import annotations

import polars as pl

from cryhavoc_sim.games.warcry.content import Card
from cryhavoc_sim.games.warcry.worth import card_worth, combat_swing, keyword_worth, traits


def _seats(winners: dict[int, str]) -> pl.LazyFrame:
    rows = [{"game_id": g, "player": p, "won": p == w} for g, w in winners.items() for p in ("one", "two")]
    return pl.LazyFrame(rows)


def _events(rows: list[tuple[int, int, str, str, int, str]]) -> pl.LazyFrame:
    keys = ("game_id", "seq", "kind", "player", "amount", "detail")
    return pl.LazyFrame([dict(zip(keys, r, strict=True)) for r in rows]).with_columns(
        pl.col("seq").cast(pl.Int32), pl.col("amount").cast(pl.Int16)
    )


def test_a_card_played_twice_in_a_game_counts_once_for_its_player() -> None:
    events = _events(
        [
            (0, 0, "muster", "one", 5, "Knights"),
            (0, 1, "muster", "one", 5, "Knights"),
            (0, 2, "muster", "two", 5, "Knights"),
            (1, 0, "muster", "two", 5, "Knights"),
            (1, 1, "muster", "one", 3, "Archers"),
        ]
    )
    out = card_worth(_seats({0: "one", 1: "one"}), events)
    knights = out.filter(pl.col("card") == "Knights").row(0, named=True)
    assert (knights["games"], knights["wins"]) == (3, 1)  # one won game 0; two lost 0 and 1
    archers = out.filter(pl.col("card") == "Archers").row(0, named=True)
    assert (archers["games"], archers["wins"], archers["win_rate"]) == (1, 1, 1.0)
    assert archers["ci_low"] < 1.0 and archers["combats"] is None  # never used in a Combat


def test_the_combat_swing_reads_the_next_combat_from_its_players_side() -> None:
    events = _events(
        [
            (0, 0, "tactic", "one", 2, "Charge"),  # one attacks and wins by 3
            (0, 1, "combat", "one", 3, "A vs B"),
            (0, 2, "tactic", "two", 1, "Charge"),  # two defends; the attacker (one) wins by 2
            (0, 3, "reaction", "one", 0, "Reroll"),
            (0, 4, "combat", "one", 2, "A vs B"),
            (0, 5, "tactic", "one", 2, "Charge"),  # no Combat follows in game 0:
            (1, 0, "combat", "two", 4, "C vs D"),  # game 1's Combat is not its Combat
        ]
    )
    out = combat_swing(events).collect().sort("card")
    charge = out.filter(pl.col("card") == "Charge").row(0, named=True)
    assert charge["combats"] == 2 and charge["combats_won"] == 1
    assert charge["margin"] == 0.5  # (+3 and -2) / 2
    assert charge["margin_low"] < 0.5 < charge["margin_high"]
    reroll = out.filter(pl.col("card") == "Reroll").row(0, named=True)
    assert (reroll["combats"], reroll["margin"], reroll["margin_low"]) == (1, 2.0, 2.0)


def test_keywords_come_from_printed_keywords_kind_and_ratings() -> None:
    cards = [
        Card("1", "Wolves", "Unit", "Chaos", kind="Cavalry", terror=1),
        Card("2", "Sword", "Attachment", "Neutral", keywords=("Weapon",)),
        Card("3", "Scouts", "Unit", "Empire", kind="Infantry", scout=2, unique=True),
    ]
    words = traits(cards)
    assert words == {
        "Wolves": ("Cavalry", "Terror"),
        "Sword": ("Weapon",),
        "Scouts": ("Infantry", "Scout", "Unique"),
    }
    events = _events(
        [
            (0, 0, "muster", "one", 5, "Wolves"),
            (0, 1, "muster", "one", 1, "Sword"),
            (0, 2, "muster", "two", 3, "Scouts"),
            (1, 0, "muster", "one", 3, "Scouts"),
        ]
    )
    out = keyword_worth(_seats({0: "one", 1: "two"}), events, words)
    rate = {r["keyword"]: (r["games"], r["wins"]) for r in out.iter_rows(named=True)}
    assert rate == {
        "Cavalry": (1, 1),
        "Terror": (1, 1),
        "Weapon": (1, 1),
        "Infantry": (2, 0),
        "Scout": (2, 0),
        "Unique": (2, 0),
    }
