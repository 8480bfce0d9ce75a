"""Hand-made WarCry states for the rule tests: named units placed in lines, named action
cards stacked on a deck's top (the die a Roll reads), hands set by name."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.warcry.content import load_content
from cryhavoc_sim.games.warcry.rules import Setup, new_game
from cryhavoc_sim.games.warcry.state import (
    ACTION_DECK,
    ACTION_DISCARD,
    ACTION_HAND,
    ARMY_DECK,
    ARMY_DISCARD,
    ARMY_HAND,
    BATTLE_LINE,
    RESERVE,
    WarCryState,
)
from cryhavoc_sim.rng import Rng

CONTENT = load_content()
# dice of the shared action deck: Onward! 1, Crushing Blow 2, Countercharge 3, Sudden Attack 4, To the Last Man 5
DIE = {1: "Onward!", 2: "Crushing Blow", 3: "Countercharge", 4: "Sudden Attack", 5: "To the Last Man"}


def board(
    one: tuple[str, ...] = (),
    two: tuple[str, ...] = (),
    one_reserve: tuple[str, ...] = (),
    two_reserve: tuple[str, ...] = (),
    armies: tuple[str, str] = ("Empire", "Chaos"),
    seed: int = 1,
) -> WarCryState:
    """A Battle in its Command step, seat one to command, the named units in play, all
    hands empty (back in their decks)."""
    s = new_game(CONTENT, Setup(armies), Rng(seed))
    for p in (0, 1):
        z = s.zones[p]
        z[ARMY_DECK] += z[ARMY_HAND] + z[ARMY_DISCARD]
        z[ACTION_DECK] += z[ACTION_HAND] + z[ACTION_DISCARD]
        z[ARMY_HAND], z[ARMY_DISCARD], z[ACTION_HAND], z[ACTION_DISCARD] = [], [], [], []
    for p, names, line in (
        (0, one, BATTLE_LINE),
        (1, two, BATTLE_LINE),
        (0, one_reserve, RESERVE),
        (1, two_reserve, RESERVE),
    ):
        for name in names:
            s.zones[p][line].append(take(s, p, ARMY_DECK, name))
    s.phase, s.actor, s.budget, s.spent = "command", 0, [20, 20], [0, 0]
    return s


def take(s: WarCryState, p: int, zone: int, name: str) -> int:
    z = s.zones[p][zone]
    c = next(c for c in z if s.cards[c].name == name)
    z.remove(c)
    return c


def unit(s: WarCryState, p: int, name: str) -> int:
    """The first unit named ``name`` of ``p`` in play."""
    return next(u for u in s.units(p) if s.cards[u].name == name)


def stack(s: WarCryState, p: int, *names: str) -> None:
    """Put the named action cards on top of ``p``'s action deck, the first drawn first."""
    z = s.zones[p]
    z[ACTION_DECK] += z[ACTION_DISCARD]
    z[ACTION_DISCARD] = []
    ids = [take(s, p, ACTION_DECK, n) for n in names]
    z[ACTION_DECK] += reversed(ids)


def dice(s: WarCryState, p: int, *rolls: int) -> None:
    """Stack cards whose dice are ``rolls`` (strategies and reactions before tactics, so a
    card drawn into a hand is not a tactic to play)."""
    z = s.zones[p]
    z[ACTION_DECK] += z[ACTION_DISCARD]
    z[ACTION_DISCARD] = []
    ids = []
    for r in rolls:
        pool = sorted(
            (c for c in z[ACTION_DECK] if s.cards[c].die == r and c not in ids),
            key=lambda c: (s.cards[c].type == "Tactic", s.cards[c].type == "Reaction", c),
        )
        ids.append(pool[0])
    z[ACTION_DECK] = [c for c in z[ACTION_DECK] if c not in ids] + ids[::-1]


def give(s: WarCryState, p: int, *names: str) -> None:
    """Put the named action cards in ``p``'s action hand."""
    for n in names:
        s.zones[p][ACTION_HAND].append(take(s, p, ACTION_DECK, n))


def attach(s: WarCryState, u: int, name: str) -> None:
    s.attachments.setdefault(u, []).append(take(s, s.owner(u), ARMY_DECK, name))


def legal(s: WarCryState) -> list[tuple[Any, ...]]:
    """The legal answers, typed as the tuples WarCry answers are."""
    return [a for a in s.legal_answers() if isinstance(a, tuple)]
