"""The order of play: Rounds of six phases until the game ends (rulebook: How to Play;
End of the Game)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.engine import actions, battle, scoring
from cryhavoc_sim.games.cryhavoc.engine.flow import Step

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


@dataclass(eq=False)
class PlayGame(Step):
    """The Rounds, each with its six phases in order (How to Play; End of the Game)."""

    pc: int = 0

    def __init__(self, pc: int = 0) -> None:
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        """pc counts the phases of the Round done; the sixth, Scoring, has no decision."""
        pc = self.pc
        if pc < len(PHASES):
            name, phase = PHASES[pc]
            if pc == 0:  # a Round begins
                g.round += 1
            g.enter_phase(name)
            if pc == 0:
                g.log("round_start", amount=g.round)
            self.pc = pc + 1
            g.call(phase())
            return
        g.enter_phase("scoring")
        scoring.scoring_phase(g)
        if not g.final_round and g.round < g.rules.max_rounds:
            self.pc = 0
            return
        g.phase = "end"
        ended = g.trog_hooks.ended_by("final_event" if g.final_round else "max_rounds")
        g.outcome = scoring.outcome(g, ended)
        g.log("game_end", g.outcome.winner, None, None, None, g.outcome.ended_by)
        g.finish(g.outcome)


# The phases with decisions, in order (How to Play): 1. Events, 2. Draw Cards,
# 3. Actions, 4. Battle Resolution, 5. Prisoners; 6. Scoring follows in PlayGame.
PHASES: tuple[tuple[str, type[Step]], ...] = (
    ("events", scoring.EventsPhase),
    ("draw", actions.DrawPhase),
    ("actions", actions.ActionsPhase),
    ("battle", battle.BattlePhase),
    ("prisoners", scoring.PrisonersPhase),
)
