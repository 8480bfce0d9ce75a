"""What the tool writes in a checkout (`make run`, the README's recipes) stays out of git,
and the package's own folders of the same names stay in (issue 31)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def ignored(path: str) -> bool:
    done = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "-q", "--no-index", path], check=False)
    return done.returncode == 0


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="not a git checkout")
def test_outputs_are_ignored_and_sources_are_not() -> None:
    for path in (
        "runs/quick/manifest.json",
        "reports/quick/report.html",
        "sweeps/x/sweep.json",
        "tunes/x/best.toml",
        "run.json",
    ):
        assert ignored(path), path
    for path in (
        "cryhavoc_sim/sweeps/new_module.py",
        "cryhavoc_sim/report/new_module.py",
        "tests/sweep/test_new.py",
        "scenarios/new.toml",
        "baselines/quick.json",  # a CI gate's baseline is committed
    ):
        assert not ignored(path), path
