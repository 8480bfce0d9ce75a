"""Analysis: lazy polars, one metric per function, no plotting. Each takes and returns
LazyFrames of a run (``Run.games``, ``Run.seats``, ``Run.events``)."""

from cryhavoc_sim.analysis.points import cumulative_vp_by_round, vp_by_source, vp_distribution, winning_margin
from cryhavoc_sim.analysis.timing import game_length, scoring_enabled
from cryhavoc_sim.analysis.winrates import win_rates

__all__ = [
    "cumulative_vp_by_round",
    "game_length",
    "scoring_enabled",
    "vp_by_source",
    "vp_distribution",
    "win_rates",
    "winning_margin",
]
