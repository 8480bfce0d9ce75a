"""Cry Havoc's adapter builds a run's bots without re-checking their names every game
(games/cryhavoc/state.py keeps the (name, seat) pairs it has checked), yet a bad name is
refused every time it is asked for, and the bots it builds are the registry's."""

from __future__ import annotations

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.registry import make_bot
from cryhavoc_sim.games.cryhavoc.state import RULES
from cryhavoc_sim.games.harness.seeds import Seeds


@pytest.mark.parametrize("name", ["heuristic:nonsense", "minimax", "random/no-such-restriction"])
def test_a_bad_name_is_refused_each_time(name: str) -> None:
    for _ in range(2):
        with pytest.raises(ScenarioError, match="bots: bot"):
            RULES.bot(name, "humans", Seeds(1).bot("humans"))


@pytest.mark.parametrize("name", ["random", "heuristic", "heuristic:aggressive", "random/no-skills"])
def test_the_adapter_builds_the_registrys_bot(name: str) -> None:
    for _ in range(2):  # the second time from the checked names
        bot = RULES.bot(name, "humans", Seeds(1).bot("humans"))
        assert type(bot.decider) is type(make_bot(name, "humans", 1))  # type: ignore[attr-defined]
