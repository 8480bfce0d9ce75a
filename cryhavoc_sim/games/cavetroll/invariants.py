"""Cave Troll's invariants, checked after every answer of a random game (the soak, the
contract test, ``rules.py``'s ``invariants``): figures conserved (no colour has more of a
kind on the board than its deck places), room capacity (beyond it only while a Wraith
pushes, while the escapes from a full room a Cave Troll was placed in are asked, or by a
Berserker's entry), no hero in a pit, no other character in a Cave Troll's room once the
escapes are done (a chest placed there later is no character: ruling CT2), the gold
ledger equal to the gold."""

from __future__ import annotations

from collections import Counter

from cryhavoc_sim.games.cavetroll.content import CaveTrollContent
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame


def owned(content: CaveTrollContent, card_set: str) -> Counter[str]:
    """Figures of each kind one colour owns: one per card of its deck that places one."""
    return Counter(kind for c in content.deck(card_set) if (kind := content.cards[c].placed) is not None)


def violations(g: CaveTrollGame, figures: Counter[str] | None = None) -> list[str]:
    """Every invariant ``g`` breaks now (empty: none)."""
    content = g.content
    figures = figures if figures is not None else owned(content, g.card_set)
    out = []
    cap = content.numbers["room_capacity"]
    on_board: Counter[tuple[str, str]] = Counter()
    for space, here in g.board.spaces.items():
        kind = content.spaces[space].kind
        for f in here:
            on_board[(f.owner, f.kind)] += 1
            if f.is_hero and kind == "pit":
                out.append(f"hero {f.owner} {f.kind} in pit {space}")
        # over capacity only while a Wraith pushes or a Cave Troll placed in a full room
        # ("any room"; ruling CT4) waits for the escapes before clearing it
        pushing = any(r.kind in ("push", "escape") and r.space == space for r in g.pending)
        berserkers = sum(1 for f in here if f.kind == "berserker")
        if kind == "room" and g.board.characters(space) > cap + berserkers and not pushing:
            out.append(f"{space} holds {g.board.characters(space)} characters")
        if not g.pending and g.board.has_cave_troll(space) and g.board.characters(space) > 1:
            out.append(f"{space}: characters beside the Cave Troll")  # a chest placed later may stay
    for (owner, kind), n in on_board.items():
        if n > figures[kind]:
            out.append(f"{owner} has {n} {kind} on the board, owns {figures[kind]}")
    for p in g.players:
        if sum(a for q, _, a in g.ledger if q == p) != g.gold[p]:
            out.append(f"{p}: ledger and gold differ")
    return out
