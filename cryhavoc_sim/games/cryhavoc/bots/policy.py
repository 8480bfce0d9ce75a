"""The learned policy (``policy``): strong play at about the heuristic's price.

At every decision the search bots search (``candidates.py``: the turn's Action or
Skill, the cards it pays, effect targets, Battle placements, Tactics and passes) it
scores each candidate answer the search would compare with the policy file's table for
its side and kind (``games/policy/model.py``: the candidate's attributes and, by what
kind of answer it is, the position's context; ``policy_features.py``), and plays the best
(the candidates' order breaks ties) or, at a temperature, samples. Every other decision
is the heuristic bot's, as it is in the search: the expert the policy is distilled from
answers them with the heuristic too. The tables are fitted by ``train-policy``
(``tuning/policy.py``) to what a strong search found each answer worth, on states of
the policy's own self-play (expert iteration).

It reads what its player sees only (the features' contract), draws only on its own
generator (for the heuristic's tie-breaks and, at a temperature, its samples), and
plays the same games compiled or not.
"""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.cryhavoc.bots.candidates import SEARCHED, candidates, is_searched
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.personalities import Personality, personality
from cryhavoc_sim.games.cryhavoc.bots.policy_features import context, describe
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Choice, Decision, Game
from cryhavoc_sim.games.policy.model import PolicyModel, Table, pick
from cryhavoc_sim.rng import Rng


class PolicyBot:
    """The policy ``model`` for ``faction`` on ``rng``; ``temperature`` 0 plays the best
    candidate; ``persona`` weighs the heuristic it reads and defers to (``balanced``)."""

    def __init__(
        self,
        faction: FactionId,
        model: PolicyModel,
        rng: Rng,
        temperature: float = 0.0,
        persona: Personality | None = None,
        name: str = "policy",
    ) -> None:
        self.faction = faction
        self.model = model
        self.rng = rng
        self.temperature = temperature
        self.name = name
        self.helper = HeuristicBot(faction, persona or personality(faction), rng)
        self._battle: tuple[int, str] | None = None  # the Battle of the Tactics requests seen
        self._seen: set[tuple[object, ...]] = set()  # how those requests found it
        self.tables: dict[str, Table] = {}
        for kind in SEARCHED:
            table = model.table(faction, kind)
            if table is not None:
                self.tables[kind] = table

    def repeated(self, d: Decision, g: Game) -> bool:
        """Whether this Tactics request finds the Battle as an earlier one of the same
        Battle left it (the Objectives, the hand, the deck): the play made then changed
        nothing (a card that draws a card back, Meditation with an empty deck), and
        making it again would loop for ever (Battle C: play alternates until both pass)."""
        b = g.battle
        if b is None:
            return False
        p = g.players[d.faction]
        battle = (g.round, b.region)
        if self._battle != battle:
            self._battle = battle
            self._seen = set()
        seen = (
            tuple(tuple(b.on[f]) for f in sorted(b.on)),
            tuple(sorted(p.hand)),
            len(p.deck),
            len(p.discard),
        )
        if seen in self._seen:
            return True
        self._seen.add(seen)
        return False

    def restrict(self, restriction: str) -> None:
        """Plan within ``restriction``; its requests come filtered (``RestrictedBot``)."""
        self.helper.restrict(restriction)

    def forget(self) -> None:
        """Drop what the heuristic keeps of the request under way (a search's rollouts
        show requests out of their order)."""
        self.helper.forget()

    def decide(self, d: Decision, g: Game) -> Any:
        table = self.tables.get(d.kind)
        if table is None or not is_searched(d, self.faction):
            return self.helper.decide(d, g)
        if isinstance(d, Choice) and d.kind == "tactic" and self.repeated(d, g):
            return len(d.options) - 1  # passing: the last play changed nothing
        cands = candidates(self.helper, d, g)
        if len(cands) < 2:
            return self.helper.decide(d, g)
        descs, attrs = describe(self.helper, d, g, cands)
        ctx = context(g, self.faction)
        scores = [table.score(attrs[i], descs[i], ctx) for i in range(len(cands))]
        draw = self.rng.random() if self.temperature > 0.0 else 0.0
        return cands[pick(scores, self.temperature, draw)][1]
