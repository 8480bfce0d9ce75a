"""Cry Havoc's adapter builds a seat's bot from the spec its catalogue read: a bad name is
refused by the reading, every time it is asked for, as one sentence; each kind of name
builds its own kind of bot, under its restriction when it has one."""

from __future__ import annotations

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.botspec import BotNameError
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.ismcts import IsmctsBot
from cryhavoc_sim.games.cryhavoc.bots.leaf import LeafIsmctsBot
from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
from cryhavoc_sim.games.cryhavoc.bots.restrictions import RestrictedBot
from cryhavoc_sim.games.cryhavoc.rules import RULES
from cryhavoc_sim.games.harness.seeds import Seeds


@pytest.mark.parametrize("name", ["heuristic:nonsense", "minimax", "random/no-such-restriction"])
def test_a_bad_name_is_refused_each_time(name: str) -> None:
    for _ in range(2):
        with pytest.raises(BotNameError, match=f"^bot '{name}' ") as caught:
            RULES.bot_spec(name, "humans")
        assert isinstance(caught.value, ScenarioError)  # one sentence, exit code 2
        assert "allowed" in caught.value.problem


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("random", RandomBot),
        ("heuristic", HeuristicBot),
        ("heuristic:aggressive", HeuristicBot),
        ("ismcts:3", IsmctsBot),
        ("paired-leaf:2", LeafIsmctsBot),
        ("random/no-skills", RestrictedBot),
    ],
)
def test_the_adapter_builds_the_bot_its_spec_names(name: str, kind: type) -> None:
    bot = RULES.bot(RULES.bot_spec(name, "humans"), "humans", Seeds(1).bot("humans"))
    assert type(bot.decider) is kind  # type: ignore[attr-defined]
