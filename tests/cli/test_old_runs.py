"""Run directories and baselines written before the game registry stay readable.

``tests/fixtures/run_before_registry`` is a 6-game three-player run written by commit
4b7a109 (rules version 5, schema version 1: no ``player`` or ``run_id`` columns in the
seats and events tables), and ``baseline_before_registry.json`` its baseline."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from cryhavoc_sim import load_run
from cryhavoc_sim.runner.replay import replay

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
OLD = FIXTURES / "run_before_registry"
BASELINE = FIXTURES / "baseline_before_registry.json"


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


@pytest.fixture
def old_run(tmp_path: Path) -> Path:
    copy = tmp_path / "old"
    shutil.copytree(OLD, copy)
    return copy


def test_an_old_run_reads_with_the_contract_columns(old_run: Path) -> None:
    run = load_run(old_run)
    seats = run.seats.collect()
    events = run.events.collect()
    assert seats.height == 6 * 4 and events.height > 1000
    # the contract: old runs are Cry Havoc with player = faction, run_id from the manifest
    assert (seats["player"] == seats["faction"]).all()
    assert seats["run_id"].unique().to_list() == [run.manifest["run_id"]]
    acting = events.filter(pl.col("faction").is_not_null())
    assert (acting["player"] == acting["faction"]).all()
    other = events.filter(pl.col("other_faction").is_not_null())
    assert other.height and (other["other_player"] == other["other_faction"]).all()
    assert run.games.collect()["game"].unique().to_list() == ["cryhavoc"]


def test_an_old_run_replays_reports_compares_and_checks(old_run: Path, tmp_path: Path) -> None:
    result = replay(old_run, 3)
    # played by the bots before bot versions: told, not compared (their play has changed)
    assert result.matches is None and any("Round 1" in line for line in result.account)
    assert result.not_compared and "unrecorded" in result.not_compared
    report = cli("report", str(old_run), "-o", str(tmp_path / "report"))
    assert report.returncode == 0, report.stderr
    assert "Battles" in (tmp_path / "report" / "report.md").read_text()
    # written before win-probability lines: no game-flow section, and the summary says why
    summary = json.loads((tmp_path / "report" / "summary.json").read_text())
    assert "no win-probability lines" in summary["game_flow"]["absent"]
    assert "Game flow" not in (tmp_path / "report" / "report.md").read_text()
    # a baseline of the independent-games statistics is refused in one sentence; taken
    # again from the same old run, by deals, it checks
    check = cli("check", str(old_run), "--baseline", str(BASELINE))
    assert check.returncode == 2 and "old independent-games statistics" in check.stderr
    assert "Traceback" not in check.stderr and len(check.stderr.strip().splitlines()) == 1
    again = tmp_path / "baseline.json"
    assert cli("baseline", str(old_run), "-o", str(again)).returncode == 0
    check = cli("check", str(old_run), "--baseline", str(again))
    assert check.returncode == 0, check.stdout + check.stderr
    new = tmp_path / "new"
    played = cli("run", str(old_run / "manifest.json"), "-o", str(new), "-q")
    assert played.returncode == 2  # a manifest is not a scenario: one sentence
    scenario = tmp_path / "s.toml"
    scenario.write_text(load_run(old_run).manifest["scenario_text"])
    assert cli("run", str(scenario), "-o", str(new), "-q").returncode == 0
    compared = cli("compare", str(old_run), str(new))
    assert compared.returncode == 0, compared.stderr
    assert "bots version" in compared.stdout  # the bots have changed since: said
    # the same seeds: the same games, seats and line-ups (played by today's bots)
    seat_columns = ["game_id", "faction", "seat", "bot", "is_npc"]
    old_seats = load_run(old_run).seats.collect().select(seat_columns)
    new_seats = load_run(new).seats.collect().select(seat_columns)
    assert old_seats.equals(new_seats)
