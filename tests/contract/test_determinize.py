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
        {f: tuple(p.stored) for f, p in g.players.items() if f != observer},
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
                    if f == observer:
                        assert p.stored == q.stored
                # The Terrain cards the observer cannot place: each deck and the other
                # players' Matrix cards from it, re-dealt from each Terrain's own.
                for copied in (game, copy):
                    unseen = Counter(c for d in copied.terrain_decks.values() for c in d)
                    unseen.update(c for f, p in copied.players.items() if f != observer for c in p.stored)
                    if copied is game:
                        before = unseen
                assert unseen == before
                for f, p in game.players.items():
                    terrains = sorted(game.content.cards[c].deck for c in p.stored)
                    assert terrains == sorted(copy.content.cards[c].deck for c in copy.players[f].stored)
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


def test_the_matrix_cards_are_face_down_to_everyone_but_the_machines() -> None:
    """FAQ v1.0 (content/cryhavoc_facts.md, Machines): a Matrix card is stored face-down
    and "the Machine player sees the cards drawn". Two games that differ only in which
    Ocean card the Machines stored look the same to the Humans (the log names the Terrain
    deck, not the card) and determinize alike; the Machines see the difference."""
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine import GameSetup
    from cryhavoc_sim.games.cryhavoc.engine import new_game as make_game

    games = []
    for stored, left in (("ocean.1", "ocean.2"), ("ocean.2", "ocean.1")):
        g = make_game(load_content(), GameSetup(("humans", "machines")), stream(3, "game"), seed=3)
        g.start()
        deck = g.terrain_decks["ocean"]
        deck[:] = [c for c in deck if c not in ("ocean.1", "ocean.2")] + [left]
        g.players["machines"].stored = [stored]
        g.log("card_stored", "machines", None, amount=1, detail=stored)
        games.append(g)
    a, b = games
    assert observation(a, "humans") == observation(b, "humans")
    assert observation(a, "machines") != observation(b, "machines")
    log = dict(observation(a, "humans"))["event_rows"]
    assert [row[8] for row in log if row[4] == "card_stored"] == ["ocean"]
    ca = determinize(a, "humans", stream(5, "det"))
    cb = determinize(b, "humans", stream(5, "det"))
    assert ca.players["machines"].stored == cb.players["machines"].stored
    assert ca.terrain_decks == cb.terrain_decks
    assert determinize(a, "machines", stream(5, "det")).players["machines"].stored == ["ocean.1"]


def test_the_log_names_passed_event_tokens_by_their_kind_only() -> None:
    """A passed Event spot hands its face-down tokens on (Events A): the observation's log
    does not name them, so a determinized copy (which re-draws them) agrees with it."""
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine import GameSetup
    from cryhavoc_sim.games.cryhavoc.engine import new_game as make_game

    content = load_content()
    g = make_game(content, GameSetup(("humans", "machines")), stream(3, "game"), seed=3)
    g.start()
    token = content.events[0]
    g.log("event_passed", None, None, None, 1, token.id)
    log = dict(observation(g, "humans"))["event_rows"]
    assert [row[8] for row in log if row[4] == "event_passed"] == [token.kind]
    copy = determinize(g, "humans", stream(5, "det"))
    assert observation(copy, "humans") == observation(g, "humans")
