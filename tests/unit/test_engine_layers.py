"""Cry Havoc's engine in layers (issue 33): the import circles among the engine's modules
are measured on the source (function-level imports included, ``TYPE_CHECKING`` ones
left out: they never run) and held to a known set, so a new circle fails here. The
lowest floor (state, decisions, flow, log, rules, roles, and the Game on it) imports no
rule; ``newgame.py`` composes a game from the state, the Trogs' role, the setup and the
Round loop, at module level.

The one circle left is the rules' own recursion: an effect moves Units or starts a
Battle, and a move or a Battle runs effects (effects, movement, battle). The solo
automaton is the Trogs' role (engine/solo.py), which the rules ask at named hooks
(engine/trogs.py ``Role``) instead of importing it, and the setup is above the rules."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "cryhavoc_sim" / "games" / "cryhavoc" / "engine"
PACKAGE = "cryhavoc_sim.games.cryhavoc.engine"

CYCLES = [frozenset({"battle", "effects", "movement"})]
LOWEST_FLOOR = ("state", "decisions", "flow", "log", "rules", "roles", "game")


def modules() -> set[str]:
    return {p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__"}


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for n in ast.walk(node)}
    return skip


def engine_imports(source: str, names: set[str], top_level_only: bool = False) -> set[str]:
    """The engine modules (of ``names``) that ``source`` imports when it runs."""
    tree = ast.parse(source)
    skip = _type_checking_nodes(tree)
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    out: set[str] = set()
    for node in nodes:
        if id(node) in skip or not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        if node.module == PACKAGE:
            out |= {a.name for a in node.names if a.name in names}
        elif node.module.startswith(PACKAGE + "."):
            out.add(node.module.split(".")[4])
    return out


def graph() -> dict[str, set[str]]:
    names = modules()
    return {m: engine_imports((ENGINE / f"{m}.py").read_text(), names) - {m} for m in names}


def cycles(g: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's, as the
    package's import-circle check finds them), sorted."""
    from tests.unit.test_import_cycles import circles

    return sorted(circles(g), key=sorted)


def test_the_engine_import_circles_are_the_known_set() -> None:
    g = graph()
    assert {"game", "effects", "battle", "movement", "state"} <= set(g)
    assert cycles(g) == CYCLES


def test_the_lowest_floor_imports_no_rule() -> None:
    g = graph()
    for m in LOWEST_FLOOR:
        assert g[m] <= set(LOWEST_FLOOR), (m, g[m])


def test_new_game_composes_the_rules_at_module_level_only() -> None:
    source = (ENGINE / "newgame.py").read_text()
    names = modules()
    assert engine_imports(source, names) == engine_imports(source, names, top_level_only=True)
    assert {"game", "rounds", "setup", "solo"} <= engine_imports(source, names)


def test_the_measure_sees_function_level_imports_and_skips_type_checking() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        f"from {PACKAGE} import effects\n"
        "if TYPE_CHECKING:\n"
        f"    from {PACKAGE}.game import Game\n"
        "def f():\n"
        f"    from {PACKAGE}.battle import Resolve\n"
    )
    names = {"effects", "game", "battle"}
    assert engine_imports(source, names) == {"effects", "battle"}
    assert engine_imports(source, names, top_level_only=True) == {"effects"}


def test_cycles_finds_a_circle_and_no_more() -> None:
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(g) == [frozenset({"a", "b", "c"})]
    assert cycles({"a": {"b"}, "b": set()}) == []
