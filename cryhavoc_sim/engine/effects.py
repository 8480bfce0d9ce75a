"""Effect primitives: the one vocabulary that cards, Skills, Structures and tokens name.

Each primitive is implemented once here, as a generator that may ask decisions. The
names and parameters are declared in :mod:`cryhavoc_sim.content.vocabulary`; a test
checks both sets match. Golden rule (Clarifications): a card's text beats the
rulebook, so primitives may do what the rules otherwise forbid, where the data says so.
A card may be played even if its effect does nothing (Clarifications).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from cryhavoc_sim.content.schema import Effect, Effects, FactionId, RegionId
from cryhavoc_sim.engine import trogs
from cryhavoc_sim.engine.decisions import Choice
from cryhavoc_sim.engine.state import OBJECTIVES

if TYPE_CHECKING:
    from cryhavoc_sim.engine.game import Game, Gen

T = TypeVar("T")
Primitive = Callable[["Game", "FactionId | None", Effect, str, "RegionId | None"], "Gen[None]"]
PlayerPrimitive = Callable[["Game", FactionId, Effect, str, "RegionId | None"], "Gen[None]"]
PRIMITIVES: dict[str, Primitive] = {}


def primitive(name: str) -> Callable[[Primitive], Primitive]:
    def register(fn: Primitive) -> Primitive:
        PRIMITIVES[name] = fn
        return fn

    return register


# Primitives that act for a player (registered with ``for_player``).
FOR_PLAYER: set[str] = set()


def for_player(name: str) -> Callable[[PlayerPrimitive], PlayerPrimitive]:
    """Register a primitive that acts for a player: it receives the player, and ``run``
    skips it when played for nobody or for the non-player Trogs (ruling R12)."""

    def register(fn: PlayerPrimitive) -> PlayerPrimitive:
        PRIMITIVES[name] = fn  # type: ignore[assignment]  # run() passes a player only
        FOR_PLAYER.add(name)
        return fn

    return register


def run(
    g: Game, actor: FactionId | None, steps: Effects, source: str, region: RegionId | None = None
) -> Gen[None]:
    """Apply ``steps`` in order for ``actor`` (``None`` for game-level Events)."""
    for step in steps:
        op = step.op
        if op in FOR_PLAYER:
            f = _player(g, actor)
            if f is not None:
                yield from PRIMITIVES[op](g, f, step, source, region)
        else:
            yield from PRIMITIVES[op](g, actor, step, source, region)


def _decider(g: Game, actor: FactionId) -> FactionId:
    b = g.battle
    return b.decider[actor] if b is not None and actor in b.decider else actor


def _pick_region(g: Game, actor: FactionId, options: list[RegionId], why: str = "") -> Gen[RegionId | None]:
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    pick: int = yield from g.ask(
        Choice("target_region", _decider(g, actor), tuple(options), actor=actor, context=why)
    )
    return options[pick]


def _player(g: Game, actor: FactionId | None) -> FactionId | None:
    """Effects that benefit a player do nothing for the non-player Trogs (ruling R12);
    the solo automaton is a player in this sense."""
    return None if actor is None or (g.is_npc(actor) and not g.solo) else actor


# --------------------------------------------------------------------- economy
@for_player("gain_vp")
def gain_vp(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    g.gain_vp(f, e.int("amount"), source, region)
    return
    yield


@for_player("draw_cards")
def draw_cards(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    if g.solo and f == "trogs":
        from cryhavoc_sim.engine.solo import desert_draw

        n = desert_draw(g, e.int("count"))
    elif e.str("deck") == "own":
        n = g.draw(f, e.int("count"))
    else:  # the Terrain deck of this Region's Terrain
        terrain = g.regions[region].terrain if region else None
        deck = g.terrain_decks.get(terrain or "", [])
        n = min(e.int("count"), len(deck))
        for _ in range(n):
            g.players[f].hand.append(deck.pop())
    g.log("draw", f, region, amount=n, detail=source)
    return
    yield


@for_player("change_initiative")
def change_initiative_op(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    yield from change_initiative(g, f)


def change_initiative(g: Game, f: FactionId) -> Gen[None]:
    """Put the Upcoming Initiative token on any place; tokens from that place on are
    pushed right (Events B, Scouts example)."""
    places = tuple(range(1, len(g.upcoming) + 1))
    place = places[(yield from g.ask(Choice("initiative_position", f, places)))]
    g.upcoming.remove(f)
    g.upcoming.insert(place - 1, f)
    g.log("initiative_change", f, amount=place, detail=",".join(g.upcoming))


def _crystal_regions(
    g: Game, actor: FactionId, where: str, region: RegionId | None, need: int
) -> list[RegionId]:
    if where == "this_region":
        return [region] if region is not None and g.regions[region].hq_of is None else []
    return [r for r in g.controlled(actor) if g.regions[r].hq_of is None and g.regions[r].crystals >= need]


@for_player("add_crystals")
def add_crystals(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    target = yield from _pick_region(g, f, _crystal_regions(g, f, e.str("where"), region, 0), e.op)
    if target is not None:  # never in an HQ (Clarifications)
        g.regions[target].crystals += e.int("amount")
        g.log("crystals_added", f, target, amount=e.int("amount"), detail=source)


@primitive("remove_crystals")
def remove_crystals(
    g: Game, actor: FactionId | None, e: Effect, source: str, region: RegionId | None
) -> Gen[None]:
    for r, s in g.regions.items():
        if s.crystals >= e.int("at_least"):
            n = min(e.int("amount"), s.crystals)
            s.crystals -= n
            g.log("crystals_removed", None, r, amount=n, detail=source)
    return
    yield


@for_player("extract_crystals")
def extract_crystals(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    target = yield from _pick_region(g, f, _crystal_regions(g, f, e.str("where"), region, 1), e.op)
    if target is None:
        return
    n = min(e.int("amount"), g.regions[target].crystals)
    if n:
        g.regions[target].crystals -= n
        g.log("crystals_removed", f, target, amount=n, detail=source)
        if e.str("to") == "stock":  # stored on the Faction board (Pilgrims' primer)
            g.players[f].stock += n
            g.log("crystals_stored", f, target, amount=n, detail=source)
        else:
            g.gain_vp(f, n * e.int("vp_each"), source, target)


@for_player("convert_stock")
def convert_stock(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Spend stored Crystals for VP (Pilgrims' primer: extract, then score)."""
    most = min(e.int("most"), g.players[f].stock)
    if most <= 0:
        return
    counts = tuple(range(1, most + 1))
    n = counts[(yield from g.ask(Choice("count", f, counts)))]
    g.players[f].stock -= n
    g.log("crystals_spent", f, amount=n, detail=source)
    g.gain_vp(f, n * e.int("vp_each"), source)


@for_player("gain_vp_per")
def gain_vp_per(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    what = e.str("what")
    if what == "controlled_regions":
        n = len(g.controlled(f))
    elif what == "structures":
        n = sum(1 for s in g.regions.values() for owner, _ in s.structures if owner == f)
    else:
        n = g.players[f].prisoners_held
    g.gain_vp(f, n // max(1, e.int("per")), source)
    return
    yield


# --------------------------------------------------------------------- units and control
@for_player("recruit")
def recruit(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    p = g.players[f]
    where = e.str("where")
    if where == "hq":
        options = [p.hq] if p.hq else []
    elif where == "this_region":
        options = [region] if region is not None and not g.regions[region].battle else []
    else:
        options = [r for r in g.controlled(f) if g.units(r, f) and not g.regions[r].battle]
    target = yield from _pick_region(g, f, [r for r in options if r is not None], e.op)
    n = min(e.int("count"), p.reserve)
    if target is None or n == 0:
        return
    p.reserve -= n
    g.add_units(target, f, n)
    g.log("recruit", f, target, amount=n, detail=source)


@for_player("gain_control")
def gain_control(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Control of an unoccupied Region next to ``region`` (or to one the actor controls),
    even one holding Trog tokens or an enemy Control token (Scouting; FAQ on Airfield)."""
    bases = [region] if region is not None else g.controlled(f)
    seen: dict[RegionId, None] = {}
    for base in bases:
        for n in g.adj[base]:
            s = g.regions[n]
            if not s.units and s.hq_of is None and not s.battle and s.control != f:
                seen[n] = None
    target = yield from _pick_region(g, f, list(seen), e.op)
    if target is not None:
        g.set_control(target, f, source)


@for_player("kill")
def kill(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Kill enemy Units outside a Battle; never starts a Battle (FAQ on Artillery)."""
    from cryhavoc_sim.engine.battle import settle_if_one_sided

    for _ in range(e.int("count")):
        if e.str("where") == "any_enemy":
            area = list(g.regions)
        elif e.str("where") == "this_region":
            area = [region] if region is not None else []
        else:
            bases = [region] if region is not None else g.controlled(f)
            area = list(dict.fromkeys(n for b in bases for n in g.adj[b]))
        options = tuple((r, o) for r in area for o in g.regions[r].units if o != f)
        if not options:
            return
        pick = 0
        if len(options) > 1:
            pick = yield from g.ask(Choice("target_region", f, options, context=e.op))
        r, victim = options[pick]
        g.remove_units(r, victim, 1)
        g.to_reserve(victim, 1)
        g.log("kill", f, r, victim, 1, source)
        g.gain_vp(f, e.int("vp_each"), source, r)
        settle_if_one_sided(g, r)


@for_player("move")
def free_move(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    from cryhavoc_sim.engine import movement

    yield from movement.move(g, f, e.int("points"))


@for_player("teleport")
def teleport(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Move Units from one Region straight to another, never into an enemy HQ or a Battle
    Region; enemy Units or a Trog token there start a Battle (designer on Teleport)."""
    from cryhavoc_sim.engine import movement

    # Units stopped this turn cannot Move again, by a teleport either (Move Action).
    stops = movement.turn_stops(g, f)
    sources = [r for r, s in g.regions.items() if s.units.get(f, 0) > stops.get(r, 0) and not s.battle]
    src = yield from _pick_region(g, f, sources, "teleport_from")
    if src is None:
        return
    hq = g.players[f].hq
    dests: list[RegionId] = []
    if e.str("to") == "hq":
        dests = [hq] if hq is not None and hq != src else []
    else:
        dests = [r for r, s in g.regions.items() if r != src and not s.battle and not g.is_enemy_hq(r, f)]
        if sum(1 for s in g.regions.values() if s.battle) >= g.rules.battle_tokens:
            dests = [r for r in dests if not movement.needs_battle(g, f, r)]  # ruling R10
    dest = yield from _pick_region(g, f, dests, e.op)
    if dest is None:
        return
    most = min(e.int("count"), g.units(src, f) - stops.get(src, 0))
    counts = tuple(range(1, most + 1))
    n = counts[(yield from g.ask(Choice("count", f, counts)))]
    if movement.is_stop(g, f, dest):
        movement.record_stop(g, f, dest, n)
    g.remove_units(src, f, n)
    g.add_units(dest, f, n)
    g.log("move", f, dest, amount=n, detail=src)
    yield from movement.end_of_move(g, f, [dest])


@primitive("place_nest")
def place_nest(
    g: Game, actor: FactionId | None, e: Effect, source: str, region: RegionId | None
) -> Gen[None]:
    def empty(r: RegionId) -> bool:
        s = g.regions[r]
        return not s.units and s.control is None and s.trog_token is None and s.hq_of is None and not s.battle

    for _ in range(e.int("count")):
        if e.str("where") == "random_empty":
            options = [r for r in g.regions if empty(r)]
            target = g.rng.choice(options) if options else None
        else:
            f = _player(g, actor)
            if f is None:
                return
            options = list(dict.fromkeys(n for b in g.controlled(f) for n in g.adj[b] if empty(n)))
            target = yield from _pick_region(g, f, options, e.op)
        if target is not None:
            trogs.place_nest(g, target, source)


# --------------------------------------------------------------------- Structures
def _structure_ok(g: Game, f: FactionId, region: RegionId, sid: str) -> bool:
    """Where ``f`` may put Structure ``sid``: a Region it controls, not an HQ or Battle
    Region, none of that type there yet (Structure rules)."""
    s = g.regions[region]
    return s.control == f and s.hq_of is None and not s.battle and all(x != sid for _, x in s.structures)


def _put_structure(g: Game, f: FactionId, region: RegionId, sid: str) -> None:
    """A token from the supply into ``region``; a Tunnel joins the Tunnel Regions."""
    g.players[f].structures_left[sid] -= 1
    g.regions[region].structures.append((f, sid))
    if g.content.structures[sid].tunnel:
        g.set_tunnel(region, True)


def place_structure(g: Game, f: FactionId, region: RegionId, sid: str, cause: str) -> None:
    _put_structure(g, f, region, sid)
    g.log("build", f, region, detail=sid if cause == "build" else f"{sid}|{cause}")


def _remove_structure(g: Game, f: FactionId, region: RegionId, sid: str) -> None:
    s = g.regions[region]
    s.structures.remove((f, sid))
    if g.content.structures[sid].tunnel and not any(g.content.structures[x].tunnel for _, x in s.structures):
        g.set_tunnel(region, False)
    g.players[f].structures_left[sid] += 1


def _pick(g: Game, f: FactionId, kind: str, options: Sequence[T], why: str = "") -> Gen[T | None]:
    if not options:
        return None
    pick = 0
    if len(options) > 1:
        pick = yield from g.ask(Choice(kind, f, tuple(options), context=why))
    return options[pick]


@for_player("move_structure")
def move_structure(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Move one of your Structures to another Region you control (Machines' primer)."""
    options = [
        (src, sid, dst)
        for src, s in g.regions.items()
        if not s.battle
        for owner, sid in s.structures
        if owner == f
        for dst in g.regions
        if dst != src and _structure_ok(g, f, dst, sid)
    ]
    pick = yield from _pick(g, f, "structure_target", options, e.op)
    if pick is not None:
        src, sid, dst = pick
        _remove_structure(g, f, src, sid)
        _put_structure(g, f, dst, sid)
        g.log("structure_moved", f, dst, detail=f"{sid}|{src}")


@for_player("unit_to_structure")
def unit_to_structure(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Convert one Unit into a Structure in its Region, for free (Machines' primer)."""
    options = [
        (r, sid)
        for r in g.controlled(f)
        if g.units(r, f)
        for sid, left in g.players[f].structures_left.items()
        if left > 0 and _structure_ok(g, f, r, sid)
    ]
    pick = yield from _pick(g, f, "structure_target", options, e.op)
    if pick is not None:
        r, sid = pick
        g.remove_units(r, f, 1)
        g.to_reserve(f, 1)
        place_structure(g, f, r, sid, source)


@for_player("structure_to_units")
def structure_to_units(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Convert one of your Structures back into Units from the Reserve (Machines' primer)."""
    options = [
        (r, sid)
        for r, s in g.regions.items()
        if s.control == f and not s.battle
        for owner, sid in s.structures
        if owner == f
    ]
    pick = yield from _pick(g, f, "structure_target", options, e.op)
    if pick is not None:
        r, sid = pick
        _remove_structure(g, f, r, sid)
        g.log("structure_removed", f, r, detail=sid)
        n = min(e.int("units"), g.players[f].reserve)
        if n:
            g.players[f].reserve -= n
            g.add_units(r, f, n)
            g.log("recruit", f, r, amount=n, detail=source)


# --------------------------------------------------------------------- Trog tokens
def _empty_for_token(g: Game, r: RegionId) -> bool:
    s = g.regions[r]
    return not s.units and s.trog_token is None and s.hq_of is None and not s.battle


@for_player("move_nest")
def move_nest(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Move a face-down Trog token to an adjacent empty Region without triggering it
    (designer's answer; ruling R25: War Party tokens move too)."""
    options = [
        (src, dst)
        for src, s in g.regions.items()
        if s.trog_token is not None and not s.units
        for dst in g.adj[src]
        if _empty_for_token(g, dst)
    ]
    pick = yield from _pick(g, f, "target_region", options, e.op)
    if pick is not None:
        src, dst = pick
        g.regions[dst].trog_token = trogs.take_token(g.regions[src])
        g.log("nest_moved", f, dst, detail=src)


@for_player("trigger_token")
def trigger_token(g: Game, f: FactionId, e: Effect, source: str, region: RegionId | None) -> Gen[None]:
    """Reveal a face-down Trog token in or next to a Region you control: its Trogs join
    you; enemy Units there now face a Battle with you as the attacker (ambush)."""
    from cryhavoc_sim.engine import movement

    mine = set(g.controlled(f))
    near = mine | {n for r in mine for n in g.neighbours(r, f)}
    free = sum(1 for s in g.regions.values() if s.battle) < g.rules.battle_tokens
    options = [
        r
        for r in g.regions
        if r in near
        and g.regions[r].trog_token is not None
        and not g.regions[r].battle
        and (free or not any(o != f for o in g.regions[r].units))
    ]
    target = yield from _pick_region(g, f, options, e.op)
    if target is None:
        return
    trogs.reveal(g, target, f, ambush=True)
    s = g.regions[target]
    if s.units.get(f) and len(s.units) > 1:
        movement.declare_battle(g, target, f)
    elif s.units.get(f):
        g.set_control(target, f, source)


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


def pay(g: Game, f: FactionId, skill_id: str) -> Gen[None]:
    """Pay a Skill's cost: stored Crystals, or own Units returned to the Reserve."""
    skill = g.content.skills[skill_id]
    p = g.players[f]
    if skill.cost_crystals:
        p.stock -= skill.cost_crystals
        g.log("crystals_spent", f, amount=skill.cost_crystals, detail=skill_id)
    for _ in range(skill.cost_units):
        options = [r for r, s in g.regions.items() if s.units.get(f) and not s.battle]
        r = yield from _pick_region(g, f, options, "pay_units")
        if r is None:
            return
        g.remove_units(r, f, 1)
        g.to_reserve(f, 1)
        g.log("unit_returned", f, r, amount=1, detail=skill_id)


def run_passives(g: Game, on: str, region: RegionId, against: FactionId) -> Gen[None]:
    """Run the ``on`` passives of Structures in ``region`` whose owner controls it and is
    not ``against`` (Structures: passive effects; ruling R26)."""
    s = g.regions[region]
    for owner, sid in list(s.structures):
        if owner == against or s.control != owner or g.is_npc(owner):
            continue
        if on == "defend" and (g.battle is None or g.battle.defender != owner):
            continue
        for passive in g.content.structures[sid].passive:
            if passive.on == on:
                g.log("passive", owner, region, against, None, sid)
                yield from run(g, owner, passive.effect, source="structure", region=region)


# --------------------------------------------------------------------- battle texts
def _objective_moves(b_on: list[int]) -> list[tuple[str, str]]:
    return [(OBJECTIVES[i], OBJECTIVES[j]) for i in range(3) if b_on[i] for j in range(3) if j != i]


def _shift(g: Game, actor: FactionId, side: FactionId, count: int) -> Gen[None]:
    b = g.battle
    assert b is not None
    for _ in range(count):
        options = _objective_moves(b.on[side])
        if not options:
            return
        kind = "objective_move" if side == actor else "objective_move_enemy"
        pick = yield from g.ask(Choice(kind, _decider(g, actor), (*options, None), actor=actor))
        if pick == len(options):
            return
        src, dst = options[pick]
        b.on[side][OBJECTIVES.index(src)] -= 1
        b.on[side][OBJECTIVES.index(dst)] += 1
        g.log("objective_move", actor, b.region, None if side == actor else side, 1, f"{src}>{dst}")


@primitive("battle_move_own")
def battle_move_own(
    g: Game, actor: FactionId | None, e: Effect, source: str, region: RegionId | None
) -> Gen[None]:
    if actor is not None and g.battle is not None:
        yield from _shift(g, actor, actor, e.int("count"))


@primitive("battle_move_enemy")
def battle_move_enemy(
    g: Game, actor: FactionId | None, e: Effect, source: str, region: RegionId | None
) -> Gen[None]:
    if actor is not None and g.battle is not None:
        yield from _shift(g, actor, g.battle.enemy(actor), e.int("count"))


@primitive("battle_reinforce")
def battle_reinforce(
    g: Game, actor: FactionId | None, e: Effect, source: str, region: RegionId | None
) -> Gen[None]:
    """Add Units from the Reserve onto Battle Objectives (Air Support)."""
    b = g.battle
    if actor is None or b is None:
        return
    p = g.players[actor]
    for _ in range(e.int("count")):
        if p.reserve <= 0:
            return
        pick = yield from g.ask(
            Choice("objective_target", _decider(g, actor), (*OBJECTIVES, None), actor=actor)
        )
        if pick == len(OBJECTIVES):
            return
        p.reserve -= 1
        b.on[actor][pick] += 1
        g.log("reinforce", actor, b.region, amount=1, detail=OBJECTIVES[pick])


@primitive("battle_kill")
def battle_kill(
    g: Game, actor: FactionId | None, e: Effect, source: str, region: RegionId | None
) -> Gen[None]:
    b = g.battle
    if actor is None or b is None:
        return
    victim = b.enemy(actor)
    for _ in range(e.int("count")):
        where = tuple(OBJECTIVES[i] for i in range(3) if b.on[victim][i])
        if not where:
            return
        pick = 0
        if len(where) > 1:
            pick = yield from g.ask(
                Choice("objective_target", _decider(g, actor), where, actor=actor, context=e.op)
            )
        b.on[victim][OBJECTIVES.index(where[pick])] -= 1
        g.to_reserve(victim, 1)
        g.log("kill", actor, b.region, victim, 1, source)
        g.gain_vp(actor, e.int("vp_each"), source, b.region)


@primitive("battle_reorder")
def battle_reorder(
    g: Game, actor: FactionId | None, e: Effect, source: str, region: RegionId | None
) -> Gen[None]:
    """Change the order in which the Objectives resolve (Shifted Priorities)."""
    if g.battle is not None:
        order = e.args["order"]
        g.battle.order = [OBJECTIVES.index(o) for o in order]
        g.log("objective_order", actor, g.battle.region, detail=">".join(order))
    return
    yield


def trog_crystal_vp(crystals: int) -> int:
    """The Trog player scores half the Crystals, rounded up (4-player game: Scoring)."""
    return math.ceil(crystals / 2)
