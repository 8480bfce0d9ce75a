"""What a Cave Troll player may see, and copies of a game in which everything else is
re-drawn (determinization: the fairness test of the bots, and search).

Rulebook (004, 2015): the player decks are shuffled face down (Setup 4) and a player
holds only his own hand (Setup 6, Draw and Play a Card); played cards go face up to a
discard or the scoring pile, so the cards left in an opponent's hand and deck together
are known, not which are in the hand; an artifact is drawn face down and revealed only
when played (Play an Artifact), so the artifacts left in the artifact deck and in the
opponents' hands together are known, not who holds which. The board, the gold track, the
scoring pile and the figures removed are in plain view.

:func:`observation` is the one statement of what ``observer`` sees; :func:`determinize`
copies a game and re-draws the rest from ``rng``. Each pool is put in one canonical order
before it is shuffled, so a determinization is a function of the observation and the
generator alone: two games that differ only in what the observer cannot see give the same
copy for the same generator state (what the fairness test holds a bot to).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cryhavoc_sim.rng import Rng

if TYPE_CHECKING:
    from cryhavoc_sim.games.cavetroll.game import CaveTrollGame


def observation(g: CaveTrollGame, observer: str) -> tuple[Any, ...]:
    """Everything ``observer`` can see, as a comparable value (see the module docstring)."""
    players = tuple(
        (
            p,
            g.gold[p],
            len(g.decks[p]),
            len(g.hands[p]),
            len(g.held[p]),
            tuple(g.removed[p]),
            tuple(g.hands[p]) if p == observer else None,
            tuple(g.held[p]) if p == observer or g.over else None,  # revealed at the end
        )
        for p in g.players
    )
    pending = tuple((r.kind, r.player, r.space, r.others, r.after) for r in g.pending)
    return (
        tuple((s, tuple(here)) for s, here in g.board.spaces.items()),
        players,
        tuple(g.ledger),
        len(g.artifacts),
        g.pile,
        g.resolving,
        g.turn,
        g.current,
        g.actions_left,
        pending,
        g.over,
        g.winners,
        g.first,
        tuple(sorted(g.once.items())),
        (g.must_use_all_actions, g.tie, g.card_set),
    )


def determinize(g: CaveTrollGame, observer: str, rng: Rng) -> CaveTrollGame:
    """A copy of ``g`` with everything ``observer`` cannot see re-drawn from ``rng``: each
    opponent's hand and deck dealt again from their cards together (same sizes), the
    observer's own deck order, and the artifacts of the artifact deck and the opponents'
    hands dealt again (same counts). The observer's hand and artifacts stay as they are."""
    c = g.copy()
    for p in c.players:
        if p == observer:
            deck = sorted(c.decks[p])
            rng.shuffle(deck)
            c.decks[p] = deck
            continue
        cards = sorted(c.hands[p] + c.decks[p])
        rng.shuffle(cards)
        n = len(c.hands[p])
        c.hands[p], c.decks[p] = cards[:n], cards[n:]
    hidden = [p for p in c.players if p != observer and not c.over]
    pool = sorted(c.artifacts + [a for p in hidden for a in c.held[p]])
    rng.shuffle(pool)
    for p in hidden:
        n = len(c.held[p])
        c.held[p], pool = pool[:n], pool[n:]
    c.artifacts = pool
    return c


def unseen_artifacts(g: CaveTrollGame, observer: str) -> list[str]:
    """The artifacts ``observer`` has not seen: the artifact deck and the opponents'
    face-down ones together (a multiset it knows; who holds which it does not)."""
    if g.over:  # revealed at the end (Winning the Game)
        return list(g.artifacts)
    return g.artifacts + [a for p in g.players if p != observer for a in g.held[p]]
