"""Cave Troll's search bot (games/cavetroll/search.py): it plays every seat of 2, 3 and
4 players, the same seed gives the same game, it never changes the game it is asked
about, and at a small budget it already beats the heuristic on the ladder. The real
measurement (every seat, Wilson lower bound above 55%) is a command in the README."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cavetroll.catalogue import build, parse_bot
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.rules import RULES, Deal
from cryhavoc_sim.games.cavetroll.search import CaveTrollSearch
from cryhavoc_sim.games.cavetroll.state import CaveTrollState
from cryhavoc_sim.games.harness.play import new_game, play_game
from cryhavoc_sim.games.harness.seeds import seeds
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.ladder import ladder_matches, ladder_table

CONTENT = load_content()


@pytest.mark.parametrize(("players", "card_set"), [(2, "classic"), (3, "variant"), (4, "classic")])
def test_the_search_plays_every_seat(players: int, card_set: str) -> None:
    deal = Deal(players, card_set)
    names = {p: "ismcts:2" for p in ("red", "blue", "green", "yellow")[:players]}
    end = play_game(RULES, CONTENT, deal, seeds(3, players), names, record_events=False)
    assert end.is_over and end.winners
    again = play_game(RULES, CONTENT, deal, seeds(3, players), names, record_events=False)
    assert again.fingerprint() == end.fingerprint()


def test_the_search_leaves_the_game_it_is_asked_about_alone() -> None:
    state: CaveTrollState = new_game(RULES, CONTENT, Deal(3), seeds(5, 0), record_events=False)  # type: ignore[assignment]
    before = state.fingerprint()
    bot = build(parse_bot("ismcts:6"), stream(5, "bot:test"))
    answer = bot.choose(state.game)
    assert state.fingerprint() == before
    assert answer in state.legal_answers()


def test_candidates_are_the_heuristics_best_answers_keyed_by_card() -> None:
    state: CaveTrollState = new_game(RULES, CONTENT, Deal(2), seeds(8, 0), record_events=False)  # type: ignore[assignment]
    legal = state.legal_answers()
    found = CaveTrollSearch(stream(1, "x"), width=3).candidates(state)
    assert len(found) == min(3, len(legal))
    assert all(answer in legal and key == state.answer_key(answer) for key, answer in found)


def test_a_small_search_beats_the_heuristic_in_both_seats() -> None:
    """Four rotations (16 games: both card sets, each bot first and second)."""
    rows = ladder_table(
        ladder_matches(None, ["heuristic", "ismcts:8"], rounds=4, seed=2016, game="cavetroll")
    )
    by = {(r["bot"], r["faction"]): r for r in rows}
    assert float(by["ismcts:8", "all"]["win_rate"]) > 0.6  # type: ignore[arg-type]
    for seat in ("seat 1", "seat 2"):
        assert float(by["ismcts:8", seat]["win_rate"]) >= 0.5, seat  # type: ignore[arg-type]
