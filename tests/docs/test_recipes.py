"""Every command of the documentation's recipes runs, as written, with fewer games.

A recipe is a fenced block marked ``sh`` in the README or a page of the site: each of its
lines is a ``cryhavoc-sim`` command. A page's recipes run top to bottom in one fresh
directory (a later command reads what an earlier one wrote), after the page's files shown
with a title (```` ```toml title="my_variant.toml" ````) are written there. Each command
must exit 0 with no traceback.

Smaller, the same commands otherwise: ``run`` plays GAMES games (``-n`` set or added),
``--max-games`` is at most MAX_GAMES, ``soak`` plays SOAK games, ``ladder`` one round,
``-j 1`` (the tables are the same at any ``-j``). A line whose comment says ``long`` (a
sweep, a calibration, the skill ladder, the bench) is a test of its own that runs only with
CRYHAVOC_LONG_RECIPES=1, and then as written.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.docs.conftest import ROOT, sources

GAMES, MAX_GAMES, SOAK = 24, 48, 20
LONG = os.environ.get("CRYHAVOC_LONG_RECIPES") == "1"
BLOCK = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```", re.S | re.M)


@dataclass(frozen=True)
class Recipe:
    page: Path
    commands: list[tuple[list[str], bool]]  # (argv after cryhavoc-sim, long)
    files: dict[str, str]


def recipe(page: Path) -> Recipe:
    commands: list[tuple[list[str], bool]] = []
    files: dict[str, str] = {}
    for lang, attrs, body in BLOCK.findall(page.read_text()):
        title = re.search(r'title="([^"]+)"', attrs)
        if title and lang != "sh":
            files[title.group(1)] = body
        if lang != "sh":
            continue
        for line in body.splitlines():
            command, _, comment = line.partition("#")
            if not command.strip():
                continue
            argv = shlex.split(command)
            assert argv[0] == "cryhavoc-sim", f"{page.name}: a recipe line that is no command: {line}"
            commands.append((argv[1:], bool(re.match(r"\s*long\b", comment))))
    return Recipe(page, commands, files)


def smaller(argv: list[str]) -> list[str]:
    """The same command with fewer games."""
    out = list(argv)

    def setting(names: tuple[str, ...], value: int, add: bool = False, cap: bool = False) -> None:
        for i, word in enumerate(out[:-1]):
            if word in names:
                out[i + 1] = str(min(int(out[i + 1]), value)) if cap else str(value)
                return
        if add:
            out.extend([names[0], str(value)])

    if out[0] == "run" and "--precision" not in out:
        setting(("-n", "--games"), GAMES, add=True)
    if out[0] == "soak":
        setting(("-n", "--games"), SOAK, add=True)
    if out[0] == "ladder":
        setting(("-r", "--rounds"), 1, add=True)
    setting(("--max-games",), MAX_GAMES)
    setting(("-j", "--workers"), 1)  # the same tables at any -j; no process to start
    return out


RECIPES = [r for r in map(recipe, sources()) if r.commands]


def test_the_recipes_cover_the_questions_and_every_command_they_name() -> None:
    pages = {r.page.name for r in RECIPES}
    assert {"README.md", "getting-started.md", "cavetroll.md", "check.md"} <= pages
    used = {argv[0] for r in RECIPES for argv, _ in r.commands}
    assert {"run", "report", "compare", "baseline", "check", "replay", "ladder", "content", "soak"} <= used


def test_smaller_keeps_the_command_and_cuts_the_games() -> None:
    assert smaller(["run", "quick", "-j", "4"]) == ["run", "quick", "-j", "1", "-n", str(GAMES)]
    assert smaller(["run", "x", "--precision", "0.02"]) == ["run", "x", "--precision", "0.02"]
    assert smaller(["run", "x", "-n", "3000", "--max-games", "20000"]) == [
        "run", "x", "-n", str(GAMES), "--max-games", str(MAX_GAMES)
    ]  # fmt: skip
    assert smaller(["ladder", "-r", "50"]) == ["ladder", "-r", "1"]


def play(args: list[str], cwd: Path, page: Path, timeout: int) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    said = (
        f"cryhavoc-sim {shlex.join(args)} (from {page.name}): exit {done.returncode}\n{done.stderr[-2000:]}"
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, said


@pytest.mark.parametrize("recipe", RECIPES, ids=lambda r: str(r.page.relative_to(ROOT)))
def test_a_pages_recipes_run(recipe: Recipe, tmp_path: Path) -> None:
    for name, body in recipe.files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)  # a title may name a folder
        (tmp_path / name).write_text(body)
    for argv, long in recipe.commands:
        if not long:
            play(smaller(argv), tmp_path, recipe.page, 600)


LONG_ONES = [(r, argv) for r in RECIPES for argv, long in r.commands if long]


@pytest.mark.skipif(not LONG, reason="a long recipe: runs with CRYHAVOC_LONG_RECIPES=1")
@pytest.mark.parametrize(
    ("recipe", "argv"), LONG_ONES, ids=[f"{r.page.name}: {shlex.join(a)}" for r, a in LONG_ONES]
)
def test_a_long_recipe_runs(recipe: Recipe, argv: list[str], tmp_path: Path) -> None:
    for name, body in recipe.files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)  # a title may name a folder
        (tmp_path / name).write_text(body)
    play(argv, tmp_path, recipe.page, 3600)
