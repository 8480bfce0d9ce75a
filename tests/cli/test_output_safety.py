"""What the tool writes outside a run directory (reports, figures, indexes, results,
records) is written whole or not at all and never through a link (cryhavoc_sim/writing.py),
and what it reads it reads only from regular files (cryhavoc_sim/inputs.py)."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryhavoc_sim.errors import UserError


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )


def test_a_full_disk_is_one_sentence_naming_the_path_and_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cryhavoc_sim import writing

    target = tmp_path / "summary.json"
    target.write_text("old\n")

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writing.os, "write", full)
    with pytest.raises(UserError, match=r"summary\.json: cannot be written \(No space left on device\)"):
        writing.write_file(target, "new\n")
    assert target.read_text() == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["summary.json"], "a temporary file was left"


def test_a_link_at_the_file_or_at_a_folder_below_the_root_is_refused(tmp_path: Path) -> None:
    from cryhavoc_sim import writing

    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "page.html").symlink_to(victim)
    with pytest.raises(UserError, match="is a symbolic link"):
        writing.write_file(tmp_path / "out" / "page.html", "x")
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (tmp_path / "study").mkdir()
    (tmp_path / "study" / "report").symlink_to(folder)
    with pytest.raises(UserError, match="report: is a symbolic link"):
        writing.make_dirs(tmp_path / "study" / "report" / "figures", tmp_path / "study")
    assert victim.read_text() == "precious\n" and not any(folder.iterdir())
    # the root itself may be a link the user made
    (tmp_path / "mine").symlink_to(folder)
    assert writing.make_dirs(tmp_path / "mine" / "a", tmp_path / "mine").is_dir()


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    from cryhavoc_sim.inputs import read_text

    os.mkfifo(tmp_path / "pipe")
    for path in (tmp_path / "pipe", Path("/dev/zero")):
        with pytest.raises(OSError, match="is not a regular file"):
            read_text(path)
    (tmp_path / "big").write_text("x" * 11)
    with pytest.raises(OSError, match="allowed: at most 10"):
        read_text(tmp_path / "big", limit=10)
    assert read_text(tmp_path / "big", limit=11) == "x" * 11


def test_load_run_of_no_path_is_one_sentence() -> None:
    from cryhavoc_sim import api

    with pytest.raises(UserError, match="load_run needs a run directory's path; got 'None'"):
        api.load_run(None)  # type: ignore[arg-type]


def test_the_default_report_folder_is_named_after_the_resolved_run(tmp_path: Path) -> None:
    """``report RUN/games/..`` writes reports/RUN, never into ``reports/..`` (the working
    directory)."""
    scenario = tmp_path / "s.toml"
    scenario.write_text('[scenario]\nname = "named"\ngames = 6\nseed = 3\nplayers = 2\n')
    assert cli("run", str(scenario), "-o", str(tmp_path / "myrun"), "-q", cwd=tmp_path).returncode == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    proc = cli("report", "myrun/games/..", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "reports" / "myrun" / "report.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*before, "reports"])
    shutil.rmtree(tmp_path / "reports")


STUDY_SCENARIO = '[scenario]\nname = "full"\ngames = 6\nseed = 3\nplayers = 2\n[bots]\ndefault = "random"\n'
STUDIES = {
    "sweep": '[sweep]\nname = "full"\nscenario = "s.toml"\ngames = 6\n\n[factors]\n"rules.hand_limit" = [5, 6]\n',
    "tune": (
        '[tune]\nname = "full"\ntrials = 1\ngames = 10\nseed = 1\n\n[parameters]\n'
        '"structures.humans.*.build_cost" = [1, 3]\n\n[[target]]\nscenario = "s.toml"\nfair_within = 0.10\n'
    ),
}


@pytest.mark.parametrize("kind", ["sweep", "tune", "balance"])
def test_a_study_on_a_full_disk_is_one_sentence_naming_the_path(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The study's record cannot be written: one sentence naming it, exit 2, no traceback."""
    from typer.testing import CliRunner

    from cryhavoc_sim import writing
    from cryhavoc_sim.cli import app

    (tmp_path / "s.toml").write_text(STUDY_SCENARIO)
    monkeypatch.chdir(tmp_path)
    if kind == "balance":
        args = ["balance", "s.toml", "--rungs", "random", "-o", "out", "-q", "-j", "1"]
    else:
        (tmp_path / "d.toml").write_text(STUDIES[kind])
        args = [kind, "d.toml", "-o", "out", "-q", "-j", "1"]

    def full(fd: int, data: object) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writing.os, "write", full)
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, (result.output, result.exception)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "cannot be written (No space left on device)" in lines[0], result.output
    assert "Traceback" not in result.output
    assert not [p for p in (tmp_path / "out").rglob("*") if p.name.endswith(".tmp")], (
        "a temporary file was left"
    )


def test_a_report_on_a_disk_that_fills_halfway_leaves_no_half_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from cryhavoc_sim import writing
    from cryhavoc_sim.cli import app

    (tmp_path / "s.toml").write_text(STUDY_SCENARIO)
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(app, ["run", "s.toml", "-o", "r", "-q"]).exit_code == 0
    real, calls = os.write, {"n": 0}

    def fills(fd: int, data: bytes) -> int:  # the third file finds the disk full
        calls["n"] += 1
        if calls["n"] >= 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(fd, data)

    monkeypatch.setattr(writing.os, "write", fills)
    result = CliRunner().invoke(app, ["report", "r", "-o", "rep"])
    assert result.exit_code == 2 and "No space left on device" in result.output, result.output
    assert calls["n"] >= 3 and not (tmp_path / "rep").exists(), "a half report was left"
