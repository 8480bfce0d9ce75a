"""The import graph, checked on the source (function-level and TYPE_CHECKING imports too).

1. The game-agnostic parts of the tool (the commands, the notebook API, the studies
   (``tuning/``, ``balance/``, ``sweeps/``) and their kit (``studies/``), the report, the
   runner, analysis, storage) import nothing from a game's own package: they
   reach a game only through the registry (``cryhavoc_sim.games``) and the protocol
   (``cryhavoc_sim.games.protocol``); also checked in a fresh interpreter for what
   importing the core loads.

2. A layer imports only itself and the layers below it. The layers, top to bottom, as
   the code uses them (an arrow is "imports"):

   - ``cli``: ``cli/``, ``__main__.py``, ``build_native.py`` (commands).
   - ``api``: ``api.py`` and the package's ``__init__.py`` (the notebook API).
   - ``studies``: ``tuning/``, ``balance/``, ``sweeps/`` (studies built on runs; a
     calibration's targets read a sweep's factors and a balance study's rungs, so they
     share one layer).
   - ``kit``: ``studies/`` (what every study stands on: its input file, its directory's
     record and runs, its scenarios played into their sub-folders); it imports no study.
   - ``report``: ``report/`` (report -> runner: a report loads the run's content and
     scenario as the runner does).
   - ``runner``: ``runner/`` (runner -> analysis: the stopping rules' confidence
     sequences, the ladder's Wilson intervals).
   - ``analysis``: ``analysis/`` (lazy polars on frames; it reads no run directory).
   - ``storage``: ``storage/`` (storage -> games: the data dictionary lists every
     registered game's event kinds).
   - ``games``: the registry and protocol (``games/__init__.py``, ``games/protocol.py``,
     ``games/state.py``) and what is written once for every game (``games/harness/``,
     ``games/search/``, ``games/content_kit/``).
   - ``base``: ``errors.py``, ``fields.py``, ``rng.py``, ``native.py``, ``writing.py``, ``inputs.py``.

   A game's own package (``games/<game>/``) is a plug-in placed just above analysis: it
   declares its events on storage's schema and builds its report sections with analysis,
   and no layer reaches it except through the registry (check 1); it imports nothing
   from the runner upwards.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cryhavoc_sim"
# The parts the brief names game-agnostic, and the package's own top level.
CORE = (
    "tuning",
    "balance",
    "sweeps",
    "studies",
    "runner",
    "storage",
    "analysis",
    "report",
    "api.py",
    "cli",
    "__init__.py",
    "fields.py",
    "errors.py",
)


# Packages under games/ written once for every game (no game's own): they import no game.
SHARED = frozenset({"harness", "search", "content_kit", "policy"})


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    return names


def core_files() -> list[Path]:
    out: list[Path] = []
    for part in CORE:
        where = PACKAGE / part
        out += [where] if where.is_file() else sorted(where.rglob("*.py"))
    games = PACKAGE / "games"
    shared = [
        f for name in sorted(SHARED) if (games / name).is_dir() for f in sorted((games / name).rglob("*.py"))
    ]
    return [*out, games / "__init__.py", games / "protocol.py", games / "state.py", *shared]


def game_imports(path: Path) -> set[str]:
    """The modules of a game's own package (``cryhavoc_sim/games/<game>/``) it imports."""
    return {
        name
        for name in imported_modules(path)
        if name.startswith("cryhavoc_sim.games.")
        and name.split(".")[2] not in SHARED
        and (PACKAGE / "games" / name.split(".")[2]).is_dir()
    }


def test_the_core_imports_no_game_module() -> None:
    files = core_files()
    assert len(files) > 25
    found = {str(p.relative_to(PACKAGE)): sorted(game_imports(p)) for p in files}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_check_catches_a_game_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from cryhavoc_sim.games.cryhavoc.engine import Game\n    return Game\n")
    assert game_imports(bad) == {
        "cryhavoc_sim.games.cryhavoc.engine",
        "cryhavoc_sim.games.cryhavoc.engine.Game",
    }
    ok = tmp_path / "ok.py"
    ok.write_text("from cryhavoc_sim.games import get_game\nfrom cryhavoc_sim.games.protocol import Played\n")
    assert game_imports(ok) == set()


def test_importing_the_core_loads_no_game() -> None:
    code = (
        "import sys\n"
        "import cryhavoc_sim.cli, cryhavoc_sim.api, cryhavoc_sim.report.build, cryhavoc_sim.runner.executor\n"
        "import cryhavoc_sim.runner.ladder, cryhavoc_sim.runner.soak, cryhavoc_sim.runner.bench\n"
        "import cryhavoc_sim.runner.replay, cryhavoc_sim.analysis, cryhavoc_sim.storage.reader\n"
        "import cryhavoc_sim.sweeps.run, cryhavoc_sim.sweeps.report, cryhavoc_sim.balance.report\n"
        "import cryhavoc_sim.tuning.search, cryhavoc_sim.tuning.bots, cryhavoc_sim.tuning.value\n"
        "import cryhavoc_sim.tuning.winmodel, cryhavoc_sim.tuning.policy, cryhavoc_sim.studies.play\n"
        "print(sorted(m for m in sys.modules if m.startswith('cryhavoc_sim.games.cryhavoc')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# Top to bottom; "game" (a game's own package) is placed between runner and analysis.
LAYERS = ("cli", "api", "studies", "kit", "report", "runner", "game", "analysis", "storage", "games", "base")
RANK = {name: len(LAYERS) - i for i, name in enumerate(LAYERS)}
TOP = {
    "cli": "cli",
    "__main__.py": "cli",
    "build_native.py": "cli",
    "api.py": "api",
    "__init__.py": "api",
    "tuning": "studies",
    "balance": "studies",
    "sweeps": "studies",
    "studies": "kit",
    "report": "report",
    "runner": "runner",
    "analysis": "analysis",
    "storage": "storage",
    "errors.py": "base",
    "fields.py": "base",
    "rng.py": "base",
    "native.py": "base",
    "writing.py": "base",
    "inputs.py": "base",
}


def layer_of(rel: Path) -> str | None:
    """The layer of the file at ``rel`` (relative to the package), or None if unplaced."""
    parts = rel.parts
    if parts[0] == "games":
        if len(parts) > 2 and parts[1] not in SHARED:
            return "game"
        return "games"
    return TOP.get(parts[0])


def module_file(name: str) -> Path | None:
    """The package file (relative) that defines module ``name``, or the module an imported
    name lives in (``cryhavoc_sim.runner.rundir.MAX_GAMES`` -> ``runner/rundir.py``)."""
    parts = name.split(".")[1:]
    for n in range(len(parts), -1, -1):
        base = PACKAGE.joinpath(*parts[:n])
        if base.with_suffix(".py").is_file() and n:
            return base.with_suffix(".py").relative_to(PACKAGE)
        if (base / "__init__.py").is_file():
            return (base / "__init__.py").relative_to(PACKAGE)
    return None


def upward_imports(path: Path, rel: Path) -> list[str]:
    """Each import in ``path`` (placed at ``rel`` in the package) of a layer above its
    own, as "module (layer)"."""
    own = layer_of(rel)
    assert own is not None, f"{rel} is in no layer: place it in LAYERS"
    found = set()
    for name in imported_modules(path):
        if not name.startswith("cryhavoc_sim."):
            continue
        target = module_file(name)
        layer = layer_of(target) if target is not None else None
        if layer is not None and RANK[layer] > RANK[own]:
            found.add(f"{target} ({layer})")
    return sorted(found)


def test_every_module_is_in_a_layer() -> None:
    unplaced = [
        str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if layer_of(p.relative_to(PACKAGE)) is None
    ]
    assert unplaced == []


def test_no_layer_imports_a_layer_above_it() -> None:
    files = sorted(PACKAGE.rglob("*.py"))
    assert len(files) > 100
    # relative imports would escape the check, which reads absolute names only
    relative = [
        str(p.relative_to(PACKAGE))
        for p in files
        if any(isinstance(n, ast.ImportFrom) and n.level for n in ast.walk(ast.parse(p.read_text())))
    ]
    assert relative == []
    found = {str(p.relative_to(PACKAGE)): upward_imports(p, p.relative_to(PACKAGE)) for p in files}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_check_catches_an_upward_import(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        "from cryhavoc_sim.storage.schema import TABLES\n"
        "def f():\n"
        "    from cryhavoc_sim.runner.rundir import MAX_GAMES\n"
        "    import cryhavoc_sim.report.figures\n"
        "    return MAX_GAMES, TABLES\n"
    )
    assert upward_imports(planted, Path("storage/planted.py")) == [
        "report/figures.py (report)",
        "runner/rundir.py (runner)",
    ]
    # the same imports are downward from the CLI, and from a game's own package only
    # the runner's and the report's are upward
    assert upward_imports(planted, Path("cli/planted.py")) == []
    assert upward_imports(planted, Path("games/somegame/planted.py")) == [
        "report/figures.py (report)",
        "runner/rundir.py (runner)",
    ]
    assert upward_imports(planted, Path("games/harness/planted.py")) == [
        "report/figures.py (report)",
        "runner/rundir.py (runner)",
        "storage/schema.py (storage)",
    ]


# What each study may import of another: tuning reads a sweep's factors and a cell's
# tables, and a balance study's rungs (a calibration's targets are written in them);
# sweeps and balance import no other study. What they share is the kit (``studies/``).
STUDY_IMPORTS = {
    "tuning": {"sweeps/design.py", "sweeps/analyse.py", "balance/rungs.py"},
    "sweeps": set(),
    "balance": set(),
}


def test_the_studies_stand_beside_each_other_on_the_kit() -> None:
    found: dict[str, set[str]] = {study: set() for study in STUDY_IMPORTS}
    for study in STUDY_IMPORTS:
        for path in sorted((PACKAGE / study).rglob("*.py")):
            for name in imported_modules(path):
                target = module_file(name) if name.startswith("cryhavoc_sim.") else None
                if target is not None and target.parts[0] in STUDY_IMPORTS and target.parts[0] != study:
                    found[study].add(str(target))
    assert found == STUDY_IMPORTS
