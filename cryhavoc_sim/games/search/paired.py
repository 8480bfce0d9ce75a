"""Paired-rollout search (``paired:N`` in every game): determinized flat Monte Carlo over
the searched decision's candidates, every candidate rolled out in the same re-drawn
worlds with the same rollout stream (common random numbers), the budget spent by
sequential halving (Karnin, Koren and Somekh, 2013).

It plugs into the same :class:`~.plug.SearchGame` as :mod:`.ismcts` (searched decisions,
candidates, determinization, rollout policy, horizon, leaf value) and differs in how it
spends its ``N`` rollouts on a searched decision with ``K`` candidates:

1. a *world* is one determinization of the state (``determinize(player, rng)``: what the
   player cannot see re-drawn from the bot's own generator) and one rollout stream
   (``derive(rng)``); each candidate is applied to its own copy of the world and rolled
   out with its own copy of the stream, to the same horizon as ISMCTS's rollouts, and
   valued with the game's leaf value;
2. rounds of sequential halving, ``ceil(log2 K)`` of them: in each, every candidate still
   in is rolled out in ``floor(N / (rounds * still in))`` new worlds (at least one), and
   the better half by mean value (the game's order breaks ties) goes on.

Why: the candidates of one decision differ in what they do, not in the deal the search
happened to draw, so a comparison in the same worlds cancels most of the noise of the
draw (a Cry Havoc Battle is decided by the cards and tokens a determinization re-draws),
and halving spends the later rollouts on the candidates still in contention. In Cry Havoc
it beats ISMCTS at equal time a decision (docs/measured.md, "The searches' design
choices").

What it gives up: it searches the decision at hand only (its later decisions in a
rollout are the rollout policy's, as the other seats'), so it converges to the best
answer *given the rollout policy's play after it* and more budget buys little (measured
there too). It is a cheap strong player, not a ladder of skill. It
needs at least ``K`` rollouts (one world for every candidate) whatever ``N`` is.

Deterministic given its generator; fair as :mod:`.ismcts` is: the true state is read
only to determinize it and by the game's own hooks at the root. With ``decisions = true``
it logs each answer's value against the runner-up of its last round (:mod:`.gaps`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Generic

from cryhavoc_sim.games.search.gaps import SEARCH_GAPS
from cryhavoc_sim.games.search.plug import Candidate, S, SearchGame, root_candidates
from cryhavoc_sim.games.state import Answer, PlayerId
from cryhavoc_sim.rng import Rng, copy_rng, derive

MAX_STEPS = 400  # answers, a bound on a rollout that cannot end otherwise


class Paired(Generic[S]):
    """The search of seat ``player`` with about ``iterations`` rollouts a searched
    decision; ``game`` is the game's part (see :mod:`.plug`), ``rng`` the bot's own."""

    def __init__(
        self,
        player: PlayerId,
        game: SearchGame[S],
        iterations: int,
        rng: Rng,
        horizon: int = 1,
        max_steps: int = MAX_STEPS,
    ) -> None:
        if iterations < 1 or horizon < 1 or max_steps < 1:
            raise ValueError(
                f"search of {iterations} rollouts, horizon {horizon}, max_steps {max_steps}: "
                "each must be at least 1"
            )
        self.player = player
        self.game = game
        self.iterations = iterations
        self.rng = rng
        self.horizon = horizon
        self.max_steps = max_steps

    def decide(self, state: S) -> Answer:
        """The answer to ``state``'s pending request, which is this player's."""
        game = self.game
        options = root_candidates(game, state, self.player)
        if options is None:
            return game.fallback(state)
        totals, counts, alive = self.halve(state, options)
        best = alive[0]
        gaps = SEARCH_GAPS.get()
        if gaps is not None:  # decisions = true: how much this one mattered (gaps.py)
            gaps.record(self.player, state.kind, totals[best] / counts[best], runner_up(totals, counts, best))
        game.searched_done()
        return options[best][1]

    def halve(self, state: S, options: Sequence[Candidate]) -> tuple[list[float], list[int], list[int]]:
        """Sequential halving over ``options``: each candidate's summed value and
        rollouts, and the candidates of the last round, best first (the first wins)."""
        k = len(options)
        totals = [0.0] * k
        counts = [0] * k
        alive = list(range(k))
        rounds = max(1, math.ceil(math.log2(k)))
        for _ in range(rounds):
            worlds = max(1, self.iterations // (rounds * len(alive)))
            for _ in range(worlds):
                world = self.game.determinize(state, self.player, self.rng)
                stream = derive(self.rng)
                for i in alive:
                    totals[i] += self.rollout(world.clone(), options[i][1], copy_rng(stream))
                    counts[i] += 1
            alive.sort(key=lambda i: (-totals[i] / counts[i], i))
            alive = alive[: (len(alive) + 1) // 2]
            if len(alive) == 1:
                break
        return totals, counts, alive

    def values(self, state: S, options: Sequence[Candidate], worlds: int) -> list[float]:
        """Every candidate of ``options`` rolled out in the same ``worlds`` worlds (no
        halving), each one's mean value: an expert's label of a decision
        (``tuning/policy.py``), every candidate measured as precisely as the others."""
        k = len(options)
        totals = [0.0] * k
        for _ in range(worlds):
            world = self.game.determinize(state, self.player, self.rng)
            stream = derive(self.rng)
            for i in range(k):
                totals[i] += self.rollout(world.clone(), options[i][1], copy_rng(stream))
        self.game.searched_done()
        return [t / worlds for t in totals]

    def shares(self, state: S, options: Sequence[Candidate]) -> list[float]:
        """The search of ``state``'s pending decision as a distribution over ``options``
        (``root_candidates``'s): all on the candidate :meth:`decide` answers, from the
        same draws (what an expert's label of a decision is, ``tuning/policy.py``)."""
        best = self.halve(state, options)[2][0]
        self.game.searched_done()
        return [1.0 if i == best else 0.0 for i in range(len(options))]

    def rollout(self, sim: S, answer: Answer, rng: Rng) -> float:
        """``answer`` applied in ``sim``, played on by the rollout policy to the horizon
        (or the end, or ``max_steps`` answers); the leaf value for the player."""
        game, me = self.game, self.player
        policy = game.rollout(sim, me, rng)
        stop = game.stage(sim) + self.horizon
        policy.skip(sim)
        sim.apply(answer)
        steps = 1
        while sim.current_player is not None and steps < self.max_steps:
            if game.stage(sim) >= stop:
                break
            steps += 1
            sim.apply(policy.decide(sim))
        return game.value(sim, me)


def runner_up(totals: Sequence[float], counts: Sequence[int], best: int) -> float:
    """The best mean value but ``best``'s among the candidates of the last round of
    halving (those with the most rollouts: every round's survivors, rolled out in the same
    worlds as ``best``); never above ``best``'s, which won that round."""
    most = 0
    for c in counts:
        if c > most:
            most = c
    top = -math.inf
    for i in range(len(counts)):
        if i != best and counts[i] == most:
            mean = totals[i] / counts[i]
            if mean > top:
                top = mean
    return top if top > -math.inf else totals[best] / counts[best]
