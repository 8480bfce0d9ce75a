"""Ctrl-C anywhere in a sweep or a calibration (issue 32): inside a cell's run, between two
runs or before the first, the command prints the resume command and exits 130, and its
record says interrupted, never running; the resume completes it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

DESIGN = """[sweep]
name = "ctrl_c"
scenario = "quick"
games = 40

[factors]
"tokens.war_party.*.trogs" = [1, 2, 3]
"""

SCENARIO = '[scenario]\nname = "r2"\ngames = 40\nseed = 9\nplayers = 2\n[bots]\ndefault = "random"\n'

TARGETS = """[tune]
name = "ctrl_c"
trials = 3
games = 40
seed = 1

[parameters]
"structures.humans.*.build_cost" = [1, 3]

[[target]]
scenario = "r2.toml"
fair_within = 0.10
"""


def _interrupt(args: list[str], record: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Start the command, send SIGINT once its record exists, and wait for it."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    deadline = time.monotonic() + 120
    while not record.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=300)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.parametrize("kind", ["sweep", "tune"])
def test_ctrl_c_prints_the_resume_command_and_the_record_says_interrupted(tmp_path: Path, kind: str) -> None:
    (tmp_path / "d.toml").write_text(DESIGN)
    (tmp_path / "r2.toml").write_text(SCENARIO)
    (tmp_path / "t.toml").write_text(TARGETS)
    source = "d.toml" if kind == "sweep" else "t.toml"
    record = tmp_path / "out" / f"{kind}.json"
    proc = _interrupt([kind, source, "-o", "out", "-j", "1"], record, tmp_path)
    if proc.returncode == 0:
        pytest.skip("the study finished before the signal arrived")
    assert proc.returncode == 130, (proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr and "Resume with:" in proc.stderr, proc.stderr[-2000:]
    assert json.loads(record.read_text())["status"] == "interrupted"
    resumed = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", kind, source, "-o", "out", "-j", "1", "--resume", "-q"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    assert json.loads(record.read_text())["status"] == "complete"


EXEC_INTERRUPTED = """
import os, signal
from cryhavoc_sim.cli import _exit_interrupted
try:  # Ctrl-C arriving while a library runs code it made with exec() of a string
    exec("os.kill(os.getpid(), signal.SIGINT)\\nfor _ in range(10**7): pass")
except KeyboardInterrupt:
    pass
_exit_interrupted(True)
"""


def test_ctrl_c_inside_generated_code_still_exits_130(tmp_path: Path) -> None:
    """The load-dependent way an interrupted study died by SIGINT (-2) after printing its
    resume line, made certain: a KeyboardInterrupt that left exec()'d code marks CPython's
    "unhandled" flag although it was caught, and `python -m` then kills itself at exit."""
    (tmp_path / "interrupted_in_exec.py").write_text(EXEC_INTERRUPTED)
    proc = subprocess.run(
        [sys.executable, "-m", "interrupted_in_exec"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        env={**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{Path(__file__).resolve().parents[2]}"},
    )
    assert proc.returncode == 130, (proc.returncode, proc.stderr[-2000:])
