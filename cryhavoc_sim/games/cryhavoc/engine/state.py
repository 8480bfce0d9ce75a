"""The mutable game state, and how a game ended: the lowest floor of the engine (it
imports no rule). Only the engine changes it; bots and tests may read it."""

from __future__ import annotations

from dataclasses import dataclass, field

from cryhavoc_sim.games.cryhavoc.content.schema import (
    CardId,
    FactionId,
    RegionId,
    SkillId,
    StructureId,
    Token,
)

OBJECTIVES = ("region_control", "capture_prisoners", "attrition")
RC, CP, ATT = 0, 1, 2


@dataclass(slots=True)
class PlayerState:
    """One faction's holdings. The Trogs have one whoever plays them (``Game.role``)."""

    faction: FactionId
    total_units: int
    reserve: int = 0
    vp: int = 0
    hq: RegionId | None = None
    hand: list[CardId] = field(default_factory=list)
    deck: list[CardId] = field(default_factory=list)
    discard: list[CardId] = field(default_factory=list)
    # Prisoners this faction holds, by owning faction.
    prisoners: dict[FactionId, int] = field(default_factory=dict)
    skills: list[SkillId] = field(default_factory=list)
    exhausted: set[SkillId] = field(default_factory=set)
    control_left: int = 8
    structures_left: dict[StructureId, int] = field(default_factory=dict)
    stock: int = 0  # Crystals stored on the Faction board (Pilgrims' Extraction)
    stored: list[CardId] = field(default_factory=list)  # Terrain cards on the Matrix

    # Written out, not generated: mypyc compiles a hand-written __init__ but runs a
    # dataclass-generated one interpreted, and clone() builds these for every copy.
    def __init__(
        self,
        faction: FactionId,
        total_units: int,
        reserve: int = 0,
        vp: int = 0,
        hq: RegionId | None = None,
        hand: list[CardId] | None = None,
        deck: list[CardId] | None = None,
        discard: list[CardId] | None = None,
        prisoners: dict[FactionId, int] | None = None,
        skills: list[SkillId] | None = None,
        exhausted: set[SkillId] | None = None,
        control_left: int = 8,
        structures_left: dict[StructureId, int] | None = None,
        stock: int = 0,
        stored: list[CardId] | None = None,
    ) -> None:
        self.faction = faction
        self.total_units = total_units
        self.reserve = reserve
        self.vp = vp
        self.hq = hq
        self.hand = [] if hand is None else hand
        self.deck = [] if deck is None else deck
        self.discard = [] if discard is None else discard
        self.prisoners = {} if prisoners is None else prisoners
        self.skills = [] if skills is None else skills
        self.exhausted = set() if exhausted is None else exhausted
        self.control_left = control_left
        self.structures_left = {} if structures_left is None else structures_left
        self.stock = stock
        self.stored = [] if stored is None else stored

    @property
    def prisoners_held(self) -> int:
        return sum(self.prisoners.values())

    def copy(self) -> PlayerState:
        """A copy sharing nothing mutable (the Skill list never changes after setup)."""
        return PlayerState(
            self.faction,
            self.total_units,
            self.reserve,
            self.vp,
            self.hq,
            self.hand.copy(),
            self.deck.copy(),
            self.discard.copy(),
            self.prisoners.copy(),
            self.skills,
            self.exhausted.copy(),
            self.control_left,
            self.structures_left.copy(),
            self.stock,
            self.stored.copy(),
        )


@dataclass(slots=True)
class RegionState:
    id: RegionId
    terrain: str | None
    hq_of: FactionId | None
    crystals: int = 0
    control: FactionId | None = None
    # Units by faction; factions with none are absent.
    units: dict[FactionId, int] = field(default_factory=dict)
    trog_token: Token | None = None  # face-down War Party or Nest token (the top one)
    # Further face-down Trog tokens under it: a retreating Trog force may leave its Nest in
    # any adjacent uncontrolled Region, one holding a token too (ruling R14).
    more_tokens: tuple[Token, ...] = ()
    exploration: Token | None = None
    tunnel: bool = False
    battle: int = 0  # Battle token number, 0 when none
    attacker: FactionId | None = None
    defender: FactionId | None = None
    # Tuples, replaced rather than changed: a copy of the state shares them (clone cost).
    structures: tuple[tuple[FactionId, StructureId], ...] = ()

    def __init__(  # written out for mypyc (see PlayerState)
        self,
        id: RegionId,
        terrain: str | None,
        hq_of: FactionId | None,
        crystals: int = 0,
        control: FactionId | None = None,
        units: dict[FactionId, int] | None = None,
        trog_token: Token | None = None,
        more_tokens: tuple[Token, ...] = (),
        exploration: Token | None = None,
        tunnel: bool = False,
        battle: int = 0,
        attacker: FactionId | None = None,
        defender: FactionId | None = None,
        structures: tuple[tuple[FactionId, StructureId], ...] = (),
    ) -> None:
        self.id = id
        self.terrain = terrain
        self.hq_of = hq_of
        self.crystals = crystals
        self.control = control
        self.units = {} if units is None else units
        self.trog_token = trog_token
        self.more_tokens = more_tokens
        self.exploration = exploration
        self.tunnel = tunnel
        self.battle = battle
        self.attacker = attacker
        self.defender = defender
        self.structures = structures

    def others(self, faction: FactionId) -> list[FactionId]:
        return [f for f in self.units if f != faction]

    def copy(self) -> RegionState:
        return RegionState(
            self.id,
            self.terrain,
            self.hq_of,
            self.crystals,
            self.control,
            self.units.copy(),
            self.trog_token,
            self.more_tokens,
            self.exploration,
            self.tunnel,
            self.battle,
            self.attacker,
            self.defender,
            self.structures,
        )


@dataclass(slots=True)
class Battle:
    """A Battle being resolved: Units on the three Battle Objectives."""

    region: RegionId
    number: int
    attacker: FactionId
    defender: FactionId
    # Units on [region_control, capture_prisoners, attrition] per side.
    on: dict[FactionId, list[int]]
    order: list[int] = field(default_factory=lambda: [RC, CP, ATT])
    # Who decides for each side (the player left of the Trogs' opponent for NPC Trogs).
    decider: dict[FactionId, FactionId] = field(default_factory=dict)

    def __init__(  # written out for mypyc (see PlayerState)
        self,
        region: RegionId,
        number: int,
        attacker: FactionId,
        defender: FactionId,
        on: dict[FactionId, list[int]],
        order: list[int] | None = None,
        decider: dict[FactionId, FactionId] | None = None,
    ) -> None:
        self.region = region
        self.number = number
        self.attacker = attacker
        self.defender = defender
        self.on = on
        self.order = [RC, CP, ATT] if order is None else order
        self.decider = {} if decider is None else decider

    def enemy(self, side: FactionId) -> FactionId:
        return self.defender if side == self.attacker else self.attacker

    def total(self, side: FactionId) -> int:
        return sum(self.on[side])

    def copy(self) -> Battle:
        return Battle(
            self.region,
            self.number,
            self.attacker,
            self.defender,
            {f: n.copy() for f, n in self.on.items()},
            self.order.copy(),
            self.decider.copy(),
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended (rulebook: End of the Game)."""

    winner: FactionId
    ended_by: str
    rounds_played: int
    vp: dict[FactionId, int]
    ranking: tuple[FactionId, ...]  # players only, winner first, after tie-breaks
    seats: tuple[FactionId, ...]  # initial Initiative order
