"""Effect primitives: the one vocabulary that cards, Skills, Structures and tokens name.

Each primitive is implemented once here, as a step (:mod:`cryhavoc_sim.games.cryhavoc.engine.flow`)
that may ask decisions; its progress is data. The names and parameters are declared in
:mod:`cryhavoc_sim.games.cryhavoc.content.vocabulary`; a test checks both sets match. Golden rule
(Clarifications): a card's text beats the rulebook, so primitives may do what the rules
otherwise forbid, where the data says so. A card may be played even if its effect does
nothing (Clarifications).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import Effect, Effects, FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine import trogs
from cryhavoc_sim.games.cryhavoc.engine.battle_effects import (
    BattleKill,
    BattleMoveEnemy,
    BattleMoveOwn,
    BattleReinforce,
    BattleReorder,
)
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step
from cryhavoc_sim.games.cryhavoc.engine.prim import Prim, battle_decider
from cryhavoc_sim.games.cryhavoc.engine.structures import MoveStructure, StructureToUnits, UnitToStructure

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


@dataclass(eq=False)
class RunEffects(Step):
    """Apply ``steps`` in order for ``actor`` (``None`` for game-level Events)."""

    actor: FactionId | None
    steps: Effects
    source: str
    region: RegionId | None = None
    i: int = 0
    pc: int = 0

    def __init__(
        self,
        actor: FactionId | None,
        steps: Effects,
        source: str,
        region: RegionId | None = None,
        i: int = 0,
        pc: int = 0,
    ) -> None:
        self.actor = actor
        self.steps = steps
        self.source = source
        self.region = region
        self.i = i
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        steps = self.steps
        while self.i < len(steps):
            step = steps[self.i]
            self.i += 1
            op = step.op
            if op in FOR_PLAYER:
                f = _player(g, self.actor)
                if f is not None:
                    g.call(PRIMITIVES[op](f, step, self.source, self.region))
                    return
            else:
                g.call(PRIMITIVES[op](self.actor, step, self.source, self.region))
                return
        g.finish()


def _player(g: Game, actor: FactionId | None) -> FactionId | None:
    """Effects that benefit a player do nothing for the non-player Trogs (ruling R12);
    the solo automaton is a player in this sense."""
    return None if actor is None or g.role(actor) == trogs.NPC else actor


# --------------------------------------------------------------------- economy
class GainVp(Prim):
    def run(self, g: Game, answer: Any) -> None:
        g.gain_vp(self.f, self.e.int("amount"), self.source, self.region)
        g.finish()


class DrawCards(Prim):
    def run(self, g: Game, answer: Any) -> None:
        f, e, region = self.f, self.e, self.region
        own_way = g.hooks(f).effect_draw(g, e.int("count"))
        if own_way is not None:  # the solo automaton draws Desert cards (ruling S4)
            n = own_way
        elif e.str("deck") == "own":
            n = g.draw(f, e.int("count"))
        else:  # the Terrain deck of this Region's Terrain
            terrain = g.regions[region].terrain if region else None
            deck = g.terrain_decks.get(terrain or "", [])
            n = min(e.int("count"), len(deck))
            for _ in range(n):
                g.players[f].hand.append(deck.pop())
        g.log("draw", f, region, amount=n, detail=self.source)
        g.finish()


@dataclass(eq=False)
class ChangeInitiative(Step):
    """Put the Upcoming Initiative token on any place; tokens from that place on are
    pushed right (Events B, Scouts example)."""

    f: FactionId
    pc: int = 0

    def __init__(self, f: FactionId, pc: int = 0) -> None:
        self.f = f
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        places = tuple(range(1, len(g.upcoming) + 1))
        if self.pc == 0:
            self.pc = 1
            if g.ask(Choice("initiative_position", f, places)):
                return
            answer = 0  # one option: answered at once
        place = places[answer]
        g.upcoming.remove(f)
        g.upcoming.insert(place - 1, f)
        g.log("initiative_change", f, amount=place, detail=",".join(g.upcoming))
        g.finish()


class ChangeInitiativeOp(Prim):
    def run(self, g: Game, answer: Any) -> None:
        if self.pc == 0:
            self.pc = 1
            g.call(ChangeInitiative(self.f))
        else:
            g.finish()


def _crystal_regions(
    g: Game, actor: FactionId, where: str, region: RegionId | None, need: int
) -> list[RegionId]:
    if where == "this_region":
        return [region] if region is not None and g.regions[region].hq_of is None else []
    return [r for r in g.controlled(actor) if g.regions[r].hq_of is None and g.regions[r].crystals >= need]


class AddCrystals(Prim):
    def run(self, g: Game, answer: Any) -> None:
        f, e = self.f, self.e
        if self.pc == 0:
            options = tuple(_crystal_regions(g, f, e.str("where"), self.region, 0))
            if not options:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "target_region", options, e.op):
                return
            answer = 0  # one option: answered at once
        target = self.options[answer]  # never in an HQ (Clarifications)
        g.regions[target].crystals += e.int("amount")
        g.log("crystals_added", f, target, amount=e.int("amount"), detail=self.source)
        g.finish()


class RemoveCrystals(Prim):
    def run(self, g: Game, answer: Any) -> None:
        e = self.e
        for r, s in g.regions.items():
            if s.crystals >= e.int("at_least"):
                n = min(e.int("amount"), s.crystals)
                s.crystals -= n
                g.log("crystals_removed", None, r, amount=n, detail=self.source)
        g.finish()


class ExtractCrystals(Prim):
    def run(self, g: Game, answer: Any) -> None:
        f, e, source = self.f, self.e, self.source
        if self.pc == 0:
            options = tuple(_crystal_regions(g, f, e.str("where"), self.region, 1))
            if not options:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "target_region", options, e.op):
                return
            answer = 0  # one option: answered at once
        target = self.options[answer]
        n = min(e.int("amount"), g.regions[target].crystals)
        if n:
            g.regions[target].crystals -= n
            g.log("crystals_removed", f, target, amount=n, detail=source)
            if e.str("to") == "stock":  # stored on the Faction board (Pilgrims' primer)
                g.players[f].stock += n
                g.log("crystals_stored", f, target, amount=n, detail=source)
            else:
                g.gain_vp(f, n * e.int("vp_each"), source, target)
        g.finish()


class ConvertStock(Prim):
    """Spend stored Crystals for VP (Pilgrims' primer: extract, then score)."""

    def run(self, g: Game, answer: Any) -> None:
        f, e = self.f, self.e
        if self.pc == 0:
            most = min(e.int("most"), g.players[f].stock)
            if most <= 0:
                g.finish()
                return
            self.options = tuple(range(1, most + 1))
            self.pc = 1
            if g.ask(Choice("count", f, self.options)):
                return
            answer = 0  # one option: answered at once
        n = self.options[answer]
        g.players[f].stock -= n
        g.log("crystals_spent", f, amount=n, detail=self.source)
        g.gain_vp(f, n * e.int("vp_each"), self.source)
        g.finish()


class GainVpPer(Prim):
    def run(self, g: Game, answer: Any) -> None:
        f, e = self.f, self.e
        what = e.str("what")
        if what == "controlled_regions":
            n = len(g.controlled(f))
        elif what == "structures":
            n = sum(1 for s in g.regions.values() for owner, _ in s.structures if owner == f)
        else:
            n = g.players[f].prisoners_held
        g.gain_vp(f, n // max(1, e.int("per")), self.source)
        g.finish()


# --------------------------------------------------------------------- units and control
class Recruit(Prim):
    def run(self, g: Game, answer: Any) -> None:
        f, e, region = self.f, self.e, self.region
        p = g.players[f]
        if self.pc == 0:
            where = e.str("where")
            if where == "hq":
                options = [p.hq] if p.hq else []
            elif where == "this_region":
                options = [region] if region is not None and not g.regions[region].battle else []
            else:
                options = [r for r in g.controlled(f) if g.units(r, f) and not g.regions[r].battle]
            targets = tuple(r for r in options if r is not None)
            if not targets:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "target_region", targets, e.op):
                return
            answer = 0  # one option: answered at once
        target = self.options[answer]
        n = min(e.int("count"), p.reserve)
        if n:
            p.reserve -= n
            g.add_units(target, f, n)
            g.log("recruit", f, target, amount=n, detail=self.source)
        g.finish()


def control_targets(g: Game, f: FactionId, region: RegionId | None) -> tuple[RegionId, ...]:
    """Where ``f`` may take Control (Scouting): an unoccupied Region, not an HQ or a
    Battle Region, that it does not control, next to ``region`` or to one it controls."""
    bases = [region] if region is not None else g.controlled(f)
    seen: dict[RegionId, None] = {}
    for base in bases:
        for n in g.adj[base]:
            s = g.regions[n]
            if not s.units and s.hq_of is None and not s.battle and s.control != f:
                seen[n] = None
    return tuple(seen)


class GainControl(Prim):
    """Control of an unoccupied Region next to ``region`` (or to one the actor controls),
    even one holding Trog tokens or an enemy Control token (Scouting; FAQ on Airfield)."""

    def run(self, g: Game, answer: Any) -> None:
        f, region = self.f, self.region
        if self.pc == 0:
            seen = control_targets(g, f, region)
            if not seen:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "target_region", seen, self.e.op):
                return
            answer = 0  # one option: answered at once
        g.set_control(self.options[answer], f, self.source)
        g.finish()


def kill_targets(
    g: Game, f: FactionId, e: Effect, region: RegionId | None
) -> tuple[tuple[RegionId, FactionId], ...]:
    """The (Region, victim) pairs a ``kill`` effect may hit: anywhere (``any_enemy``),
    in ``region`` (``this_region``), else next to ``region`` or to a Region ``f`` controls."""
    where = e.str("where")
    if where == "any_enemy":
        area = list(g.regions)
    elif where == "this_region":
        area = [region] if region is not None else []
    else:
        bases = [region] if region is not None else g.controlled(f)
        area = list(dict.fromkeys(n for b in bases for n in g.adj[b]))
    return tuple((r, o) for r in area for o in g.regions[r].units if o != f)


class Kill(Prim):
    """Kill enemy Units outside a Battle; never starts a Battle (FAQ on Artillery)."""

    def run(self, g: Game, answer: Any) -> None:
        from cryhavoc_sim.games.cryhavoc.engine.battle import settle_if_one_sided

        f, e, region = self.f, self.e, self.region
        while True:
            if self.pc == 1:  # a target was chosen
                r, victim = self.options[answer]
                g.remove_units(r, victim, 1)
                g.to_reserve(victim, 1)
                g.log("kill", f, r, victim, 1, self.source)
                g.gain_vp(f, e.int("vp_each"), self.source, r)
                settle_if_one_sided(g, r)
                self.i += 1
                self.pc = 0
            if self.i >= e.int("count"):
                break
            options = kill_targets(g, f, e, region)
            if not options:
                break
            self.options = options
            self.pc = 1
            if g.ask(Choice("target_region", f, options, context=e.op)):
                return
            answer = 0  # one option: answered at once
        g.finish()


class FreeMove(Prim):
    def run(self, g: Game, answer: Any) -> None:
        from cryhavoc_sim.games.cryhavoc.engine.movement import Move

        if self.pc == 0:
            self.pc = 1
            g.call(Move(self.f, self.e.int("points")))
        else:
            g.finish()


@dataclass(eq=False)
class Teleport(Prim):
    """Move Units from one Region straight to another, never into an enemy HQ or a Battle
    Region; enemy Units or a Trog token there start a Battle (designer on Teleport)."""

    src: RegionId = ""
    dest: RegionId = ""

    def __init__(
        self,
        actor: FactionId | None,
        e: Effect,
        source: str,
        region: RegionId | None,
        i: int = 0,
        options: tuple[Any, ...] = (),
        src: RegionId = "",
        dest: RegionId = "",
        pc: int = 0,
    ) -> None:
        self.actor = actor
        self.e = e
        self.source = source
        self.region = region
        self.i = i
        self.options = options
        self.src = src
        self.dest = dest
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        from cryhavoc_sim.games.cryhavoc.engine import movement

        f, e = self.f, self.e
        # Units stopped this turn cannot Move again, by a teleport either (Move Action).
        stops = movement.turn_stops(g, f)
        pc = self.pc
        if pc == 0:
            sources = tuple(
                r for r, s in g.regions.items() if s.units.get(f, 0) > stops.get(r, 0) and not s.battle
            )
            if not sources:
                g.finish()
                return
            self.pc = pc = 1
            if self.pick(g, "target_region", sources, "teleport_from"):
                return
            answer = 0  # one option: answered at once
        if pc == 1:
            src = self.src = self.options[answer]
            hq = g.players[f].hq
            dests: list[RegionId] = []
            if e.str("to") == "hq":
                dests = [hq] if hq is not None and hq != src else []
            else:
                full = movement.tokens_full(g)
                dests = [r for r in g.regions if r != src and movement.enterable(g, f, r, full, frozenset())]
            if not dests:
                g.finish()
                return
            self.pc = pc = 2
            if self.pick(g, "target_region", tuple(dests), e.op):
                return
            answer = 0  # one option: answered at once
        if pc == 2:
            self.dest = self.options[answer]
            most = min(e.int("count"), g.units(self.src, f) - stops.get(self.src, 0))
            self.options = tuple(range(1, most + 1))
            self.pc = pc = 3
            if g.ask(Choice("count", f, self.options)):
                return
            answer = 0  # one option: answered at once
        if pc == 3:
            n = self.options[answer]
            src, dest = self.src, self.dest
            if movement.is_stop(g, f, dest):
                movement.record_stop(g, f, dest, n)
            g.remove_units(src, f, n)
            g.add_units(dest, f, n)
            g.log("move", f, dest, amount=n, detail=src)
            self.pc = 4
            g.call(movement.EndOfMove(f, (dest,)))
            return
        g.finish()


def _nest_free(g: Game, r: RegionId) -> bool:
    """A Region a Nest may go to: no Units, no Control, no token, no HQ, no Battle."""
    s = g.regions[r]
    return not s.units and s.control is None and s.trog_token is None and s.hq_of is None and not s.battle


def nest_targets(g: Game, f: FactionId) -> tuple[RegionId, ...]:
    """Where ``f`` may place a Nest (Nest Call): an empty Region next to one it controls."""
    return tuple(dict.fromkeys(n for b in g.controlled(f) for n in g.adj[b] if _nest_free(g, n)))


class PlaceNest(Prim):
    def run(self, g: Game, answer: Any) -> None:
        e = self.e

        while True:
            if self.pc == 1:  # a Region was chosen
                trogs.place_nest(g, self.options[answer], self.source)
                self.i += 1
                self.pc = 0
            if self.i >= e.int("count"):
                break
            if e.str("where") == "random_empty":
                options = [r for r in g.regions if _nest_free(g, r)]
                if options:
                    trogs.place_nest(g, g.rng.choice(options), self.source)
                self.i += 1
                continue
            f = _player(g, self.actor)
            if f is None:
                break
            choices = nest_targets(g, f)
            if not choices:
                self.i += 1
                continue
            self.pc = 1
            self.options = choices
            if g.ask(Choice("target_region", battle_decider(g, f), choices, actor=f, context=e.op)):
                return
            answer = 0  # one option: answered at once
        g.finish()


# --------------------------------------------------------------------- Trog tokens
def _empty_for_token(g: Game, r: RegionId) -> bool:
    s = g.regions[r]
    return not s.units and s.trog_token is None and s.hq_of is None and not s.battle


class MoveNest(Prim):
    """Move a face-down Trog token to an adjacent empty Region without triggering it
    (designer's answer; ruling R25: War Party tokens move too)."""

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        if self.pc == 0:
            options = tuple(
                (src, dst)
                for src, s in g.regions.items()
                if s.trog_token is not None and not s.units
                for dst in g.adj[src]
                if _empty_for_token(g, dst)
            )
            if not options:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "target_region", options, self.e.op, decider=f):
                return
            answer = 0  # one option: answered at once
        src, dst = self.options[answer]
        g.regions[dst].trog_token = trogs.take_token(g.regions[src])
        g.log("nest_moved", f, dst, detail=src)
        g.finish()


def ambush_targets(g: Game, f: FactionId) -> tuple[RegionId, ...]:
    """The face-down Trog tokens ``f`` may reveal (Ambush): in or next to a Region it
    controls, outside Battles, and only where no opponent stands once every Battle
    token is down."""
    from cryhavoc_sim.games.cryhavoc.engine.movement import tokens_full

    mine = set(g.controlled(f))
    near = mine | {n for r in mine for n in g.neighbours(r, f)}
    free = not tokens_full(g)
    return tuple(
        r
        for r in g.regions
        if r in near
        and g.regions[r].trog_token is not None
        and not g.regions[r].battle
        and (free or not any(o != f for o in g.regions[r].units))
    )


class TriggerToken(Prim):
    """Reveal a face-down Trog token in or next to a Region you control: its Trogs join
    you; enemy Units there now face a Battle with you as the attacker (ambush)."""

    def run(self, g: Game, answer: Any) -> None:
        from cryhavoc_sim.games.cryhavoc.engine import movement

        f = self.f
        if self.pc == 0:
            options = ambush_targets(g, f)
            if not options:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "target_region", options, self.e.op):
                return
            answer = 0  # one option: answered at once
        target = self.options[answer]
        trogs.reveal(g, target, f, ambush=True)
        s = g.regions[target]
        if s.units.get(f) and len(s.units) > 1:
            movement.declare_battle(g, target, f)
        elif s.units.get(f):
            g.set_control(target, f, self.source)
        g.finish()


# --------------------------------------------------------------------- costs and passives
def can_pay(g: Game, f: FactionId, skill_id: str) -> bool:
    skill = g.content.skills[skill_id]
    p = g.players[f]
    if skill.cost_crystals > p.stock:
        return False
    need = skill.cost_units
    if need:
        free = 0
        for s in g.regions.values():
            if not s.battle:
                free += s.units.get(f, 0)
                if free >= need:
                    return True
        return False
    return True


@dataclass(eq=False)
class Pay(Step):
    """Pay a Skill's cost: stored Crystals, or own Units returned to the Reserve."""

    f: FactionId
    skill: str
    i: int = 0
    options: tuple[RegionId, ...] = ()
    pc: int = 0

    def __init__(
        self, f: FactionId, skill: str, i: int = 0, options: tuple[RegionId, ...] = (), pc: int = 0
    ) -> None:
        self.f = f
        self.skill = skill
        self.i = i
        self.options = options
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        skill = g.content.skills[self.skill]
        if self.pc == 0:
            if skill.cost_crystals:
                g.players[f].stock -= skill.cost_crystals
                g.log("crystals_spent", f, amount=skill.cost_crystals, detail=self.skill)
            self.pc = 1
        elif self.pc == 2:  # a Region was chosen
            r = self.options[answer]
            g.remove_units(r, f, 1)
            g.to_reserve(f, 1)
            g.log("unit_returned", f, r, amount=1, detail=self.skill)
            self.i += 1
        while self.i < skill.cost_units:
            options = tuple(r for r, s in g.regions.items() if s.units.get(f) and not s.battle)
            if not options:
                break
            self.options = options
            self.pc = 2
            if g.ask(Choice("target_region", battle_decider(g, f), options, actor=f, context="pay_units")):
                return
            answer = 0  # one option: answered at once
            r = options[0]
            g.remove_units(r, f, 1)
            g.to_reserve(f, 1)
            g.log("unit_returned", f, r, amount=1, detail=self.skill)
            self.i += 1
        g.finish()


@dataclass(eq=False)
class Passives(Step):
    """Run the ``on`` passives of Structures in ``region`` whose owner controls it and is
    not ``against`` (Structures: passive effects; ruling R26)."""

    on: str
    region: RegionId
    against: FactionId
    todo: tuple[tuple[FactionId, str], ...] | None = None  # the Structures still to act
    owner: FactionId = ""  # the Structure acting, and its passives still to run
    sid: str = ""
    current: tuple[Effects, ...] = ()
    pc: int = 0

    def __init__(
        self,
        on: str,
        region: RegionId,
        against: FactionId,
        todo: tuple[tuple[FactionId, str], ...] | None = None,
        owner: FactionId = "",
        sid: str = "",
        current: tuple[Effects, ...] = (),
        pc: int = 0,
    ) -> None:
        self.on = on
        self.region = region
        self.against = against
        self.todo = todo
        self.owner = owner
        self.sid = sid
        self.current = current
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        s = g.regions[self.region]
        if self.todo is None:
            self.todo = tuple(s.structures)
        while True:
            if self.current:
                effect, self.current = self.current[0], self.current[1:]
                g.log("passive", self.owner, self.region, self.against, None, self.sid)
                g.call(RunEffects(self.owner, effect, "structure", self.region))
                return
            if not self.todo:
                break
            (owner, sid), self.todo = self.todo[0], self.todo[1:]
            if owner == self.against or s.control != owner or g.is_npc(owner):
                continue
            if self.on == "defend" and (g.battle is None or g.battle.defender != owner):
                continue
            self.owner, self.sid = owner, sid
            self.current = tuple(p.effect for p in g.content.structures[sid].passive if p.on == self.on)
        g.finish()


# The primitives by name (content/vocabulary.py declares the same names; a test checks).
# ``True``: the primitive acts for a player, and RunEffects skips it when played for
# nobody or for the non-player Trogs (ruling R12).
_REGISTRY: tuple[tuple[str, type[Prim], bool], ...] = (
    ("gain_vp", GainVp, True),
    ("draw_cards", DrawCards, True),
    ("change_initiative", ChangeInitiativeOp, True),
    ("add_crystals", AddCrystals, True),
    ("remove_crystals", RemoveCrystals, False),
    ("extract_crystals", ExtractCrystals, True),
    ("convert_stock", ConvertStock, True),
    ("gain_vp_per", GainVpPer, True),
    ("recruit", Recruit, True),
    ("gain_control", GainControl, True),
    ("kill", Kill, True),
    ("move", FreeMove, True),
    ("teleport", Teleport, True),
    ("place_nest", PlaceNest, False),
    ("move_structure", MoveStructure, True),
    ("unit_to_structure", UnitToStructure, True),
    ("structure_to_units", StructureToUnits, True),
    ("move_nest", MoveNest, True),
    ("trigger_token", TriggerToken, True),
    ("battle_move_own", BattleMoveOwn, False),
    ("battle_move_enemy", BattleMoveEnemy, False),
    ("battle_reinforce", BattleReinforce, False),
    ("battle_kill", BattleKill, False),
    ("battle_reorder", BattleReorder, False),
)
PRIMITIVES: dict[str, type[Prim]] = {name: cls for name, cls, _ in _REGISTRY}
FOR_PLAYER: frozenset[str] = frozenset(name for name, _, player in _REGISTRY if player)
