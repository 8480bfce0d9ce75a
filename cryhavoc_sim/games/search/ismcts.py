"""Information-set Monte Carlo tree search on the state protocol, for any game that
plugs a :class:`~.plug.SearchGame` into it (``ismcts:N`` in every game).

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) over the searching
player's own decisions; the other seats are played by the game's rollout policy (so the
tree never branches on what they do, nor on what the player cannot see). For a decision
worth searching it runs ``N`` iterations; each one

1. *determinizes*: a copy of the game with everything the player cannot see re-drawn
   from the bot's own generator (``determinize(player, rng)``), never the game's;
2. *descends* the tree of the player's decisions, choosing among the candidates legal in
   this determinization by UCB1 with availability counts (ISMCTS: an answer's
   exploration term counts the iterations it was available, not the parent's visits),
   and adds one new node: the first candidate not tried yet, in the game's order;
3. *rolls out* with the game's rollout policy for every seat (the player's own later
   decisions included), until the game's ``stage`` has grown by ``horizon`` (the end of
   a Round, some turns), the game ends, or ``max_steps`` answers;
4. *values* the position with the game's leaf value for the player, backed up the path.

The answer is the root's most visited candidate (the game's order breaks ties); with
``decisions = true`` its mean value and the best other mean are logged (:mod:`.gaps`).
Deterministic given its generator: iterations, determinizations and rollouts draw on it
in a fixed order. Fair by construction: the true state is read only to determinize it
and by the game's own hooks at the root (which the fairness test holds to the
observation), every iteration plays in a re-drawn world.

Compared with OpenSpiel's ``open_spiel/python/algorithms/ismcts.py``: its tree keys
nodes by every player's information-state string and searches all seats; here the tree
holds one player's decisions keyed by the answers' meanings (``answer_key``), which needs
no information-state string from a game and is what the Cry Havoc search did before.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Generic

from cryhavoc_sim.games.search.gaps import SEARCH_GAPS, SearchGaps
from cryhavoc_sim.games.search.plug import Candidate, S, SearchGame, root_candidates
from cryhavoc_sim.games.state import Answer, PlayerId
from cryhavoc_sim.rng import Rng, derive

EXPLORE = 0.7  # UCB1's exploration constant for values in [0, 1]
MAX_STEPS = 400  # answers, a bound on a rollout that cannot end otherwise


class Node:
    """A node of the player's decision tree: visits, summed value, children by the key
    of the answer that leads to them, and how often each key was available."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.children: dict[Hashable, Node] = {}
        self.avail: dict[Hashable, int] = {}


class Ismcts(Generic[S]):
    """The search of seat ``player`` with ``iterations`` a searched decision; ``game`` is
    the game's part (see :mod:`.plug`), ``rng`` the bot's own generator."""

    def __init__(
        self,
        player: PlayerId,
        game: SearchGame[S],
        iterations: int,
        rng: Rng,
        exploration: float = EXPLORE,
        horizon: int = 1,
        max_steps: int = MAX_STEPS,
    ) -> None:
        if iterations < 1 or horizon < 1 or max_steps < 1 or not exploration >= 0.0:
            raise ValueError(
                f"search of {iterations} iterations, horizon {horizon}, max_steps {max_steps}, "
                f"exploration {exploration}: each must be at least 1 (exploration at least 0)"
            )
        self.player = player
        self.game = game
        self.iterations = iterations
        self.rng = rng
        self.exploration = exploration
        self.horizon = horizon
        self.max_steps = max_steps

    def decide(self, state: S) -> Answer:
        """The answer to ``state``'s pending request, which is this player's."""
        game = self.game
        options = root_candidates(game, state, self.player)
        if options is None:
            return game.fallback(state)
        root = self.search(state)
        best, most, pick = options[0][1], -1, options[0][0]
        for key, answer in options:  # the game's order breaks ties
            child = root.children.get(key)
            visits = child.visits if child is not None else 0
            if visits > most:
                best, most, pick = answer, visits, key
        gaps = SEARCH_GAPS.get()
        if gaps is not None:  # decisions = true: how much this one mattered (gaps.py)
            _log_gap(gaps, self.player, state.kind, root, options, pick)
        game.searched_done()
        return best

    def shares(self, state: S, options: Sequence[Candidate]) -> list[float]:
        """The search of ``state``'s pending decision as a distribution over ``options``
        (``root_candidates``'s): each one's share of the root's visits. What an expert's
        label of a decision is (``tuning/policy.py``); the most visited, first in the
        game's order, is what :meth:`decide` answers, from the same draws."""
        root = self.search(state)
        visits = [0.0] * len(options)
        for i, (key, _) in enumerate(options):
            child = root.children.get(key)
            visits[i] = float(child.visits) if child is not None else 0.0
        self.game.searched_done()
        total = 0.0
        for v in visits:
            total += v
        return [v / total for v in visits] if total > 0.0 else [1.0 / len(options)] * len(options)

    def search(self, state: S) -> Node:
        """The tree of ``iterations`` iterations from ``state``."""
        root = Node()
        for _ in range(self.iterations):
            self.iterate(root, state)
        return root

    def iterate(self, root: Node, state: S) -> None:
        """One determinization, one descent, one rollout, one value backed up."""
        game, me = self.game, self.player
        sim = game.determinize(state, me, self.rng)
        policy = game.rollout(sim, me, derive(self.rng))
        stop = game.stage(sim) + self.horizon
        node = root
        path = [root]
        expanded = False
        steps = 0
        while (player := sim.current_player) is not None and steps < self.max_steps:
            if game.stage(sim) >= stop:
                break
            steps += 1
            if not expanded and player == me and game.searched(sim, me):
                options = game.candidates(sim)
                if len(options) >= 2:
                    for key, _ in options:
                        node.avail[key] = node.avail.get(key, 0) + 1
                    fresh = _untried(node, options)
                    if fresh is not None:
                        key, answer = fresh
                        node.children[key] = Node()
                        expanded = True
                    else:
                        key, answer = self.select(node, options)
                    node = node.children[key]
                    path.append(node)
                    policy.skip(sim)
                    sim.apply(answer)
                    continue
            sim.apply(policy.decide(sim))
        value = game.value(sim, me)
        for n in path:
            n.visits += 1
            n.total += value

    def select(self, node: Node, options: Sequence[Candidate]) -> Candidate:
        """UCB1 over the candidates available here, with availability counts (ISMCTS)."""
        best = options[0]
        top = -math.inf
        c = self.exploration
        for option in options:
            key = option[0]
            child = node.children[key]
            score = child.total / child.visits + c * math.sqrt(
                math.log(max(1, node.avail.get(key, 1))) / child.visits
            )
            if score > top:
                top, best = score, option
        return best


def _log_gap(
    gaps: SearchGaps, player: PlayerId, kind: str, root: Node, options: Sequence[Candidate], pick: Hashable
) -> None:
    """Into ``gaps``: the mean value of the root's child ``pick`` (the answer) and the best
    mean of the other candidates tried; nothing when no other one was tried."""
    chosen = root.children.get(pick)
    if chosen is None or chosen.visits == 0:
        return
    second = -math.inf
    for key, _ in options:
        child = root.children.get(key)
        if key != pick and child is not None and child.visits > 0:
            mean = child.total / child.visits
            if mean > second:
                second = mean
    if second > -math.inf:
        gaps.record(player, kind, chosen.total / chosen.visits, second)


def _untried(node: Node, options: Sequence[Candidate]) -> Candidate | None:
    """The first candidate with no child yet, in the game's order."""
    for option in options:
        if option[0] not in node.children:
            return option
    return None
