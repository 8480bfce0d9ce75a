"""run --win-model and a scenario's win_model: the run records its lines with that model
(the manifest names it), plays the same games, and refuses to resume under another."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polars as pl

from cryhavoc_sim.games import get_game


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=300
    )


def _model(tmp: Path, shift: float) -> Path:
    line = get_game("cavetroll").win_line
    assert line is not None
    doc = json.loads(line.shipped().to_json())
    doc["intercept"] += shift
    path = tmp / f"model{shift}.json"
    path.write_text(json.dumps(doc))
    return path


def test_a_run_reads_its_lines_with_the_model_given_and_plays_the_same_games(tmp_path: Path) -> None:
    base = ("run", "cave_troll_2p", "-n", "12", "-j", "1", "-q")
    assert cli(*base, "-o", str(tmp_path / "shipped")).returncode == 0
    mine = _model(tmp_path, 1.0)
    proc = cli(*base, "-o", str(tmp_path / "mine"), "--win-model", str(mine))
    assert proc.returncode == 0, proc.stderr
    shipped = json.loads((tmp_path / "shipped" / "manifest.json").read_text())["win_model"]
    given = json.loads((tmp_path / "mine" / "manifest.json").read_text())["win_model"]
    assert given["digest"] != shipped["digest"] and given["game"] == "cavetroll"
    for table in ("games", "events"):
        a = pl.read_parquet(tmp_path / "shipped" / table).drop("run_id", strict=False)
        b = pl.read_parquet(tmp_path / "mine" / table).drop("run_id", strict=False)
        assert a.equals(b), table
    lines = [pl.read_parquet(tmp_path / r / "seats")["win_line"].to_list() for r in ("shipped", "mine")]
    assert lines[0] != lines[1] and all(x is not None for x in lines[1])
    # the same run resumed under another model would mix two models' lines: refused
    other = _model(tmp_path, -1.0)
    again = cli(*base, "-o", str(tmp_path / "mine"), "--resume", "--win-model", str(other))
    assert again.returncode == 2 and "another win model" in again.stderr, again.stderr


def test_a_scenario_names_its_win_model_relative_to_itself(tmp_path: Path) -> None:
    (tmp_path / "models").mkdir()
    mine = _model(tmp_path / "models", 0.5)
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        '[scenario]\nname = "wm"\ngame = "cavetroll"\ngames = 6\nseed = 1\nplayers = 2\n'
        f'win_model = "models/{mine.name}"\n'
    )
    proc = cli("run", str(scenario), "-j", "1", "-q", "-o", str(tmp_path / "run"))
    assert proc.returncode == 0, proc.stderr
    recorded = json.loads((tmp_path / "run" / "manifest.json").read_text())["win_model"]["digest"]
    line = get_game("cavetroll").win_line
    assert line is not None
    from cryhavoc_sim.games.winprob import load_model

    assert recorded == load_model(mine, line).digest() != line.shipped().digest()


def test_a_sweep_cell_keeps_its_base_scenario_s_win_model(tmp_path: Path) -> None:
    """A sweep (or a calibration) rebuilds each cell from the base scenario's text and reads
    it where the sweep file is: the base's win model travels as its checked text, not as a
    path read against the wrong folder."""
    from cryhavoc_sim.runner.scenario import load_scenario
    from cryhavoc_sim.studies.play import scenario_with

    (tmp_path / "base").mkdir()
    mine = _model(tmp_path / "base", 0.25)
    base = tmp_path / "base" / "s.toml"
    base.write_text(
        '[scenario]\nname = "wm"\ngame = "cavetroll"\ngames = 6\nseed = 1\nplayers = 2\n'
        f'win_model = "{mine.name}"\n'
    )
    sc = load_scenario(str(base))
    elsewhere = tmp_path / "studies" / "sweep.toml"
    cell = scenario_with(sc, {}, "wm_c1", 6, 1, "a cell", f"{elsewhere} (cell 1)")
    assert cell.win_model == sc.win_model is not None
