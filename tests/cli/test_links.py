"""No write or deletion through a symbolic link planted in a run directory (issue 32): a
link at every path a run or a --resume writes or deletes (the lock, the manifest and its
temporary file, a table folder, a shard) is refused with one sentence and exit code 2, and
the file or folder it points to is left exactly as it was."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli.test_gate import cli

TINY = """
[scenario]
name = "links"
games = 8
seed = 2
players = 2
factions = ["humans", "machines"]

[bots]
default = "random"
"""


def _victims(tmp: Path) -> tuple[Path, Path]:
    victim = tmp / "victim.txt"
    victim.write_text("precious\n")
    folder = tmp / "victim_dir"
    folder.mkdir()
    (folder / "keep.parquet").write_text("not a shard\n")
    return victim, folder


def _untouched(victim: Path, folder: Path) -> None:
    assert victim.read_text() == "precious\n"
    assert sorted(p.name for p in folder.iterdir()) == ["keep.parquet"]
    assert (folder / "keep.parquet").read_text() == "not a shard\n"


@pytest.mark.parametrize("name", [".lock", "manifest.json", ".manifest.json.tmp", "games", "errors"])
def test_a_new_run_refuses_a_directory_holding_a_link(tmp_path: Path, name: str) -> None:
    victim, folder = _victims(tmp_path)
    scenario = tmp_path / "s.toml"
    scenario.write_text(TINY)
    out = tmp_path / "out"
    out.mkdir()
    (out / name).symlink_to(folder if name in ("games", "errors") else victim)
    proc = cli("run", str(scenario), "-o", str(out), "-q")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "symbolic link" in proc.stderr and "Traceback" not in proc.stderr
    _untouched(victim, folder)


@pytest.mark.parametrize(
    "where", [".lock", ".manifest.json.tmp", "games", "events", "seats/chunk-0000000000.parquet"]
)
def test_resume_refuses_a_run_holding_a_link(tmp_path: Path, where: str) -> None:
    victim, folder = _victims(tmp_path)
    scenario = tmp_path / "s.toml"
    scenario.write_text(TINY)
    out = tmp_path / "out"
    assert cli("run", str(scenario), "-o", str(out), "-q").returncode == 0
    target = out / where
    if target.is_dir():
        shutil.rmtree(target)
    else:
        target.unlink(missing_ok=True)
    target.symlink_to(folder if "/" not in where and where in ("games", "events") else victim)
    proc = cli("run", str(scenario), "-o", str(out), "-q", "--resume")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "symbolic link" in proc.stderr and "Traceback" not in proc.stderr
    _untouched(victim, folder)


# ---------------------------------------------------------------- sweep and tune directories
DESIGN = """[sweep]
name = "links"
scenario = "quick"
games = 6

[factors]
"tokens.war_party.*.trogs" = [1, 3]
"""

TARGETS = """[tune]
name = "links"
trials = 1
games = 10
seed = 1

[parameters]
"structures.humans.*.build_cost" = [1, 3]

[[target]]
scenario = "s.toml"
fair_within = 0.10
"""


@pytest.fixture(scope="module")
def studies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished sweep (sw/) and a finished calibration (tu/), copied into each case."""
    root = tmp_path_factory.mktemp("studies")
    (root / "d.toml").write_text(DESIGN)
    (root / "s.toml").write_text(TINY)
    (root / "t.toml").write_text(TARGETS)
    proc = cli("sweep", str(root / "d.toml"), "-o", str(root / "sw"), "-q", "-j", "1")
    assert proc.returncode == 0, proc.stderr
    proc = cli("tune", str(root / "t.toml"), "-o", str(root / "tu"), "-q", "-j", "1")
    assert proc.returncode == 0, proc.stderr
    return root


def _plant(out: Path, where: str, victim: Path, folder: Path) -> None:
    target = out / where
    if target.is_dir():
        shutil.rmtree(target)
    else:
        target.unlink(missing_ok=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to(
        folder if where.endswith(("cells", "c0001", "trials", "t0000", "content", "report")) else victim
    )


SWEEP_PATHS = ["sweep.json", ".sweep.json.tmp", "cells", "cells/c0001", "results.parquet", "report"]
TUNE_PATHS = ["tune.json", ".tune.json.tmp", "trials", "trials/t0000", "best.toml", "content"]


@pytest.mark.parametrize("where", SWEEP_PATHS)
def test_a_new_sweep_refuses_a_directory_holding_a_link(tmp_path: Path, where: str) -> None:
    victim, folder = _victims(tmp_path)
    (tmp_path / "d.toml").write_text(DESIGN)
    out = tmp_path / "sw"
    out.mkdir()
    _plant(out, where, victim, folder)
    proc = cli("sweep", str(tmp_path / "d.toml"), "-o", str(out), "-q", "-j", "1")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "symbolic link" in proc.stderr and "Traceback" not in proc.stderr
    _untouched(victim, folder)


@pytest.mark.parametrize(
    "kind,where", [("sweep", p) for p in SWEEP_PATHS] + [("tune", p) for p in TUNE_PATHS]
)
def test_resume_refuses_a_study_holding_a_link(studies: Path, tmp_path: Path, kind: str, where: str) -> None:
    victim, folder = _victims(tmp_path)
    work = tmp_path / "w"
    shutil.copytree(studies, work)
    out = work / ("sw" if kind == "sweep" else "tu")
    record = out / f"{kind}.json"
    # an interrupted study: its resume would write the record, play, write the results
    data = json.loads(record.read_text())
    data["status"] = "interrupted"
    record.write_text(json.dumps(data))
    _plant(out, where, victim, folder)
    source = work / ("d.toml" if kind == "sweep" else "t.toml")
    proc = cli(kind, str(source), "-o", str(out), "-q", "-j", "1", "--resume")
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "symbolic link" in proc.stderr and "Traceback" not in proc.stderr
    _untouched(victim, folder)


def test_a_sweep_report_is_not_written_through_a_link(studies: Path, tmp_path: Path) -> None:
    victim, folder = _victims(tmp_path)
    work = tmp_path / "w"
    shutil.copytree(studies, work)
    shutil.rmtree(work / "sw" / "report")
    (work / "sw" / "report").mkdir()
    (work / "sw" / "report" / "summary.json").symlink_to(victim)
    proc = cli("report", str(work / "sw"))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "symbolic link" in proc.stderr and "Traceback" not in proc.stderr
    _untouched(victim, folder)
