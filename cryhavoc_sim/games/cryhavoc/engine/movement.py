"""The Move Action and its four end-of-move steps (rulebook: Move Action; Important
Battle Region Rules; Clarifications on moving through Regions)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine import effects, trogs
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


def is_trog_player(g: Game, f: FactionId) -> bool:
    return f == "trogs" and g.trog_role == trogs.PLAYER


def needs_battle(g: Game, f: FactionId, region: RegionId) -> bool:
    """Entering ``region`` will start a Battle (enemy Units, or a token others reveal)."""
    s = g.regions[region]
    return any(o != f for o in s.units) or (s.trog_token is not None and not is_trog_player(g, f))


def is_stop(g: Game, f: FactionId, region: RegionId) -> bool:
    """Entering a Region with an opponent's Units or a Trog token ends that Unit's move
    (Move Action). The Trog player reveals the token on entry; ruling R18 keeps the
    entering Unit stopped unless the knob ``trog_entering_unit_stops`` is 0."""
    if needs_battle(g, f, region):
        return True
    return g.regions[region].trog_token is not None and bool(g.rules.trog_entering_unit_stops)


def movable(g: Game, f: FactionId, region: RegionId, stopped: dict[RegionId, int]) -> int:
    """How many of ``f``'s Units may leave ``region`` now."""
    s = g.regions[region]
    n = s.units.get(f, 0) - stopped.get(region, 0)
    if n <= 0:
        return 0
    if s.battle:
        # The defender may leave only with Units in excess of twice the attacker's;
        # ruling R8: the attacker's Units are committed and may not leave.
        if f != s.defender or s.attacker is None:
            return 0
        n = min(n, s.units.get(f, 0) - 2 * s.units.get(s.attacker, 0))
    return max(n, 0)


def tokens_full(g: Game, pending: frozenset[RegionId] | set[RegionId] = frozenset()) -> bool:
    """Every Battle token is down or promised to ``pending`` Regions: ruling R10, a Move
    (or a teleport, an ambush) may not start more Battles than there are tokens."""
    return sum(1 for s in g.regions.values() if s.battle) + len(pending) >= g.rules.battle_tokens


def enterable(
    g: Game, f: FactionId, region: RegionId, full: bool, pending: frozenset[RegionId] | set[RegionId]
) -> bool:
    """``f``'s Units may enter ``region``: never a Battle Region or an enemy HQ (Move
    Action, Important), and no new Battle once the tokens are ``full`` (ruling R10)."""
    t = g.regions[region]
    if t.battle or (t.hq_of is not None and t.hq_of != f):
        return False
    return not (full and region not in pending and needs_battle(g, f, region))


def move_options(
    g: Game, f: FactionId, stopped: dict[RegionId, int], pending: frozenset[RegionId] | set[RegionId]
) -> list[tuple[RegionId, RegionId]]:
    full = tokens_full(g, pending)
    out: list[tuple[RegionId, RegionId]] = []
    for r, s in g.regions.items():
        if f not in s.units or ((stopped or s.battle) and movable(g, f, r, stopped) <= 0):
            continue
        for n in g.neighbours(r, f):
            if enterable(g, f, n, full, pending):
                out.append((r, n))
    return out


def turn_stops(g: Game, f: FactionId) -> dict[RegionId, int]:
    """``f``'s Units stopped so far this turn, by Region. "The Unit must stop moving and
    cannot Move again this turn" (Move Action): the record lives on the game for the
    whole turn, so a Skill's or a card's Move after the Action sees it too. Each turn
    and each phase starts with none (``Game.new_turn``; ruling R33)."""
    stops = g.turn_stops.get(f)
    if stops is None:
        stops = g.turn_stops[f] = {}
    return stops


def record_stop(g: Game, f: FactionId, region: RegionId, n: int) -> None:
    stops = turn_stops(g, f)
    stops[region] = stops.get(region, 0) + n


@dataclass(eq=False)
class Move(Step):
    """Spend Movement points one Unit-step at a time, then the end-of-move steps."""

    f: FactionId
    points: int
    entered: tuple[RegionId, ...] = ()
    pending: frozenset[RegionId] = frozenset()  # Regions where this Move starts a Battle
    options: tuple[tuple[RegionId, RegionId], ...] = ()
    pc: int = 0

    def __init__(
        self,
        f: FactionId,
        points: int,
        entered: tuple[RegionId, ...] = (),
        pending: frozenset[RegionId] = frozenset(),
        options: tuple[tuple[RegionId, RegionId], ...] = (),
        pc: int = 0,
    ) -> None:
        self.f = f
        self.points = points
        self.entered = entered
        self.pending = pending
        self.options = options
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        if self.pc == 2:  # the end-of-move steps are done
            g.finish()
            return
        if self.pc == 1:  # a step was chosen, or stopping
            pick = answer
            if pick == len(self.options):
                self.points = 0
            else:
                src, dst = self.options[pick]
                self.points -= 1
                stop = is_stop(g, f, dst)
                battle = needs_battle(g, f, dst)
                g.remove_units(src, f, 1)
                g.add_units(dst, f, 1)
                g.log("move", f, dst, amount=1, detail=src)
                if dst not in self.entered:
                    self.entered = (*self.entered, dst)
                if stop:
                    stopped = turn_stops(g, f)
                    stopped[dst] = stopped.get(dst, 0) + 1  # for the rest of the turn
                if battle:
                    self.pending = self.pending | {dst}
                elif is_trog_player(g, f) and g.regions[dst].trog_token is not None:
                    # Revealed Trogs are available at once, even for this Move (4-player: Movement).
                    trogs.reveal(g, dst, f)
        if self.points > 0:
            steps = move_options(g, f, turn_stops(g, f), self.pending)
            if steps:
                self.options = tuple(steps)
                self.pc = 1
                # A step or stopping: two options at least, asked directly.
                g.ask(
                    Choice("move_step", f, (*steps, None), context=str(self.points), points=self.points),
                    always=True,
                )
                return
        self.pc = 2
        g.call(EndOfMove(f, self.entered))


@dataclass(eq=False)
class EndOfMove(Step):
    """The four steps at the end of a Move, in order (Move Action, steps 1-4), after the
    standing Structures of others react (ruling R26: e.g. a Trap)."""

    f: FactionId
    entered: tuple[RegionId, ...]
    todo: tuple[RegionId, ...] | None = None  # Regions still to visit in this part
    contested: tuple[RegionId, ...] = ()
    pc: int = 0  # 0 passives, 1 Exploration, 2 War Party / Nest, 3 Battles

    def __init__(
        self,
        f: FactionId,
        entered: tuple[RegionId, ...],
        todo: tuple[RegionId, ...] | None = None,
        contested: tuple[RegionId, ...] = (),
        pc: int = 0,
    ) -> None:
        self.f = f
        self.entered = entered
        self.todo = todo
        self.contested = contested
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        if self.todo is None:
            self.entered = self.todo = tuple(r for r in self.entered if g.units(r, f) > 0)
        if self.pc == 0:
            while self.todo:
                r, self.todo = self.todo[0], self.todo[1:]
                if g.regions[r].structures:
                    g.call(effects.Passives("enemy_enters", r, f))
                    return
            self.pc = 1
            self.todo = tuple(r for r in self.entered if g.units(r, f) > 0)
            self.entered = self.todo  # where the Units ended their move
        if self.pc == 1:
            # 1. Exploration tokens in Regions where the Units ended their move.
            while self.todo:
                r, self.todo = self.todo[0], self.todo[1:]
                token = g.regions[r].exploration
                if token is not None and g.units(r, f) > 0:
                    g.regions[r].exploration = None
                    g.revealed.append(token.id)
                    g.log("exploration", f, r, detail=token.id)
                    g.call(effects.RunEffects(f, token.effect, "exploration", r))
                    return
            self.pc = 2
        if self.pc == 2:
            ended = self.entered
            # 2. War Party / Nest tokens in Regions moved into; no Trog placed: lose a Unit.
            for r in ended:
                if g.regions[r].trog_token is not None and g.units(r, f) > 0:
                    if g.hooks(f).enters_trog_token(g, r):  # solo: War Party rule 5
                        continue
                    placed, lose = trogs.reveal(g, r, f)
                    if lose and not placed:
                        g.remove_units(r, f, 1)
                        g.to_reserve(f, 1)
                        g.log("unit_lost", f, r, amount=1, detail="no_trogs_left")
            # 3. Control of Regions with only the mover's Units.
            for r in ended:
                s = g.regions[r]
                if s.units.get(f, 0) > 0 and len(s.units) == 1 and not s.battle:
                    g.set_control(r, f, "move")
            # 4. Battle tokens, lowest numbers first, in the order the mover chooses.
            self.contested = tuple(
                r
                for r in ended
                if g.units(r, f) > 0 and len(g.regions[r].units) > 1 and not g.regions[r].battle
            )
            self.pc = 3
        else:  # pc 3: the next Region was chosen
            pick = answer
            r = self.contested[pick]
            self.contested = self.contested[:pick] + self.contested[pick + 1 :]
            declare_battle(g, r, f)
        while self.contested:
            if len(self.contested) > 1:
                g.ask(Choice("battle_order", f, self.contested), always=True)
                return
            r = self.contested[0]
            self.contested = ()
            declare_battle(g, r, f)
        g.finish()


def declare_battle(g: Game, region: RegionId, attacker: FactionId) -> None:
    used = {s.battle for s in g.regions.values() if s.battle}
    number = next(n for n in range(1, g.rules.battle_tokens + 1) if n not in used)
    s = g.regions[region]
    defender = next(o for o in s.units if o != attacker)
    s.battle, s.attacker, s.defender = number, attacker, defender
    g.log("battle_declared", attacker, region, defender, number)
