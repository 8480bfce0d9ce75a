"""``python -m cryhavoc_sim.build_native``: compile the engine and the bots with mypyc
into the virtual environment (see :mod:`cryhavoc_sim.native`). ``make`` runs it whenever
a package source changes; it does nothing when the build is already of these sources."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cryhavoc_sim.native import COMPILED, NATIVE_ROOT, PACKAGE, STAMP, is_fresh, make_stamp

# One extension per module (mypyc's separate=True): a grouped build would add a shared
# library with a hash-made name at the top level of the import path.
_SETUP = """
import sys
from mypyc.build import mypycify
from setuptools import setup

setup(
    name="cryhavoc_native",
    ext_modules=mypycify(sys.argv[1:], separate=True, opt_level="3", debug_level="0"),
    script_args=["build_ext", "--inplace", "--parallel", "{jobs}"],
)
"""


def mypy_settings(pyproject: str) -> str:
    """Only the ``[tool.mypy]`` tables of ``pyproject``: the build's setup() would also
    validate a ``[project]`` table against the venv's setuptools, which may be older than
    the one that builds the package (an SPDX ``license`` string fails there)."""
    keep: list[str] = []
    inside = False
    for line in pyproject.splitlines():
        if line.startswith("["):
            inside = line.strip("[] ").startswith("tool.mypy")
        if inside:
            keep.append(line)
    return "\n".join(keep) + "\n"


def build(root: Path = NATIVE_ROOT) -> int:
    """Compile :data:`COMPILED` into ``root`` (working in a scratch copy of the package,
    so the source tree gets no build files). Returns a process exit code: 0 also when no
    compiler is at hand, since plain Python is then used."""
    if is_fresh(root):
        print("compiled engine and bots: up to date")
        return 0
    stamp = make_stamp()
    started = time.perf_counter()
    print(
        f"compiling the engine and bots with mypyc ({len(COMPILED)} modules, about 2 minutes): done once,"
        " so that games run about twice as fast; later commands reuse the build until a source changes...",
        flush=True,
    )
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        shutil.copytree(PACKAGE, work / "cryhavoc_sim", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        (work / "pyproject.toml").write_text(mypy_settings((PACKAGE.parent / "pyproject.toml").read_text()))
        proc = subprocess.run(
            [
                sys.executable,
                "-c",
                _SETUP.format(jobs=os.cpu_count() or 1),
                *(f"cryhavoc_sim/{m}" for m in COMPILED),
            ],
            cwd=work,
            capture_output=True,
            text=True,
        )
        libs = sorted(p.relative_to(work) for p in work.glob("cryhavoc_sim/**/*.so"))
        modules = {lib.parent / lib.name.split(".")[0] for lib in libs}
        complete = modules >= {Path("cryhavoc_sim", m).with_suffix("") for m in COMPILED}
        if proc.returncode != 0 or not complete or list(work.glob("*.so")):
            print(
                "mypyc failed; the engine and bots run as plain Python (same games, slower):\n"
                + (proc.stdout + proc.stderr)[-2000:]
            )
            return 0
        try:
            shutil.rmtree(root, ignore_errors=True)
            for lib in libs:
                (root / lib.parent).mkdir(parents=True, exist_ok=True)
                shutil.copy2(work / lib, root / lib)
            (root / STAMP).write_text(json.dumps(stamp, indent=1) + "\n")
        except OSError as exc:
            print(f"cannot write {root} ({exc}); the engine and bots run as plain Python")
            return 0
    print(f"compiled engine and bots: built into {root} in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(build())
