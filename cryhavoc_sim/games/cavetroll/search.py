"""Cave Troll's search bot, ``ismcts`` / ``ismcts:N`` (and ``paired`` / ``paired:N``, the
paired-rollout search on the same parts): the shared information-set MCTS
(``games/search/``) with the heuristic bot plugged in three times over.

- *Candidates*: a decision's answers ranked by the heuristic's one-step valuation, the
  best ``WIDTH`` searched (a turn offers dozens of moves; the search spends its budget
  on the few a good player would weigh, and can only improve on the heuristic's pick).
- *Rollout policy*: the heuristic bot (balanced) in every seat, for ``HORIZON`` turns
  from the decision (one: the rest of the searching player's turn); the learned policy
  instead when the search is given one (``policy``: the expert of ``train-policy``).
- *Leaf value*: the result of a finished game (a shared win split between the tied
  players: the ladder counts only an outright win), else the heuristic's valuation of
  the position for the searching player (its lead on the scale of a finished game).

Every hook reads the searching player's view only: the heuristic values positions from
what its player sees (``bots.py``), and everything else happens in determinizations.

The game's bot names, and the bot each makes, are ``catalogue.py``'s.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cryhavoc_sim.games.cavetroll import bots
from cryhavoc_sim.games.cavetroll.game import Action, CaveTrollGame
from cryhavoc_sim.games.cavetroll.policy import PolicyBot
from cryhavoc_sim.games.cavetroll.state import CaveTrollState
from cryhavoc_sim.games.policy.model import PolicyModel
from cryhavoc_sim.games.search.ismcts import MAX_STEPS, Ismcts
from cryhavoc_sim.games.search.names import searcher
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.state import Answer, PlayerId
from cryhavoc_sim.rng import Rng, derive

DEFAULT_ITERATIONS = 32
WIDTH = 4  # answers searched a decision: the heuristic's best
HORIZON = 1  # turns a rollout plays: the rest of this one (longer was no stronger, and slower)
EXPLORE = 0.7


class HeuristicRollout:
    """The heuristic bot in every seat of one simulation."""

    __slots__ = ("seats",)

    def __init__(self, players: Sequence[PlayerId], rng: Rng) -> None:
        self.seats = {p: bots.HeuristicBot(rng) for p in players}

    def decide(self, state: CaveTrollState) -> Answer:
        g = state.game
        return self.seats[g.player].choose(g)

    def skip(self, state: CaveTrollState) -> None:
        pass  # the heuristic keeps nothing of a decision it did not take but its draws


class PolicyRollout:
    """The learned policy ``model`` in every seat of one simulation."""

    __slots__ = ("seats",)

    def __init__(self, players: Sequence[PlayerId], model: PolicyModel, rng: Rng) -> None:
        self.seats = {p: PolicyBot(model, rng) for p in players}

    def decide(self, state: CaveTrollState) -> Answer:
        g = state.game
        return self.seats[g.player].choose(g)

    def skip(self, state: CaveTrollState) -> None:
        pass


class CaveTrollSearch:
    """Cave Troll's part of one search bot (see the module docstring); ``policy`` plays
    its rollouts when set."""

    def __init__(self, rng: Rng, width: int = WIDTH, policy: PolicyModel | None = None) -> None:
        self.width = width
        self.policy = policy
        # values candidates and leaves; never breaks a tie (``_best`` is not called)
        self.judge = bots.HeuristicBot(rng)

    def searched(self, state: CaveTrollState, player: PlayerId) -> bool:
        return True

    def candidates(self, state: CaveTrollState) -> Sequence[tuple[Hashable, Answer]]:
        g = state.game
        legal = g.legal()
        if len(legal) <= 1:
            return [(state.answer_key(a), a) for a in legal]
        me = g.player
        judge = self.judge
        judge._root(g, me)
        return [(state.answer_key(a), a) for a, _ in judge.ranked(g, me, legal, self.width)]

    def fallback(self, state: CaveTrollState) -> Answer:
        return state.game.legal()[0]  # reached with a single answer only

    def searched_done(self) -> None:
        pass

    def determinize(self, state: CaveTrollState, player: PlayerId, rng: Rng) -> CaveTrollState:
        return state.determinize(player, rng)

    def rollout(self, sim: CaveTrollState, player: PlayerId, rng: Rng) -> HeuristicRollout | PolicyRollout:
        if self.policy is not None:
            return PolicyRollout(sim.players, self.policy, rng)
        return HeuristicRollout(sim.players, rng)

    def stage(self, state: CaveTrollState) -> int:
        return state.game.turn

    def value(self, state: CaveTrollState, player: PlayerId) -> float:
        g = state.game
        if g.over:
            return 1.0 / len(g.winners) if player in g.winners else 0.0
        judge = self.judge
        judge._root(g, player)
        return judge.value_of(g, player, ("stop",)) / bots.WIN


class SearchBot:
    """``ismcts:N`` (or ``paired:N``, ``kind``) for whichever seat asks it first (a game's
    bot sits in one seat), in the game's own bot shape (``choose(game)``)."""

    def __init__(self, iterations: int, rng: Rng, kind: str = "ismcts") -> None:
        self.iterations = iterations
        self.rng = rng
        self.kind = kind
        self.name = f"{kind}:{iterations}"
        self.game = CaveTrollSearch(derive(rng))
        self.search: Ismcts[CaveTrollState] | Paired[CaveTrollState] | None = None

    def choose(self, g: CaveTrollGame) -> Action:
        search = self.search
        if search is None:
            search = self.search = searcher(
                self.kind, self.iterations, g.player, self.game, self.rng, EXPLORE, HORIZON, MAX_STEPS
            )
        answer = search.decide(CaveTrollState(g))
        assert isinstance(answer, tuple)
        return answer
