"""The compiled engine and bots (cryhavoc_sim.native): used only when built from the
current sources, and playing exactly the games plain Python plays."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cryhavoc_sim import native
from cryhavoc_sim.runner.executor import RunOptions, run_scenario
from cryhavoc_sim.runner.scenario import parse_scenario


def test_the_build_covers_what_the_compiled_modules_import() -> None:
    files = native.sources()
    assert set(native.COMPILED) <= set(files)
    # read by mypyc for the types of the compiled modules, so part of the hash
    assert {
        "games/cryhavoc/content/schema.py",
        "games/cryhavoc/engine/rules.py",
        "rng.py",
        "games/cryhavoc/bots/base.py",
    } <= set(files)
    assert not any(f.startswith("cli/") for f in files) and "runner/executor.py" not in files


def _stamp(root: Path, **changes: object) -> None:
    stamp = {**native.make_stamp(), **changes}
    root.mkdir(exist_ok=True)
    (root / native.STAMP).write_text(json.dumps(stamp))


def test_a_stale_or_disabled_build_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "native"
    assert not native.is_fresh(root)  # nothing built
    _stamp(root, hash="0" * 64)
    assert not native.is_fresh(root)  # built from other sources
    _stamp(root, sources=["engine/game.py", "engine/gone.py"])
    assert not native.is_fresh(root)  # a source it read is gone
    _stamp(root, compiled=["engine/game.py"])
    assert not native.is_fresh(root)  # another set of modules
    (root / native.STAMP).write_text("{not json")
    assert not native.is_fresh(root)
    _stamp(root)
    assert native.is_fresh(root)

    monkeypatch.setattr(native, "NATIVE_ROOT", root)
    monkeypatch.delenv("CRYHAVOC_PURE_PYTHON", raising=False)
    native._in_use.cache_clear()
    try:
        assert native.native_dir("engine") == root / "cryhavoc_sim" / "engine"
        monkeypatch.setenv("CRYHAVOC_PURE_PYTHON", "1")
        native._in_use.cache_clear()
        assert native.native_dir("engine") is None and not native.compiled()
    finally:
        monkeypatch.undo()
        native._in_use.cache_clear()


SCENARIO = """
[scenario]
name = "native"
games = {games}
seed = 21
players = {players}

[bots]
default = "heuristic:{persona}"
pilgrims = "random"
"""


CAVE_TROLL = """
[scenario]
name = "native_ct"
game = "cavetroll"
games = {games}
seed = 21
players = {players}
card_set = ["classic", "variant"]

[bots]
default = "heuristic:{persona}"
blue = "random"
"""


@pytest.mark.parametrize(
    ("players", "persona"),
    [(2, "aggressive"), (3, "economic"), (4, "balanced"), (-4, "spoiler"), (-2, "builder")],
)
def test_compiled_and_plain_python_write_the_same_tables(players: int, persona: str, tmp_path: Path) -> None:
    """Negative players: a Cave Troll scenario of that many players."""
    if not native.compiled():
        # make test sets this where a C compiler exists: a failed build must not pass
        # as a skip (it once did, when setup() rejected the pyproject the build copied).
        assert not os.environ.get("CRYHAVOC_EXPECT_COMPILED"), "make built no compiled engine: see its output"
        pytest.skip("no compiled engine built from these sources (make builds it)")
    for rel in native.COMPILED:  # each package puts its compiled folder first
        module = importlib.import_module("cryhavoc_sim." + rel.removesuffix(".py").replace("/", "."))
        assert module.__file__ is not None and module.__file__.endswith(".so"), rel
    template = SCENARIO if players > 0 else CAVE_TROLL
    text = template.format(games=16, players=abs(players), persona=persona)
    (tmp_path / "s.toml").write_text(text)
    run_scenario(parse_scenario(text), tmp_path / "compiled", RunOptions(quiet=True))
    plain_run = ["run", str(tmp_path / "s.toml"), "-o", str(tmp_path / "plain"), "-j", "1", "--quiet"]
    subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *plain_run],
        env={**os.environ, "CRYHAVOC_PURE_PYTHON": "1"},
        check=True,
        capture_output=True,
    )
    tables = sorted(p.relative_to(tmp_path / "compiled") for p in (tmp_path / "compiled").rglob("*.parquet"))
    assert {t.parts[0] for t in tables} >= {"games", "seats", "events"}
    for table in tables:
        assert (tmp_path / "compiled" / table).read_bytes() == (tmp_path / "plain" / table).read_bytes(), (
            table
        )
    builds = [
        json.loads((tmp_path / run / "manifest.json").read_text())["versions"]["engine-build"]
        for run in ("compiled", "plain")
    ]
    assert builds == ["mypyc", "python"]


def test_the_build_reads_only_the_mypy_settings() -> None:
    from cryhavoc_sim.build_native import mypy_settings

    text = mypy_settings((native.PACKAGE.parent / "pyproject.toml").read_text())
    assert "[tool.mypy]" in text and "strict = true" in text and "[[tool.mypy.overrides]]" in text
    assert "[project]" not in text and "license" not in text and "[tool.ruff" not in text


def test_the_build_says_where_it_is_and_is_never_quiet_long() -> None:
    """build_native's progress: step 1 (mypyc, silent for a minute or more) gets a line
    at least every HEARTBEAT seconds; step 2 counts modules once each (a module's code
    and its shim are two extensions) as "module n of N", with the seconds elapsed."""
    from cryhavoc_sim import build_native

    now = [0.0]
    said: list[str] = []
    progress = build_native.BuildProgress(2, clock=lambda: now[0], say=said.append)
    for second in range(1, 61):  # a quiet minute of type-checking, ticked every second
        now[0] = float(second)
        progress.tick()
    beats = [s for s in said if "step 1 of 2" in s]
    assert len(beats) == int(60 // build_native.HEARTBEAT) and "[  20 s]" in beats[0]
    for text in (
        "building 'cryhavoc_sim/games/cavetroll/board__mypyc' extension",
        "gcc -pthread ... board.c",
        "building 'cryhavoc_sim.games.cavetroll.board' extension",
        "building 'cryhavoc_sim.games.cavetroll.game__mypyc' extension",
    ):
        progress.line(text)
    steps = [s for s in said if "step 2 of 2" in s]
    assert steps == [
        "  [  60 s] step 2 of 2: compiling module 1 of 2 (cavetroll.board)",
        "  [  60 s] step 2 of 2: compiling module 2 of 2 (cavetroll.game)",
    ]
    now[0] += build_native.HEARTBEAT
    progress.tick()
    assert said[-1].endswith("step 2 of 2: all 2 modules started; the C compiler is finishing them")
    page = (Path(__file__).parents[2] / "docs" / "getting-started.md").read_text()
    assert build_native.ESTIMATE in " ".join(page.split())  # the docs give the build's one estimate


def test_make_run_writes_its_report_before_the_compiled_build() -> None:
    """A first report never waits for the compiler: ``make run`` needs only the install,
    plays (plain Python when no current build exists), reports, then builds."""
    makefile = (Path(__file__).parents[2] / "Makefile").read_text()
    _, _, rest = makefile.partition("\nrun:")
    prerequisites, _, recipe = rest.partition("\n")
    assert "$(NATIVE)" not in prerequisites and "$(STAMP)" in prerequisites
    steps = recipe.split("\n\n")[0]
    assert steps.index("cryhavoc-sim report") < steps.index("$(NATIVE)")


def test_an_installed_package_builds_with_settings_of_its_own(tmp_path: Path) -> None:
    """pip install puts no pyproject.toml beside the package: the build still has the
    settings it needs (a CI job of a content repository compiles the installed engine)."""
    from cryhavoc_sim import build_native

    assert build_native.settings_for(tmp_path / "cryhavoc_sim") == build_native.INSTALLED_SETTINGS
    from_checkout = build_native.settings_for(native.PACKAGE)
    assert from_checkout.startswith("[tool.mypy]") and "[project]" not in from_checkout


def test_the_install_is_never_silent_for_long() -> None:
    """pip -qq left a fresh clone's install silent for a minute or more: the install now
    shows each package pip collects and a line at least every 20 seconds."""
    makefile = (Path(__file__).parents[2] / "Makefile").read_text()
    install = makefile.split("$(STAMP): pyproject.toml $(LOCK)")[1].split("\n\n")[0]
    assert "-qq" not in install and "while sleep 20" in install and "pip: still working" in install
    assert "pipefail" in install and "pip.log" in install  # a failed install still fails, with its output
