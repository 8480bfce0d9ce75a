"""compare, baseline and check: the balance regression gate, end to end from the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cryhavoc_sim.analysis.compare import compare_rates, diff_interval, games_needed

GATE = """
[scenario]
name = "gate"
variant = "{variant}"
games = 450
seed = {seed}
players = 2
factions = "every_combination"

[bots]
default = "heuristic"
{extra}
"""


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("gate")
    out = {}
    for name, seed, extra in (("a", 21, ""), ("b", 22, ""), ("bad", 23, 'humans = "random"')):
        path = base / f"{name}.toml"
        path.write_text(GATE.format(variant="base" if not extra else "humans_random", seed=seed, extra=extra))
        proc = cli("run", str(path), "-o", str(base / name), "-q", "-j", "2")
        assert proc.returncode == 0, proc.stderr
        out[name] = base / name
    return out


def test_check_passes_on_a_rerun_with_another_seed(runs: dict[str, Path], tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    assert cli("baseline", str(runs["a"]), "-o", str(baseline)).returncode == 0
    stored = json.loads(baseline.read_text())
    assert {r["faction"] for r in stored["win_rates"]} == {"humans", "pilgrims", "machines"}
    summary = tmp_path / "summary.md"
    proc = cli(
        "check", str(runs["b"]), "--baseline", str(baseline), env={"GITHUB_STEP_SUMMARY": str(summary)}
    )
    assert proc.returncode == 0, proc.stdout
    assert "No faction moved." in proc.stdout and "No faction moved." in summary.read_text()
    assert "Changed from the baseline" not in proc.stdout  # same knobs, same content


def test_check_fails_on_a_deliberately_unbalanced_variant(runs: dict[str, Path], tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    cli("baseline", str(runs["a"]), "-o", str(baseline))
    summary = tmp_path / "summary.md"
    proc = cli(
        "check",
        str(runs["bad"]),
        "--baseline",
        str(baseline),
        "--tolerance",
        "0.03",
        env={"GITHUB_STEP_SUMMARY": str(summary)},
    )
    assert proc.returncode == 1
    assert "| humans |" in proc.stdout and "moved: humans" in proc.stdout
    assert "| humans |" in summary.read_text()


def test_check_json_is_one_document_with_the_verdict(runs: dict[str, Path], tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    cli("baseline", str(runs["a"]), "-o", str(baseline))
    moved = cli("check", str(runs["bad"]), "--baseline", str(baseline), "--json")
    doc = json.loads(moved.stdout)
    assert moved.returncode == doc["exit_code"] == 1
    assert doc["status"] == "moved" and "humans" in doc["moved"]
    assert {r["faction"] for r in doc["factions"]} == {"humans", "pilgrims", "machines"}
    passed = cli("check", str(runs["b"]), "--baseline", str(baseline), "--json")
    doc = json.loads(passed.stdout)
    assert passed.returncode == doc["exit_code"] == 0 and doc["status"] == "pass" and doc["moved"] == []
    error = cli("check", str(runs["a"]), "--baseline", str(tmp_path / "missing.json"), "--json")
    assert error.returncode == 2 and error.stderr.startswith("error:")
    problem = json.loads(error.stdout)["error"]
    assert problem["code"] == 2 and "missing.json" in problem["message"]


def test_check_and_compare_bad_input_exit_2(runs: dict[str, Path], tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    for proc in (
        cli("check", str(runs["a"]), "--baseline", str(junk)),
        cli("check", str(runs["a"]), "--baseline", str(tmp_path / "missing.json")),
        cli("compare", str(runs["a"]), str(tmp_path / "nope")),
    ):
        assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.startswith("error:")
    base = tmp_path / "base.json"
    assert cli("baseline", str(runs["a"]), "-o", str(base)).returncode == 0
    good = json.loads(base.read_text())
    for effect in (float("inf"), 1e308, 1e-300, 0.5):
        bad = dict(good, win_rates=[dict(r, design_effect=effect) for r in good["win_rates"]])
        hostile = tmp_path / "hostile.json"
        hostile.write_text(json.dumps(bad))
        proc = cli("check", str(runs["a"]), "--baseline", str(hostile))
        assert proc.returncode == 2 and "design_effect from 1" in proc.stderr
        assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.startswith("error:")


def test_compare_reports_per_faction_and_seat(runs: dict[str, Path]) -> None:
    proc = cli("compare", str(runs["a"]), str(runs["bad"]), "--json")
    assert proc.returncode == 0
    tables = json.loads(proc.stdout)
    humans = next(r for r in tables["faction"] if r["faction"] == "humans")
    assert humans["diff"] < -0.3 and humans["diff_high"] < 0 and humans["p_adjusted"] < 1e-6
    assert {r["seat"] for r in tables["faction_seat"]} == {1, 2}
    assert tables["content_reconstructed"] is True
    text = cli("compare", str(runs["a"]), str(runs["b"])).stdout
    assert "| faction | A | B | B - A |" in text and "Benjamini-Hochberg" in text and "RECONSTRUCTED" in text


def test_compare_says_what_changed_in_words_and_draws_it(runs: dict[str, Path], tmp_path: Path) -> None:
    figure = tmp_path / "diff.svg"
    proc = cli("compare", str(runs["a"]), str(runs["bad"]), "--plot", str(figure))
    assert proc.returncode == 0, proc.stderr
    assert "The runs differ in: " in proc.stdout and "bots" in proc.stdout
    words = next(line for line in proc.stdout.splitlines() if line.startswith("In B, "))
    assert words.startswith("In B, humans lose ")  # the largest, surest change comes first
    svg = figure.read_text()
    assert "What changed between the runs" in svg and "Humans" in svg and "reconstructed content" in svg
    same = cli("compare", str(runs["a"]), str(runs["b"])).stdout
    assert "No faction's win rate differs beyond chance" in same or "In B, " in same
    bad = cli("compare", str(runs["a"]), str(runs["b"]), "--plot", str(tmp_path / "d.pdf"))
    assert bad.returncode == 2 and not (tmp_path / "d.pdf").exists()


def test_statistics_against_known_values() -> None:
    # Two-proportion sample size, 50% -> 55%, alpha 0.05 two-sided, power 0.8: ~1,565 per group.
    assert 1550 <= games_needed(0.5, 0.05) <= 1575
    low, high = diff_interval(40, 100, 55, 100)  # Newcombe (1998) hybrid score interval
    assert low < 0.15 < high and 0.0 < low < 0.02 and 0.27 < high < 0.29
    rows = compare_rates(
        [{"faction": "x", "wins": 50, "games": 100}],
        [{"faction": "x", "wins": 50, "games": 100}],
        ("faction",),
    )
    assert rows[0]["diff"] == 0 and rows[0]["p_value"] == 1.0


def test_a_partial_run_is_refused_unless_allowed(runs: dict[str, Path], tmp_path: Path) -> None:
    """check, baseline and compare refuse a run that did not finish: its win rates rest on
    whichever games happened to finish (--allow-partial lets it by)."""
    import shutil

    partial = tmp_path / "partial"
    shutil.copytree(runs["a"], partial)
    manifest = json.loads((partial / "manifest.json").read_text())
    manifest["status"] = "interrupted"
    (partial / "manifest.json").write_text(json.dumps(manifest))
    stored = tmp_path / "base.json"
    assert cli("baseline", str(runs["a"]), "-o", str(stored)).returncode == 0
    for args in (
        ("baseline", str(partial), "-o", str(tmp_path / "b2.json")),
        ("check", str(partial), "--baseline", str(stored)),
        ("compare", str(runs["a"]), str(partial)),
    ):
        proc = cli(*args)
        assert proc.returncode == 2 and "the run is interrupted, not complete" in proc.stderr, args
        assert "--allow-partial" in proc.stderr and "Traceback" not in proc.stderr
        assert cli(*args, "--allow-partial").returncode in (0, 1)
    assert (tmp_path / "b2.json").exists()  # written by the call that allowed the partial run


def test_check_precision_refuses_a_mismatched_baseline_before_playing(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    stored = tmp_path / "base.json"
    assert cli("baseline", str(runs["a"]), "-o", str(stored)).returncode == 0  # 2-player games
    out = tmp_path / "never"
    proc = cli(
        "check", str(out), "--baseline", str(stored), "--precision", "0.05", "--scenario", "three_player"
    )
    assert proc.returncode == 2 and "3 players" in proc.stderr and "Traceback" not in proc.stderr
    assert not out.exists()  # nothing was played
