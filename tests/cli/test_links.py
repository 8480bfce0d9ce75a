"""No write or deletion through a symbolic link planted in a run directory (issue 32): a
link at every path a run or a --resume writes or deletes (the lock, the manifest and its
temporary file, a table folder, a shard) is refused with one sentence and exit code 2, and
the file or folder it points to is left exactly as it was."""

from __future__ import annotations

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
