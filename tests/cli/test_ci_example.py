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
