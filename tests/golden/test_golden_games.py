"""Golden games: a recorded seed and bots with their expected event transcript. A rules
change that alters play shows here as a diff; regenerate on purpose with
``CRYHAVOC_REGENERATE_GOLDEN=1 pytest tests/golden`` and bump RULES_VERSION."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cryhavoc_sim.bots.random_bot import RandomBot
from cryhavoc_sim.content import load_content
from cryhavoc_sim.engine import RULES_VERSION, Game, GameSetup, play
from cryhavoc_sim.rng import game_seed, stream

HERE = Path(__file__).parent
CASES = {
    "2p_humans_machines": (("humans", "machines"), "experienced", 1),
    "3p": (("humans", "pilgrims", "machines"), "veteran", 2),
    "4p": (("humans", "pilgrims", "machines", "trogs"), "first_time", 3),
}


def transcript(factions: tuple[str, ...], experience: str, index: int) -> str:
    seed = game_seed(20161, index)
    g = Game(load_content(), GameSetup(factions, experience), stream(seed, "game"))
    play(g, {f: RandomBot(stream(seed, f"bot:{f}")) for f in factions})
    lines = [f"# {RULES_VERSION} seed {seed} {','.join(factions)} {experience}"]
    lines += ["\t".join("" if v is None else str(v) for v in e) for e in g.events]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_transcript(name: str) -> None:
    path = HERE / f"{name}.tsv"
    got = transcript(*CASES[name])
    if os.environ.get("CRYHAVOC_REGENERATE_GOLDEN"):
        path.write_text(got)
    assert path.exists(), f"{path} missing: regenerate with CRYHAVOC_REGENERATE_GOLDEN=1"
    want = path.read_text()
    assert got == want, f"{name}: the transcript changed; if on purpose, regenerate and bump RULES_VERSION"
