"""How much of each faction's kit its players used: every Skill and Structure, the games
in which the faction held it and, per such game, how often it was used, from the event
log. A calibration that moves numbers can hollow a kit out (a Skill made too dear to
use, a Structure never built): this table shows it.

A faction holds its Skills from setup (the ``setup`` event's detail lists them: its
Default and those dealt, Setup 5c) and every Structure of its kit in every game it plays.
A Skill is used by a ``skill`` event; a Structure is built by a ``build`` event (detail
``id`` or ``id|cause`` when not built by the Build Action) and used by an ``activate``
or a ``passive`` event. Items no game used appear only when the caller names the kit
(``items``: from the content set the run played)."""

from __future__ import annotations

import polars as pl

ITEMS_SCHEMA = {"faction": pl.String, "kind": pl.String, "item": pl.String}


def kit_items(content: object) -> pl.LazyFrame:
    """Every Skill and Structure of a content set as (faction, kind, item)."""
    skills = getattr(content, "skills", {})
    structures = getattr(content, "structures", {})
    rows = [(s.faction, "Skill", i) for i, s in skills.items()]
    rows += [(s.faction, "Structure", i) for i, s in structures.items()]
    return pl.LazyFrame(rows, schema=ITEMS_SCHEMA, orient="row")


def kit_use(events: pl.LazyFrame, items: pl.LazyFrame | None = None) -> pl.LazyFrame:
    """One row per faction that played and item of its kit: ``games_held``, ``used_in``
    (the share of those games in which it was used or built at least once),
    ``uses_per_game`` (Skills used, Structures activated or triggered, per game held) and
    ``built_per_game`` (Structures; null for a Skill), sorted by faction, kind, item."""
    setup = events.filter(pl.col("kind") == "setup").select("game_id", "faction", "detail")
    played = setup.select("game_id", "faction").unique()
    held_skills = (
        setup.with_columns(pl.col("detail").str.split(",").alias("item"))
        .explode("item")
        .filter(pl.col("item").is_not_null() & (pl.col("item") != ""))
        .select("game_id", "faction", pl.lit("Skill").alias("kind"), "item")
    )
    acts = events.filter(pl.col("kind").is_in(["skill", "build", "activate", "passive"])).select(
        "game_id",
        "faction",
        pl.when(pl.col("kind") == "skill").then(pl.lit("Skill")).otherwise(pl.lit("Structure")).alias("kind"),
        pl.col("detail").str.split("|").list.first().alias("item"),
        (pl.col("kind") == "build").alias("is_build"),
    )
    # every item named: used or held in some game, or in the caller's kit
    keys = ["faction", "kind", "item"]
    named = [acts.select(keys), held_skills.select(keys), *([] if items is None else [items.select(keys)])]
    kit = pl.concat(named).unique()
    structures = kit.filter(pl.col("kind") == "Structure").join(played, on="faction")
    held = pl.concat([held_skills, structures.select("game_id", "faction", "kind", "item")]).unique()
    per_game = acts.group_by("game_id", *keys).agg(
        (~pl.col("is_build")).sum().alias("uses"), pl.col("is_build").sum().alias("built")
    )
    stats = (
        held.join(per_game, on=["game_id", *keys], how="left")
        .with_columns(pl.col("uses").fill_null(0), pl.col("built").fill_null(0))
        .group_by(keys)
        .agg(
            pl.len().cast(pl.UInt32).alias("games_held"),
            ((pl.col("uses") + pl.col("built")) > 0).mean().alias("used_in"),
            pl.col("uses").mean().alias("uses_per_game"),
            pl.when(pl.col("kind").first() == "Structure")
            .then(pl.col("built").mean())
            .alias("built_per_game"),
        )
    )
    # every item of a faction that played, held or not (a Skill never dealt: 0 games)
    return (
        kit.join(played.select("faction").unique(), on="faction")
        .join(stats, on=keys, how="left")
        .with_columns(pl.col("games_held").fill_null(0))
        .sort("faction", "kind", "item")
    )
