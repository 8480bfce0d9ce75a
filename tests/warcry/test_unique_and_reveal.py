"""Rule tests of the quick rules (shared/rules/003_*) for a committed unit's reactions, the
units revealed when neither side has one, and the Unique rule in the Muster (attachments,
the refund and the card it offers), each quoting its sentence, on hand-made states."""

from __future__ import annotations

from dataclasses import replace

from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.games.warcry.state import ARMY_DECK, ARMY_HAND, BATTLE_LINE, WarCryState
from tests.warcry.board import board, dice, legal, take, unit

SWORD = "Sword of Striking"


def _greatswords_attacked() -> tuple[WarCryState, int, Answer]:
    """Bloodwolf Axemen attack Carroburg Greatswords, who pass; returns the state, the
    Greatswords and the Middenheim Halberdiers' support (commit: +2 Strength to them)."""
    s = board(one=("Carroburg Greatswords", "Middenheim Halberdiers"), two=("Bloodwolf Axemen",))
    g = unit(s, 0, "Carroburg Greatswords")
    s.phase, s.actor = "command", 1
    dice(s, 0, 2)
    dice(s, 1, 2)
    s.apply(("attack", unit(s, 1, "Bloodwolf Axemen"), g))
    s.apply(("pass",))
    return s, g, ("ability", unit(s, 0, "Middenheim Halberdiers"), 0)


def test_a_committed_unit_uses_no_reaction() -> None:
    # Committing: "Committed Units cannot use their tactics, reactions, or commands."
    # Carroburg Greatswords' reaction (+1 more when a tactic raises its Strength) stays off.
    s, g, support = _greatswords_attacked()
    s.committed.add(g)
    assert support in legal(s)
    s.apply(support)
    assert s.combat is not None and s.combat.mod[1] == 2


def test_a_ready_unit_still_uses_its_reaction() -> None:
    s, _, support = _greatswords_attacked()
    s.apply(support)
    assert s.combat is not None and s.combat.mod[1] == 3


def _empty_field() -> WarCryState:
    s = board()
    # on top of each Army deck an attachment, then a unit, of unequal Strength (1 and 4)
    for p, name in ((0, "Middenheim Halberdiers"), (1, "Bloodwolf Axemen")):
        z = s.zones[p][ARMY_DECK]
        z += [take(s, p, ARMY_DECK, name), take(s, p, ARMY_DECK, SWORD)]
    return s


def test_units_revealed_when_neither_side_has_one_fight() -> None:
    # Ties Are for the Weak: "If neither player has any Units left, they draw from their
    # Unit deck until a Unit is revealed. In that case, roll to see who attacks."
    s = _empty_field()
    s.apply(("pass",))
    s.apply(("pass",))
    assert [s.cards[u].name for p in (0, 1) for u in s.zones[p][BATTLE_LINE]] == [
        "Middenheim Halberdiers",
        "Bloodwolf Axemen",
    ]
    assert s.wins == [0, 0] and s.phase == "tie_attacker"  # not compared by Strength
    s.apply(legal(s)[0])
    s.apply(legal(s)[0])
    assert s.combat is not None and s.combat.tie


def _muster(s: WarCryState, p: int, *names: str) -> None:
    for n in names:
        s.zones[p][ARMY_HAND].append(take(s, p, ARMY_DECK, n))
    s.phase, s.actor, s.gold, s.done, s.extra = "muster", p, [20, 20], [False, False], [False, False]
    s.placed = [[], []]


def _unique(s: WarCryState, name: str) -> None:
    s.cards = tuple(replace(c, unique=True) if c.name == name else c for c in s.cards)
    s.index_cards()


def test_a_unique_attachment_is_in_play_once() -> None:
    # Unique: "only one of that card can be in play (anywhere on the Field of Battle) at
    # any one time. If a Unique card is in play and a duplicate is played, the original
    # copy is discarded."
    s = board(one=("Altdorf Halberdiers", "Altdorf Swordsmen"), two=("Bloodwolf Axemen",))
    s2 = board(one=("Altdorf Halberdiers",), two=("Altdorf Swordsmen",), armies=("Empire", "Empire"))
    for st in (s, s2):
        _unique(st, SWORD)
    a, b = unit(s, 0, "Altdorf Halberdiers"), unit(s, 0, "Altdorf Swordsmen")
    _muster(s, 0, SWORD, SWORD)
    s.apply(("attach", SWORD, a))
    s.done[1] = True
    s.actor = 0
    assert ("attach", SWORD, b) not in legal(s)  # FAQ: not a Unique you already have in play
    # the other player's duplicate discards the original, and the gold comes back
    mine = unit(s2, 0, "Altdorf Halberdiers")
    _muster(s2, 0, SWORD)
    s2.apply(("attach", SWORD, mine))
    assert s2.gold[0] == 19
    _muster_turn(s2, 1, SWORD)
    s2.apply(("attach", SWORD, unit(s2, 1, "Altdorf Swordsmen")))
    swords = [x for p in (0, 1) for x in s2.in_play(p) if s2.cards[x].name == SWORD]
    assert len(swords) == 1 and s2.owner(swords[0]) == 1
    assert s2.gold[0] == 20 and mine not in s2.attachments


def _muster_turn(s: WarCryState, p: int, *names: str) -> None:
    for n in names:
        s.zones[p][ARMY_HAND].append(take(s, p, ARMY_DECK, n))
    s.actor = p


def test_a_player_refunded_for_a_unique_may_play_another_card_after_passing() -> None:
    # Unique: "If this happens during the Muster phase, you get your gold back and may
    # play another card."
    s2 = board(armies=("Empire", "Empire"))
    _unique(s2, "Altdorf Halberdiers")
    _muster(s2, 1, "Altdorf Halberdiers", "Altdorf Swordsmen")
    s2.apply(("unit", "Altdorf Halberdiers", "battle"))
    assert s2.actor == 0 and s2.gold[1] == 17
    s2.done[1] = True  # seat two passes
    _muster_turn(s2, 0, "Altdorf Halberdiers")
    s2.apply(("unit", "Altdorf Halberdiers", "battle"))
    assert s2.gold[1] == 20 and not s2.units(1)
    assert s2.phase == "muster" and s2.actor == 1  # offered another card though it had passed
    assert ("unit", "Altdorf Swordsmen", "battle") in legal(s2)
    s2.apply(("unit", "Altdorf Swordsmen", "battle"))
    assert s2.done[1]  # one card: its Muster has ended again
