"""Cave Troll's heuristic bot: its shortcuts value every answer as trying it on a copy
would, and it values what its player cannot see at what its player can know."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cavetroll.board import Figure
from cryhavoc_sim.games.cavetroll.bots import HeuristicBot, RandomBot
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame
from cryhavoc_sim.rng import stream

CONTENT = load_content()


def _resolved(g: CaveTrollGame) -> CaveTrollGame:
    """``g`` with a Cave Troll's escapes answered "nobody" (how the bot values it)."""
    while g.pending and g.pending[0].kind == "escape":
        g.apply(("escape", g.pending[0].space, None, None))
    return g


@pytest.mark.parametrize("card_set", ["classic", "variant"])
def test_the_shortcuts_value_every_answer_as_a_copy_would(card_set: str) -> None:
    """Moves, the Thief's action, placements and Score a Room are valued from the spaces
    they change; every other answer on a copy. Each must equal the valuation of the
    position after the answer computed from every space (``full_value``)."""
    checked = 0
    for seed in range(3):
        g = CaveTrollGame.new(CONTENT, 4, stream(seed, "game"), card_set)
        walker = RandomBot(stream(seed, "walk"))
        bot = HeuristicBot(stream(seed, "bot"))
        while not g.over:
            me = g.player
            bot._root(g, me)
            for action in g.legal():
                if action[0] in ("draw", "stop"):
                    continue
                after = g.copy()
                after.apply(action)
                want = bot.full_value(_resolved(after), me)
                assert bot.value_of(g, me, action) == pytest.approx(want, abs=1e-9), action
                checked += 1
            g.apply(walker.choose(g))
    assert checked > 2000


def test_opponents_artifacts_count_at_the_mean_gold_of_the_unseen() -> None:
    """An opponent's face-down artifact is worth the mean of the artifacts the bot's
    player has not seen, whichever it is; its own at their printed gold."""
    g = CaveTrollGame.new(CONTENT, 2, stream(4, "game"))
    red, blue = g.players
    g.current, g.actions_left = 0, 4
    ids = sorted(CONTENT.artifacts, key=lambda a: CONTENT.artifacts[a].gold)
    cheap, dear = ids[0], ids[-1]
    assert CONTENT.artifacts[cheap].gold < CONTENT.artifacts[dear].gold
    bot = HeuristicBot(stream(1, "bot"))
    values = []
    for held in (cheap, dear):
        h = g.copy()
        h.artifacts = [a for a in CONTENT.artifacts if a != held]
        h.held[blue] = [held]
        bot._root(h, red)
        values.append(bot.value_of(h, red, ("stop",)))
    assert values[0] == values[1]
    mine = []
    for held in (cheap, dear):  # its own: known, so it matters which
        h = g.copy()
        h.artifacts = [a for a in CONTENT.artifacts if a != held]
        h.held[red] = [held]
        bot._root(h, red)
        mine.append(bot.value_of(h, red, ("stop",)))
    assert mine[0] < mine[1]


def test_a_cave_troll_is_valued_by_the_room_it_clears() -> None:
    """The bot values a Cave Troll's room as cleared (it does not guess who escapes): it
    drops the Troll on the opponents' best room, not on an empty one."""
    g = CaveTrollGame.new(CONTENT, 2, stream(5, "game"))
    red, blue = g.players
    for _ in range(2):
        g.board.put("R33", Figure(blue, "adventurer"))
    g.hands[red] = ["cave_troll"]
    g.current, g.actions_left = 0, 1
    g.decks[red] = ["adventurer"]
    from cryhavoc_sim.games.cavetroll.game import Pending

    g.pending.append(Pending("play", red, ""))
    bot = HeuristicBot(stream(1, "bot"))
    assert bot.choose(g) == ("play", 0, "R33")
