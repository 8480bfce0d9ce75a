"""The installed package works outside the repository (issue 17): the wheel carries
the scenarios, the content and the personalities, and `cryhavoc-sim run quick` plays
from another directory with nothing of the checkout on its path."""

from __future__ import annotations

import json
import site
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_installs_and_runs_a_shipped_scenario_from_another_directory(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    build = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(dist),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert build.returncode == 0, build.stderr
    (wheel,) = dist.glob("cryhavoc_sim-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "cryhavoc_sim/scenarios/quick.toml" in names
    assert "cryhavoc_sim/scenarios/four_player.toml" in names
    assert any(n.endswith("bots/data/personalities.toml") for n in names)
    assert any(n.endswith("content/data/cryhavoc/cards.toml") for n in names)
    assert any(n.endswith("content/data/cryhavoc-calibrated/cards.toml") for n in names)
    assert "cryhavoc_sim/designs/four_player_numbers.toml" in names
    assert "cryhavoc_sim/targets/calibration.toml" in names

    # A fresh venv; its dependencies (polars, scipy, ...) are borrowed from this one by a
    # path entry, which adds no .pth of this venv (so not the editable install).
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    (purelib,) = venv.glob("lib/python*/site-packages")
    (purelib / "borrowed.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    python = venv / "bin" / "python"
    install = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stderr

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import cryhavoc_sim; print(cryhavoc_sim.__file__)"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        timeout=120,
    )
    assert where.stdout.strip().startswith(str(venv)), where.stdout + where.stderr
    run = subprocess.run(
        [str(venv / "bin" / "cryhavoc-sim"), "run", "quick", "-n", "20", "-j", "1", "-q", "--json"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert run.returncode == 0, run.stderr
    doc = json.loads(run.stdout)
    assert doc["status"] == "complete" and doc["games_done"] == 20
    # shipped designs and content sets by name, from the installed wheel
    design = elsewhere / "d.toml"
    design.write_text(
        '[sweep]\nname = "w"\nscenario = "quick"\nmethod = "oat"\ngames = 4\n[factors]\n'
        '"factions.trogs.units" = [12, 16]\n'
    )
    swept = subprocess.run(
        [str(venv / "bin" / "cryhavoc-sim"), "sweep", "d.toml", "-j", "1", "-q"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        timeout=300,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert swept.returncode == 0, swept.stderr
    assert (elsewhere / "sweeps" / "w" / "report" / "report.html").exists()
    listed = subprocess.run(
        [str(venv / "bin" / "cryhavoc-sim"), "content", "--content", "cryhavoc-base-calibrated"],
        capture_output=True,
        text=True,
        cwd=elsewhere,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert listed.returncode == 0 and "cryhavoc-base-calibrated" in listed.stdout, listed.stderr
    assert (elsewhere / doc["run_dir"] / "manifest.json").is_file()
