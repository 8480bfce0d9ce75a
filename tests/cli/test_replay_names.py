"""Cry Havoc's replay tells the game by printed names (issue 31), as Cave Troll's does:
factions, Regions, cards, Skills, Structures and tokens, never their ids."""

from __future__ import annotations

import re
from pathlib import Path

from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine.log import Event
from cryhavoc_sim.games.cryhavoc.narrator import account, names

CALLED = names(load_content())


def test_ids_are_told_by_their_printed_names() -> None:
    events = [
        Event(0, 0, "setup", "trogs", "setup", "world_caverns", None, 1, "trogs.nest_call"),
        Event(1, 0, "setup", "trogs", "build", "kalas_gorge", None, None, "trogs.tunnels|setup"),
        Event(
            2, 1, "actions", "humans", "discard", None, None, 2, "move", "humans.drop_troopers,humans.regroup"
        ),
        Event(3, 1, "actions", "humans", "battle_declared", "thornwood", "trogs", 1, None),
        Event(4, 1, "events", None, "event_revealed", None, None, None, "event.reinforcements"),
    ]
    assert account(events, CALLED) == [
        "Seat 1: Trogs, HQ World Caverns, Skills Nest Call",
        "  Trogs build Tunnels (setup) in Kalas Gorge",
        "  Humans discard 2 card(s) for move: Drop Troopers, Regroup",
        "  Battle token 1: Humans attack Trogs in Thornwood",
        "Event revealed: Reinforcements",
    ]


def test_a_whole_replay_names_no_id(tmp_path: Path) -> None:
    from cryhavoc_sim import simulate
    from cryhavoc_sim.runner.replay import replay

    simulate("quick", n_games=1, out=tmp_path / "run")
    text = "\n".join(replay(tmp_path / "run", 0).account)
    assert "Game over:" in text
    ids = set(CALLED) - set(CALLED.values())
    shown = set(re.findall(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+|[a-z]+_[a-z_]+", text))
    assert not shown & ids, sorted(shown & ids)[:10]
    assert not re.search(r"\b(humans|pilgrims|machines|trogs) (takes|moves|wins)\b", text)
