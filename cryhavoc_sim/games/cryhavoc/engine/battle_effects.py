"""The Battle primitives: Tactics and Skills that act on a Battle's Objectives (move
Units between them, reinforce them, kill on one, reorder them; rulebook: Battle
Resolution, Tactics cards). Registered with the other primitives in effects.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step
from cryhavoc_sim.games.cryhavoc.engine.prim import Prim, battle_decider
from cryhavoc_sim.games.cryhavoc.engine.state import OBJECTIVES

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


# --------------------------------------------------------------------- battle texts
def _objective_moves(b_on: list[int]) -> list[tuple[str, str]]:
    return [(OBJECTIVES[i], OBJECTIVES[j]) for i in range(3) if b_on[i] for j in range(3) if j != i]


@dataclass(eq=False)
class Shift(Step):
    """Move Units of ``side`` between Battle Objectives, one at a time, up to ``count``."""

    actor: FactionId
    side: FactionId
    count: int
    i: int = 0
    options: tuple[tuple[str, str], ...] = ()
    pc: int = 0

    def __init__(
        self,
        actor: FactionId,
        side: FactionId,
        count: int,
        i: int = 0,
        options: tuple[tuple[str, str], ...] = (),
        pc: int = 0,
    ) -> None:
        self.actor = actor
        self.side = side
        self.count = count
        self.i = i
        self.options = options
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        assert b is not None
        actor, side = self.actor, self.side
        if self.pc == 1:
            pick = answer
            if pick == len(self.options):
                g.finish()
                return
            src, dst = self.options[pick]
            b.on[side][OBJECTIVES.index(src)] -= 1
            b.on[side][OBJECTIVES.index(dst)] += 1
            g.log("objective_move", actor, b.region, None if side == actor else side, 1, f"{src}>{dst}")
            self.i += 1
        if self.i >= self.count:
            g.finish()
            return
        options = _objective_moves(b.on[side])
        if not options:
            g.finish()
            return
        self.options = tuple(options)
        self.pc = 1
        kind = "objective_move" if side == actor else "objective_move_enemy"
        g.ask(Choice(kind, battle_decider(g, actor), (*options, None), actor=actor))


class BattleMoveOwn(Prim):
    def run(self, g: Game, answer: Any) -> None:
        actor = self.actor
        if self.pc == 0 and actor is not None and g.battle is not None:
            self.pc = 1
            g.call(Shift(actor, actor, self.e.int("count")))
            return
        g.finish()


class BattleMoveEnemy(Prim):
    def run(self, g: Game, answer: Any) -> None:
        actor = self.actor
        if self.pc == 0 and actor is not None and g.battle is not None:
            self.pc = 1
            g.call(Shift(actor, g.battle.enemy(actor), self.e.int("count")))
            return
        g.finish()


class BattleReinforce(Prim):
    """Add Units from the Reserve onto Battle Objectives (Air Support)."""

    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        actor = self.actor
        if actor is None or b is None:
            g.finish()
            return
        p = g.players[actor]
        if self.pc == 1:
            pick = answer
            if pick == len(OBJECTIVES):
                g.finish()
                return
            p.reserve -= 1
            b.on[actor][pick] += 1
            g.log("reinforce", actor, b.region, amount=1, detail=OBJECTIVES[pick])
            self.i += 1
        if self.i >= self.e.int("count") or p.reserve <= 0:
            g.finish()
            return
        self.pc = 1
        g.ask(Choice("objective_target", battle_decider(g, actor), (*OBJECTIVES, None), actor=actor))


class BattleKill(Prim):
    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        actor = self.actor
        if actor is None or b is None:
            g.finish()
            return
        e = self.e
        victim = b.enemy(actor)
        while True:
            if self.pc == 1:
                b.on[victim][OBJECTIVES.index(self.options[answer])] -= 1
                g.to_reserve(victim, 1)
                g.log("kill", actor, b.region, victim, 1, self.source)
                g.gain_vp(actor, e.int("vp_each"), self.source, b.region)
                self.i += 1
                self.pc = 0
            if self.i >= e.int("count"):
                break
            where = tuple(OBJECTIVES[i] for i in range(3) if b.on[victim][i])
            if not where:
                break
            self.options = where
            self.pc = 1
            if g.ask(Choice("objective_target", battle_decider(g, actor), where, actor=actor, context=e.op)):
                return
            answer = 0  # one option: answered at once
        g.finish()


class BattleReorder(Prim):
    """Change the order in which the Objectives resolve (Shifted Priorities)."""

    def run(self, g: Game, answer: Any) -> None:
        if g.battle is not None:
            order = self.e.args["order"]
            g.battle.order = [OBJECTIVES.index(o) for o in order]
            g.log("objective_order", self.actor, g.battle.region, detail=">".join(order))
        g.finish()
