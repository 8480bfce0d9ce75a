"""Cry Havoc's own metrics (lazy polars, one metric per function, no plotting): Battles,
game length and Scoring timing, kit use, and whether the final Round decides. The metrics every
game shares (win rates, the VP ledger) are in :mod:`cryhavoc_sim.analysis`."""

from cryhavoc_sim.games.cryhavoc.analysis.battles import battle_summary, battle_summary_by_terrain, battles
from cryhavoc_sim.games.cryhavoc.analysis.behaviour import bot_behaviour
from cryhavoc_sim.games.cryhavoc.analysis.kit import kit_items, kit_use
from cryhavoc_sim.games.cryhavoc.analysis.timing import (
    final_round,
    game_length,
    leader_changes,
    scoring_enabled,
    scoring_gain,
)

__all__ = [
    "battle_summary",
    "battle_summary_by_terrain",
    "battles",
    "bot_behaviour",
    "final_round",
    "game_length",
    "kit_items",
    "kit_use",
    "leader_changes",
    "scoring_enabled",
    "scoring_gain",
]
