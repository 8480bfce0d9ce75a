"""The report's headline: what a designer can act on, in words.

Each side's win rate against its fair share (1 / players, averaged over the games it
played), with the 95% interval (by deals where games share them, analysis/deals.py)
deciding "above", "below" or "within"; then the
strongest other findings: a seat effect the data can tell from chance, the source most
of the leading side's VP come from, and whatever the game's own report finds
(``ReportSections.findings``). Game-agnostic: sides are whatever the seats table holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

from cryhavoc_sim.games.protocol import Vocabulary


@dataclass(frozen=True, slots=True)
class Standing:
    """One side's win rate against its fair share."""

    faction: str
    games: int
    win_rate: float
    ci_low: float
    ci_high: float
    fair_share: float | None  # None: solo games, no share to be fair about
    verdict: str  # "above", "below", "within" or "solo"
    deals: int = 0  # the deals its games were played in (0: not counted)


def pct(x: float) -> str:
    return f"{x:.1%}"


def interval(low: float, high: float) -> str:
    """ "61.4-65.9%": an interval as the report prints it."""
    return f"{low * 100:.1f}-{high * 100:.1f}%"


def rate_cell(rate: float, low: float, high: float) -> str:
    """ "12.8% (11.2-14.6%)": a rate with its interval."""
    return f"{pct(rate)} ({interval(low, high)})"


def rate_text() -> pl.Expr:
    """``win_rate`` with ``ci_low`` and ``ci_high`` as one text column, as :func:`rate_cell`."""
    return pl.struct("win_rate", "ci_low", "ci_high").map_elements(
        lambda r: rate_cell(r["win_rate"], r["ci_low"], r["ci_high"]), return_dtype=pl.String
    )


def standings(wr: pl.DataFrame, seats: pl.LazyFrame, games: pl.LazyFrame) -> list[Standing]:
    """Every side of ``wr`` (analysis.win_rates) against its fair share: the winners of
    each game it played over its players (1 / players, or k / players where k players
    share a win, as Cave Troll's ruling CT10 lets them), averaged."""
    from cryhavoc_sim.analysis.fair import fair_shares

    shares = fair_shares(seats, games).collect()
    share = {r["faction"]: (None if r["solo"] else r["fair_share"]) for r in shares.to_dicts()}
    out = []
    for r in wr.sort("win_rate", descending=True).to_dicts():
        fair = share.get(r["faction"])
        if fair is None:
            verdict = "solo"
        elif r["ci_low"] > fair:
            verdict = "above"
        elif r["ci_high"] < fair:
            verdict = "below"
        else:
            verdict = "within"
        out.append(
            Standing(
                r["faction"],
                r["games"],
                r["win_rate"],
                r["ci_low"],
                r["ci_high"],
                fair,
                verdict,
                int(r.get("deals") or 0),
            )
        )
    return out


def _players(games: pl.DataFrame) -> str:
    counts = sorted({int(n) for n in games["n_players"].to_list()})
    if counts == [1]:
        return "solo"
    return "/".join(str(n) for n in counts) + "-player"


def _agree(plural: bool) -> tuple[str, str]:
    """The verb ending and possessive for a side's name: plural ("Machines win ... their")
    or singular ("Seat 2 wins ... its")."""
    return ("", "their") if plural else ("s", "its")


def standing_sentence(s: Standing, players: str, plural: bool = True) -> str:
    name = s.faction.capitalize()
    ending, their = _agree(plural)
    deals = f" in {s.deals:,} deals" if 0 < s.deals < s.games else ""
    head = (
        f"{name} win{ending} {pct(s.win_rate)} ({interval(s.ci_low, s.ci_high)}) of {their} {s.games:,} "
        f"{players} games{deals}"
    )
    if s.fair_share is None:
        return head + "."
    fair = f"{their} fair share of {s.fair_share:.0%}"
    ratio = s.win_rate / s.fair_share if s.fair_share else 0.0
    if s.verdict == "above":
        return f"{head}: {ratio:.1f} times {fair}."
    if s.verdict == "below":
        return f"{head}: {ratio:.0%} of {fair}." if ratio >= 0.1 else f"{head}: far below {fair}."
    return f"{head}: within reach of {fair} (the interval includes it)."


def seat_finding(
    seats: pl.LazyFrame, seat_words: str = "Initiative seat", games: pl.LazyFrame | None = None
) -> str | None:
    """Pooled over the sides, within each player count (a seat 4 exists only in 4-player
    games): does the starting seat change the win rate more than chance would (p < 0.01
    after a Bonferroni correction over the player counts)? The player count with the
    smallest p is reported. Where games share deals the test counts deals (Hotelling's
    T-squared on each deal's win rate per seat, analysis/deals.py ``seat_test``); where
    every game is its own deal it is the chi-square test of seat against winning."""
    from scipy.stats import chi2_contingency

    from cryhavoc_sim.analysis.deals import seat_test, with_deal

    played = seats.filter(~pl.col("is_npc") & pl.col("seat").is_not_null())
    if games is not None:
        played = with_deal(played.join(games.select("game_id", "n_players"), on="game_id"), games)
    else:
        # no games table: each player's row stands alone (the chi-square test)
        played = played.with_columns(
            pl.lit(0).cast(pl.Int8).alias("n_players"), pl.int_range(pl.len()).cast(pl.Int64).alias("deal")
        )
    per_deal = (
        played.group_by("n_players", "deal", "seat")
        .agg(pl.len().alias("games"), pl.col("won").cast(pl.Int64).sum().alias("wins"))
        .collect()
    )
    by_seat = (
        per_deal.group_by("n_players", "seat")
        .agg(pl.col("games").sum(), pl.col("wins").sum(), pl.col("deal").n_unique().alias("deals"))
        .sort("n_players", "seat")
    )
    counts = sorted(set(by_seat["n_players"].to_list()))
    best: tuple[float, Any, list[tuple[Any, float]], str] | None = None
    for n in counts:
        rows = by_seat.filter(pl.col("n_players") == n)
        if rows.height < 2 or rows["games"].min() < 30:  # type: ignore[operator]
            continue
        table = [[w, g - w] for w, g in zip(rows["wins"].to_list(), rows["games"].to_list(), strict=True)]
        if any(sum(col) == 0 for col in zip(*table, strict=True)):
            continue
        if rows["deals"].to_list() == rows["games"].to_list():  # every game its own deal
            p, test = float(chi2_contingency(table)[1]), "chi-square test"
        else:
            wide = (
                per_deal.filter(pl.col("n_players") == n)
                .with_columns((pl.col("wins") / pl.col("games")).alias("rate"))
                .pivot(on="seat", index="deal", values="rate", sort_columns=True)
                .drop_nulls()
                .sort("deal")  # the same rows in the same order at every run
            )
            p, test = seat_test(wide.drop("deal").to_numpy()), f"Hotelling's test over {wide.height:,} deals"
        p = min(1.0, p * len(counts))
        rates = [(seat, w / g) for seat, w, g in rows.select("seat", "wins", "games").iter_rows()]
        if best is None or p < best[0]:
            best = (p, n, rates, test)
    if best is None or best[0] >= 0.01:
        return None
    p, n, rates, test = best
    top = max(rates, key=lambda t: t[1])
    worst = min(rates, key=lambda t: t[1])
    where = f" in {n}-player games" if len(counts) > 1 else ""
    return (
        f"The starting seat matters{where}: seat {top[0]} wins {pct(top[1])} of its games, seat {worst[0]} "
        f"{pct(worst[1])} ({test}, p = {p:.1g}); see the win rate by {seat_words}."
    )


def source_finding(
    src: pl.DataFrame,
    top: Standing | None,
    score: str = "VP",
    plural: bool = True,
    words: Vocabulary | None = None,
) -> str | None:
    """Where most of the leading side's VP come from, when one source dominates, in the
    game's words (``words``: its verb, preposition and printed source names)."""
    if top is None or src.height == 0:
        return None
    mine = src.filter((pl.col("faction") == top.faction) & (pl.col("vp") > 0))
    total = float(mine["vp"].sum()) if mine.height else 0.0
    if total <= 0:
        return None
    row = mine.sort("vp", descending=True).row(0, named=True)
    share = float(row["vp"]) / total
    if share < 0.4:
        return None
    ending, their = _agree(plural)
    words = words or Vocabulary()
    verb = words.score_verb + (("es" if words.score_verb.endswith("sh") else "s") if ending else "")
    return (
        f"{top.faction.capitalize()} {verb} {share:.0%} of {their} {score} {words.source_preposition}"
        f" {words.source(str(row['source']))} ({float(row['vp_per_game']):.1f} {score} a game); see"
        f" {score} by source."
    )


def headline(
    wr: pl.DataFrame,
    seats: pl.LazyFrame,
    games: pl.DataFrame,
    src: pl.DataFrame,
    findings: list[str],
    seat_words: str = "Initiative seat",
    score: str = "VP",
    plural: bool = True,
    words: Vocabulary | None = None,
) -> tuple[list[str], list[Standing]]:
    """The headline sentences (sides first, then at most three other findings) and the
    standings they rest on."""
    if games.height == 0 or wr.height == 0:
        return ["No games in this run yet."], []
    table = standings(wr, seats, games.lazy())
    players = _players(games)
    sentences = [standing_sentence(s, players, plural) for s in table]
    others = [
        seat_finding(seats, seat_words, games.lazy()),
        source_finding(src, table[0] if table else None, score, plural, words),
        *findings,
    ]
    sentences += [s for s in others if s][:3]
    return sentences, table


def summary_entry(table: list[Standing]) -> list[dict[str, Any]]:
    return [
        {
            "faction": s.faction,
            "win_rate": s.win_rate,
            "ci_low": s.ci_low,
            "ci_high": s.ci_high,
            "fair_share": s.fair_share,
            "verdict": s.verdict,
            "games": s.games,
            "deals": s.deals,
        }
        for s in table
    ]
