"""Play a sweep: every cell an ordinary run directory, the whole resumable.

```
SWEEP_DIR/
  sweep.json        the design file's text, its factors and cells, and each cell's status
  cells/c0000/      cell 0: the base scenario as shipped (an ordinary run directory)
  cells/c0001/ ...  the other cells, each with its own manifest, scenario and tables
  results.parquet   one row per cell and side: the cell's values, games, wins, win rate
                    and 95% Wilson interval (written when every cell is complete)
```

A cell is complete when its manifest says so; ``--resume`` skips complete cells,
completes a cell that was interrupted, and plays the rest. Nothing is written before
the design has been checked whole.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.executor import RunOptions
from cryhavoc_sim.runner.plan import config_hash
from cryhavoc_sim.studies.play import Part, play_parts
from cryhavoc_sim.studies.record import open_record, run_complete, write_json
from cryhavoc_sim.sweeps.design import Design
from cryhavoc_sim.sweeps.record import SWEEP_FILE as SWEEP_FILE
from cryhavoc_sim.sweeps.record import cell_dir


@dataclass
class SweepSummary:
    out: Path
    cells: int
    complete: int = 0
    played_now: int = 0  # games this call played
    seconds: float = 0.0
    interrupted: bool = False
    stopped: str | None = None  # why it stopped early (a worker lost, a full disk, errors)
    errors: int = 0


def _record(design: Design, status: str, done: list[bool], expected: list[str]) -> dict[str, Any]:
    return {
        "kind": "cryhavoc-sim sweep",
        "name": design.name,
        "design_path": design.path,
        "design_text": design.text,
        "method": design.method,
        "games_per_cell": design.games,
        "seed": design.seed,
        "scenario": design.base.name,
        "game": design.base.game,
        # what report's lookup matches a run against: the base scenario's own text and
        # the digest of the content it plays (a sweep is quoted only for the same games)
        "scenario_text": design.base.text,
        "content_hash": design.base_digest,
        "factors": [{"path": f.path, "values": list(f.values)} for f in design.factors],
        "cells": [
            {
                "cell": i,
                "dir": f"cells/c{i:04d}",
                "values": design.cell_values(i),
                "levels": design.cell_levels(i),  # where the analysis reads it
                "complete": done[i],
                "config_hash": expected[i],  # what its run must carry when it is read
            }
            for i in range(len(design.cells))
        ],
        "rows": list(design.rows),
        "matrix": [list(row) for row in design.matrix],
        "status": status,
    }


def run_sweep(
    design: Design,
    out: Path,
    workers: int = 1,
    resume: bool = False,
    quiet: bool = False,
    executor: str = "local",
    scheduler: str | None = None,
) -> SweepSummary:
    """Play every cell of ``design`` into ``out`` (see the module's layout)."""
    record_path = out / SWEEP_FILE
    old = open_record(
        out,
        SWEEP_FILE,
        "sweep",
        "design_text",
        design.text,
        "another design (the design file changed)",
        resume,
    )
    if old is not None and (
        old.get("scenario_text", design.base.text) != design.base.text
        or old.get("content_hash", design.base_digest) != design.base_digest
    ):  # the scenario the design names (or its content) was edited since the interruption
        raise UserError(
            f"{out}: holds a sweep of {design.base.name} as it was before its scenario file or content"
            " changed; resuming would mix the two: restore the file, or play the sweep into another -o."
        )
    if old is not None and old.get("games_per_cell", design.games) != design.games:
        raise UserError(
            f"{out}: holds a sweep of {old['games_per_cell']:,} games per cell, not {design.games:,};"
            f" resume it with -n {old['games_per_cell']} (resuming would mix the two)."
        )
    if old is not None and [c.get("values") for c in old.get("cells", [])] != [
        design.cell_values(i) for i in range(len(design.cells))
    ]:  # a sweep planned before shipped combinations were folded into cell 0
        raise UserError(
            f"{out}: holds a sweep whose cells were planned otherwise (an older version of the tool);"
            " resuming would mix the two: play it again into another -o."
        )
    scenarios = [design.cell_scenario(i) for i in range(len(design.cells))]  # all checked first
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot create the sweep directory ({exc.strerror or exc}).") from None
    expected = [config_hash(sc) for sc in scenarios]
    done = [run_complete(cell_dir(out, i), expected[i]) for i in range(len(design.cells))]
    write_json(record_path, _record(design, "running", done, expected))
    summary = SweepSummary(out, len(design.cells))
    started = time.perf_counter()
    bar = None
    if not quiet:  # the cells play the same bots: one timed game of the first left stands for all
        from cryhavoc_sim.runner.estimate import attempted, study_bar

        left = [i for i in range(len(scenarios)) if not done[i]]
        timed = [(scenarios[left[0]], design.games * len(left))] if left else []
        total = design.games * len(scenarios)
        bar = study_bar(timed, total, total - design.games * len(left), workers, design.games, "cell")

    def show(i: int) -> None:  # the cell about to play
        assert bar is not None
        values = ", ".join(f"{k} = {json.dumps(v)}" for k, v in design.cell_values(i).items()) or "as shipped"
        bar.write(f"cell {i + 1}/{len(scenarios)}: {values}", file=sys.stdout)
        bar.set_description(f"cell {i + 1}/{len(scenarios)}")
        bar.n = design.games * sum(done) + attempted(cell_dir(out, i))
        bar.refresh()

    parts = [Part(sc, cell_dir(out, i), expected[i]) for i, sc in enumerate(scenarios)]
    options = RunOptions(workers, quiet=quiet, executor=executor, scheduler=scheduler, progress=bar)
    try:
        play_parts(parts, options, summary, done, show if bar is not None else None)
        if all(done):  # the results first: a record saying complete has them beside it
            from cryhavoc_sim.sweeps.analyse import write_results

            write_results(out)
    except KeyboardInterrupt:  # between two cells or while the results are written
        summary.interrupted = True
    finally:
        if bar is not None:
            bar.close()
    summary.complete = sum(done)
    summary.seconds = time.perf_counter() - started
    status = "complete" if all(done) and not summary.interrupted else "interrupted"
    write_json(record_path, _record(design, status, done, expected))
    return summary
