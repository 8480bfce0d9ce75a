"""What a player may see of a game, and copies of a game in which everything else is
re-drawn (determinization, for information-set search).

:func:`observation` is what ``observer`` sees, field by field as the state declares it
(engine/state.py: ``GAME_PARTS``, ``PLAYER_SEEN``, ``REGION_SEEN``): the board (Units,
Control, Crystals, Structures, Battles, Tunnels, which Regions hold a face-down War
Party / Nest / Exploration token and how many, but not which), every player's public
holdings (VP, Reserve, Prisoners, Control tokens and Structures left, stored Crystals,
exhausted Skills, discard pile, hand, deck and Matrix sizes), its own hand and Matrix
cards, the Initiative tracks, the Terrain deck sizes, how many face-down Event tokens lie
on each spot, the tokens revealed so far, the event log (less what it names of face-down
things: a Matrix card another player stored or put back is named by its Terrain deck, the
Event tokens a passed spot hands on by their kind) and the pending request. Nothing else.

:func:`determinize` copies a game and re-draws what ``observer`` cannot see, consistently
with what it has seen: the order of every deck (its own too), the other players' hands
(from the cards of their hand and deck together, same sizes), the other players' Matrix
cards (each from its Terrain deck's cards and the Matrix cards of that Terrain, same
Terrains), and the identity of every
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
from cryhavoc_sim.games.cryhavoc.engine.state import (
    ASKED,
    GAME_PARTS,
    KIND,
    LOG,
    OWN,
    PUBLIC,
    RECORD_SEEN,
    RECORDS,
    SIZE,
    SIZES,
    UNSEEN,
    key_of,
    record_fields,
)
from cryhavoc_sim.rng import Rng, derive

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


def observation(g: Game, observer: FactionId) -> tuple[Any, ...]:
    """Everything ``observer`` can see, as a comparable value (see the module docstring),
    field by field as the state's declarations say (engine/state.py ``GAME_PARTS``)."""
    return tuple(
        (
            part.name,
            _logged(g, observer)
            if part.seen == LOG
            else _seen(getattr(g, part.name), part.seen, observer, observer),
        )
        for part in GAME_PARTS
        if part.seen != UNSEEN
    )


# Log entries whose detail names a face-down thing, unless the observer did it.
_STORED = ("card_stored", "card_unstored")


def _logged(g: Game, observer: FactionId) -> tuple[Any, ...]:
    """The event log as ``observer`` sees it: the rows less the cards column (it names
    cards in hands), a Matrix card another player stored or put back named by its
    Terrain deck, the Event tokens a passed spot hands on by their kind."""
    cards = g.content.cards
    kinds = {t.id: t.kind for t in g.content.events}
    rows = []
    for row in g.event_rows:
        kind, faction, detail = row[4], row[3], row[8]
        if kind in _STORED and faction != observer and detail in cards:
            row = (*row[:8], cards[detail].deck)
        elif kind == "event_passed" and detail:
            row = (*row[:8], ",".join(kinds.get(t, "event") for t in detail.split(",")))
        rows.append(row[:9])
    return tuple(rows)


def _seen(value: Any, how: str, observer: FactionId, owner: FactionId | None) -> Any:
    """What ``observer`` sees of ``value`` (of ``owner``'s, for a player's holdings)."""
    if how == PUBLIC:
        return key_of(value)
    if how == SIZE:
        return tuple(sorted((k, len(v)) for k, v in value.items())) if isinstance(value, dict) else len(value)
    if how == SIZES:
        return tuple(len(v) for v in value)
    if how == OWN:
        return key_of(value) if owner == observer else len(value)
    if how == KIND:  # a token, a tuple of tokens, or None
        if isinstance(value, tuple):
            return tuple(t.kind for t in value)
        return None if value is None else value.kind
    if how == RECORDS:
        if value is None or type(value) in RECORD_SEEN:
            return _record(value, observer)
        return tuple((k, _record(v, observer)) for k, v in value.items())
    if how == ASKED:
        return None if value is None else repr(value) if value.faction == observer else value.kind
    raise ValueError(f"no such visibility: {how}")


def _record(record: Any, observer: FactionId) -> Any:
    if record is None:
        return None
    seen = RECORD_SEEN[type(record)]
    owner = getattr(record, "faction", None)
    return tuple(
        _seen(getattr(record, n), seen.get(n, PUBLIC), observer, owner) for n in record_fields(record)
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
    # The other players' Matrix cards: each Terrain's stored cards and deck together,
    # dealt again (the same number stored from each Terrain deck).
    decks = c.terrain_decks
    catalogue = c.content.cards
    for f, p in c.players.items():
        if f == observer or not p.stored:
            continue
        stored: list[str] = []
        for card in p.stored:
            terrain = catalogue[card].deck
            unseen = sorted([*decks[terrain], card])
            shuffle(unseen)
            stored.append(unseen.pop())
            decks[terrain] = unseen
        p.stored = stored
    for deck in decks.values():
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
