"""The searches with a learned leaf value (``ismcts-leaf[:N]``, ``paired-leaf[:N]``): Cry
Havoc's search (``ismcts.py``: the same searched decisions, candidates, determinization,
heuristic rollouts to the end of the Round) whose leaf is valued by the learned model
(``value_model.py``) instead of the VP logistic; ISMCTS with a smaller exploration
constant, or the paired-rollout search (``games/search/paired.py``).

The shipped model is a logistic over the player's observed features (``features.py``),
fitted to the game's result on the first state of every Round after the first (the
states this search's rollouts stop at) of self-play games of the paired-rollout search:
``cryhavoc-sim train-value --seed 1 -j 2`` (its defaults, ``value_training.py``). Where
the VP logistic reads only the standing (VP, what the Regions would score, cards in hand)
on a fixed scale, the model weighs the board (Units, Regions, Reserve, Prisoners) and the
Round as strong play turns them into wins. ``rollout_steps`` and ``exploration`` stay
parameters for trials (``tune_leaf``, ``ismcts-leaf`` only: the paired search has no
exploration constant).

What it gains, its training's cost, and what did not pay: docs/measured.md ("The
searches' design choices").
"""

from __future__ import annotations

from cryhavoc_sim.games.cryhavoc.bots.ismcts import MAX_ROLLOUT, CryHavocSearch, IsmctsBot
from cryhavoc_sim.games.cryhavoc.bots.value_model import ValueModel, shipped_model
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.state import CryHavocState
from cryhavoc_sim.games.search.names import searcher
from cryhavoc_sim.games.state import PlayerId
from cryhavoc_sim.rng import Rng

DEFAULT_ITERATIONS = 24
# answers an iteration plays (the tree's included) at most before the leaf value: as
# ismcts, to the end of the Round (cut-short rollouts lost: docs/measured.md)
ROLLOUT_STEPS = MAX_ROLLOUT
EXPLORE = 0.2  # UCB1's exploration constant for values in [0, 1] (docs/measured.md)


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


class LeafIsmctsBot(IsmctsBot):
    """``ismcts-leaf:N`` (``kind`` ``ismcts``) or ``paired-leaf:N`` (``paired``) in the
    engine's bot shape: ``IsmctsBot`` (its restriction and its answers to a RestrictedBot's
    copy of a request) on the learned leaf value."""

    def __init__(
        self,
        faction: FactionId,
        iterations: int,
        rng: Rng,
        model: ValueModel | None = None,
        rollout_steps: int = ROLLOUT_STEPS,
        exploration: float = EXPLORE,
        kind: str = "ismcts",
    ) -> None:
        self.faction = faction
        self.iterations = iterations
        self.name = f"{kind}-leaf:{iterations}"
        self.game = LeafSearch(faction, rng, model or shipped_model())
        self.search = searcher(kind, iterations, faction, self.game, rng, exploration, 1, rollout_steps)
