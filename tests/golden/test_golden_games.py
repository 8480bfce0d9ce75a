"""Golden games as action-sequence playthroughs (after OpenSpiel's): each file holds a
game's setup, seed and every answer given, then its expected event transcript. The test
replays the answers through the engine (no bot is involved), so a change to how bots or
streams draw does not break them; a change to the rules does. Regenerate on purpose with
``CRYHAVOC_REGENERATE_GOLDEN=1 pytest tests/golden`` (random bots choose the answers)
and bump RULES_VERSION."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine import RULES_VERSION, Game, GameSetup, new_game
from cryhavoc_sim.games.cryhavoc.engine.saves import from_record, to_record
from cryhavoc_sim.rng import game_seed, stream
from tests.conftest import play_out

HERE = Path(__file__).parent
CASES = {
    "2p_humans_machines": (("humans", "machines"), "experienced", 1),
    "3p": (("humans", "pilgrims", "machines"), "veteran", 2),
    "4p": (("humans", "pilgrims", "machines", "trogs"), "first_time", 3),
}


def transcript(game: Game) -> list[str]:
    return ["\t".join("" if v is None else str(v) for v in e) for e in game.events]


def regenerate(name: str) -> str:
    factions, experience, index = CASES[name]
    seed = game_seed(20161, index)
    g = new_game(load_content(), GameSetup(factions, experience), stream(seed, "game"), seed=seed)
    play_out(g, {f: RandomBot(stream(seed, f"bot:{f}")) for f in factions})
    record = to_record(g)
    lines = [f"# {RULES_VERSION} seed {seed} {','.join(factions)} {experience}", "# " + json.dumps(record)]
    return "\n".join(lines + transcript(g)) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    path = HERE / f"{name}.tsv"
    if os.environ.get("CRYHAVOC_REGENERATE_GOLDEN"):
        path.write_text(regenerate(name))
    assert path.exists(), f"{path} missing: regenerate with CRYHAVOC_REGENERATE_GOLDEN=1"
    head, record_line, *want = path.read_text().splitlines()
    assert head.startswith(f"# {RULES_VERSION} "), (
        f"{name}: recorded under {head.split()[1]}; regenerate on purpose"
    )
    record = json.loads(record_line.removeprefix("# "))
    game = from_record(load_content(), record)
    assert game.outcome is not None and game.request is None, f"{name}: the answers no longer end the game"
    assert transcript(game) == want, (
        f"{name}: the transcript changed; if on purpose, regenerate and bump RULES_VERSION"
    )
