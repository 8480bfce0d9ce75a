"""Decisions that matter from the command line: a small run with ``decisions = true`` and
a search bot stores the searched decisions' value gaps, the same tables at one and two
workers, and its report shows the searched decisions table; a run whose decisions no
search answered shows only the decision points. An older run's ``decisions`` without the
gap fields reads them as null."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polars as pl

from cryhavoc_sim.storage.reader import Run
from tests.conftest import assert_same_tables

SCENARIO = """[scenario]
name = "gaps"
games = 4
seed = 6
players = 2
decisions = true

[bots]
default = "heuristic"
{search}
"""


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=600
    )


def test_a_search_runs_gaps_are_stored_the_same_at_any_worker_count_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(search='humans = "paired:4"'))
    for j in ("1", "2"):
        played = cli("run", str(path), "-o", str(tmp_path / f"j{j}"), "-q", "-j", j)
        assert played.returncode == 0, played.stderr
    assert_same_tables(tmp_path / "j1", tmp_path / "j2")
    report = cli("report", str(tmp_path / "j1"), "-o", str(tmp_path / "report"))
    assert report.returncode == 0, report.stderr
    md = (tmp_path / "report" / "report.md").read_text()
    assert "Decisions with more than one legal answer" in md and "Searched decisions that matter" in md
    summary = json.loads((tmp_path / "report" / "summary.json").read_text())
    gaps = summary["decision_gaps"]
    assert gaps and {r["faction"] for r in gaps} == {"humans"}  # the search's side only
    assert all(r["searched"] > 0 and 0.0 <= r["share_over_5pt"] <= r["share_over_1pt"] <= 1.0 for r in gaps)
    asked = {(r["faction"], r["kind"]): r["choices"] for r in summary["decisions"]}
    assert all(r["searched"] <= asked[(r["faction"], r["kind"])] for r in gaps)


def test_a_run_without_a_search_reports_only_the_decision_points(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(search="").replace("games = 4", "games = 2"))
    assert cli("run", str(path), "-o", str(tmp_path / "r"), "-q", "-j", "1").returncode == 0
    report = cli("report", str(tmp_path / "r"), "-o", str(tmp_path / "report"))
    assert report.returncode == 0, report.stderr
    md = (tmp_path / "report" / "report.md").read_text()
    assert "Decisions with more than one legal answer" in md and "Searched decisions that matter" not in md
    assert "decision_gaps" not in json.loads((tmp_path / "report" / "summary.json").read_text())


def test_decisions_written_before_the_gaps_read_them_as_null(tmp_path: Path) -> None:
    from cryhavoc_sim.analysis.decisions import decision_gaps, decision_points

    old = pl.Struct({"kind": pl.String, "asked": pl.Int32, "choices": pl.Int32})  # schema version 4
    (tmp_path / "seats").mkdir()
    pl.DataFrame(
        {
            "game_id": [0, 0],
            "faction": ["humans", "machines"],
            "decisions": [[{"kind": "turn", "asked": 9, "choices": 7}], None],
        },
        schema={"game_id": pl.Int64, "faction": pl.String, "decisions": pl.List(old)},
    ).write_parquet(tmp_path / "seats" / "old.parquet")
    seats = Run(tmp_path, {"run_id": "r"}).scan("seats")
    row = seats.collect()["decisions"][0][0]
    assert row == {
        "kind": "turn", "asked": 9, "choices": 7, "searched": None, "gap_sum": None, "over_1pt": None, "over_5pt": None
    }  # fmt: skip
    assert decision_points(seats).collect()["choices"].to_list() == [7]
    assert decision_gaps(seats).collect().height == 0
