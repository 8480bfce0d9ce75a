"""Cry Havoc's search bot (``ismcts``, ``ismcts:N``): the shared information-set MCTS
(``games/search/ismcts.py``: determinize, descend the player's own decisions by UCB1 with
availability counts, roll out, back up) with Cry Havoc's parts plugged in:

- *searched decisions* and their *candidates* (``candidates.py``, shared with the
  learned policy): the turn's Action or Skill, the cards it discards, the Regions its
  effects target, its Battle placements, Tactics and passes; every other one (hand
  limit, retreat, Prisoners...), a decision with a single sensible answer, and the
  non-player Trogs this player decides for go to the heuristic bot;
- *determinization*: ``engine/visibility.py`` (the other hands, every deck's order,
  face-down tokens), not logged;
- *rollout policy*: the heuristic bot for everyone (the planner moves the Units), the
  automaton for the solo mode's Trogs, to the end of the current Round (its Battles and
  Scoring included) or of the game;
- *leaf value*: 1 or 0 for a finished game, else a logistic of this player's VP plus
  what its Regions would score, against the best opponent's.

The games it plays are those of the search as it stood before it was shared (bots
version 4): the same draws in the same order.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any

from cryhavoc_sim.games.cryhavoc.bots.candidates import candidates, is_searched
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.personalities import Personality, personality
from cryhavoc_sim.games.cryhavoc.bots.planner import standings
from cryhavoc_sim.games.cryhavoc.bots.restrictions import RestrictedBot
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Choice, Decision, Game
from cryhavoc_sim.games.cryhavoc.engine.trogs import AUTOMATON
from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize
from cryhavoc_sim.games.cryhavoc.state import CryHavocState
from cryhavoc_sim.games.policy.model import PolicyModel
from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.search.names import searcher
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.state import Answer, PlayerId
from cryhavoc_sim.rng import Rng, derive

DEFAULT_ITERATIONS = 24
EXPLORE = 0.7  # UCB1's exploration constant for values in [0, 1]
SCALE = 4.0  # VP lead that makes a position worth about 0.73
CARD = 0.5  # VP a card in hand is worth at a rollout's end (the heuristic's Draw weight)
MAX_ROLLOUT = 400  # decisions, a bound on a rollout that cannot end otherwise


class HeuristicRollout:
    """Who answers in one simulation: the heuristic bot for every player (and for the
    non-player Trogs' deciders), the automaton for the solo mode's Trogs."""

    __slots__ = ("models",)

    def __init__(self, models: dict[FactionId, Any]) -> None:
        self.models = models

    def decide(self, state: CryHavocState) -> Answer:
        g = state.game
        request = g.request
        assert request is not None
        answer: Answer = self.models[request.faction].decide(request, g)
        return answer

    def skip(self, state: CryHavocState) -> None:
        request = state.game.request
        assert request is not None
        self.models[request.faction].forget()  # it did not see this request


class CryHavocSearch:
    """Cry Havoc's part of one search bot (see the module docstring); ``helper``, the
    heuristic bot on a stream of its own, answers what is not searched."""

    def __init__(self, faction: FactionId, rng: Rng, own: Personality | None = None) -> None:
        self.faction = faction
        # the personality of the player's own rollouts and unsearched decisions (balanced: None)
        self.own = personality(faction) if own is None else own
        self.helper = HeuristicBot(faction, self.own, derive(rng))
        self.restriction = ""  # restricted play (bots/restrictions.py), "" for none
        # the learned policy that plays every seat's rollouts, None for the heuristic bot
        self.policy: PolicyModel | None = None
        # the request as a RestrictedBot showed it (its permitted options), None when as asked
        self.shown: Choice | None = None

    def searched(self, state: CryHavocState, player: PlayerId) -> bool:
        return is_searched(state.game.request, player)

    def candidates(self, state: CryHavocState) -> Sequence[tuple[Hashable, Answer]]:
        """(key, answer) pairs worth searching (``candidates.py``)."""
        g = state.game
        d = g.request
        assert d is not None
        return candidates(self.helper, d, g, self.restriction)

    def fallback(self, state: CryHavocState) -> Answer:
        """The helper's answer, to the request as it was shown to the bot (it relies on
        the restriction's filter), numbered as the game's request numbers it."""
        g = state.game
        real = g.request
        assert real is not None
        shown = self.shown
        if shown is None:
            answer: Answer = self.helper.decide(real, g)
            return answer
        assert isinstance(real, Choice)
        return real.options.index(shown.options[self.helper.decide(shown, g)])

    def searched_done(self) -> None:
        self.helper.forget()

    def determinize(self, state: CryHavocState, player: PlayerId, rng: Rng) -> CryHavocState:
        sim = determinize(state.game, player, rng)
        sim.record = False
        return CryHavocState(sim)

    def rollout(self, sim: CryHavocState, player: PlayerId, rng: Rng) -> HeuristicRollout:
        g = sim.game
        policy = self.policy
        out: dict[FactionId, Any] = {}
        for f in g.players:
            if g.role(f) == AUTOMATON:
                continue
            persona = self.own if f == player else personality(f)
            if policy is None:
                out[f] = HeuristicBot(f, persona, rng)
            else:
                from cryhavoc_sim.games.cryhavoc.bots.policy import PolicyBot

                out[f] = PolicyBot(f, policy, rng, persona=persona)
        if self.restriction and player in out:  # it plays itself as it is bound to
            mine = out[player]
            mine.restrict(self.restriction)
            out[player] = RestrictedBot(mine, self.restriction)
        if g.trog_role == AUTOMATON:
            from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot

            out["trogs"] = AutomatonBot()
        return HeuristicRollout(out)

    def stage(self, state: CryHavocState) -> int:
        return state.game.round

    def value(self, state: CryHavocState, player: PlayerId) -> float:
        """The search's leaf value: :func:`standing_value`."""
        return standing_value(state.game, player)


def standing_value(sim: Game, player: PlayerId) -> float:
    """1 or 0 for a finished game; else a logistic of ``player``'s standing (VP plus what
    its Regions would score) against the best opponent's (also a target the learned leaf
    value can be trained on: ``games/cryhavoc/value_training.py``'s ``round``)."""
    if sim.outcome is not None:
        return 1.0 if sim.outcome.winner == player else 0.0
    table = standings(sim)
    for o in table:  # cards carried into the next Round: Actions and Tactics to come
        table[o] += CARD * len(sim.players[o].hand)
    mine = table.get(player, 0.0)
    rest = [v for o, v in table.items() if o != player]
    lead = mine - (max(rest) if rest else 0.0)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


class IsmctsBot:
    """``ismcts:N`` in the engine's bot shape (``decide(request, game)``); with ``kind``
    ``paired``, ``paired:N``: the paired-rollout search (``games/search/paired.py``) on
    the same parts; ``own``: the personality of its own rollouts and unsearched decisions
    (``paired:16:aggressive``; a best response tunes it; None: balanced)."""

    def __init__(
        self,
        faction: FactionId,
        iterations: int,
        rng: Rng,
        kind: str = "ismcts",
        own: Personality | None = None,
    ) -> None:
        self.faction = faction
        self.iterations = iterations
        search = f"{kind}:{iterations}"
        self.name = search if own is None else f"{search}:{own.name}"
        self.game = CryHavocSearch(faction, rng, own)
        self.search: Ismcts[CryHavocState] | Paired[CryHavocState] = searcher(
            kind, iterations, faction, self.game, rng, EXPLORE, 1, MAX_ROLLOUT
        )

    def restrict(self, restriction: str) -> None:
        """Search, and roll out its own play, within ``restriction``."""
        self.game.restriction = restriction
        self.game.helper.restrict(restriction)

    def decide(self, d: Decision, g: Game) -> Any:
        """The search's answer to ``d``: the game's request, or the copy of it a
        RestrictedBot shows with the permitted options only (the answer numbered as it)."""
        real = g.request
        if d is real:
            self.game.shown = None
            return self.search.decide(CryHavocState(g))
        assert isinstance(d, Choice) and isinstance(real, Choice)
        self.game.shown = d
        answer = self.search.decide(CryHavocState(g))
        self.game.shown = None
        assert isinstance(answer, int)
        return d.options.index(real.options[answer])
