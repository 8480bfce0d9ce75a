"""Analysis: lazy polars, one metric per function, no plotting. Each takes and returns
LazyFrames of a run (``Run.games``, ``Run.seats``, ``Run.events``)."""

from cryhavoc_sim.analysis.battles import battle_summary, battle_summary_by_terrain, battles
from cryhavoc_sim.analysis.points import cumulative_vp_by_round, vp_by_source, vp_distribution, winning_margin
from cryhavoc_sim.analysis.timing import (
    final_round,
    game_length,
    leader_changes,
    scoring_enabled,
    scoring_gain,
)
from cryhavoc_sim.analysis.winrates import win_rates

__all__ = [
    "battle_summary",
    "battle_summary_by_terrain",
    "battles",
    "cumulative_vp_by_round",
    "final_round",
    "game_length",
    "leader_changes",
    "scoring_enabled",
    "scoring_gain",
    "vp_by_source",
    "vp_distribution",
    "win_rates",
    "winning_margin",
]
