"""What a player may see of a game, and copies of a game in which everything else is
re-drawn (determinization, for information-set search).

:func:`observation` is the one statement of what ``observer`` sees: the board (Units,
Control, Crystals, Structures, Battles, Tunnels, which Regions hold a face-down War
Party / Nest / Exploration token and how many, but not which), every player's public
holdings (VP, Reserve, Prisoners, Control tokens and Structures left, stored Crystals,
Matrix cards, exhausted Skills, discard pile, hand and deck sizes), its own hand, the
Initiative tracks, the Terrain deck sizes, how many face-down Event tokens lie on each
spot, the tokens revealed so far, the event log and the pending request. Nothing else.

:func:`determinize` copies a game and re-draws what ``observer`` cannot see, consistently
with what it has seen: the order of every deck (its own too), the other players' hands
(from the cards of their hand and deck together, same sizes), and the identity of every
face-down token (from the tokens of that kind not yet revealed, same kinds in the same
places); the copy draws its future randomness from a new stream. Every pool is put in one
canonical order before it is shuffled, so the copy is a function of the observation and
the generator alone: two games that differ only in what the observer cannot see give the
same copy (what lets a search bot pass the fairness test, tests/contract/test_fair_bots.py).
A test checks that the observation is unchanged and that the hidden parts do change.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, Token
from cryhavoc_sim.rng import Rng, derive

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


def observation(g: Game, observer: FactionId) -> tuple[Any, ...]:
    """Everything ``observer`` can see, as a comparable value (see the module docstring)."""
    regions = tuple(
        (
            r,
            s.crystals,
            s.control,
            tuple(sorted(s.units.items())),
            None if s.trog_token is None else s.trog_token.kind,
            tuple(t.kind for t in s.more_tokens),
            s.exploration is not None,
            s.tunnel,
            s.battle,
            s.attacker,
            s.defender,
            tuple(s.structures),
        )
        for r, s in g.regions.items()
    )
    players = tuple(
        (
            f,
            p.reserve,
            p.vp,
            tuple(sorted(p.prisoners.items())),
            tuple(sorted(p.exhausted)),
            p.control_left,
            tuple(sorted(p.structures_left.items())),
            p.stock,
            tuple(p.stored),
            tuple(p.discard),
            len(p.hand),
            len(p.deck),
            tuple(sorted(p.hand)) if f == observer else None,
        )
        for f, p in g.players.items()
    )
    battle = g.battle
    request = g.request
    return (
        g.round,
        g.phase,
        regions,
        players,
        tuple(g.initiative),
        tuple(g.upcoming),
        tuple(sorted((t, len(d)) for t, d in g.terrain_decks.items())),
        tuple((resolved, len(spot)) for resolved, spot in zip(g.spot_resolved, g.spots, strict=True)),
        len(g.nest_supply),
        len(g.exploration_supply),
        tuple(g.revealed),
        None
        if battle is None
        else (battle.region, tuple(sorted((f, tuple(n)) for f, n in battle.on.items())), tuple(battle.order)),
        tuple(row[:9] for row in g.event_rows),
        None if request is None else repr(request) if request.faction == observer else request.kind,
    )


def determinize(g: Game, observer: FactionId, rng: Rng) -> Game:
    """A copy of ``g`` with everything ``observer`` cannot see re-drawn from ``rng``."""
    c = g.clone()
    c.rng = derive(rng)
    shuffle = rng.shuffle
    # The other players' hands: their hand and deck cards together, dealt again.
    for f, p in c.players.items():
        if f != observer and p.hand:
            cards = sorted(p.hand + p.deck)
            shuffle(cards)
            p.hand, p.deck = cards[: len(p.hand)], cards[len(p.hand) :]
        else:
            p.deck.sort()
            shuffle(p.deck)
    for deck in c.terrain_decks.values():
        deck.sort()
        shuffle(deck)
    content = c.content
    seen = Counter(c.revealed)
    # Face-down tokens: each kind from its tokens not revealed yet (a face-down token and
    # those never placed look alike).
    for kind, everything in (("war_party", content.war_parties), ("nest", content.nests)):
        pool = _unseen(everything, seen, rng)
        for s in c.regions.values():
            if s.trog_token is not None and s.trog_token.kind == kind:
                s.trog_token = pool.pop() if pool else s.trog_token
            s.more_tokens = tuple(pool.pop() if t.kind == kind and pool else t for t in s.more_tokens)
        if kind == "nest":
            c.nest_supply = [pool.pop() for _ in range(min(len(c.nest_supply), len(pool)))]
    exploration = _unseen(content.exploration, seen, rng)
    for s in c.regions.values():
        if s.exploration is not None and exploration:
            s.exploration = exploration.pop()
    c.exploration_supply = [
        exploration.pop() for _ in range(min(len(c.exploration_supply), len(exploration)))
    ]
    events = _unseen(content.events, seen, rng)
    for i, spot in enumerate(c.spots):
        if not c.spot_resolved[i]:
            c.spots[i] = [t if t.kind == "final_event" or not events else events.pop() for t in spot]
    return c


def _unseen(tokens: tuple[Token, ...], seen: Counter[str], rng: Rng) -> list[Token]:
    """The tokens of ``tokens`` not yet revealed, in a random order."""
    left = Counter(seen)
    out = []
    for t in tokens:
        if left[t.id]:
            left[t.id] -= 1
        else:
            out.append(t)
    rng.shuffle(out)
    return out
