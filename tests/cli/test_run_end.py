"""How a run ended, said once (runner/results.py RunEnd): ``run``'s lines and its
``--json`` document come from the same data, and say what the CLI said before the
summary moved out of it (the texts below are the CLI's former sentences)."""

from __future__ import annotations

import json
from pathlib import Path

from cryhavoc_sim.runner.executor import RunSummary
from cryhavoc_sim.runner.results import RECONSTRUCTED_NOTICE, RunEnd, rate_line, run_end
from cryhavoc_sim.runner.scenario import load_scenario
from tests.cli.test_cli import cli


def _end(**changes: object) -> RunEnd:
    fields: dict[str, object] = dict(
        status="complete",
        exit_code=0,
        run_dir=Path("runs/x"),
        scenario="quick",
        seed=3,
        games_planned=20,
        games_done=20,
        played_now=20,
        seconds=0.5,
        errors=0,
        first_error=None,
        resume_command="cryhavoc-sim run quick -o runs/x --resume -j 1",
        worker_lost=None,
        win_rates=[],
        lineup=None,
        content_reconstructed=True,
        precision=None,
    )
    fields.update(changes)
    return RunEnd(**fields)  # type: ignore[arg-type]


def test_the_json_document_and_the_lines_come_from_one_summary(tmp_path: Path) -> None:
    """The same games played twice, once printed as lines and once as JSON: the lines
    quote the document's rates and line-up; the library rebuilds the document exactly."""
    shown = cli("run", "quick", "-n", "12", "--seed", "3", "-o", str(tmp_path / "a"), "-q", "-j", "1")
    doc_run = cli(
        "run", "quick", "-n", "12", "--seed", "3", "-o", str(tmp_path / "b"), "-q", "-j", "1", "--json"
    )
    assert shown.returncode == doc_run.returncode == 0, shown.stderr + doc_run.stderr
    doc = json.loads(doc_run.stdout)
    lines = shown.stdout.splitlines()
    # four players, seats rotated: 12 games are 3 deals, the unit of every interval
    assert lines[0].startswith(f"12 games in 3 deals written to {tmp_path / 'a'} (")
    assert lines[0].endswith(" games/s)") and doc["deals_done"] == 3
    assert lines[1] == "Win rates (95% interval by deals, games played): " + rate_line(doc["win_rates"])
    assert {r["deals"] for r in doc["win_rates"]} == {3}
    assert lines[2] == doc["lineup"]["sentence"]
    assert lines[3:] == [RECONSTRUCTED_NOTICE] and shown.stderr == ""
    assert doc_run.stderr.strip() == RECONSTRUCTED_NOTICE  # beside the document, never in it
    sc = load_scenario("quick").with_overrides(games=12, seed=3)
    summary = RunSummary(tmp_path / "b", 12, 0, {}, doc["seconds"], played_now=12)
    assert run_end(sc, tmp_path / "b", summary, "unused").as_json() == doc


def test_a_resumed_finished_run_has_nothing_to_play() -> None:
    assert _end(played_now=0).lines()[0] == (
        "Nothing to play: runs/x already holds all 20 games of this run.",
        False,
    )
    assert _end(games_done=30, played_now=10, seconds=0.5).lines()[0] == (
        "30 games written to runs/x (20 games/s; 20 kept from before)",
        False,
    )


def test_an_interrupted_run_says_how_to_resume_it_and_nothing_else() -> None:
    summary = RunSummary(Path("runs/x"), 7, 0, {}, 1.0, interrupted=True, played_now=7)
    sc = load_scenario("quick").with_overrides(games=20, seed=3)
    end = run_end(sc, Path("runs/x"), summary, "cryhavoc-sim run quick -o runs/x --resume -j 1")
    assert (end.status, end.exit_code) == ("interrupted", 130)
    said = (
        "Interrupted: 7 games kept in runs/x. Resume with:\n  cryhavoc-sim run quick -o runs/x --resume -j 1"
    )
    assert end.lines() == end.lines(as_json=True) == [(said, True)]
    doc = end.as_json()
    assert doc["resume_command"] == end.resume_command and doc["win_rates"] == []
    assert doc["lineup"] is None and doc["content_reconstructed"] is None and "precision" not in doc
    lost = RunSummary(Path("runs/x"), 7, 0, {}, 1.0, interrupted=True, worker_lost="a worker died")
    end = run_end(sc, Path("runs/x"), lost, "again")
    assert (end.status, end.exit_code) == ("worker_lost", 1)
    assert end.lines()[0][0].startswith("Stopped: a worker died: 7 games kept in runs/x.")


def test_games_that_raised_end_with_the_replay_line_on_stderr() -> None:
    end = _end(status="errors", exit_code=1, errors=2, first_error="game 5: ValueError: x", games_done=18)
    said = end.lines()
    assert said[-2] == (RECONSTRUCTED_NOTICE, False)
    assert said[-1] == (
        "error: 2 game(s) raised (game 5: ValueError: x); seeds and tracebacks are in runs/x/errors/;"
        " replay one with: cryhavoc-sim replay runs/x 5",
        True,
    )
    assert end.lines(as_json=True) == [(RECONSTRUCTED_NOTICE, True), said[-1]]
    assert end.as_json()["resume_command"] is None  # only an interrupted run is resumed


def test_a_precision_run_quotes_its_rule_and_its_record_is_in_the_document() -> None:
    record = {
        "target": 0.2,
        "looks": 1,
        "stopped_at": None,
        "max_games": 200,
        "block_games": 4,
        "bounds": [{"side": "humans", "rate": 0.17, "low": 0.0, "high": 0.385, "games": 200, "wins": 34}],
    }
    rates = [{"faction": "humans", "games": 200, "wins": 34, "win_rate": 0.17, "ci_low": 0.1, "ci_high": 0.2}]
    end = _end(precision=record, win_rates=rates, games_done=200, played_now=200)
    texts = [t for t, _ in end.lines()]
    assert texts[1] == (
        "Win rates (95% confidence sequence, valid at every look; games counted): humans 17.0% (0.0-38.5%, n=200)"
    )
    assert texts[2] == (
        "Reached --max-games (200) before every interval was within +-20 points (intervals: confidence"
        " sequences over whole blocks of 4 games, each one or more whole deals, 95% at every look, 1 looks)."
    )
    assert end.as_json()["precision"] == record
