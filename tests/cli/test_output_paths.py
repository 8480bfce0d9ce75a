"""Output paths the user names (issue 32): a baseline, a figure, a report or the CI step
summary that cannot be written (a read-only or full disk, a FIFO) is one sentence naming
the path, exit code 2, no traceback, nothing half-written, and never blamed on the run."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.test_gate import cli

SMALL = '[scenario]\nname = "out"\ngames = 8\nseed = 5\nplayers = 2\n[bots]\ndefault = "random"\n'


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("outputs")
    (root / "s.toml").write_text(SMALL)
    assert cli("run", str(root / "s.toml"), "-o", str(root / "r"), "-q").returncode == 0
    assert cli("baseline", str(root / "r"), "-o", str(root / "b.json")).returncode == 0
    return root


def _mount(where: Path, options: str) -> bool:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], capture_output=True)
    return done.returncode == 0


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    disk = tmp_path / "ro"
    if not _mount(disk, "ro,size=1m"):
        pytest.skip("cannot mount a read-only tmpfs here (needs root)")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


@pytest.fixture
def full(tmp_path: Path) -> Iterator[Path]:
    disk = tmp_path / "full"
    if not _mount(disk, "size=64k"):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        fd = os.open(disk / "filler", os.O_WRONLY | os.O_CREAT)
        try:  # fill it to the last byte (unbuffered: no flush left to fail on close)
            while os.write(fd, b"\0" * 512):
                pass
        except OSError:
            pass
        finally:
            os.close(fd)
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def one_sentence(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-300:], proc.stderr[-1500:])
    assert "Traceback" not in proc.stderr and len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert all(w in lines[0] for w in words), lines[0]
    assert "Parquet shard" not in lines[0]  # never blamed on the run that was read


def test_baseline_on_a_read_only_disk(run: Path, read_only: Path) -> None:
    proc = cli("baseline", str(run / "r"), "-o", str(read_only / "b.json"))
    one_sentence(proc, "cannot write the baseline", "Read-only file system")


def test_baseline_on_a_full_disk_leaves_nothing_half_written(run: Path, full: Path) -> None:
    proc = cli("baseline", str(run / "r"), "-o", str(full / "b.json"))
    one_sentence(proc, "cannot write the baseline", "No space left on device")
    assert sorted(p.name for p in full.iterdir()) == ["filler"]


def test_baseline_into_a_fifo_is_refused_not_replaced(run: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    proc = cli("baseline", str(run / "r"), "-o", str(fifo))
    one_sentence(proc, "is not a regular file")
    assert fifo.is_fifo()


def test_figures_on_a_read_only_disk(run: Path, read_only: Path) -> None:
    proc = cli("compare", str(run / "r"), str(run / "r"), "--plot", str(read_only / "c.png"))
    one_sentence(proc, "cannot write the figure")
    proc = cli("ladder", "-r", "1", "-j", "1", "--json", "--plot", str(read_only / "l.png"))
    one_sentence(proc, "cannot write the figure")


def test_a_report_on_a_read_only_disk_is_not_blamed_on_the_run(run: Path, read_only: Path) -> None:
    proc = cli("report", str(run / "r"), "-o", str(read_only / "rep"))
    one_sentence(proc, "cannot write there", "Read-only file system")


def test_ablate_on_a_read_only_disk_is_refused_before_playing(read_only: Path) -> None:
    proc = cli(
        "ablate", "warcry_all_decks", "--card", "WC149", "-n", "4", "-j", "1", "-o", str(read_only / "a")
    )
    one_sentence(proc, "a: cannot be written", "is read-only")
    assert "Ablation of" not in proc.stdout


def test_ablate_on_a_full_disk_leaves_nothing(full: Path) -> None:
    proc = cli("ablate", "warcry_all_decks", "--card", "WC149", "-n", "4", "-j", "1", "-o", str(full / "a"))
    one_sentence(proc, "a: cannot be written", "No space left on device", "nothing was left half-written")
    assert sorted(p.name for p in full.iterdir()) == ["filler"]


def test_an_unwritable_step_summary(run: Path, read_only: Path) -> None:
    proc = cli(
        "check",
        str(run / "r"),
        "--baseline",
        str(run / "b.json"),
        env={"GITHUB_STEP_SUMMARY": str(read_only / "summary.md")},
    )
    one_sentence(proc, "GITHUB_STEP_SUMMARY", "Read-only file system")


def test_an_error_line_is_capped(tmp_path: Path) -> None:
    # a crafted file's table name of 100,000 characters was echoed whole (issue 32)
    path = tmp_path / "s.toml"
    path.write_text(SMALL + "[" + "x" * 100_000 + "]\n")
    proc = cli("run", str(path), "-o", str(tmp_path / "o"), "-q")
    one_sentence(proc, "unknown table(s)", "more characters)")
    assert len(proc.stderr) < 1000
