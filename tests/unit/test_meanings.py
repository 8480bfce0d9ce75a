"""Every number a designer can change is explained: each [rules] knob of Cry Havoc has a
meaning and a rulebook section, and every content value of every game's shipped set has
a meaning (``content --numbers --explain``; the "What you can change" page)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields

import pytest

from cryhavoc_sim.games import game_names, get_game
from cryhavoc_sim.games.content_kit.meanings import explain
from cryhavoc_sim.games.cryhavoc.engine.rules import KNOB_DOCS, Rules, knob_reference


def test_every_rule_knob_has_a_meaning_and_a_section() -> None:
    knobs = {f.name for f in fields(Rules)} - {"per_faction"}
    assert set(KNOB_DOCS) == knobs
    assert all(meaning and section for meaning, section in KNOB_DOCS.values())
    table = knob_reference()
    assert all(f"| `{k}` |" in table for k in knobs) and "| `start_units` | `4` | 1 to 12 |" in table


@pytest.mark.parametrize("game", game_names())
def test_every_shipped_content_number_has_a_meaning(game: str) -> None:
    module = get_game(game)
    values = module.content_values(None)
    assert values
    unexplained = [p for p in values if explain(p, module.number_meanings) is None]
    assert unexplained == []


def test_the_pool_is_not_the_start() -> None:
    """The trap a designer fell into: factions.<f>.units is the figure pool."""
    meaning, _ = explain("factions.humans.units", get_game("cryhavoc").number_meanings) or ("", "")
    assert "not the starting Units" in meaning and "start_units = {humans = 3}" in meaning


def test_explain_prints_each_number_with_its_meaning() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", "content", "--numbers", "--explain"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    line = next(x for x in proc.stdout.splitlines() if x.startswith("factions.humans.units = 12  # "))
    assert line.endswith("(Components; Setup 4)")
    assert "no meaning recorded" not in proc.stdout
