"""The event log is complete for Crystals: every Region's Crystal count at the end of a
game equals its count after setup plus its ``crystals_added`` minus its
``crystals_removed`` events (2, 3, 4 players and solo, random and heuristic bots)."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine import new_game
from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for
from cryhavoc_sim.rng import stream
from tests.conftest import play_out, seat_decider


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_crystal_counts_replay_from_the_events(bot: str) -> None:
    content = load_content()
    checked = 0
    for index in range(16):  # 2, 3, 4 players and solo, four times each
        seed, factions, experience = playout_spec(9, index)
        game = new_game(content, setup_for(factions, experience), stream(seed, "game"))
        counts = {r: s.crystals for r, s in game.regions.items()}
        seats = (*factions, "trogs") if len(factions) < 4 else factions
        bots = {
            f: AutomatonBot() if len(factions) == 1 and f == "trogs" else seat_decider(bot, f, seed)
            for f in seats
        }
        play_out(game, bots)
        for e in game.events:
            if e.kind in ("crystals_added", "crystals_removed"):
                assert e.region is not None and e.amount is not None
                counts[e.region] += e.amount if e.kind == "crystals_added" else -e.amount
                checked += 1
        assert counts == {r: s.crystals for r, s in game.regions.items()}, f"game {index} seed {seed}"
    assert checked > 100
