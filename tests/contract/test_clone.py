"""Copies of a game at any decision point (after TAG's ForwardModelTester and OpenSpiel's
clone tests): in random games of 2, 3, 4 players and solo, at random decision points,
clone; continuing the copy and the original with the same answers gives the same events
and the same state; changing the copy never touches the original.

Every rule is a step (engine/flow.py), so every decision point is copyable."""

from __future__ import annotations

from typing import Any

import pytest

from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot
from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine import Game
from cryhavoc_sim.games.cryhavoc.engine import new_game as make_game
from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for
from cryhavoc_sim.rng import stream

GAMES = 48  # 12 of each kind: 2, 3, 4 players and solo
HORIZON = 40  # decisions played on after each copy


def new_game(index: int) -> tuple[Game, dict[str, Any]]:
    seed, factions, experience = playout_spec(77, index)
    game = make_game(load_content(), setup_for(factions, experience), stream(seed, "game"), seed=seed)
    bots: dict[str, Any] = {f: RandomBot(stream(seed, f"bot:{f}")) for f in factions}
    if len(factions) == 1:
        bots["trogs"] = AutomatonBot()
    return game, bots


def play_on(game: Game, bots: dict[str, Any], n: int) -> list[Any]:
    answers = []
    while game.request is not None and len(answers) < n:
        answer = bots[game.request.faction].decide(game.request, game)
        answers.append(answer)
        game.apply(answer)
    return answers


def replay(game: Game, answers: list[Any]) -> None:
    for answer in answers:
        assert game.request is not None
        game.apply(answer)


@pytest.mark.parametrize("index", range(GAMES))
def test_a_copy_plays_on_like_the_original_and_is_independent(index: int) -> None:
    game, bots = new_game(index)
    picker = stream(index, "test:clone")
    game.start()
    copies = 0
    points = 0
    while game.request is not None:
        points += 1
        if picker.random() < 0.08:
            copies += 1
            before = game.fingerprint()
            twin = game.clone()
            assert twin.fingerprint() == before
            # Changing the copy (its state and its play) leaves the original alone.
            spoilt = game.clone()
            region = next(iter(spoilt.regions.values()))
            region.units["humans"] = region.units.get("humans", 0) + 5
            next(iter(spoilt.players.values())).hand.append("humans.regroup")
            spoilt.terrain_decks["ocean"].clear()
            spoilt.rng.random()
            spoilt.stack[-1].pc = 99  # type: ignore[attr-defined]
            assert game.fingerprint() == before
            # The same answers take both to the same place.
            answers = play_on(game, bots, HORIZON)
            replay(twin, answers)
            assert twin.fingerprint() == game.fingerprint()
            assert twin.event_rows == game.event_rows
            assert (twin.outcome is None) == (game.outcome is None)
            continue
        game.apply(bots[game.request.faction].decide(game.request, game))
    assert game.outcome is not None
    assert copies > 0, f"no copy made in game {index} ({points} decisions)"
