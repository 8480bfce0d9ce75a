"""The searches over the learned policy (``paired-learned[:N]``, ``ismcts-learned[:N]``):
Cry Havoc's search with the learned leaf value (``leaf.py``) whose rollouts the learned
policy plays in every seat (``policy.py``; the heuristic bot's in ``ismcts`` and
``paired``), and whose searched decisions try only the policy's ``KEEP`` best candidates
(its prior: the rollouts go to the answers the policy rates). Expert iteration's last
step: the apprentice makes the expert stronger.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cryhavoc_sim.games.cryhavoc.bots.ismcts import MAX_ROLLOUT, IsmctsBot
from cryhavoc_sim.games.cryhavoc.bots.leaf import EXPLORE, LeafSearch
from cryhavoc_sim.games.cryhavoc.bots.learned import shipped_policy
from cryhavoc_sim.games.cryhavoc.bots.policy_features import context, describe
from cryhavoc_sim.games.cryhavoc.bots.value_model import shipped_model
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.state import CryHavocState
from cryhavoc_sim.games.policy.model import PolicyModel
from cryhavoc_sim.games.search.names import searcher
from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.rng import Rng

DEFAULT_ITERATIONS = 24
KEEP = 3  # candidates the policy's prior keeps for the search


class LearnedSearch(LeafSearch):
    """Cry Havoc's search part over the learned policy: the learned leaf value
    (``leaf.py``), every seat's rollouts played by the policy, and the candidates of a
    searched decision cut to the policy's ``keep`` best (its prior: the search spends its
    rollouts on the answers the policy rates, in their own order)."""

    def __init__(self, faction: FactionId, rng: Rng, policy: PolicyModel, keep: int = KEEP) -> None:
        super().__init__(faction, rng, shipped_model())
        self.policy = policy  # every seat's rollouts (CryHavocSearch.rollout)
        self.prior = policy
        self.keep = keep

    def candidates(self, state: CryHavocState) -> Sequence[tuple[Hashable, Answer]]:
        cands = super().candidates(state)
        g = state.game
        d = g.request
        assert d is not None
        table = None if len(cands) <= self.keep else self.prior.table(self.faction, d.kind)
        if table is None:
            return cands
        descs, attrs = describe(self.helper, d, g, cands)
        self.helper.forget()
        ctx = context(g, self.faction)
        scores = [table.score(attrs[i], descs[i], ctx) for i in range(len(cands))]
        best = sorted(range(len(cands)), key=lambda i: (-scores[i], i))[: self.keep]
        return [cands[i] for i in best]


class LearnedSearchBot(IsmctsBot):
    """``paired-learned:N`` (``kind`` ``paired``) or ``ismcts-learned:N`` (``ismcts``) in the
    engine's bot shape, on the shipped learned policy."""

    def __init__(self, faction: FactionId, iterations: int, rng: Rng, kind: str = "paired") -> None:
        self.faction = faction
        self.iterations = iterations
        self.name = f"{kind}-learned:{iterations}"
        self.game = LearnedSearch(faction, rng, shipped_policy())
        self.search = searcher(kind, iterations, faction, self.game, rng, EXPLORE, 1, MAX_ROLLOUT)
