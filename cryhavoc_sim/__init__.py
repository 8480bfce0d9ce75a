"""cryhavoc-sim: Monte Carlo balance analysis for asymmetric board games (Cry Havoc, Cave
Troll, WarCry).

Notebook API::

    from cryhavoc_sim import simulate, load_run
    run = simulate("quick", n_games=200, seed=1, workers=2)   # writes runs/quick-1-200/
    run.seats.group_by("faction").agg(pl.col("won").mean()).collect()

``run.games``, ``run.seats``, ``run.events`` are polars LazyFrames; ``run.manifest`` a dict.
``sweep("design.toml")`` plays a sensitivity design and returns its results, statements
and spans (polars DataFrames) and the report's path; ``tune("targets.toml")`` calibrates
content numbers to targets and returns the best values and the content set it wrote.

The four functions are :mod:`cryhavoc_sim.api`'s own (``help(simulate)`` shows their
signatures and where they write); they are imported on first use, so that
``import cryhavoc_sim`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cryhavoc_sim.api import load_run, simulate, sweep, tune

__all__ = ["load_run", "simulate", "sweep", "tune"]


def __getattr__(name: str) -> Any:
    # PEP 562: the real functions (their signatures and docstrings), imported when asked for
    if name in __all__:
        from cryhavoc_sim import api

        return getattr(api, name)
    raise AttributeError(f"module 'cryhavoc_sim' has no attribute {name!r}")
