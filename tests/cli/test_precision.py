"""run --precision and check --precision end to end (issue 14): the stop depends on the
seed alone, at any worker count and across an interruption."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import polars as pl

from cryhavoc_sim.analysis.sequential import bounds
from cryhavoc_sim.runner.precision import blocks_of

SCENARIO = """[scenario]
name = "prec"
games = 100
seed = 9
players = 2
factions = "every_combination"
[bots]
default = "random"
"""


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=600, cwd=cwd
    )


def shards(run: Path) -> dict[str, bytes]:
    return {str(p.relative_to(run)): p.read_bytes() for p in sorted(run.glob("*/*.parquet"))}


def outcomes(run: Path) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(winners, sides) of every game in order, from the seats' ``won`` flags."""
    seats = pl.read_parquet(run / "seats" / "*.parquet").filter(~pl.col("is_npc"))
    rows = (
        seats.group_by("game_id")
        .agg(pl.col("faction").sort(), pl.col("faction").filter(pl.col("won")).sort().alias("winners"))
        .sort("game_id")
    )
    return [(tuple(w), tuple(f)) for _, f, w in rows.iter_rows()]


def test_run_precision_stops_at_the_same_game_at_any_worker_count_and_after_an_interruption(
    tmp_path: Path,
) -> None:
    (tmp_path / "s.toml").write_text(SCENARIO)
    args = ["run", "s.toml", "--precision", "0.05", "--max-games", "30000", "-q"]
    one = cli(*args, "-j", "1", "-o", "one", cwd=tmp_path)
    assert one.returncode == 0, one.stderr
    assert "Stopped at game" in one.stdout and "confidence sequences" in one.stdout
    two = cli(*args, "-j", "2", "-o", "two", cwd=tmp_path)
    assert two.returncode == 0, two.stderr
    m = json.loads((tmp_path / "one" / "manifest.json").read_text())
    p = m["precision"]
    edge = p["stopped_at"]
    assert m["status"] == "complete" and m["games_planned"] == m["games_done"] == edge < 30000
    assert p["decision"] == "precise" and p["block_games"] == 6 and edge % m["config"]["chunk_size"] == 0
    assert all(max(b["rate"] - b["low"], b["high"] - b["rate"]) <= 0.05 for b in p["bounds"])
    assert shards(tmp_path / "one") == shards(tmp_path / "two")
    # the stop is the first look that holds: one chunk fewer did not
    games = outcomes(tmp_path / "one")
    assert len(games) == edge
    shorter = bounds(blocks_of(games[: edge - m["config"]["chunk_size"]], 6))
    assert any(b.half_width > 0.05 for b in shorter)

    # interrupted after its first chunk: --resume stops at the same game, same tables
    man = tmp_path / "two" / "manifest.json"
    data = json.loads(man.read_text())
    data["chunks"] = {"0": data["chunks"]["0"]}
    data["status"] = "interrupted"
    man.write_text(json.dumps(data))
    again = cli(*args, "-j", "2", "-o", "two", "--resume", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert shards(tmp_path / "one") == shards(tmp_path / "two")
    assert json.loads(man.read_text())["precision"]["stopped_at"] == edge
    # a resume under another target is refused
    other = cli(
        "run", "s.toml", "--precision", "0.04", "--max-games", "30000", "-o", "two", "--resume", cwd=tmp_path
    )
    assert other.returncode == 2 and "another stopping rule" in other.stderr


def test_check_precision_plays_until_the_gate_decides(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(SCENARIO)
    (tmp_path / "h.toml").write_text(SCENARIO + 'humans = "heuristic"\n')
    assert cli("run", "s.toml", "-n", "1200", "-o", "base", "-q", cwd=tmp_path).returncode == 0
    assert cli("baseline", "base", "-o", "b.json", cwd=tmp_path).returncode == 0
    same = cli(
        "check",
        "g1",
        "--baseline",
        "b.json",
        "--precision",
        "0.02",
        "--scenario",
        "s.toml",
        "--tolerance",
        "0.12",
        cwd=tmp_path,
    )
    assert same.returncode == 0, same.stderr
    assert "No faction moved. Decided by confidence sequences" in same.stdout
    changed = cli(
        "check",
        "g2",
        "--baseline",
        "b.json",
        "--precision",
        "0.02",
        "--scenario",
        "h.toml",
        "--json",
        cwd=tmp_path,
    )
    assert changed.returncode == 1, changed.stderr
    verdict = json.loads(changed.stdout)
    assert verdict["status"] == "moved" and "humans" in verdict["moved"]
    assert verdict["precision"]["decision"] == "moved"
    stopped = verdict["precision"]["stopped_at"]
    # the same check again reuses the run: the same verdict, no game played again
    before = shards(tmp_path / "g2")
    again = cli(
        "check",
        "g2",
        "--baseline",
        "b.json",
        "--precision",
        "0.02",
        "--scenario",
        "h.toml",
        "--json",
        cwd=tmp_path,
    )
    assert again.returncode == 1 and json.loads(again.stdout)["precision"]["stopped_at"] == stopped
    assert shards(tmp_path / "g2") == before


CAVE_TROLL = """[scenario]
name = "ct_prec"
game = "cavetroll"
games = 100
seed = 4
players = 2
[bots]
default = "random"
"""


def test_a_shared_win_counts_for_each_side_in_the_looks_as_in_the_report(tmp_path: Path) -> None:
    """Cave Troll's equal gold is a shared win (ruling CT10): the looks of a precision run
    count it for each side, as the ``won`` column, the end-of-run line and the report do;
    a stop from the interval of the same wins the report prints."""
    (tmp_path / "s.toml").write_text(CAVE_TROLL)
    args = ["run", "s.toml", "--precision", "0.08", "--max-games", "5000", "-q", "--json"]
    one = cli(*args, "-j", "2", "-o", "one", cwd=tmp_path)
    assert one.returncode == 0, one.stderr
    games = outcomes(tmp_path / "one")
    assert any(len(w) == 2 for w, _ in games), "no shared win: choose a seed with one"
    m = json.loads((tmp_path / "one" / "manifest.json").read_text())
    block = m["precision"]["block_games"]
    found = {b.side: b for b in bounds(blocks_of(games, block))}
    recorded = {b["side"]: b for b in m["precision"]["bounds"]}
    assert set(found) == set(recorded) == {"seat 1", "seat 2"}
    for side, b in found.items():
        assert abs(recorded[side]["rate"] - b.rate) < 1e-9, (side, recorded[side], b)
    said = {r["faction"]: r["wins"] for r in json.loads(one.stdout)["win_rates"]}
    assert said == {side: b.wins for side, b in found.items()}  # the end-of-run line's wins


def test_max_games_is_the_most_games_and_one_interval_is_quoted(tmp_path: Path) -> None:
    """--max-games 10 on blocks of 6 games plays 10 games (it played 6: rounded down to
    whole blocks), and the end-of-run line quotes one interval, named: the confidence
    sequence the rule stopped on (it printed Wilson intervals, then those)."""
    (tmp_path / "s.toml").write_text(SCENARIO)
    done = cli("run", "s.toml", "--precision", "0.001", "--max-games", "10", "-q", "-o", "r", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    m = json.loads((tmp_path / "r" / "manifest.json").read_text())
    assert m["games_done"] == 10 and m["precision"]["max_games"] == 10
    assert "Wilson" not in done.stdout
    lines = [line for line in done.stdout.splitlines() if re.search(r"\d\.\d%", line)]  # rates quoted
    assert len(lines) == 1 and lines[0].startswith("Win rates (95% confidence sequence, valid at every look")
    assert "Reached --max-games (10)" in done.stdout


def test_check_labels_the_baseline_and_the_run_and_shows_the_decisions_intervals(tmp_path: Path) -> None:
    (tmp_path / "s.toml").write_text(SCENARIO)
    assert cli("run", "s.toml", "-n", "60", "-o", "base", "-q", cwd=tmp_path).returncode == 0
    assert cli("baseline", "base", "-o", "b.json", cwd=tmp_path).returncode == 0
    fixed = cli("check", "base", "--baseline", "b.json", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stderr
    assert "| faction | baseline | run | run - baseline |" in fixed.stdout
    assert fixed.stdout.startswith("Run (base): ") and "\nBaseline (b.json): " in fixed.stdout
    assert "The decision: a faction moved when run - baseline is beyond +-3 points" in fixed.stdout
    gate = cli(
        "check", "g", "--baseline", "b.json", "--precision", "0.05", "--scenario", "s.toml",
        "--tolerance", "0.3", cwd=tmp_path,
    )  # fmt: skip
    assert gate.returncode == 0, gate.stderr
    assert "Decided by confidence sequences" in gate.stdout
    assert (
        "| side | baseline +- tolerance | run (confidence sequence, 95% at every look) | reads |"
        in gate.stdout
    )
    assert "inside the band" in gate.stdout
