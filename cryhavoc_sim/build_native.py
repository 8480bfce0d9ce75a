"""``python -m cryhavoc_sim.build_native``: compile the engine and the bots with mypyc
into the virtual environment (see :mod:`cryhavoc_sim.native`). ``make`` runs it whenever
a package source changes (``make run`` after its report, so a first report never waits
for it); it does nothing when the build is already of these sources.

A build takes minutes and mypyc prints nothing while it type-checks, so the build says
where it is (step, module n of N, seconds elapsed) at least every :data:`HEARTBEAT`
seconds: a slow build never looks like a hung one."""

from __future__ import annotations

import json
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
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


# The one estimate the build gives (docs/getting-started.md says the same; the builds
# it rests on: docs/measured.md).
ESTIMATE = "2.5 to 5 minutes on 2 free cores, 10 or more on a busy machine"
# Longest silence allowed: a line at least this often, whatever the build is doing.
HEARTBEAT = 20.0
# setuptools' build_ext says this as it starts each extension (one per module).
_EXTENSION = re.compile(r"building '([^']+)' extension")


class BuildProgress:
    """What the build says while it runs: step 1 (mypyc type-checks the modules and
    writes their C) is silent for a minute or more, step 2 compiles one C extension per
    module. Fed the build's output lines and ticked often; prints a line for each module
    started and, whenever nothing was said for :data:`HEARTBEAT` seconds, where it is."""

    def __init__(
        self,
        total: int,
        clock: Callable[[], float] = time.monotonic,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.total = total
        self.clock = clock
        self.started = clock()
        self.last_said = self.started
        self.modules = 0
        self._seen: set[str] = set()
        self._say = say or (lambda text: print(text, flush=True))

    def elapsed(self) -> float:
        return self.clock() - self.started

    def say(self, text: str) -> None:
        self.last_said = self.clock()
        self._say(f"  [{self.elapsed():4.0f} s] {text}")

    def line(self, text: str) -> None:
        """One line of the build's output."""
        found = _EXTENSION.search(text)
        if not found:
            return
        # mypyc builds a module's code and a small shim importing it ("x__mypyc", "x"):
        # one module, counted once.
        name = found.group(1).replace("/", ".").removesuffix("__mypyc")
        if name in self._seen or len(self._seen) >= self.total:
            return
        self._seen.add(name)
        self.modules = len(self._seen)
        short = ".".join(name.split(".")[-2:])
        self.say(f"step 2 of 2: compiling module {self.modules} of {self.total} ({short})")

    def tick(self) -> None:
        """Called about every second: a line when the build has been quiet too long."""
        if self.clock() - self.last_said < HEARTBEAT:
            return
        if self.modules == 0:
            self.say(f"step 1 of 2: mypyc is type-checking the {self.total} modules and writing their C code")
        elif self.modules < self.total:
            self.say(f"step 2 of 2: compiling, {self.modules} of {self.total} modules started")
        else:
            self.say(f"step 2 of 2: all {self.total} modules started; the C compiler is finishing them")


def run_with_progress(command: list[str], cwd: Path, progress: BuildProgress) -> tuple[int, str]:
    """Run ``command``, feeding its output to ``progress`` as it comes; return its exit
    code and whole output (shown when the build fails)."""
    proc = subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for text in proc.stdout:
            lines.put(text)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    output: list[str] = []
    while True:
        try:
            text = lines.get(timeout=1.0)
        except queue.Empty:
            progress.tick()
            continue
        if text is None:
            break
        output.append(text)
        progress.line(text)
        progress.tick()
    return proc.wait(), "".join(output)


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


# An installed package (pip install of a wheel or a checkout) has no pyproject.toml beside
# it: mypyc then reads these, enough to compile (the strict checks are the repository's).
INSTALLED_SETTINGS = """[tool.mypy]
python_version = "3.11"
ignore_missing_imports = true
"""


def settings_for(package: Path) -> str:
    """The mypy settings the build uses: the checkout's ``[tool.mypy]`` tables, or
    :data:`INSTALLED_SETTINGS` for an installed package."""
    try:
        return mypy_settings((package.parent / "pyproject.toml").read_text())
    except OSError:
        return INSTALLED_SETTINGS


def build(root: Path = NATIVE_ROOT) -> int:
    """Compile :data:`COMPILED` into ``root`` (working in a scratch copy of the package,
    so the source tree gets no build files). Returns a process exit code: 0 also when no
    compiler is at hand, since plain Python is then used."""
    if is_fresh(root):
        print("compiled engine and bots: up to date")
        return 0
    stamp = make_stamp()
    print(
        f"compiling the engine and bots with mypyc ({len(COMPILED)} modules; {ESTIMATE}): done once,"
        " so that games run about twice as fast; until it is done, and if it fails, everything runs as"
        " plain Python (the same games, slower); later commands reuse the build until a source changes",
        flush=True,
    )
    progress = BuildProgress(len(COMPILED))
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch)
        shutil.copytree(PACKAGE, work / "cryhavoc_sim", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        (work / "pyproject.toml").write_text(settings_for(PACKAGE))
        returncode, output = run_with_progress(
            [
                sys.executable,
                "-c",
                _SETUP.format(jobs=os.cpu_count() or 1),
                *(f"cryhavoc_sim/{m}" for m in COMPILED),
            ],
            work,
            progress,
        )
        libs = sorted(p.relative_to(work) for p in work.glob("cryhavoc_sim/**/*.so"))
        modules = {lib.parent / lib.name.split(".")[0] for lib in libs}
        complete = modules >= {Path("cryhavoc_sim", m).with_suffix("") for m in COMPILED}
        if returncode != 0 or not complete or list(work.glob("*.so")):
            print(
                "mypyc failed; the engine and bots run as plain Python (same games, slower):\n"
                + output[-2000:]
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
    print(f"compiled engine and bots: built into {root} in {progress.elapsed():.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(build())
