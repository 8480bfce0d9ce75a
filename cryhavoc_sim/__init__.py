"""cryhavoc-sim: Monte Carlo balance analysis for Cry Havoc.

Notebook API::

    from cryhavoc_sim import simulate, load_run
    run = simulate("quick", n_games=200, seed=1, workers=2)
    run.seats.group_by("faction").agg(pl.col("won").mean()).collect()

``run.games``, ``run.seats``, ``run.events`` are polars LazyFrames; ``run.manifest`` a dict.
``sweep("design.toml")`` plays a sensitivity design and returns its results, statements
and spans (polars DataFrames) and the report's path; ``tune("targets.toml")`` calibrates
content numbers to targets and returns the best values and the content set it wrote.
Imports are lazy so that ``import cryhavoc_sim`` stays cheap.
"""

from __future__ import annotations

from typing import Any

__all__ = ["load_run", "simulate", "sweep", "tune"]


def simulate(*args: Any, **kwargs: Any) -> Any:
    from cryhavoc_sim.api import simulate as _simulate

    return _simulate(*args, **kwargs)


def load_run(run_dir: Any) -> Any:
    from cryhavoc_sim.storage.reader import load_run as _load_run

    return _load_run(run_dir)


def sweep(*args: Any, **kwargs: Any) -> Any:
    from cryhavoc_sim.api import sweep as _sweep

    return _sweep(*args, **kwargs)


def tune(*args: Any, **kwargs: Any) -> Any:
    from cryhavoc_sim.api import tune as _tune

    return _tune(*args, **kwargs)
