"""The mutable game state. Only the engine changes it; bots and tests may read it."""

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
    more_tokens: list[Token] = field(default_factory=list)
    exploration: Token | None = None
    tunnel: bool = False
    battle: int = 0  # Battle token number, 0 when none
    attacker: FactionId | None = None
    defender: FactionId | None = None
    structures: list[tuple[FactionId, StructureId]] = field(default_factory=list)

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
            self.more_tokens.copy(),
            self.exploration,
            self.tunnel,
            self.battle,
            self.attacker,
            self.defender,
            self.structures.copy(),
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
