"""Cave Troll's heuristic plays the same games as before its speed-ups (issue 27): each
game's final gold and a digest of its whole event log, recorded with the code of main
before them (commit f2431bf), for the bench's four-player scenario and for mixed player
counts, card sets and personalities. A change that alters an answer fails here; one that
is meant to (a bots-version bump) records new values and says so."""

from __future__ import annotations

import hashlib

import pytest

from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import Scenario, parse_scenario

MIXED = """
[scenario]
name = "mixed"
game = "cavetroll"
games = 1
seed = 7
players = [2, 3, 4]
card_set = ["classic", "variant"]

[bots]
default = "heuristic"
red = "heuristic:builder"
blue = "heuristic:spoiler"
"""

# (game index, each colour's final gold, the first 16 hex digits of sha256(repr(events)))
BENCH = (
    (0, (76, 67, 55, 72), "aa46286cb7bbb5f5"),
    (1, (97, 94, 72, 92), "d7d5e545d5b7af5c"),
    (2, (83, 82, 78, 73), "caacc54ba00c88c5"),
    (3, (87, 90, 91, 82), "bb12810352fd170f"),
    (4, (80, 64, 70, 69), "52072fe1624ee96b"),
    (5, (50, 51, 48, 43), "ccbc0cb52f1700a0"),
    (6, (76, 63, 71, 61), "368aab429c79f0d3"),
    (7, (58, 49, 57, 62), "c3be476568028b15"),
)
MIXED_GAMES = (
    (0, (54, 52), "66dd811a69cceb82"),
    (1, (73, 95), "988f191b067490b7"),
    (2, (74, 70), "ddf5513a92e70db3"),
    (3, (52, 56), "3b505de1fd82ab1b"),
    (4, (68, 70, 73), "62ee48f3c5d2680a"),
    (5, (64, 66, 66), "480d7d0e6b545207"),
    (6, (70, 71, 78), "8744de98e5de65a4"),
    (7, (63, 55, 52), "feab0eef0fc69ab6"),
    (8, (58, 59, 63), "64f84d9fa4ecc0ea"),
    (9, (50, 54, 55), "7261a66b5e0c5800"),
    (10, (76, 77, 77, 67), "064a85a4d6a9627d"),
    (11, (74, 68, 77, 71), "4e6aa65821489c13"),
)


def _played(sc: Scenario, game_id: int) -> tuple[tuple[int, ...], str]:
    g = play_one(sc, load_content(), game_id, True, lines=False).state
    assert g.events is not None
    return tuple(g.gold[p] for p in g.players), hashlib.sha256(repr(g.events).encode()).hexdigest()[:16]


@pytest.mark.parametrize(("game_id", "gold", "digest"), BENCH)
def test_the_bench_games_are_the_games_played_before(
    game_id: int, gold: tuple[int, ...], digest: str
) -> None:
    sc = parse_scenario(get_game("cavetroll").bench_scenario("heuristic"))
    assert _played(sc, game_id) == (gold, digest)


@pytest.mark.parametrize(("game_id", "gold", "digest"), MIXED_GAMES)
def test_mixed_games_are_the_games_played_before(game_id: int, gold: tuple[int, ...], digest: str) -> None:
    assert _played(parse_scenario(MIXED), game_id) == (gold, digest)
