"""Frozen content records: the printed components of a game as the engine sees them.

Records are built only by :mod:`cryhavoc_sim.games.cryhavoc.content.loader`, which validates them.
Every record carries its provenance (:mod:`cryhavoc_sim.games.content_kit.provenance`)
and, for anything not from the rulebook, a one-line rationale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cryhavoc_sim.games.content_kit.provenance import Provenance, rests_on_invention
from cryhavoc_sim.games.content_kit.provenance import provenance_counts as count_sources

FactionId = str
RegionId = str
CardId = str
TokenId = str
SkillId = str
StructureId = str

FACTIONS: tuple[FactionId, ...] = ("humans", "pilgrims", "machines", "trogs")
INVADERS: tuple[FactionId, ...] = ("humans", "pilgrims", "machines")
TERRAINS: tuple[str, ...] = ("mountain", "desert", "jungle", "ocean")
BONUSES: tuple[str, ...] = ("draw_per_icon", "draw_one", "vp")
SPECIALS: tuple[str, ...] = ("enable_scoring", "initiative")
SKILL_TIMINGS: tuple[str, ...] = ("action", "battle")
PASSIVE_TRIGGERS: tuple[str, ...] = ("enemy_enters", "defend")


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect primitive with its parameters, e.g. ``gain_vp(amount=2)``."""

    op: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def int(self, key: str, default: int = 0) -> int:
        value = self.args.get(key, default)
        assert isinstance(value, int)
        return value

    def str(self, key: str, default: str = "") -> str:
        value = self.args.get(key, default)
        assert isinstance(value, str)
        return value


Effects = tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Region:
    id: RegionId
    name: str
    terrain: str | None
    crystals: int
    hq: bool
    trog_hq: bool
    tunnel: bool
    exploration: bool
    war_party: bool
    outer: bool
    adjacent: tuple[RegionId, ...]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Board:
    side: str
    regions: tuple[Region, ...]
    provenance: Provenance

    def region(self, region_id: RegionId) -> Region:
        for r in self.regions:
            if r.id == region_id:
                return r
        raise KeyError(region_id)


@dataclass(frozen=True, slots=True)
class Faction:
    id: FactionId
    name: str
    units: int
    control_tokens: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Card:
    id: CardId
    name: str
    deck: str  # a faction id or a terrain
    move: int
    recruit: int
    build: int
    bonus: str | None
    special: str | None
    tactic: Effects
    text: str
    provenance: Provenance

    @property
    def is_terrain(self) -> bool:
        return self.deck in TERRAINS

    def icons(self, action: str) -> int:
        if action == "move":
            return self.move
        if action == "recruit":
            return self.recruit
        if action == "build":
            return self.build
        raise KeyError(action)


@dataclass(frozen=True, slots=True)
class Token:
    """An Event, Exploration, War Party or Nest token (or the Final Scoring event)."""

    id: TokenId
    kind: str
    name: str
    trogs: int
    crystals: int
    scope: str
    effect: Effects
    text: str
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Skill:
    id: SkillId
    faction: FactionId
    name: str
    default: bool
    effect: Effects
    text: str
    provenance: Provenance
    timing: str = "action"  # "action": before or after an Action; "battle": as a Tactics play
    cost_crystals: int = 0  # stored Crystals spent to use it
    cost_units: int = 0  # own Units returned from the board to the Reserve to use it


@dataclass(frozen=True, slots=True)
class Passive:
    """A Structure's standing effect, run when ``on`` happens in its Region."""

    on: str  # "enemy_enters" | "defend"
    effect: Effects


@dataclass(frozen=True, slots=True)
class Structure:
    id: StructureId
    faction: FactionId
    name: str
    build_cost: int
    activate_cost: int
    tokens: int
    tunnel: bool
    effect: Effects
    text: str
    provenance: Provenance
    passive: tuple[Passive, ...] = ()
    handler: bool = False  # behaviour beyond the primitives, registered under the id

    @property
    def activatable(self) -> bool:
        return bool(self.effect) or self.handler


@dataclass(frozen=True, slots=True)
class Track:
    event_spots: tuple[int, ...]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class ContentSet:
    """A whole validated content set: everything printed that a game needs."""

    name: str
    version: str
    game: str
    digest: str
    boards: Mapping[str, Board]
    factions: Mapping[FactionId, Faction]
    cards: Mapping[CardId, Card]
    skills: Mapping[SkillId, Skill]
    structures: Mapping[StructureId, Structure]
    events: tuple[Token, ...]
    final_event: Token
    exploration: tuple[Token, ...]
    war_parties: tuple[Token, ...]
    nests: tuple[Token, ...]
    track: Track
    # Scenario overrides applied to the files ((path, value), ...; content/numbers.py),
    # and the files' declared plausible ranges (content/numbers.py's Plausible).
    overrides: tuple[tuple[str, Any], ...] = ()
    plausible: tuple[Any, ...] = ()
    _decks: Mapping[str, tuple[CardId, ...]] = field(default_factory=dict, repr=False, compare=False)
    _special: Mapping[str, frozenset[CardId]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def content_id(self) -> str:
        return f"{self.name}@{self.version}+{self.digest[:12]}"

    def __post_init__(self) -> None:
        # Derived once: every game's setup asks for each deck, every turn for special cards.
        decks: dict[str, list[CardId]] = {}
        special: dict[str, set[CardId]] = {}
        for c in self.cards.values():
            decks.setdefault(c.deck, []).append(c.id)
            if c.special:
                special.setdefault(c.special, set()).add(c.id)
        object.__setattr__(self, "_decks", {owner: tuple(ids) for owner, ids in decks.items()})
        object.__setattr__(self, "_special", {k: frozenset(v) for k, v in special.items()})

    def special_cards(self, special: str) -> frozenset[CardId]:
        """The ids of the cards with this ``special`` (e.g. "initiative", "enable_scoring")."""
        return self._special.get(special, frozenset())

    def deck(self, owner: str) -> tuple[CardId, ...]:
        return self._decks.get(owner, ())

    def faction_skills(self, faction: FactionId) -> tuple[Skill, ...]:
        return tuple(s for s in self.skills.values() if s.faction == faction)

    def faction_structures(self, faction: FactionId) -> tuple[Structure, ...]:
        return tuple(s for s in self.structures.values() if s.faction == faction)

    def provenance_counts(self) -> dict[str, int]:
        """How many items rest on each kind of source (shown beside every result)."""
        items: list[Any] = [
            *self.boards.values(),
            *(r for b in self.boards.values() for r in b.regions),
            *self.factions.values(),
            *self.cards.values(),
            *self.skills.values(),
            *self.structures.values(),
            *self.events,
            self.final_event,
            *self.exploration,
            *self.war_parties,
            *self.nests,
            self.track,
        ]
        return count_sources(items)

    @property
    def reconstructed(self) -> bool:
        return rests_on_invention(self.provenance_counts())
