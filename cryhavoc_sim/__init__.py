"""cryhavoc-sim: Monte Carlo balance analysis for Cry Havoc.

Notebook API: ``load_run(RUN_DIR)`` gives ``.games``, ``.seats``, ``.events`` as polars
LazyFrames and ``.manifest``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["load_run"]


def load_run(run_dir: Any) -> Any:
    from cryhavoc_sim.storage.reader import load_run as _load_run

    return _load_run(run_dir)
