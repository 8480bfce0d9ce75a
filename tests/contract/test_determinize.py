"""Determinization for an observer (engine/visibility.py): in random games of 2, 3, 4
players and solo, at random decision points, a determinized copy shows the observer
exactly what it saw, re-draws what it could not see (other hands, deck orders, face-down
tokens), keeps every multiset the observer knows, and plays on to a legal end."""

from __future__ import annotations

from collections import Counter

import pytest

from cryhavoc_sim.games.cryhavoc.engine.invariants import InvariantObserver
from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize, observation
from cryhavoc_sim.rng import stream
from tests.contract.test_clone import new_game


def hidden(g, observer):  # type: ignore[no-untyped-def]
    """What the observer cannot see (to check that determinization changes it)."""
    return (
        {f: tuple(p.hand) for f, p in g.players.items() if f != observer},
        {f: tuple(p.deck) for f, p in g.players.items()},
        {t: tuple(d) for t, d in g.terrain_decks.items()},
        {r: (s.trog_token, tuple(s.more_tokens), s.exploration) for r, s in g.regions.items()},
        [tuple(t.id for t in spot) for spot in g.spots],
    )


@pytest.mark.parametrize("index", range(0, 48, 3))
def test_a_determinized_copy_keeps_what_the_observer_saw_and_redraws_the_rest(index: int) -> None:
    game, bots = new_game(index)
    picker = stream(index, "test:determinize")
    game.start()
    checked = changed = 0
    while game.request is not None:
        if picker.random() < 0.05:
            observer = game.request.faction
            for k in range(3):
                copy = determinize(game, observer, stream(index * 100 + k, "det"))
                assert observation(copy, observer) == observation(game, observer)
                for f, p in game.players.items():
                    q = copy.players[f]
                    assert Counter(p.hand + p.deck) == Counter(q.hand + q.deck)
                    if f == observer:
                        assert p.hand == q.hand
                for t, d in game.terrain_decks.items():
                    assert Counter(d) == Counter(copy.terrain_decks[t])
                changed += hidden(copy, observer) != hidden(game, observer)
                checked += 1
            # A determinized copy plays on legally to the end.
            checker = InvariantObserver()
            rest = determinize(game, observer, stream(index, "det-play"))
            while rest.request is not None:
                checker(rest, rest.request)
                rest.apply(bots[rest.request.faction].decide(rest.request, rest))
            checker(rest, None)
            assert rest.outcome is not None and not checker.violations, checker.violations[:3]
        game.apply(bots[game.request.faction].decide(game.request, game))
    assert checked == 0 or changed > 0


def test_the_observation_hides_other_hands_and_token_identities() -> None:
    game, _ = new_game(2)
    game.start()
    observer = game.request.faction  # type: ignore[union-attr]
    other = next(f for f in game.players if f != observer and game.players[f].hand)
    before = observation(game, observer)
    game.players[other].hand.reverse()
    game.players[other].hand[0], game.players[other].deck[0] = (
        game.players[other].deck[0],
        game.players[other].hand[0],
    )
    region = next(s for s in game.regions.values() if s.trog_token is not None)
    region.trog_token = next(t for t in game.content.war_parties if t is not region.trog_token)
    assert observation(game, observer) == before
    game.players[observer].hand.append(game.players[observer].deck.pop())
    assert observation(game, observer) != before
