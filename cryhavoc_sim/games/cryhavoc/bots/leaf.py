"""The searches with a learned leaf value (``ismcts-leaf[:N]``, ``paired-leaf[:N]``): Cry
Havoc's search (``ismcts.py``: the same searched decisions, candidates, determinization,
heuristic rollouts to the end of the Round) whose leaf is valued by the learned model
(``value_model.py``) instead of the VP logistic; ISMCTS with a smaller exploration
constant, or the paired-rollout search (``games/search/paired.py``).

The shipped model is a logistic over the player's observed features (``features.py``),
fitted to the game's result on the first state of every Round after the first (the
states this search's rollouts stop at) of 2,400 self-play games of the paired-rollout search (``paired:16``,
about ``ismcts:48``'s strength) cycling through 2, 3 and 4 players and the solo mode:
``cryhavoc-sim train-value --seed 1 -j 2`` (its defaults; 10-12 minutes on 2 cores).
Where the VP logistic reads only the standing (VP, what the Regions would score, cards in
hand) on a fixed scale, the model weighs the board (Units, Regions, Reserve, Prisoners)
and the Round as strong play turns them into wins.

Measured (``tuning/leaf_match.head_to_head``: two-player games of every pairing, each bot
in each seat on the same deals, compiled, one process each; budgets for equal time per
decision), against ``ismcts:16`` as shipped (VP logistic, exploration 0.7):

- ``ismcts-leaf:15`` (this), fresh deals (seeds 43 and 44): **60.3% [56.4%, 64.2%] of 600**
  at 1.33 ms a decision against 1.32;
- the same model, 300 games each on seeds 41 (``ismcts-leaf:16``) and 42 (``:15``): 64.0%
  and 62.7%;
- control, the same seeds: ``ismcts`` at exploration 0.2 with the VP logistic, 55.8%
  [51.8%, 59.8%] of 600.

So the learned leaf beats today's search at equal time (the issue's bar: a Wilson lower
bound above 55%), and more than half of the gain is the model (the control, the same lower
exploration with the VP logistic, won 55.8% of the same deals; 63.3% with the model,
two-proportion p of about 0.01). By faction of the leaf search (seeds 43 and 44): Humans
62.5%, Machines 75.0%, Pilgrims 43.5% [36.8%, 50.4%]: it plays the Pilgrims no better.
Exploration 0.2 was chosen over 0.1, 0.35, 0.5, 0.7 and 1.0 (61.0, 62.7, 58.0-60.0, 55.0,
54.3% on 300 games of seed 31, a model of 2-player states).

The paired-rollout search gains from it too: ``paired-leaf:10`` wins 50.8% [46.4%, 55.3%]
of 480 games against ``ismcts:48`` (seeds 51 and 52; ``paired-leaf:12`` 55.2% [50.7%,
59.6%]; with the VP logistic ``paired:12`` won 48.3% of seed 51's 240 games and 41.7% of
another 240, ``paired:16`` 49.6% of 240) at 0.75 ms a decision against 3.96. A four-player game with it in every seat (veteran, the
Trogs a player, ``leaf_match.four_player_seconds``, 10 games, one core, compiled) takes
0.86 s (``paired-leaf:12`` 0.98 s, ``paired:16`` 1.20 s, ``ismcts:48`` 3.80 s): the
strength of ``ismcts:48`` within a second a game.

What did not pay (bots version 5; 60-120 games each against ``ismcts:16``, plain Python):
rollouts cut short after 6-20 answers and valued by a model of heuristic self-play, of
its win or of the search's value at the next Round (26.7-51.7%; 43.3% [34.8%, 52.3%] on
120 fresh games for 20 answers): an iteration costs 0.5-0.7 ms either way (most of it is
determinization, candidates and the rollout's bots, not its length), and a model misjudges
a position in mid-Round worse than a rollout to its Battles. Under the paired-rollout
search (``games/search/paired.py``) the model changed nothing (70.0% against 69% with the
VP logistic, at the Round's end), and cut rollouts lost (53.3% after 10 answers).
``rollout_steps`` and ``exploration`` stay parameters for such trials (``tune_leaf``,
``ismcts-leaf`` only: the paired search has no exploration constant).
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
# ismcts, to the end of the Round (the cut-short rollouts measured below lost)
ROLLOUT_STEPS = MAX_ROLLOUT
EXPLORE = 0.2  # UCB1's exploration constant for values in [0, 1] (measured below)


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
        self.search = searcher(
            f"{kind}:{iterations}", faction, self.game, iterations, rng, exploration, 1, rollout_steps
        )
