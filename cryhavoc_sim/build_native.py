"""``python -m cryhavoc_sim.build_native``: compile the heuristic bot with mypyc into the
virtual environment (see :mod:`cryhavoc_sim.bots.native`). ``make`` runs it whenever
the bot's sources change."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cryhavoc_sim.bots.native import NATIVE_DIR, PACKAGE, STAMP, built_from, source_hash


def build() -> int:
    """Compile ``heuristic.py`` into ``NATIVE_DIR`` (in a scratch copy of the package, so
    the source tree gets no build files). Returns a process exit code: 0 also when no
    compiler is at hand, since plain Python is then used."""
    wanted = source_hash()
    if built_from() == wanted:
        print("compiled heuristic bot: up to date")
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        shutil.copytree(PACKAGE, work / "cryhavoc_sim", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        proc = subprocess.run(
            [sys.executable, "-m", "mypyc", "cryhavoc_sim/bots/heuristic.py"],
            cwd=work,
            capture_output=True,
            text=True,
        )
        built = sorted((work / "cryhavoc_sim" / "bots").glob("heuristic*.so"))
        if proc.returncode != 0 or not built:
            print(
                "compiled heuristic bot: mypyc failed, the bot runs as plain Python:\n"
                + (proc.stdout + proc.stderr)[-2000:]
            )
            return 0
        try:
            shutil.rmtree(NATIVE_DIR, ignore_errors=True)
            NATIVE_DIR.mkdir(parents=True)
            for lib in built:
                shutil.copy2(lib, NATIVE_DIR / lib.name)
            (NATIVE_DIR / STAMP).write_text(wanted + "\n")
        except OSError as exc:
            print(f"compiled heuristic bot: cannot write {NATIVE_DIR} ({exc}); the bot runs as plain Python")
            return 0
    print(f"compiled heuristic bot: built into {NATIVE_DIR}")
    return 0


if __name__ == "__main__":
    raise SystemExit(build())
