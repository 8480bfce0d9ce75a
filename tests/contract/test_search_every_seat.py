"""The search bots (``ismcts``, ``paired``) play any seat: every faction of 2-, 3- and 4-player games and the solo
mode. Its rollouts ask the heuristic bot for requests the heuristic never brings about
itself (ismcts tries every option: Nest Shift's move of a face-down token, ``move_nest``,
crashed the Trog player's rollouts in 3 of 4 four-player games), so the heuristic must
answer every request the engine can make, asked in random games at every decision."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine import Choice
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import parse_scenario
from tests.contract.test_clone import new_game

CASES = {
    "2 players": 'players = 2\nfactions = ["humans", "pilgrims"]',
    "3 players": "players = 3",
    "4 players": 'players = 4\nexperience = "veteran"',
    "solo": 'mode = "solo"\nplayers = 1\nfactions = ["machines"]\ndifficulty = 2',
}


@pytest.mark.parametrize("bot", ["ismcts:3", "paired:3"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_searches_play_every_seat(case: str, bot: str) -> None:
    text = f'[scenario]\nname = "search"\ngames = 1\nseed = 2\n{CASES[case]}\n\n[bots]\ndefault = "{bot}"\n'

    sc = parse_scenario(text)
    game = play_one(sc, load_content(), 0, False, lines=False).state
    assert game.outcome is not None and game.request is None


@pytest.mark.parametrize("index", range(0, 48, 3))  # 2, solo, 4, 3 players, ...
def test_the_heuristic_answers_every_request_of_random_games(index: int) -> None:
    """At every decision of a random game, each faction's heuristic bot gives a legal
    answer for the request (the search's rollouts ask it anywhere)."""
    game, walkers = new_game(index)
    game.start()
    helpers = {f: HeuristicBot(f, personality(f), stream(index, f"h:{f}")) for f in game.players}
    asked = 0
    while game.request is not None:
        request = game.request
        f = request.faction
        if f in helpers and not (f == "trogs" and len(walkers) == 2):  # the solo automaton is not asked
            answer = helpers[f].decide(request, game)
            if isinstance(request, Choice):
                assert 0 <= answer < len(request.options), (request.kind, request.context)
            asked += 1
        game.apply(walkers[f].decide(request, game))
    assert asked > 0


def test_the_heuristic_moves_a_nest_toward_the_invaders() -> None:
    """Nest Shift (``move_nest``) asks for a (from, to) pair; the heuristic answered it
    as if the pairs were Regions (a KeyError)."""
    game, _ = new_game(2)  # a 4-player game
    game.start()
    regions = list(game.regions)
    a, b, c = regions[0], regions[1], regions[2]
    choice = Choice("target_region", "trogs", ((a, b), (a, c)), actor="trogs", context="move_nest")
    bot = HeuristicBot("trogs", personality("trogs"), stream(1, "h"))
    assert bot.decide(choice, game) in (0, 1)
