"""The game state's fields are declared once (engine/state.py): ``GAME_PARTS`` names every
field ``Game.__init__`` sets and nothing else, ``Game._copy``'s body is generated from it
and current (engine/copygen.py), the records' visibility maps name real fields,
and a record's ``copy()`` copies every field its dataclass declares, sharing nothing
mutable. So a new field cannot be left out of clone, fingerprint or observation."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

from cryhavoc_sim.games.cryhavoc.engine import copygen, state
from cryhavoc_sim.games.cryhavoc.engine.state import (
    EMPTY,
    GAME_PARTS,
    MAYBE,
    RECORD_SEEN,
    RNG,
    ROUND,
    Battle,
    Part,
    PlayerState,
    RegionState,
    key_of,
)

# The source, not the module (which may be the compiled build's).
GAME_PY = Path(__file__).resolve().parents[2] / "cryhavoc_sim" / "games" / "cryhavoc" / "engine" / "game.py"


def _method(name: str) -> ast.FunctionDef:
    tree = ast.parse(GAME_PY.read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    return next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == name)


def _self_assigned(fn: ast.FunctionDef) -> list[str]:
    out = []
    for node in ast.walk(fn):
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        for t in targets:
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self":
                out.append(t.attr)
    return out


def test_game_parts_name_every_field_of_game_once() -> None:
    names = [p.name for p in GAME_PARTS]
    assert len(names) == len(set(names))
    assert set(names) == set(_self_assigned(_method("__init__")))


def test_game_copy_is_generated_from_the_declaration_and_current() -> None:
    text = GAME_PY.read_text()
    assert copygen.generated(text) == text, "run: python -m cryhavoc_sim.games.cryhavoc.engine.copygen"
    assert _self_assigned(_method("_copy")) == [p.name for p in GAME_PARTS]


def test_the_generated_copy_follows_each_kind() -> None:
    parts = (
        Part("a", state.SHARE, state.KEY, state.PUBLIC),
        Part("b", state.EACH_ITEM, state.KEY, state.PUBLIC),
        Part("c", MAYBE, state.KEY, state.PUBLIC),
    )
    assert state.copy_source(parts) == [
        "self.a = src.a",
        "self.b = [v.copy() for v in src.b]",
        "self.c = None if src.c is None else src.c.copy()",
    ]


def test_every_part_has_known_kinds() -> None:
    copies = {state.SHARE, state.COPY, state.EACH, state.EACH_ITEM, MAYBE, RNG, EMPTY, ROUND}
    keys = {state.KEY, state.LENGTH, state.STREAM, state.NO_KEY}
    seen = {
        state.PUBLIC,
        state.SIZE,
        state.SIZES,
        state.OWN,
        state.KIND,
        state.RECORDS,
        state.LOG,
        state.ASKED,
        state.UNSEEN,
    }
    for p in GAME_PARTS:
        assert p.copy in copies and p.key in keys and p.seen in seen, p


def test_record_visibility_names_real_fields() -> None:
    for cls, seen in RECORD_SEEN.items():
        assert set(seen) <= {f.name for f in fields(cls)}, cls


def _full_records() -> list[object]:
    p = PlayerState(
        "humans", 12, 3, 4, "hq", ["a"], ["b"], ["c"], {"machines": 1}, ["s"], {"s"}, 5, {"st": 2}, 1, ["m"]
    )
    r = RegionState(
        "r", "forest", "humans", 2, "humans", {"humans": 2}, None, (), None, True, 1, "humans", "trogs"
    )
    b = Battle(
        "r", 1, "humans", "trogs", {"humans": [1, 0, 0], "trogs": [0, 1, 0]}, [2, 1, 0], {"trogs": "humans"}
    )
    return [p, r, b]


def test_a_record_copy_copies_every_declared_field_and_shares_nothing_mutable() -> None:
    for record in _full_records():
        copy = record.copy()  # type: ignore[attr-defined]
        assert key_of(copy) == key_of(record)
        for f in fields(record):  # type: ignore[arg-type]
            value = getattr(record, f.name)
            if isinstance(value, list | dict | set):
                assert getattr(copy, f.name) is not value or f.name == "skills", f.name
