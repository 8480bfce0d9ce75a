"""The order of play: Rounds of six phases until the game ends (rulebook: How to Play;
End of the Game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cryhavoc_sim.engine import actions, battle, scoring
from cryhavoc_sim.engine.flow import Step

if TYPE_CHECKING:
    from cryhavoc_sim.engine.game import Game


@dataclass(eq=False)
class PlayGame(Step):
    """The Rounds, each with its six phases in order (How to Play; End of the Game)."""

    pc: int = 0

    def __init__(self, pc: int = 0) -> None:
        self.pc = pc

    def run(self, g: Game) -> None:
        pc = self.pc
        if pc == 0:  # a Round begins
            g.round += 1
            g.enter_phase("events")
            g.log("round_start", amount=g.round)
            self.pc = 1
            g.call(scoring.EventsPhase())
        elif pc == 1:
            g.enter_phase("draw")
            self.pc = 2
            g.call(actions.DrawPhase())
        elif pc == 2:
            g.enter_phase("actions")
            self.pc = 3
            g.call(actions.ActionsPhase())
        elif pc == 3:
            g.enter_phase("battle")
            self.pc = 4
            g.call(battle.BattlePhase())
        elif pc == 4:
            g.enter_phase("prisoners")
            self.pc = 5
            g.call(scoring.PrisonersPhase())
        else:
            g.enter_phase("scoring")
            scoring.scoring_phase(g)
            if not g.final_round and g.round < g.rules.max_rounds:
                self.pc = 0
                return
            g.phase = "end"
            ended = "five_rounds" if g.solo else "final_event" if g.final_round else "max_rounds"
            g.outcome = scoring.outcome(g, ended)
            g.log("game_end", g.outcome.winner, None, None, None, g.outcome.ended_by)
            g.finish(g.outcome)
