"""Saving at any decision point (engine/saves.py): in random games of 2, 3, 4 players and
solo, a game saved at random decision points loads back to the same state (fingerprint)
and plays on identically; a save names its content and rules and refuses others."""

from __future__ import annotations

import json

import pytest

from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine.saves import load, save
from cryhavoc_sim.rng import stream
from tests.contract.test_clone import new_game, play_on, replay


@pytest.mark.parametrize("index", range(0, 48, 4))
def test_a_saved_game_loads_back_to_the_same_state(index: int) -> None:
    game, bots = new_game(index)
    content = load_content()
    picker = stream(index, "test:save")
    game.start()
    saved = 0
    while game.request is not None:
        if picker.random() < 0.04:
            data = save(game)
            back = load(content, data)
            assert back.fingerprint() == game.fingerprint()
            answers = play_on(game, bots, 25)
            replay(back, answers)
            assert back.fingerprint() == game.fingerprint() and back.event_rows == game.event_rows
            saved += 1
            continue
        game.apply(bots[game.request.faction].decide(game.request, game))
    final = load(content, save(game))
    assert final.outcome == game.outcome and final.event_rows == game.event_rows
    assert saved > 0


def test_a_save_refuses_other_content_or_rules() -> None:
    game, bots = new_game(1)
    game.start()
    play_on(game, bots, 30)
    record = json.loads(save(game))
    record["rules_version"] = "cryhavoc-rules-1"
    with pytest.raises(ValueError, match="cryhavoc-rules-1"):
        load(load_content(), json.dumps(record).encode())
    record = json.loads(save(game))
    record["content"] = "other@1+0"
    with pytest.raises(ValueError, match="other@1"):
        load(load_content(), json.dumps(record).encode())
