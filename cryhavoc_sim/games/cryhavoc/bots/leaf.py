"""The search with a learned leaf value (``ismcts-leaf``, ``ismcts-leaf:N``): Cry Havoc's
search (``ismcts.py``: the same searched decisions, candidates, determinization and
heuristic rollout policy) whose rollouts stop after ``ROLLOUT_STEPS`` answers (or at the
end of the Round, or of the game, if sooner) and are valued by the learned model
(``value_model.py``) instead of the VP logistic.

Why: 85-90% of a search iteration is the heuristic rollout to the end of the Round
(about 39 engine steps); a short rollout and a fitted value buy several iterations for
the price of one (TAG's ExpertIteration and ``LogisticStateHeuristic`` do the same).
The rollout length and exploration constant are the search parameters below, chosen by
``tuning/value.py``'s measurements (see the module docstring there).
"""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.cryhavoc.bots.ismcts import CryHavocSearch
from cryhavoc_sim.games.cryhavoc.bots.value_model import ValueModel, shipped_model
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Choice, Decision, Game
from cryhavoc_sim.games.cryhavoc.state import CryHavocState
from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.state import PlayerId
from cryhavoc_sim.rng import Rng

DEFAULT_ITERATIONS = 48
ROLLOUT_STEPS = 12  # answers an iteration plays (the tree's included) before the leaf value
EXPLORE = 0.7  # UCB1's exploration constant for values in [0, 1]


class LeafSearch(CryHavocSearch):
    """Cry Havoc's search part with the learned leaf value."""

    def __init__(self, faction: FactionId, rng: Rng, model: ValueModel) -> None:
        super().__init__(faction, rng)
        self.model = model

    def value(self, state: CryHavocState, player: PlayerId) -> float:
        """1 or 0 for a finished game; else the model's win probability for ``player``."""
        sim = state.game
        if sim.outcome is not None:
            return 1.0 if sim.outcome.winner == player else 0.0
        return self.model.value(sim, player)


class LeafIsmctsBot:
    """``ismcts-leaf:N`` in the engine's bot shape (``decide(request, game)``)."""

    def __init__(
        self,
        faction: FactionId,
        iterations: int,
        rng: Rng,
        model: ValueModel | None = None,
        rollout_steps: int = ROLLOUT_STEPS,
        exploration: float = EXPLORE,
    ) -> None:
        self.faction = faction
        self.iterations = iterations
        self.name = f"ismcts-leaf:{iterations}"
        self.game = LeafSearch(faction, rng, model or shipped_model())
        self.search = Ismcts(faction, self.game, iterations, rng, exploration, 1, rollout_steps)

    def restrict(self, restriction: str) -> None:
        """Search, and roll out its own play, within ``restriction``."""
        self.game.restriction = restriction
        self.game.helper.restrict(restriction)

    def decide(self, d: Decision, g: Game) -> Any:
        """As ``IsmctsBot.decide``: the game's request, or a RestrictedBot's copy of it."""
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
