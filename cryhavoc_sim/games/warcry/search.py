"""WarCry's part of the shared search (``games/search/``): the search bots ``ismcts:N`` and
``paired:N`` (the same parts under either search).

- *Decisions searched*: those that move a Battle (Commands, blocks, tactics, reactions,
  follow-ups and their targets, the tie's picks); the Muster and the Clean-up go to the
  heuristic.
- *Candidates*: the heuristic's own answer first (so a tie in visits keeps it), then the
  other answers ranked by the heuristic's reading of them (an attack by its chance of
  winning, a tactic by the strength it adds), the best ``WIDTH`` in all; a Retreat is
  tried only when the heuristic would retreat. A Command offers a dozen answers or more:
  spread over all of them, a small budget learns nothing and picks by the noise of the
  dice (the plain search lost most of its games to the heuristic: docs/measured.md).
- *Rollout policy*: the heuristic (bold) in every seat; the learned policy
  (``policy.py``) instead when the search is given one (the expert of ``train-policy``).
- *Horizon and leaf value*: a rollout stops when ``HORIZON`` Combat chains have closed
  (``stage``) or the Battle ends. The leaf is the chance of winning the game, from the
  Battles won and the chance of winning this Battle, read from the field: the Strength
  totals (Victory +/-) that decide it, the Strength still Ready to attack and the cards
  in hand, through a logistic of ``SCALE``. A Battle rolled out to its end was the
  noisier value: one binary outcome behind many dice.

Every hook reads the searching player's view only: candidates and the leaf read the
public field and its own hand, everything else happens in determinizations.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any, cast

from cryhavoc_sim.games.policy.model import PolicyModel
from cryhavoc_sim.games.search.ismcts import EXPLORE, MAX_STEPS, Ismcts
from cryhavoc_sim.games.search.names import searcher
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.search.rules_search import SeatBots
from cryhavoc_sim.games.state import Answer, Bot, PlayerId
from cryhavoc_sim.games.warcry.bots import PERSONALITIES, HeuristicBot, win_chance
from cryhavoc_sim.games.warcry.state import ACTION_HAND, PLAYERS, WarCryState
from cryhavoc_sim.rng import Rng

SEARCHED = frozenset(
    {"command", "block", "tactic", "react", "follow_up", "follow_target", "tie_attacker", "tie_defender"}
)
DEFAULT_ITERATIONS = 64
WIDTH = 4  # answers searched a decision: the heuristic's and its next best
HORIZON = 4  # stage steps a rollout plays (two a Combat chain), or to the Battle's end
SCALE = 4.0  # field points (Strength) that move the chance of the Battle from 1/2 to 0.73
READY_WEIGHT = 0.5  # a Ready unit's Strength counts half: it may yet attack
HAND_WEIGHT = 1.0  # an action card in hand is worth about one Strength in a Combat
BATTLE = 1000  # stage units a finished Battle is worth (more than any Battle's Combats)
# P(win the game) at (my Battles, theirs) before a Battle, equal odds from then on
GAME_ODDS = {(0, 0): 0.5, (1, 0): 0.75, (0, 1): 0.25, (1, 1): 0.5}


def rank(state: WarCryState, judge: HeuristicBot, answer: tuple[Any, ...]) -> float:
    """How good the heuristic reads ``answer`` (higher first); 0 for what it cannot read."""
    what = answer[0]
    if state.phase == "command":
        dice = judge.dice(state)
        if what == "attack":
            return win_chance(state.strength(answer[1]) - state.strength(answer[2]), dice, False)
        if what == "ranged":
            return win_chance(state.cards[answer[1]].ranged - state.strength(answer[2]), dice, True)
        return {"strategy": 0.4, "pass": 0.3, "move": 0.2}.get(what, -1.0)
    if state.phase == "tactic":
        if what == "card":
            hand = state.zones[judge.p][ACTION_HAND]
            return (
                1.0
                + next(state.cards[x] for x in hand if state.cards[x].name == answer[1]).abilities[0].strength
            )
        if what in ("ability", "strategy"):
            return 1.0 + float(state.cards[answer[1]].abilities[answer[2]].strength)
        return 0.0
    if state.phase in ("block", "follow_target", "tie_attacker", "tie_defender") and len(answer) > 1:
        return float(state.strength(answer[1]))
    return 0.0


class WarCrySearch:
    """WarCry's part of one search bot (see the module docstring)."""

    def __init__(
        self, player: PlayerId, rng: Rng, width: int = WIDTH, policy: PolicyModel | None = None
    ) -> None:
        self.own = HeuristicBot(player, rng, PERSONALITIES["bold"])
        self.width = width
        self.policy = policy

    def searched(self, state: WarCryState, player: PlayerId) -> bool:
        return state.phase in SEARCHED and len(state.legal_answers()) > 1

    def candidates(self, state: WarCryState) -> Sequence[tuple[Hashable, Answer]]:
        legal = cast(tuple[tuple[Any, ...], ...], state.legal_answers())
        pick = self.own.decide(state)
        rest = sorted(
            (a for a in legal if a != pick and a != ("retreat",)),
            key=lambda a: -rank(state, self.own, a),  # stable: the legal order breaks ties
        )
        chosen = [pick, *rest][: self.width]
        return [(state.answer_key(a), a) for a in chosen]

    def fallback(self, state: WarCryState) -> Answer:
        return self.own.decide(state)

    def searched_done(self) -> None:
        pass

    def determinize(self, state: WarCryState, player: PlayerId, rng: Rng) -> WarCryState:
        return state.determinize(player, rng)

    def rollout(self, sim: WarCryState, player: PlayerId, rng: Rng) -> SeatBots[WarCryState]:
        bots: dict[PlayerId, Bot[WarCryState]]
        if self.policy is not None:
            from cryhavoc_sim.games.warcry.policy import PolicyBot  # it reads this module's parts

            bots = {p: PolicyBot(p, self.policy, rng) for p in PLAYERS}
        else:
            bots = {p: HeuristicBot(p, rng, PERSONALITIES["bold"]) for p in PLAYERS}
        return SeatBots(bots)

    def stage(self, state: WarCryState) -> int:
        # grows by one when a Combat opens and by one when its chain closes (a declared
        # attack waiting for a block counts as closed: the Combat has not opened yet)
        open_combat = state.combat is not None and state.phase != "block"
        return BATTLE * len(state.battle_winners) + 2 * state.serial + (not open_combat)

    def value(self, state: WarCryState, player: PlayerId) -> float:
        if state.is_over:
            return state.results()[player]
        p = PLAYERS.index(player)
        mine, theirs = state.wins[p], state.wins[1 - p]
        if state.phase in ("cleanup", "first", "muster"):  # between Battles
            return GAME_ODDS[(mine, theirs)]
        battle = 1.0 / (1.0 + math.exp(-field_edge(state, p) / SCALE))
        won = 1.0 if mine == 1 else GAME_ODDS[(mine + 1, theirs)]
        lost = 0.0 if theirs == 1 else GAME_ODDS[(mine, theirs + 1)]
        return battle * won + (1.0 - battle) * lost


def field_edge(state: WarCryState, p: int) -> float:
    """``p``'s lead in the Battle: field totals, Ready Strength and cards in hand."""
    edge = 0.0
    for q, sign in ((p, 1.0), (1 - p, -1.0)):
        ready = sum(state.strength(u) for u in state.units(q) if u not in state.committed)
        hand = len(state.zones[q][ACTION_HAND])
        edge += sign * (state.field_value(q) + READY_WEIGHT * ready + HAND_WEIGHT * hand)
    return edge


def search_bot(
    player: PlayerId, rng: Rng, iterations: int, kind: str = "ismcts"
) -> Ismcts[WarCryState] | Paired[WarCryState]:
    """``ismcts:N`` (or ``paired:N``, ``kind``) for seat ``player``."""
    return searcher(kind, iterations, player, WarCrySearch(player, rng), rng, EXPLORE, HORIZON, MAX_STEPS)
