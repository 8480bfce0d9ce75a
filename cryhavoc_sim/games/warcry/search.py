"""WarCry's part of the shared search (``games/search/``): the search bot ``ismcts:N``.

What it plugs in beyond its rules (``rules_search.RulesSearch``): it searches the
decisions that move a Battle (Commands, blocks, tactics, reactions, follow-ups and their
targets, the tie's picks) and leaves the Muster and the Clean-up to the heuristic; a
rollout is played by the heuristic to the end of the current Battle (a stage is a
Battle), worth the Battles won so far: a win of the game 1, a Battle ahead 0.8, level
0.5, behind 0.2.
"""

from __future__ import annotations

from cryhavoc_sim.games.search.ismcts import EXPLORE, MAX_STEPS, Ismcts
from cryhavoc_sim.games.search.rules_search import RulesSearch
from cryhavoc_sim.games.state import Answer, PlayerId, Rules
from cryhavoc_sim.games.warcry.bots import PERSONALITIES, HeuristicBot
from cryhavoc_sim.games.warcry.state import PLAYERS, WarCryState
from cryhavoc_sim.rng import Rng

SEARCHED = frozenset(
    {"command", "block", "tactic", "react", "follow_up", "follow_target", "tie_attacker", "tie_defender"}
)
DEFAULT_ITERATIONS = 64


class WarCrySearch(RulesSearch[WarCryState]):
    """The search part (see the module docstring)."""

    def __init__(self, rules: Rules[WarCryState], player: PlayerId, rng: Rng) -> None:
        super().__init__(rules, "heuristic")
        self.own = HeuristicBot(player, rng, PERSONALITIES["bold"])

    def searched(self, state: WarCryState, player: PlayerId) -> bool:
        return state.phase in SEARCHED and len(state.legal_answers()) > 1

    def fallback(self, state: WarCryState) -> Answer:
        return self.own.decide(state)

    def stage(self, state: WarCryState) -> int:
        return len(state.battle_winners)

    def value(self, state: WarCryState, player: PlayerId) -> float:
        if state.is_over:
            return state.results()[player]
        p = PLAYERS.index(player)
        lead = state.wins[p] - state.wins[1 - p]
        return 0.8 if lead > 0 else 0.2 if lead < 0 else 0.5


def search_bot(rules: Rules[WarCryState], player: PlayerId, rng: Rng, iterations: int) -> Ismcts[WarCryState]:
    return Ismcts(player, WarCrySearch(rules, player, rng), iterations, rng, EXPLORE, 1, MAX_STEPS)
