"""Cave Troll's board state and the rules that read it (issue 16, second part): who stands
where, who may enter a space, what a room is worth and who controls it when it is scored.

Rulebook sections (004, 2015): Movement (staircases and pits unlimited, rooms at most five
characters, heroes never in pits), Scoring a Room (most heroes controls; a tie scores
nobody), Classic Abilities (Knight: opposing characters but Knights cannot enter its room;
Cave Troll: nobody enters its room; Dwarf: the printed gold doubled once per Dwarf, any
colour; Barbarian: two heroes at scoring only; Treasure Chest: +4, not doubled) and
Variant Abilities (Berserker: enters a room of exactly five characters when none of its
owner's is there; shares the gold of a room it does not control). Rulings: CT2 (a chest is
not a character), CT9 (a tie scores nobody, Berserker or not).

A figure's kind is its ability, not its plastic: in a variant game the Dwarf's figure
stands as a ``giant_slayer`` (content ``Card.placed``), so no rule here asks which card
set is in play. The turn structure, cards and abilities that move
figures come with the engine; this module is their shared ground and is tested alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, NamedTuple

from cryhavoc_sim.games.cavetroll.content import CaveTrollContent

HEROES: Final = frozenset(
    {
        "adventurer",
        "knight",
        "dwarf",
        "thief",
        "barbarian",
        "giant_slayer",
        "paladin",
        "berserker",
        "assassin",
    }
)
MONSTERS: Final = frozenset({"orc", "wraith", "cave_troll", "rampaging_troll", "grunt", "banshee"})
CHEST: Final = "chest"


class Figure(NamedTuple):
    """One figure: its owner's colour and its kind (a hero, a monster or the chest). A
    tuple, so that comparing and hashing figures (the bots' memo keys) runs in C."""

    owner: str
    kind: str

    @property
    def is_hero(self) -> bool:
        return self.kind in HEROES

    @property
    def is_character(self) -> bool:
        return self.kind != CHEST


# Final: a compiled module reads these without a lookup in its globals
_FIGURES: Final[dict[tuple[str, str], Figure]] = {}
_CLOCK: Final = [0]  # the last version given to a space's list, in this process (``Board.versions``)


def figure(owner: str, kind: str) -> Figure:
    """The one ``Figure`` of ``owner``'s ``kind`` (made once: a bot's what-ifs ask often)."""
    key = (owner, kind)
    found = _FIGURES.get(key)
    if found is None:
        found = _FIGURES[key] = Figure(owner, kind)
    return found


@dataclass(slots=True)
class Board:
    """Where every figure on the board stands: space id -> the figures there.

    Copies share each space's list until one of them changes it (copy on write: a bot
    tries dozens of answers on copies, each changing a space or two); ``touched`` is the
    spaces this board has changed since it was copied or made, which lets a valuation
    look again at those spaces only. ``versions`` gives each space's list a number no
    other list of that space has had in this process, so a bot may keep what it worked
    out for a space from one decision to the next. Only ``put`` and ``remove`` change a
    space."""

    content: CaveTrollContent
    spaces: dict[str, list[Figure]] = field(default_factory=dict)
    touched: set[str] = field(default_factory=set)  # spaces whose list this board owns
    # the spaces of each kind (room, staircase, pit; "open": not a pit), in content order
    of_kind: dict[str, tuple[str, ...]] = field(default_factory=dict)
    versions: dict[str, int] = field(default_factory=dict)
    # room -> (its list's version, the list, what a Scoring of it pays): ``score_board``
    # asks again only where a room changed (events measure each card's swing with it).
    # Shared by copies: a version names one list's contents in the whole process.
    scored: dict[str, tuple[int, list[Figure], list[tuple[str, int]]]] = field(default_factory=dict)
    # the content's spaces and numbers this module reads, as plain tables (the content is
    # no compiled class: each of its attributes would be looked up by name)
    kind_of: dict[str, str] = field(default_factory=dict)  # space -> room, staircase or pit
    gold_of: dict[str, int] = field(default_factory=dict)  # space -> its printed gold
    capacity: int = 0  # room_capacity
    chest_bonus: int = 0

    def __post_init__(self) -> None:
        for s in self.content.spaces:
            self.spaces.setdefault(s, [])
        self.touched = set(self.spaces)
        for s in self.spaces:
            _CLOCK[0] += 1
            self.versions[s] = _CLOCK[0]
        for kind in ("room", "staircase", "pit"):
            self.of_kind[kind] = tuple(s for s, sp in self.content.spaces.items() if sp.kind == kind)
        self.of_kind["open"] = tuple(s for s, sp in self.content.spaces.items() if sp.kind != "pit")
        self.kind_of = {s: sp.kind for s, sp in self.content.spaces.items()}
        self.gold_of = {s: sp.gold for s, sp in self.content.spaces.items()}
        self.capacity = self.content.numbers["room_capacity"]
        self.chest_bonus = self.content.numbers["chest_bonus"]

    def copy(self) -> Board:
        other = Board.__new__(Board)  # every space is there already: no __post_init__
        other.content, other.of_kind = self.content, self.of_kind
        other.kind_of, other.gold_of = self.kind_of, self.gold_of
        other.capacity, other.chest_bonus = self.capacity, self.chest_bonus
        other.spaces = dict(self.spaces)  # the lists are shared until written
        other.versions = dict(self.versions)
        other.scored = self.scored
        other.touched = set()
        self.touched = set()  # this board's lists are shared now too
        return other

    def _own(self, space: str) -> list[Figure]:
        """``space``'s list, this board's own to change, under a new version."""
        here = self.spaces[space]
        if space not in self.touched:
            here = self.spaces[space] = list(here)
            self.touched.add(space)
        _CLOCK[0] += 1
        self.versions[space] = _CLOCK[0]
        return here

    def put(self, space: str, figure: Figure) -> None:
        self._own(space).append(figure)

    def remove(self, space: str, figure: Figure) -> None:
        self._own(space).remove(figure)

    def characters(self, space: str) -> int:
        """Characters in ``space`` (heroes and monsters; a chest is not one: ruling CT2)."""
        return sum(1 for f in self.spaces[space] if f.kind != CHEST)

    def has_cave_troll(self, space: str) -> bool:
        return any(f.kind == "cave_troll" for f in self.spaces[space])

    def opposing_knight(self, space: str, owner: str) -> bool:
        """Whether a Knight of another player than ``owner`` stands in ``space``."""
        return any(f.kind == "knight" and f.owner != owner for f in self.spaces[space])

    def knight_owners(self, space: str) -> set[str]:
        return {f.owner for f in self.spaces[space] if f.kind == "knight"}

    def can_enter(self, figure: Figure, space: str, ignore_capacity: bool = False) -> bool:
        """Whether ``figure`` may enter ``space`` (Movement; Knight; Cave Troll): heroes
        never into pits; a room holds at most ``room_capacity`` characters; nobody enters
        a Cave Troll's room; opposing characters but Knights do not enter a Knight's room.
        ``ignore_capacity``: the Wraith entering a full room to push (Classic Abilities).
        The Berserker may enter a room of exactly ``room_capacity`` characters when none
        of them is its owner's (Variant Abilities: Berserker)."""
        kind = self.kind_of[space]
        if kind == "pit":
            return figure.kind not in HEROES
        if kind == "staircase":
            return True
        n, own = 0, False  # characters there, and whether one is the figure's owner's
        for f in self.spaces[space]:
            if f.kind == "cave_troll":
                return False
            if f.kind == "knight" and f.owner != figure.owner and figure.kind != "knight":
                return False
            if f.kind != CHEST:
                n += 1
                own = own or f.owner == figure.owner
        cap = self.capacity
        if ignore_capacity or n < cap:
            return True
        return figure.kind == "berserker" and n == cap and not own

    def room_value(self, space: str, figures: list[Figure] | None = None) -> int:
        """The room's gold when scored: printed gold doubled once per Dwarf in it (any
        colour), plus the chest bonus per Treasure Chest, not doubled (Dwarf; Chest).
        ``figures``: the room's figures if not those on this board (a bot's what-if)."""
        figures = self.spaces[space] if figures is None else figures
        dwarves = sum(1 for f in figures if f.kind == "dwarf")
        chests = sum(1 for f in figures if f.kind == CHEST)
        return (self.gold_of[space] << dwarves) + self.chest_bonus * chests  # doubled per Dwarf

    def controller(self, space: str, figures: list[Figure] | None = None) -> str | None:
        """Who controls the room when it is scored: the most heroes, a Barbarian counting
        two; a tie (or no hero) is nobody (Scoring a Room; Barbarian)."""
        counts: dict[str, int] = {}
        for f in self.spaces[space] if figures is None else figures:
            if f.kind in HEROES:
                counts[f.owner] = counts.get(f.owner, 0) + (2 if f.kind == "barbarian" else 1)
        if not counts:
            return None
        top = max(counts.values())
        leaders = [o for o, n in counts.items() if n == top]
        return leaders[0] if len(leaders) == 1 else None

    def score_room(self, space: str, figures: list[Figure] | None = None) -> list[tuple[str, int]]:
        """(player, gold) for each player a Scoring of ``space`` pays: the controller, or
        nobody on a tie. With another player's Berserker in the room the gold is divided
        evenly between the controller and every other player with a Berserker there, the
        remainder lost (Variant Abilities: Berserker). ``figures``: as ``room_value``."""
        figures = self.spaces[space] if figures is None else figures
        owner = self.controller(space, figures)
        if owner is None:
            return []
        value = self.room_value(space, figures)
        sharers = sorted({f.owner for f in figures if f.kind == "berserker"} - {owner})
        if not sharers:
            return [(owner, value)]
        part = value // (1 + len(sharers))
        return [(p, part) for p in (owner, *sharers)]

    def score_board(self) -> list[tuple[str, str, int]]:
        """(room, player, gold) for every share of every room holding heroes, in board
        order (Check for Scoring the Board: each room that contains heroes is scored)."""
        out = []
        versions, scored = self.versions, self.scored
        for space in self.of_kind["room"]:
            here = self.spaces[space]
            if not here:
                continue
            kept = scored.get(space)
            if kept is None or kept[0] != versions[space] or kept[1] is not here:
                kept = scored[space] = (versions[space], here, self.score_room(space, here))
            for p, gold in kept[2]:  # no share when no hero is there (``controller``)
                out.append((space, p, gold))
        return out
