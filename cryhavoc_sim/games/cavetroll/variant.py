"""The variant game's character actions and the Banshee's two-space move (rulebook 2015,
Variant Abilities). The passive abilities live where they act: the Berserker's entry and
gold split in ``board.py``, the Giant Slayer's gold on entering and the Rampaging Troll's
once-per-turn move in ``game.py``.

Rulings: CT6 (the Assassin and the Grunt act in rooms only, like the Orc; so do the Giant
Slayer and the Rampaging Troll, whose text says "room"), CT13 (the Giant Slayer's empty
room), CT14 (a Paladin protects every hero in its room, any colour), CT15 (the Banshee's
five-character limit is a room's), CT16 (the Rampaging Troll pushes up to two characters
of any colour but itself, chosen by its owner, then clears the room like the Cave Troll).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cryhavoc_sim.games.cavetroll.board import CHEST, HEROES, Figure

if TYPE_CHECKING:
    from cryhavoc_sim.games.cavetroll.game import CaveTrollGame

Action = tuple[Any, ...]

# the variant characters with an "Action:" (the Berserker has none)
ACTORS: Final = frozenset({"giant_slayer", "paladin", "assassin", "rampaging_troll", "grunt", "banshee"})


def protected(g: CaveTrollGame, space: str) -> bool:
    """Paladin: heroes in its room cannot be affected by Banshee or Grunt abilities."""
    return any(f.kind == "paladin" for f in g.board.spaces[space])


def banshee_reach(g: CaveTrollGame, space: str, fig: Figure) -> list[str]:
    """Banshee: a move action of up to two spaces, each one a space it may enter."""
    first = [n for n in g.content.adjacent[space] if g.board.can_enter(fig, n)]
    reach = set(first)
    for n in first:
        reach.update(m for m in g.content.adjacent[n] if m != space and g.board.can_enter(fig, m))
    return sorted(reach)


def character_actions(g: CaveTrollGame, space: str, fig: Figure) -> list[Action]:
    """("act", space, kind, args...) for one variant character of the deciding player."""
    p, kind = fig.owner, fig.kind
    here = g.board.spaces[space]
    room = g.content.spaces[space].kind == "room"
    if kind == "giant_slayer" and room:  # remove itself to remove one Rampaging Troll
        return [
            ("act", space, kind, o) for o in sorted({f.owner for f in here if f.kind == "rampaging_troll"})
        ]
    if kind == "paladin":  # an opposing Banshee of its space to any pit
        pits = [s for s, sp in g.content.spaces.items() if sp.kind == "pit" and s != space]
        owners = sorted({f.owner for f in here if f.kind == "banshee" and f.owner != p})
        return [("act", space, kind, o, pit) for o in owners for pit in pits]
    if kind == "assassin" and room:  # one lone Grunt or lone hero but an Assassin
        count: dict[str, int] = {}
        for f in here:
            if f.kind != CHEST:
                count[f.owner] = count.get(f.owner, 0) + 1
        targets = sorted(
            {
                (f.owner, f.kind)
                for f in here
                if count.get(f.owner) == 1
                and (f.kind == "grunt" or (f.kind in HEROES and f.kind != "assassin"))
            }
        )
        return [("act", space, kind, o, k) for o, k in targets]
    if kind == "rampaging_troll" and room:  # push two, then clear the room
        return [("act", space, kind)] if any(f != fig for f in here) else []
    if kind == "grunt" and room:  # all opposing Adventurers of its room
        hit = any(f.kind == "adventurer" and f.owner != p for f in here) and not protected(g, space)
        return [("act", space, kind)] if hit else []
    if kind == "banshee":  # pull one opposing character from an adjacent space
        out: list[Action] = []
        for n in g.content.adjacent[space]:
            shielded = protected(g, n)
            for o, k in sorted({(f.owner, f.kind) for f in g.board.spaces[n] if f.kind != CHEST}):
                pulled = Figure(o, k)
                if o == p or (shielded and pulled.kind in HEROES) or k == "cave_troll":
                    continue
                if g.board.can_enter(pulled, space):  # CT15; the Berserker's own entry rule
                    out.append(("act", space, kind, n, o, k))
        return out
    return []


def act(g: CaveTrollGame, p: str, action: Action) -> None:
    """Carry out a variant character action of ``character_actions``."""
    _, space, kind = action[:3]
    if kind == "giant_slayer":
        g._take_off(space, Figure(p, "giant_slayer"))
        g._take_off(space, Figure(action[3], "rampaging_troll"))
    elif kind == "paladin":
        g._relocate(space, Figure(action[3], "banshee"), action[4], p)
    elif kind == "assassin":
        g._take_off(space, Figure(action[3], action[4]))
    elif kind == "rampaging_troll":
        from cryhavoc_sim.games.cavetroll.game import Pending

        g.pending.insert(0, Pending("push", p, space, after="push"))
    elif kind == "grunt":
        for f in [x for x in g.board.spaces[space] if x.kind == "adventurer" and x.owner != p]:
            g._take_off(space, f)
    elif kind == "banshee":
        _, _, _, src, owner, k = action
        g._relocate(src, Figure(owner, k), space, p)
