"""The mutable game state, and how a game ended: the lowest floor of the engine (it
imports no rule). Only the engine changes it; bots and tests may read it.

Every field of the game state is declared once: the records' fields by their dataclass,
with what a player sees of each (:data:`PLAYER_SEEN`, :data:`REGION_SEEN`), and the
``Game``'s own fields by :data:`GAME_PARTS`, with how a copy gets each, whether it is
part of where play stands, and what a player sees of it. ``Game.clone``,
``Game.fingerprint`` and ``visibility.observation`` iterate these declarations instead
of listing fields (a test checks they name every field, and nothing else)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

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


# ------------------------------------------------------------------ the declaration
# How a copy of the game gets a field (Game.clone, whose body engine/copygen.py writes
# from this declaration):
SHARE = "share"  # the same object: an immutable value, or one never changed after setup
COPY = "copy"  # a shallow copy (a list, dict or set of immutable values)
EACH = "each"  # a dict: a copy of each value (records, lists or dicts)
EACH_ITEM = "each_item"  # a list: a copy of each item (lists or steps)
MAYBE = "maybe"  # a copy of the record, or None
RNG = "rng"  # an independent copy of the random stream
EMPTY = "empty"  # a cache that starts empty again
ROUND = "round"  # the entry of the current Round in ``actions_by_round`` (the same dict)

# Whether a field is part of where play stands (Game.fingerprint):
KEY = "key"  # all of it
LENGTH = "length"  # how long it is (the event log: its rows follow from play)
STREAM = "stream"  # the random stream's state
NO_KEY = "no_key"  # not play state: content, rules, records kept for checks, caches

# What a player sees of a field (visibility.observation):
PUBLIC = "public"  # everything
SIZE = "size"  # how many (a deck, a supply); for a dict, how many under each key
SIZES = "sizes"  # how many in each element (the Event spots)
OWN = "own"  # its owner sees it; the others, how many (a hand)
KIND = "kind"  # the kind of each token, not which token
RECORDS = "records"  # each record as its own declaration says (Regions, players, the Battle)
LOG = "log"  # the event log without its cards column
ASKED = "asked"  # the pending request: whole to the one asked, its kind to the others
UNSEEN = "unseen"  # nobody: the random stream, the open steps' progress, bookkeeping


@dataclass(frozen=True, slots=True)
class Part:
    """One field of ``Game``: how a copy gets it, how it counts in the fingerprint, and
    what a player sees of it."""

    name: str
    copy: str
    key: str
    seen: str


GAME_PARTS: tuple[Part, ...] = (
    # Content, rules and who plays: fixed at setup.
    Part("seed", SHARE, NO_KEY, UNSEEN),
    Part("content", SHARE, NO_KEY, UNSEEN),
    Part("setup_spec", SHARE, NO_KEY, UNSEEN),
    Part("rules", SHARE, NO_KEY, UNSEEN),
    Part("record", SHARE, NO_KEY, UNSEEN),
    Part("n_players", SHARE, NO_KEY, UNSEEN),
    Part("trog_role", SHARE, NO_KEY, UNSEEN),
    Part("trog_hooks", SHARE, NO_KEY, UNSEEN),
    Part("opening", SHARE, NO_KEY, UNSEEN),  # the Round loop's class (Game.start)
    Part("board", SHARE, NO_KEY, UNSEEN),
    Part("adj", SHARE, NO_KEY, UNSEEN),
    Part("seats", SHARE, KEY, PUBLIC),
    # The table.
    Part("round", SHARE, KEY, PUBLIC),
    Part("phase", SHARE, KEY, PUBLIC),
    Part("regions", EACH, KEY, RECORDS),
    Part("players", EACH, KEY, RECORDS),
    Part("initiative", COPY, KEY, PUBLIC),
    Part("upcoming", COPY, KEY, PUBLIC),
    Part("terrain_decks", EACH, KEY, SIZE),
    Part("spots", EACH_ITEM, KEY, SIZES),
    Part("spot_resolved", COPY, KEY, PUBLIC),
    Part("final_round", SHARE, KEY, PUBLIC),
    Part("scoring_enabled_by", SHARE, KEY, PUBLIC),
    Part("scoring_enabled_rounds", COPY, KEY, PUBLIC),
    Part("nest_supply", COPY, KEY, SIZE),
    Part("exploration_supply", COPY, KEY, SIZE),
    Part("battle", MAYBE, KEY, RECORDS),
    Part("revealed", COPY, KEY, PUBLIC),
    Part("turn_stops", EACH, KEY, PUBLIC),
    Part("actions_by_round", EACH, KEY, PUBLIC),
    Part("actions_taken", ROUND, KEY, PUBLIC),  # after actions_by_round: it is an entry of it
    Part("outcome", SHARE, KEY, PUBLIC),
    # Where play stands: the open steps, the pending request, the last value handed back.
    Part("stack", EACH_ITEM, KEY, UNSEEN),
    Part("request", SHARE, KEY, ASKED),  # bots never change a request
    Part("ret", SHARE, KEY, UNSEEN),
    Part("rng", RNG, STREAM, UNSEEN),
    # The record of play, and what the invariant checks keep.
    Part("event_rows", COPY, LENGTH, LOG),
    Part("history", COPY, NO_KEY, UNSEEN),
    Part("vp_ledger", COPY, NO_KEY, UNSEEN),
    Part("hands_after_draw", COPY, NO_KEY, UNSEEN),  # its inner dicts never change
    # Caches.
    Part("_tunnel_neighbours", EMPTY, NO_KEY, UNSEEN),
    Part("_controlled", COPY, NO_KEY, UNSEEN),  # its lists are never changed in place
    Part("_action_skills", SHARE, NO_KEY, UNSEEN),
)


def copy_source(parts: tuple[Part, ...] = GAME_PARTS) -> list[str]:
    """The body of ``Game._copy`` for ``parts``, one statement a field: generated from
    the declaration (engine/copygen.py writes it into game.py, a test checks it is
    current), so the copy is compiled code that lists no field by hand."""
    how = {
        SHARE: "self.{0} = src.{0}",
        COPY: "self.{0} = src.{0}.copy()",
        EACH: "self.{0} = {{k: v.copy() for k, v in src.{0}.items()}}",
        EACH_ITEM: "self.{0} = [v.copy() for v in src.{0}]",
        MAYBE: "self.{0} = None if src.{0} is None else src.{0}.copy()",
        RNG: "self.{0} = copy_rng(src.{0})",
        EMPTY: "self.{0} = {{}}",
        ROUND: "self.{0} = self.actions_by_round.get(src.round, src.{0}.copy())",
    }
    return [how[p.copy].format(p.name) for p in parts]


# What a player sees of a record's fields, where it is not everything (PUBLIC).
# The Matrix's Terrain cards lie face-down; the Machines see what they drew (FAQ v1.0,
# content/cryhavoc_facts.md, Machines): the others see how many (and, in the log, from
# which Terrain deck each came).
PLAYER_SEEN: dict[str, str] = {"hand": OWN, "deck": SIZE, "stored": OWN}
REGION_SEEN: dict[str, str] = {"trog_token": KIND, "more_tokens": KIND, "exploration": KIND}
RECORD_SEEN: dict[type, dict[str, str]] = {PlayerState: PLAYER_SEEN, RegionState: REGION_SEEN, Battle: {}}


def record_fields(record: object) -> tuple[str, ...]:
    """The fields a record's dataclass declares, in order."""
    names = _RECORD_FIELDS.get(type(record))
    if names is None:
        names = _RECORD_FIELDS[type(record)] = tuple(f.name for f in fields(record))  # type: ignore[arg-type]
    return names


_RECORD_FIELDS: dict[type, tuple[str, ...]] = {}


def key_of(value: Any) -> Any:
    """A comparable, printable value for the fingerprint: dicts and sets in sorted order,
    tokens by id, records field by field; steps and requests by their repr."""
    if value is None or isinstance(value, str | int | float):
        return value
    if isinstance(value, dict):
        return tuple(sorted((k, key_of(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(key_of(v) for v in value)
    if isinstance(value, set | frozenset):
        return tuple(sorted(value))
    if type(value) in RECORD_SEEN:
        return tuple(key_of(getattr(value, n)) for n in record_fields(value))
    if isinstance(value, Token):
        return value.id
    return repr(value)
