"""Every bot of every game decides from its player's observation only (brief: "never a
face-down card, another hand or a deck's order").

The test: at random decision points of random games, a second state is drawn that differs
from the first only in what the deciding player cannot see (a determinization of the
first for that player: other hands, deck orders, face-down tokens or artifacts re-drawn).
A bot built from the same seed must give the same answer in both. A bot that reads any
hidden thing answers differently in some of them; one that searches must re-draw what it
cannot see from its own generator, so that its draws depend on the observation only.
"""

from __future__ import annotations

from typing import Any

import pytest

from cryhavoc_sim.games.cavetroll.catalogue import build, parse_bot
from cryhavoc_sim.games.cavetroll.content import load_content as load_cavetroll
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame
from cryhavoc_sim.games.cavetroll.visibility import determinize as cavetroll_determinize
from cryhavoc_sim.games.cavetroll.visibility import observation as cavetroll_observation
from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality_names
from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize, observation
from cryhavoc_sim.rng import stream
from tests.conftest import seat_decider
from tests.contract.test_clone import new_game

CAVE_TROLL = load_cavetroll()
# ismcts:6 tries each of its 4 candidates and then chooses again, so its answer rests on
# what it simulated: a search that did not re-draw hidden cards fails here (checked)
CAVE_TROLL_BOTS = ("random", "heuristic", "heuristic:builder", "heuristic:spoiler", "ismcts:6", "paired:6")
DRAWS = 2  # other worlds per decision point


def _cryhavoc_bots(faction: str) -> list[str]:
    names = ["random", "heuristic", *(f"heuristic:{p}" for p in personality_names(faction))]
    return [*names, "ismcts:6", "paired:6", "learned", "learned~0.5", "paired-learned:6"]


def _decider(name: str, faction: str, seed: int) -> Any:
    """The solo mode's Trog automaton (the game's own decider, no seat's bot), or the bot
    ``name`` of seat ``faction``."""
    return AutomatonBot() if name == "automaton" else seat_decider(name, faction, seed)


@pytest.mark.parametrize("index", [0, 1, 2, 3, 4, 5, 6, 7])
def test_cry_havoc_bots_answer_the_same_in_every_world_their_player_cannot_tell_apart(index: int) -> None:
    """Indices cycle 2, 3, 4 players and solo (tests/contract/test_clone.py)."""
    game, walkers = new_game(index)
    picker = stream(index, "test:fair")
    game.start()
    asked = 0
    while game.request is not None:
        request = game.request
        faction = request.faction
        if picker.random() < 0.1:
            names = ["automaton"] if faction == "trogs" and len(walkers) == 2 else _cryhavoc_bots(faction)
            for k in range(DRAWS):
                other = determinize(game, faction, stream(index * 100 + k, "fair:world"))
                assert observation(other, faction) == observation(game, faction)
                assert other.request is not None
                for name in names:
                    seed = index * 1000 + asked
                    here = _decider(name, faction, seed).decide(request, game)
                    there = _decider(name, faction, seed).decide(other.request, other)
                    assert here == there, (name, faction, request.kind, k)
            asked += 1
        game.apply(walkers[faction].decide(request, game))
    assert asked >= 3


@pytest.mark.parametrize(
    ("players", "card_set"), [(2, "classic"), (3, "variant"), (4, "classic"), (4, "variant")]
)
def test_cave_troll_bots_answer_the_same_in_every_world_their_player_cannot_tell_apart(
    players: int, card_set: str
) -> None:
    checked = 0
    for seed in range(3):
        g = CaveTrollGame.new(CAVE_TROLL, players, stream(seed, "game"), card_set)
        walker = build(parse_bot("random"), stream(seed, "walk"))
        picker = stream(seed, "test:fair")
        while not g.over:
            if picker.random() < 0.25:
                me = g.player
                for k in range(DRAWS):
                    other = cavetroll_determinize(g, me, stream(seed * 100 + k, "fair:world"))
                    assert cavetroll_observation(other, me) == cavetroll_observation(g, me)
                    for name in CAVE_TROLL_BOTS:
                        here = build(parse_bot(name), stream(seed, "bot")).choose(g)
                        there = build(parse_bot(name), stream(seed, "bot")).choose(other)
                        assert here == there, (name, me, g.turn, k)
                        checked += 1
            g.apply(walker.choose(g))
    assert checked > 100


def _hidden(g: CaveTrollGame, me: str) -> Any:
    return (
        {p: tuple(g.hands[p]) for p in g.players if p != me},
        {p: tuple(g.decks[p]) for p in g.players},
        tuple(g.artifacts),
        {p: tuple(g.held[p]) for p in g.players if p != me},
    )


def test_cave_troll_determinization_keeps_the_observation_and_redraws_the_rest() -> None:
    """The copy shows the observer exactly what it saw, keeps every multiset it knows
    (each opponent's hand and deck together, the unseen artifacts), re-draws the rest,
    differently for different generators (OpenSpiel once shipped a resampler whose every
    shuffle was seeded the same), and plays on to a legal end."""
    from collections import Counter

    from cryhavoc_sim.games.cavetroll.invariants import violations

    g = CaveTrollGame.new(CAVE_TROLL, 4, stream(9, "game"))
    walker = build(parse_bot("random"), stream(9, "walk"))
    for _ in range(60):
        g.apply(walker.choose(g))
    me = g.player
    worlds = [cavetroll_determinize(g, me, stream(k, "world")) for k in range(4)]
    for w in worlds:
        assert cavetroll_observation(w, me) == cavetroll_observation(g, me)
        for p in g.players:
            assert Counter(w.hands[p] + w.decks[p]) == Counter(g.hands[p] + g.decks[p])
        assert g.hands[me] == w.hands[me] and g.held[me] == w.held[me]
        unseen = g.artifacts + [a for p in g.players if p != me for a in g.held[p]]
        assert Counter(w.artifacts + [a for p in g.players if p != me for a in w.held[p]]) == Counter(unseen)
    assert len({repr(_hidden(w, me)) for w in worlds}) == len(worlds)
    rest = worlds[0]
    while not rest.over:
        rest.apply(walker.choose(rest))
        assert not violations(rest)
