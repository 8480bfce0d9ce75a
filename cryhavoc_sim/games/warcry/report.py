"""WarCry's own report sections, answering its users' questions: the deck-against-deck
win matrix with intervals, Good against Evil, the first fielder's and the first
Command's advantage in mirror matches, P(win the game | won Battle 1) and how often a
third Battle is played, and what each card and keyword is worth (``worth.py``). The deck lists are reconstructed: every table says so."""

from __future__ import annotations

from typing import Any

import polars as pl

from cryhavoc_sim.games.protocol import ReportSections
from cryhavoc_sim.games.warcry.worth import card_worth, keyword_worth, traits

RECONSTRUCTED = (
    "Deck lists reconstructed from real cards (not the real starter lists); card statistics real; some"
    " cards' abilities reconstructed (the trust notes count them per deck)."
)


def _wilson(frame: pl.LazyFrame, wins: str = "wins", n: str = "games") -> pl.DataFrame:
    from cryhavoc_sim.analysis.wilson import with_wilson

    return with_wilson(frame, wins, n).collect()


def _pairs(seats: pl.LazyFrame) -> pl.LazyFrame:
    """One row per seat: its deck, the opponent's deck, whether it won."""
    s = seats.select("game_id", "seat", pl.col("faction").alias("deck"), "won")
    o = seats.select("game_id", pl.col("seat").alias("o_seat"), pl.col("faction").alias("opponent"))
    return s.join(o, on="game_id").filter(pl.col("seat") != pl.col("o_seat")).drop("o_seat")


def deck_matrix(seats: pl.LazyFrame) -> pl.DataFrame:
    """Each deck's win rate against each deck (mirrors: 0.5 by construction), 95% Wilson."""
    agg = (
        _pairs(seats)
        .group_by("deck", "opponent")
        .agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"))
    )
    return _wilson(agg).sort("deck", "opponent")


def alignments(seats: pl.LazyFrame, alignment: dict[str, str]) -> pl.DataFrame:
    """Good against Evil: the win rate of each alignment in games between the two."""
    p = _pairs(seats).with_columns(
        pl.col("deck").replace_strict(alignment, default="?").alias("alignment"),
        pl.col("opponent").replace_strict(alignment, default="?").alias("against"),
    )
    agg = (
        p.filter(pl.col("alignment") != pl.col("against"))
        .group_by("alignment", "against")
        .agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"))
    )
    return _wilson(agg).sort("alignment")


def mirror_edges(games: pl.LazyFrame, events: pl.LazyFrame) -> pl.DataFrame:
    """In mirror matches, how often the player who fields first, and the player who
    takes the first Command, wins that Battle (0.5: no edge)."""
    mirrors = games.filter(pl.col("lineup").str.split(",").list.n_unique() == 1).select("game_id")
    e = events.join(mirrors, on="game_id").select("game_id", "round", "kind", "player")
    won = e.filter(pl.col("kind") == "battle_won").select(
        "game_id", "round", pl.col("player").alias("winner")
    )
    frames = []
    for kind, label in (("fields_first", "fields first"), ("first_command", "takes the first Command")):
        first = e.filter(pl.col("kind") == kind).group_by("game_id", "round").agg(pl.col("player").last())
        agg = (
            first.join(won, on=["game_id", "round"])
            .select(pl.lit(label).alias("player who"), (pl.col("player") == pl.col("winner")).alias("won"))
            .group_by("player who")
            .agg(pl.len().alias("games"), pl.col("won").sum().alias("wins"))
        )
        frames.append(agg)
    return _wilson(pl.concat(frames)).rename({"games": "battles"})


def battle_one(games: pl.LazyFrame, events: pl.LazyFrame) -> pl.DataFrame:
    """P(win the game | won Battle 1), and how often a third Battle is played."""
    first = events.filter((pl.col("kind") == "battle_won") & (pl.col("round") == 1)).select(
        "game_id", pl.col("faction").alias("b1"), pl.col("player").alias("b1_player")
    )
    won = events.filter(pl.col("kind") == "game_won").select("game_id", pl.col("player").alias("game_player"))
    g = games.select("game_id", "rounds_played").join(first, on="game_id").join(won, on="game_id")
    out = g.select(
        pl.len().alias("games"),
        (pl.col("b1_player") == pl.col("game_player")).sum().alias("wins"),
        (pl.col("rounds_played") == 3).mean().alias("third_battle_share"),
    )
    return _wilson(out).rename({"win_rate": "p_win_given_battle_1"})


def meta_game(matrix: pl.DataFrame) -> pl.DataFrame:
    """The deck meta-game: the Nash equilibrium of the zero-sum game whose payoff is the
    matrix's win rate (each player picks a deck), by linear programming; per deck its
    share of the equilibrium mix and its win rate against that mix (the equilibrium's
    decks all reach its value, the others fall below)."""
    from scipy.optimize import linprog

    decks = sorted(set(matrix["deck"]) & set(matrix["opponent"]))
    rate = {(r["deck"], r["opponent"]): r["win_rate"] for r in matrix.iter_rows(named=True)}
    if not decks or any((a, b) not in rate for a in decks for b in decks):
        return pl.DataFrame({"deck": [], "nash_share": [], "win_rate_vs_nash": []})
    n = len(decks)
    # variables x_1..x_n (the mix) and v: maximise v with sum_i x_i A[i][j] >= v for every j
    a_ub = [[-rate[(decks[i], decks[j])] for i in range(n)] + [1.0] for j in range(n)]
    res = linprog(
        c=[0.0] * n + [-1.0], A_ub=a_ub, b_ub=[0.0] * n, A_eq=[[1.0] * n + [0.0]], b_eq=[1.0],
        bounds=[(0, 1)] * n + [(None, None)], method="highs",
    )  # fmt: skip
    mix = [max(0.0, float(x)) for x in res.x[:n]]
    against = [sum(rate[(decks[i], decks[j])] * mix[j] for j in range(n)) for i in range(n)]
    return pl.DataFrame({"deck": decks, "nash_share": mix, "win_rate_vs_nash": against}).sort(
        "nash_share", descending=True
    )


def report_sections(run: Any, content: Any) -> ReportSections:
    from cryhavoc_sim.games.warcry.content import load_content

    decks = content if content is not None else load_content()
    alignment = {n: d.alignment for n, d in decks.armies.items()}
    matrix = deck_matrix(run.seats)
    s = ReportSections()
    s.tables = [
        (f"Deck against deck: the row deck's win rate (95% Wilson interval)\n{RECONSTRUCTED}", matrix),
        (f"Good against Evil\n{RECONSTRUCTED}", alignments(run.seats, alignment)),
        (
            "Mirror matches: does fielding first, or taking the first Command, win the Battle?",
            mirror_edges(run.games, run.events),
        ),
        (
            "P(win the game | won Battle 1), and the share of games with a third Battle",
            battle_one(run.games, run.events),
        ),
        (
            "The deck meta-game: the Nash mix when both players pick their best deck over the matrix, and each"
            f" deck's win rate against that mix\n{RECONSTRUCTED}",
            meta_game(matrix),
        ),
        (
            "What each card is worth: its player's win rate in the games it was played (95% Wilson; a winning"
            " side plays more, so this ranks cards rather than prices them) and, for cards used in Combat, the"
            f" combat swing: its player's share of those Combats won and mean margin (95% interval)\n{RECONSTRUCTED}",
            card_worth(run.seats, run.events),
        ),
        (
            "What each keyword is worth: the win rate of a player who played a card carrying it (printed"
            f" keywords, unit kind, Scout, Terror, Ranged, Victory, Unique; 95% Wilson)\n{RECONSTRUCTED}",
            keyword_worth(run.seats, run.events, traits(decks.cards.values())),
        ),
    ]
    off = matrix.filter(pl.col("deck") != pl.col("opponent"))
    if off.height:
        best = off.sort("ci_low", descending=True).row(0, named=True)
        s.findings.append(
            f"{best['deck']} beats {best['opponent']} in {best['win_rate']:.0%} of games"
            f" ({best['ci_low']:.0%}-{best['ci_high']:.0%}; deck matrix table)."
        )
    played = sorted(set(matrix["deck"]) | set(matrix["opponent"])) if matrix.height else []
    invented = {n: decks.invented_abilities(decks.armies[n]) for n in played if n in decks.armies}
    s.trust = [
        "WarCry's deck lists are reconstructed from real cards; the real starter lists were not found.",
        "Rulings W1-W22 (docs/rulings.md) decide what the quick rules leave open; W1 is a knob (rules.tp_refresh).",
    ]
    if any(invented.values()):
        s.trust.append(
            "Cards whose abilities are reconstructed (real statistics, rules text not found; each card's"
            " ability_rationale says how) in the army decks played: "
            + ", ".join(f"{n} {k} of {len(decks.armies[n].cards)}" for n, k in invented.items())
            + "."
        )
    s.summary = {"warcry_decks": sorted(alignment)}
    _meta_health(s, matrix)  # meta.py
    return s


def _meta_health(s: ReportSections, matrix: pl.DataFrame) -> None:
    from cryhavoc_sim.games.warcry.meta import meta_health

    table, summary = meta_health(matrix)
    cyclic = summary["cyclic_share"]
    shown = "n/a" if cyclic is None else f"{cyclic:.0%}"
    s.tables.append(
        (
            "The meta's health: each deck's win rate against the field (every other deck alike) and its"
            f" losing matchups; the matrix is {shown} cyclic (rock-paper-scissors) and the rest a ranking"
            f" (Hodge decomposition of its log-odds)\n{RECONSTRUCTED}",
            table,
        )
    )
    s.summary["meta_health"] = summary
