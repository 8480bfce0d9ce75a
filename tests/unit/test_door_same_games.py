"""The games the runner's door plays, pinned: each game of a few scenarios of every shipped
game (random, heuristic personalities, a small search, the solo mode), played as a run
plays it (``play_one``: the game's deal, the harness's play, the game's rows), digested
over its stored events and its winners.

The digests were first taken on the code before the door was redesigned (commit
10b1117's parent): the code after it gives the same ones on that code's content (the Trogs
then had 12 figures; the four-player and solo digests below follow the 16 of content
version 2). A change that alters a game fails here; one that is meant to (a bots- or
rules-version bump, a content change) records new digests and says so in its commit.
"""

from __future__ import annotations

import hashlib

import pytest

from cryhavoc_sim.games import get_game
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.play import play_one, stored_events
from cryhavoc_sim.runner.scenario import parse_scenario

HEAD = '[scenario]\nname = "d"\n'
SCENARIOS = {
    "cryhavoc_2p": 'games = 4\nseed = 11\nplayers = 2\n[bots]\ndefault = "heuristic"\n',
    "cryhavoc_3p": (
        'games = 3\nseed = 12\nplayers = 3\n[bots]\ndefault = "heuristic:aggressive"\n'
        'humans = "random"\nmachines = "ismcts:3"\n'
    ),
    "cryhavoc_4p": 'games = 4\nseed = 13\nplayers = 4\n[bots]\ndefault = "heuristic"\n',
    "cryhavoc_solo": 'games = 3\nseed = 14\nmode = "solo"\n[bots]\ndefault = "heuristic"\n',
    "cavetroll": (
        'game = "cavetroll"\ngames = 4\nseed = 15\nplayers = 3\n[bots]\ndefault = "heuristic"\nred = "ismcts:3"\n'
    ),
    "warcry": 'game = "warcry"\ngames = 4\nseed = 16\n[bots]\ndefault = "heuristic"\none = "ismcts:3"\n',
}
# the first 16 hex digits of sha256 over each game's repr(stored events) and repr(sorted winners)
DIGESTS = {
    "cryhavoc_2p": "480850358ad98fee",
    "cryhavoc_3p": "a3860ee321d5a4da",
    "cryhavoc_4p": "c98f7c3d2d248720",
    "cryhavoc_solo": "594b19d59af85099",
    "cavetroll": "e9e304bc9a9a759b",
    "warcry": "8d4f4aa08a77c220",
}


@pytest.mark.parametrize("key", sorted(SCENARIOS))
def test_the_door_plays_the_pinned_games(key: str) -> None:
    sc = parse_scenario(HEAD + SCENARIOS[key], "<pinned>")
    module = get_game(sc.game)
    content = content_for(sc, module)
    digest = hashlib.sha256()
    for i in range(sc.games):
        played = play_one(sc, content, i, True, lines=False)
        events = stored_events(module, sc, content, module.deal(sc.setup, sc.seed, i), played)
        assert events  # a game logs what it played
        digest.update(repr(events).encode())
        digest.update(repr(sorted(played.winners)).encode())
    assert digest.hexdigest()[:16] == DIGESTS[key]
