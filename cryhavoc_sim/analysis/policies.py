"""Headlines under more than one policy: a scenario with several bot line-ups
(``policies``) plays each on the same seeds; a finding about the game, not the bots,
holds under all of them.

:func:`policy_win_rates` gives each side's win rate per policy with its interval by deals
and its fair share (analysis/fair.py: shared wins counted); :func:`policy_verdicts`
says, for each side, whether it is above, within or below its fair share under each
policy (above: the interval's low end clears the fair share; below: its high end stays
under), and for the ranking of the sides by win rate, whether every policy agrees.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from cryhavoc_sim.analysis.deals import intervals, with_deal


def policy_win_rates(seats: pl.LazyFrame, games: pl.LazyFrame) -> pl.LazyFrame:
    """Rows of (policy, faction, games, wins, deals, win_rate, ci_low, ci_high,
    design_effect, fair_share): the interval counts deals (analysis/deals.py)."""
    from cryhavoc_sim.analysis.fair import player_shares

    players = with_deal(
        player_shares(seats, games).join(games.select("game_id", "policy"), on="game_id", how="left"), games
    )
    keys = ["policy", "faction"]
    per_deal = players.group_by(*keys, "deal").agg(
        pl.len().cast(pl.Int64).alias("games"), pl.col("won").cast(pl.Int64).sum().alias("wins")
    )
    shares = players.group_by(keys).agg(pl.col("fair_share").mean())
    return intervals(per_deal, keys).join(shares, on=keys, how="left").sort(keys)


def _verdict(row: dict[str, Any]) -> str:
    if row["ci_low"] > row["fair_share"]:
        return "above"
    if row["ci_high"] < row["fair_share"]:
        return "below"
    return "within"


def policy_verdicts(table: pl.DataFrame, plural: bool = True) -> list[dict[str, Any]]:
    """One statement per side (its place against its fair share) and one for the
    ranking: what each policy says and whether all agree (``holds``). Side names are
    capitalised, and ``plural`` names (Humans, the game's ``Vocabulary.side_plural``)
    agree with their verb: "Humans are above their fair share", "Seat 2 is above its"."""
    policies = sorted(set(table["policy"].to_list()))
    out: list[dict[str, Any]] = []
    verb, their = ("are", "their") if plural else ("is", "its")
    for faction in sorted(set(table["faction"].to_list())):
        rows = {r["policy"]: r for r in table.filter(pl.col("faction") == faction).iter_rows(named=True)}
        says = {p: _verdict(rows[p]) for p in policies if p in rows}
        first = next(iter(says.values()))
        holds = len(says) == len(policies) and all(v == first for v in says.values())
        out.append(
            {
                "statement": f"{_name(faction)} {verb} {first} {their} fair share"
                if holds
                else f"{_name(faction)}: above, within or below {their} fair share depends on the policy",
                "by_policy": says,
                "holds": holds,
            }
        )
    rankings = {}
    for p in policies:
        part = table.filter(pl.col("policy") == p).sort("win_rate", "faction", descending=[True, False])
        rankings[p] = " > ".join(_name(f) for f in part["faction"].to_list())
    first_rank = next(iter(rankings.values()), "")
    same = all(r == first_rank for r in rankings.values())
    out.append(
        {
            "statement": f"Ranking {first_rank}" if same else "Ranking of the sides by win rate",
            "by_policy": rankings,
            "holds": same,
        }
    )
    return out


def _name(side: str) -> str:
    """A side as a sentence names it: "humans" -> "Humans", "seat 2" -> "Seat 2"."""
    return side[:1].upper() + side[1:]


def verdict_frame(verdicts: list[dict[str, Any]]) -> pl.DataFrame:
    """The verdicts as a table: statement, holds under every policy, what each says."""
    policies = sorted({p for v in verdicts for p in v["by_policy"]})
    return pl.DataFrame(
        {
            "statement": [v["statement"] for v in verdicts],
            "holds_under_every_policy": ["yes" if v["holds"] else "no" for v in verdicts],
            **{p: [v["by_policy"].get(p, "") for v in verdicts] for p in policies},
        }
    )
