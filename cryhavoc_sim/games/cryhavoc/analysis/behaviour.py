"""How well the bots play, read from the event log: the blunders a balance figure must
not rest on (issue 13), one rate per faction.

- ``hopeless_attack_rate``: of the Battles a faction starts, those where it has no more
  Units in the Battle than the defender (who wins ties, Battle Resolution C) and puts
  none on Region Control.
- ``lone_unit_attack_rate``: of those Battles, those it fights with a single Unit.
- ``empty_action_rate``: of its Actions before the game's final Round, those that did
  nothing (no event but a discard before the next turn-level choice), paid for or not:
  an Action that does nothing is a pass, never better than the Draw or an Action that
  acts (in the final Round, when cards are worth nothing, a pass is no mistake).
- ``idle_paid_skill_rate``: of its Actions-phase Skill uses that paid a cost (Units or
  Crystals), those that changed nothing after the payment.
- ``back_and_forth_moves_per_game``: Moves that bring Units straight back along a path
  the same faction moved them along earlier in the same Round, per game it played.

A turn-level choice (an Action, a Skill, an Initiative card) opens a *segment* of the
Actions phase; everything logged until the next one is what that choice did.
"""

from __future__ import annotations

import polars as pl

from cryhavoc_sim.games.cryhavoc.analysis.battles import battle_starts

MARKERS = ("action", "skill", "card_played")
PAYMENTS = ("crystals_spent", "unit_returned")
RATES = (
    "hopeless_attack_rate",
    "lone_unit_attack_rate",
    "empty_action_rate",
    "idle_paid_skill_rate",
    "back_and_forth_moves_per_game",
)


def _segments(events: pl.LazyFrame) -> pl.LazyFrame:
    """One row per turn-level choice of the Actions phase: who, what, whether it paid
    and whether anything followed."""
    ev = (
        events.filter(pl.col("phase") == "actions")
        .sort("game_id", "seq")
        .with_columns(pl.col("kind").is_in(MARKERS).cast(pl.Int32).cum_sum().over("game_id").alias("segment"))
        .filter(pl.col("segment") > 0)
    )
    return ev.group_by("game_id", "segment").agg(
        pl.col("kind").first().alias("marker"),
        pl.col("round").first(),
        pl.col("faction").first(),
        pl.col("detail").first().alias("what"),
        ((pl.col("kind") == "discard") & (pl.col("amount") > 0)).any().alias("paid_cards"),
        pl.col("kind").is_in(PAYMENTS).any().alias("paid_cost"),
        pl.col("kind").slice(1).is_in(("discard", *PAYMENTS)).not_().any().alias("did_something"),
    )


def _battles(events: pl.LazyFrame) -> pl.LazyFrame:
    """One row per Battle: attacker, its Units and Units on Region Control, defender's Units."""
    start = battle_starts(events)
    placed = events.filter(pl.col("kind") == "battle_placement").select(
        "game_id",
        "region",
        "round",
        "faction",
        pl.col("amount").cast(pl.Int64).alias("units"),
        pl.col("detail").str.split("/").list.first().cast(pl.Int64).alias("on_control"),
    )
    att = placed.rename({"faction": "attacker", "units": "att_units", "on_control": "att_control"})
    dfn = placed.rename({"faction": "defender", "units": "def_units"}).drop("on_control")
    return start.join(att, on=["game_id", "region", "round", "attacker"], how="left").join(
        dfn, on=["game_id", "region", "round", "defender"], how="left"
    )


def bot_behaviour(events: pl.LazyFrame, seats: pl.LazyFrame) -> pl.LazyFrame:
    """Per faction (players' seats only): the five rates of the module docstring, with
    their denominators (``battles``, ``actions``, ``paid_skills``, ``games``)."""
    fights = (
        _battles(events)
        .group_by(pl.col("attacker").alias("faction"))
        .agg(
            pl.len().alias("battles"),
            (
                (pl.col("att_units").fill_null(0) <= pl.col("def_units").fill_null(0))
                & (pl.col("att_control").fill_null(0) == 0)
            )
            .sum()
            .alias("hopeless"),
            (pl.col("att_units") == 1).sum().alias("lone"),
        )
    )
    seg = _segments(events)
    last = events.group_by("game_id").agg(pl.col("round").max().alias("last_round"))
    acts = (
        seg.filter(pl.col("marker") == "action")
        .join(last, on="game_id")
        .filter(pl.col("round") < pl.col("last_round"))
        .group_by("faction")
        .agg(
            pl.len().alias("actions"),
            (~pl.col("did_something")).sum().alias("empty"),
        )
    )
    skills = (
        seg.filter((pl.col("marker") == "skill") & pl.col("paid_cost"))
        .group_by("faction")
        .agg(pl.len().alias("paid_skills"), (~pl.col("did_something")).sum().alias("idle"))
    )
    moves = events.filter(pl.col("kind") == "move").select(
        "game_id", "round", "seq", "faction", pl.col("detail").alias("origin"), pl.col("region").alias("dest")
    )
    back = (
        moves.join(
            moves.select(
                "game_id",
                "round",
                "faction",
                pl.col("seq").alias("earlier"),
                pl.col("dest").alias("origin"),
                pl.col("origin").alias("dest"),
            ),
            on=["game_id", "round", "faction", "origin", "dest"],
        )
        .filter(pl.col("earlier") < pl.col("seq"))
        .unique(["game_id", "seq"])
        .group_by("faction")
        .agg(pl.len().alias("back_and_forth"))
    )
    played = (
        seats.filter(~pl.col("is_npc")).group_by("faction").agg(pl.col("game_id").n_unique().alias("games"))
    )
    out = (
        played.join(fights, on="faction", how="left")
        .join(acts, on="faction", how="left")
        .join(skills, on="faction", how="left")
        .join(back, on="faction", how="left")
        .with_columns(
            pl.col(
                "battles", "hopeless", "lone", "actions", "empty", "paid_skills", "idle", "back_and_forth"
            ).fill_null(0)
        )
    )

    def rate(num: str, den: str) -> pl.Expr:
        return pl.when(pl.col(den) > 0).then(pl.col(num) / pl.col(den)).otherwise(None)

    return out.select(
        "faction",
        "games",
        "battles",
        rate("hopeless", "battles").alias("hopeless_attack_rate"),
        rate("lone", "battles").alias("lone_unit_attack_rate"),
        "actions",
        rate("empty", "actions").alias("empty_action_rate"),
        "paid_skills",
        rate("idle", "paid_skills").alias("idle_paid_skill_rate"),
        (pl.col("back_and_forth") / pl.col("games")).alias("back_and_forth_moves_per_game"),
    ).sort("faction")
