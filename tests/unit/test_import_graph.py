"""The game-agnostic parts of the tool import nothing from a game's own package: they
reach a game only through the registry (``cryhavoc_sim.games``) and the protocol
(``cryhavoc_sim.games.protocol``). Checked on the source, function-level imports too, and
in a fresh interpreter for what importing the core loads."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "cryhavoc_sim"
# The parts the brief names game-agnostic, and the package's own top level.
CORE = (
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
    return [*out, PACKAGE / "games" / "__init__.py", PACKAGE / "games" / "protocol.py"]


def game_imports(path: Path) -> set[str]:
    """The modules of a game's own package (``cryhavoc_sim/games/<game>/``) it imports."""
    return {
        name
        for name in imported_modules(path)
        if name.startswith("cryhavoc_sim.games.") and (PACKAGE / "games" / name.split(".")[2]).is_dir()
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
        "print(sorted(m for m in sys.modules if m.startswith('cryhavoc_sim.games.cryhavoc')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
