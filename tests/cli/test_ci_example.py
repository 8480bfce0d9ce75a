"""examples/ci/balance-gate.yml runs as written: its play and check steps, on a
smaller run, pass against the committed baseline (and its baseline is the one the
shipped scenario would give: same game, scenario, content and rules)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / "examples" / "ci" / "balance-gate.yml"


def test_the_balance_gate_example_plays_and_checks(tmp_path: Path) -> None:
    job = yaml.safe_load(WORKFLOW.read_text())["jobs"]["balance"]
    steps = {s.get("name"): s for s in job["steps"]}
    env = {**os.environ, **{k: str(v) for k, v in job["env"].items()}}
    env["GAMES"] = "800"  # a smaller run than CI's, the same commands
    env["BASELINE"] = str(ROOT / job["env"]["BASELINE"])
    baseline = json.loads(Path(env["BASELINE"]).read_text())
    assert baseline["scenario"] == "quick" and baseline["game"] == "cryhavoc"
    me = f"{sys.executable} -m cryhavoc_sim"
    for name in ("Play the scenario", "Check against the baseline"):
        command = steps[name]["run"].replace(".venv/bin/cryhavoc-sim", me)
        proc = subprocess.run(
            command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
        )
        assert proc.returncode == 0, f"{name}: {proc.stdout}\n{proc.stderr}"
    result = json.loads((tmp_path / "run.json").read_text())
    assert result["status"] == "complete" and result["games_done"] == 800


def test_the_content_repository_example_plays_its_own_content_and_checks(tmp_path: Path) -> None:
    """examples/ci/content-repo.yml in a content repository: its own content set and
    scenario, its committed baseline (made as the file's comment says), then its play and
    check steps as written; the compile step is the package's own build command."""
    import shutil

    workflow = ROOT / "examples" / "ci" / "content-repo.yml"
    job = yaml.safe_load(workflow.read_text())["jobs"]["balance"]
    steps = {s.get("name"): s for s in job["steps"]}
    assert steps["Compile the engine (at once when the cache holds a current build)"]["run"] == (
        ".venv/bin/python -m cryhavoc_sim.build_native"
    )
    assert steps["Restore the compiled engine"]["with"]["path"] == ".venv/cryhavoc-native"
    shutil.copytree(
        ROOT / "cryhavoc_sim" / "games" / "cryhavoc" / "content" / "data" / "cryhavoc", tmp_path / "content"
    )
    (tmp_path / "scenarios").mkdir()
    quick = (ROOT / "cryhavoc_sim" / "scenarios" / "quick.toml").read_text()
    (tmp_path / "scenarios" / "gate.toml").write_text(
        quick.replace("[scenario]\n", '[scenario]\ncontent = "../content"\n', 1)
    )
    me = f"{sys.executable} -m cryhavoc_sim"
    env = {**os.environ, **{k: str(v) for k, v in job["env"].items()}, "GAMES": "200"}
    for command in (
        f"{me} run scenarios/gate.toml -n 200 --seed 1 -o runs/base -q",
        f"{me} baseline runs/base -o baseline.json",
        *(
            steps[n]["run"].replace(".venv/bin/cryhavoc-sim", me)
            for n in ("Play the scenario", "Check against the baseline")
        ),
    ):
        proc = subprocess.run(
            command, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
        )
        assert proc.returncode == 0, f"{command}: {proc.stdout}\n{proc.stderr}"
    result = json.loads((tmp_path / "run.json").read_text())
    assert result["status"] == "complete" and result["games_done"] == 200
