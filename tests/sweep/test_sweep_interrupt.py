"""Ctrl-C between two cells of a sweep (issue 32): the sweep says interrupted (and the CLI
prints its resume command), never running; the resume completes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cryhavoc_sim.sweeps.design import parse_design
from cryhavoc_sim.sweeps.run import run_sweep

DESIGN = """[sweep]
name = "ctrl_c"
scenario = "quick"
games = 6

[factors]
"tokens.war_party.*.trogs" = [1, 3]
"""


def test_ctrl_c_between_two_cells_leaves_the_record_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cryhavoc_sim.runner import executor

    real = executor.run_scenario
    calls: list[Path] = []

    def interrupted_after_one(*args: Any, **kw: Any) -> Any:
        calls.append(args[1])
        if len(calls) == 2:  # the second cell never starts: Ctrl-C came between the two
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(executor, "run_scenario", interrupted_after_one)
    design = parse_design(DESIGN, str(tmp_path / "d.toml"))
    out = tmp_path / "sw"
    summary = run_sweep(design, out, quiet=True)
    assert summary.interrupted and summary.stopped is None and summary.complete == 1
    record = json.loads((out / "sweep.json").read_text())
    assert record["status"] == "interrupted"
    cells = len(design.cells)  # a value that is the shipped one is cell 0, played once
    assert cells >= 2 and [c["complete"] for c in record["cells"]] == [True] + [False] * (cells - 1)
    again = run_sweep(design, out, resume=True, quiet=True)
    assert not again.interrupted and again.complete == cells
    assert json.loads((out / "sweep.json").read_text())["status"] == "complete"
    assert (out / "results.parquet").is_file()
