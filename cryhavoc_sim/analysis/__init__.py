"""Analysis every game shares: lazy polars, one metric per function, no plotting. Each
takes and returns LazyFrames of a run (``Run.games``, ``Run.seats``, ``Run.events``).
A game's own metrics live with it (Cry Havoc: ``cryhavoc_sim.games.cryhavoc.analysis``)."""

from cryhavoc_sim.analysis.points import cumulative_vp_by_round, vp_by_source, vp_distribution, winning_margin
from cryhavoc_sim.analysis.winrates import win_rates

__all__ = [
    "cumulative_vp_by_round",
    "vp_by_source",
    "vp_distribution",
    "win_rates",
    "winning_margin",
]
