"""The compiled heuristic bot (cryhavoc_sim.bots.native): used only when built from the
current sources, and deciding exactly as the plain Python bot does."""

from __future__ import annotations

import importlib.util
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from cryhavoc_sim.bots import native
from cryhavoc_sim.bots.personalities import personality
from cryhavoc_sim.bots.registry import make_bot
from cryhavoc_sim.engine import Game, GameSetup, play
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.scenario import parse_scenario

ROOT = Path(__file__).resolve().parents[2]


def test_the_makefile_rebuilds_on_the_sources_the_hash_covers() -> None:
    text = (ROOT / "Makefile").read_text().replace("\\\n", " ")
    listed = re.search(r"NATIVE_SOURCES := \$\(addprefix cryhavoc_sim/,([^)]*)\)", text)
    assert listed is not None
    assert sorted(listed.group(1).split()) == sorted(native.SOURCES)


def test_a_stale_or_disabled_build_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CRYHAVOC_PURE_PYTHON", raising=False)
    monkeypatch.setattr(native, "NATIVE_DIR", tmp_path)
    assert native.native_dir() is None  # nothing built
    (tmp_path / native.STAMP).write_text("0" * 64 + "\n")
    assert native.native_dir() is None  # built from other sources
    (tmp_path / native.STAMP).write_text(native.source_hash() + "\n")
    assert native.native_dir() == tmp_path
    monkeypatch.setenv("CRYHAVOC_PURE_PYTHON", "1")
    assert native.native_dir() is None


def _events(bots_for: Any, players: int, persona: str, games: int) -> list[Any]:
    sc = parse_scenario(f'[scenario]\nname = "n"\ngames = {games}\nseed = 9\nplayers = {players}\n')
    content = content_for(sc)
    logs = []
    for i in range(games):
        seed, factions, initiative = sc.plan(i)
        g = Game(content, GameSetup(factions, sc.experience, initiative=initiative), stream(seed, "game"))
        play(g, {f: bots_for(f, seed, persona) for f in factions})
        logs.append(g.event_rows)
    return logs


def test_compiled_and_plain_bots_make_the_same_decisions() -> None:
    import cryhavoc_sim.bots.heuristic as used

    if native.native_dir() is None:
        pytest.skip("no compiled bot built from these sources (make builds it)")
    assert used.__file__ is not None and used.__file__.endswith(".so")
    spec = importlib.util.spec_from_file_location("heuristic_plain", native.PACKAGE / "bots" / "heuristic.py")
    assert spec is not None and spec.loader is not None
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)

    def plain_bot(f: str, seed: int, persona: str) -> Any:
        return plain.HeuristicBot(f, personality(f, persona), partial(stream, seed, f"bot:{f}"))

    def compiled_bot(f: str, seed: int, persona: str) -> Any:
        return make_bot(f"heuristic:{persona}", f, seed)

    for players, persona in ((2, "aggressive"), (3, "economic"), (4, "balanced")):
        assert _events(compiled_bot, players, persona, 8) == _events(plain_bot, players, persona, 8)
