"""A ladder game that never ends (nothing in Cave Troll's rules forces a player to draw:
ruling CT17) is stopped at the ladder's answer limit and counted as no win for either
bot, and the ladder says how many were; it used to end the command with a traceback."""

from __future__ import annotations

from typing import Any

import pytest

from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.harness import ladder as harness_ladder
from cryhavoc_sim.games.harness.driver import GameDidNotEnd
from cryhavoc_sim.runner import ladder


def test_a_game_past_the_limit_is_a_stopped_duel_with_no_winner(monkeypatch: pytest.MonkeyPatch) -> None:
    real = harness_ladder.play_game
    limits: list[int] = []

    def play_game(*args: Any) -> Any:
        limits.append(args[-1])
        if len(limits) == 2:  # the second game of the rotation never ends
            raise GameDidNotEnd("the game did not end in 20000 answers")
        return real(*args)

    monkeypatch.setattr(harness_ladder, "play_game", play_game)
    module = get_game("cavetroll")
    rotation = module.ladder_pairings
    duels = list(
        harness_ladder.duels(
            module.rules, module.load_content(None), rotation, "random", "heuristic", 1, 3, 0
        )
    )
    assert limits == [harness_ladder.LIMIT] * len(rotation)
    assert [d.stopped for d in duels] == [i == 1 for i in range(len(rotation))]
    assert duels[1].winner is None

    monkeypatch.setattr(ladder, "get_game", lambda name: module)
    limits.clear()
    matches = ladder._rotation(("cavetroll", None, "random", "heuristic", 3, 0))
    stopped = [m for m in matches if m.stopped]
    assert len(stopped) == 2 and not any(m.won for m in stopped)  # a row for each bot
    note = ladder.stopped_note(matches)
    assert note.startswith(f"1 of {len(rotation)} games did not end within 20,000 answers")
    assert ladder.stopped_note([m for m in matches if not m.stopped]) == ""
