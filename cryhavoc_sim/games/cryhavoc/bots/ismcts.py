"""An information-set Monte Carlo tree search bot (``ismcts``, ``ismcts:N``): the
reference a heuristic balance figure is checked against.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). For each decision that
matters it runs ``N`` iterations; each one

1. *determinizes*: copies the game with everything this player cannot see re-drawn
   (engine/visibility.py: the other hands, every deck's order, face-down tokens), from
   the bot's own RNG stream, never the game's;
2. *descends* the tree of this player's own decisions (the turn's Action or Skill, the
   cards it discards, the Regions its effects target, its Battle placements, Tactics and
   passes), choosing among the options legal in this determinization by UCB1 with
   availability counts, and adding one new node;
3. *rolls out* with the heuristic bot for everyone (the planner moves the Units, so Move
   steps are the heuristic's), to the end of the current Round (its Battles and Scoring
   included) or the end of the game;
4. *values* the position for this player: 1 or 0 when the game is over, else a logistic
   of its VP plus what its Regions would score, against the best opponent's.

The answer is the most visited option at the root. Decisions of other kinds (hand
limit, retreat, Prisoners...) and requests with a single sensible answer go to the
heuristic bot, which also answers for the non-player Trogs when this player decides for
them. Deterministic given its stream: iterations, determinizations and rollouts draw on
it in a fixed order.
"""

from __future__ import annotations

import math
from typing import Any

from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
from cryhavoc_sim.games.cryhavoc.bots.planner import standings
from cryhavoc_sim.games.cryhavoc.bots.restrictions import RestrictedBot, allowed
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, Decision, Game, Subset
from cryhavoc_sim.games.cryhavoc.engine.trogs import AUTOMATON
from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize
from cryhavoc_sim.rng import Rng, derive

# The decisions searched; every other one is the heuristic bot's.
SEARCHED = frozenset({"turn", "discard", "place_units", "tactic", "target_region", "objective_target"})
DEFAULT_ITERATIONS = 24
EXPLORE = 0.7  # UCB1's exploration constant for values in [0, 1]
SCALE = 4.0  # VP lead that makes a position worth about 0.73
CARD = 0.5  # VP a card in hand is worth at a rollout's end (the heuristic's Draw weight)
MAX_ROLLOUT = 400  # decisions, a bound on a rollout that cannot end otherwise


class Node:
    """A node of this player's decision tree: visits, summed value, children by the key
    of the option that leads to them, and how often each key was available."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.children: dict[Any, Node] = {}
        self.avail: dict[Any, int] = {}


class IsmctsBot:
    def __init__(self, faction: FactionId, iterations: int, rng: Rng) -> None:
        self.faction = faction
        self.iterations = iterations
        self.rng = rng
        self.name = f"ismcts:{iterations}"
        # The heuristic bot for the decisions not searched, on a stream of its own.
        self.helper = HeuristicBot(faction, personality(faction), derive(rng))
        self.restriction = ""  # restricted play (bots/restrictions.py), "" for none

    def restrict(self, restriction: str) -> None:
        """Search, and roll out its own play, within ``restriction``."""
        self.restriction = restriction
        self.helper.restrict(restriction)

    # ------------------------------------------------------------------ answers
    def candidates(self, d: Decision, g: Game) -> list[tuple[Any, Any]]:
        """(key, answer) pairs worth searching for request ``d``: every option of a
        Choice; for a discard the heuristic's cards, every card with the Action's icons
        and none; for a Battle placement the heuristic's split and the pure ones. Keys
        name an option the same way in every determinization."""
        if isinstance(d, Choice):
            keep = allowed(self.restriction, d, g) if self.restriction else None
            if keep is not None:
                return [(d.options[i], i) for i in keep]
            return [(o, i) for i, o in enumerate(d.options)]
        if isinstance(d, Subset):
            hand = d.items
            heuristic = self.helper.discard_choice(g, d.faction, d.action or "move")
            every = tuple(i for i, c in enumerate(hand) if g.content.cards[c].icons(d.action or "move") > 0)
            out: list[tuple[Any, Any]] = []
            for answer in (heuristic, every, ()):
                if d.min <= len(answer) <= d.max:
                    key = tuple(sorted(hand[i] for i in answer))
                    if all(key != k for k, _ in out):
                        out.append((key, answer))
            return out
        assert isinstance(d, Allocate)
        n = d.total
        splits = [self.helper.decide(d, g), (n, 0, 0), (0, 0, n), (0, n, 0)]
        out = []
        for s in splits:
            if s not in [k for k, _ in out]:
                out.append((s, s))
        return out

    def decide(self, d: Decision, g: Game) -> Any:
        if not self.searched(d):
            return self.helper.decide(d, g)
        self.helper.forget()
        options = self.candidates(d, g)
        if len(options) < 2:
            return self.helper.decide(d, g)
        root = Node()
        for _ in range(self.iterations):
            self.iterate(root, g)
        best, most = options[0][1], -1
        for key, answer in options:  # the request's order breaks ties
            child = root.children.get(key)
            visits = child.visits if child is not None else 0
            if visits > most:
                best, most = answer, visits
        self.helper.forget()
        return best

    # ------------------------------------------------------------------ search
    def iterate(self, root: Node, g: Game) -> None:
        """One determinization, one descent, one rollout, one value backed up."""
        sim = determinize(g, self.faction, self.rng)
        sim.record = False
        models = self.models(sim, derive(self.rng))
        start_round = sim.round
        node = root
        path = [root]
        expanded = False
        steps = 0
        while (request := sim.request) is not None and sim.round == start_round and steps < MAX_ROLLOUT:
            steps += 1
            if not expanded and self.searched(request):
                self.helper.forget()
                options = self.candidates(request, sim)
                if len(options) >= 2:
                    for key, _ in options:
                        node.avail[key] = node.avail.get(key, 0) + 1
                    fresh = [(k, a) for k, a in options if k not in node.children]
                    if fresh:
                        key, answer = fresh[0]
                        node.children[key] = Node()
                        expanded = True
                    else:
                        key, answer = self.select(node, options)
                    node = node.children[key]
                    path.append(node)
                    models[request.faction].forget()  # it did not see this request
                    sim.apply(answer)
                    continue
            sim.apply(models[request.faction].decide(request, sim))
        value = self.value(sim)
        for n in path:
            n.visits += 1
            n.total += value

    def searched(self, request: Decision) -> bool:
        if request.faction != self.faction or request.kind not in SEARCHED:
            return False
        actor = request.actor if isinstance(request, (Choice, Allocate)) else None
        return actor is None or actor == self.faction

    def select(self, node: Node, options: list[tuple[Any, Any]]) -> tuple[Any, Any]:
        """UCB1 over the options available here, with availability counts (ISMCTS)."""
        best: tuple[Any, Any] | None = None
        top = -math.inf
        for key, answer in options:
            child = node.children[key]
            score = child.total / child.visits + EXPLORE * math.sqrt(
                math.log(max(1, node.avail.get(key, 1))) / child.visits
            )
            if score > top:
                top, best = score, (key, answer)
        assert best is not None
        return best

    def models(self, sim: Game, rng: Rng) -> dict[FactionId, Any]:
        """Who answers in a rollout: the heuristic bot for every player (and for the
        non-player Trogs' deciders), the automaton for the solo mode's Trogs."""
        out: dict[FactionId, Any] = {
            f: HeuristicBot(f, personality(f), rng) for f in sim.players if sim.role(f) != AUTOMATON
        }
        if self.restriction and self.faction in out:  # it plays itself as it is bound to
            mine = out[self.faction]
            mine.restrict(self.restriction)
            out[self.faction] = RestrictedBot(mine, self.restriction)
        if sim.trog_role == AUTOMATON:
            from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot

            out["trogs"] = AutomatonBot()
        return out

    def value(self, sim: Game) -> float:
        """1 or 0 for a finished game; else a logistic of this player's standing (VP plus
        what its Regions would score) against the best opponent's."""
        f = self.faction
        if sim.outcome is not None:
            return 1.0 if sim.outcome.winner == f else 0.0
        table = standings(sim)
        for o in table:  # cards carried into the next Round: Actions and Tactics to come
            table[o] += CARD * len(sim.players[o].hand)
        mine = table.get(f, 0.0)
        rest = [v for o, v in table.items() if o != f]
        lead = mine - (max(rest) if rest else 0.0)
        return 1.0 / (1.0 + math.exp(-lead / SCALE))
