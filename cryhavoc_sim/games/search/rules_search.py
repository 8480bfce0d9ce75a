"""The search of a game that plugs in nothing but its :class:`~cryhavoc_sim.games.state.Rules`:
every decision searched over every legal answer (keyed by ``answer_key``), rollouts to
the end of the game by one of the game's own bots (``random`` by default) in every seat,
the result as the leaf value. What a new game gets before it writes a search part of its
own (a tiny game needs no more; a big one wants pruned candidates, a horizon and an
evaluation: see ``games/cavetroll/search.py``)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Generic

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.search.ismcts import EXPLORE, MAX_STEPS, Ismcts
from cryhavoc_sim.games.search.names import searcher
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.search.plug import S
from cryhavoc_sim.games.state import Answer, Bot, PlayerId, Rules
from cryhavoc_sim.rng import Rng


class SeatBots(Generic[S]):
    """A rollout policy: one bot for every seat (and the game's own deciders)."""

    def __init__(self, bots: Mapping[PlayerId, Bot[S]]) -> None:
        self.bots = bots

    def decide(self, state: S) -> Answer:
        player = state.current_player
        assert player is not None
        return self.bots[player].decide(state)

    def skip(self, state: S) -> None:
        pass


class RulesSearch(Generic[S]):
    """A game's search part made from its rules (see the module docstring)."""

    def __init__(self, rules: Rules[S], rollout_bot: str = "random") -> None:
        self.rules = rules
        self.rollout_bot = rollout_bot
        self.specs: dict[PlayerId, BotSpec] = {}  # the rollout bot's name read once per seat

    def searched(self, state: S, player: PlayerId) -> bool:
        return True

    def candidates(self, state: S) -> Sequence[tuple[Hashable, Answer]]:
        return [(state.answer_key(a), a) for a in state.legal_answers()]

    def fallback(self, state: S) -> Answer:
        return state.legal_answers()[0]  # reached with a single answer only

    def searched_done(self) -> None:
        pass

    def determinize(self, state: S, player: PlayerId, rng: Rng) -> S:
        return state.determinize(player, rng)

    def rollout(self, sim: S, player: PlayerId, rng: Rng) -> SeatBots[S]:
        rules = self.rules
        specs = self.specs
        for p in sim.players:
            if p not in specs:
                specs[p] = rules.bot_spec(self.rollout_bot, p)
        bots = {p: rules.bot(specs[p], p, rng) for p in sim.players}
        bots.update(rules.extras(sim))
        return SeatBots(bots)

    def stage(self, state: S) -> int:
        return 0  # one stage: a rollout plays to the end (or MAX_STEPS answers)

    def value(self, state: S, player: PlayerId) -> float:
        """The result once over (a shared win is a win, as ``results`` says); a rollout
        cut off by its step limit is worth an even chance."""
        return state.results()[player] if state.is_over else 0.5


def rules_search(
    rules: Rules[S],
    player: PlayerId,
    rng: Rng,
    iterations: int,
    rollout_bot: str = "random",
    exploration: float = EXPLORE,
    kind: str = "ismcts",
) -> Ismcts[S] | Paired[S]:
    """The search bot of seat ``player`` for a game that plugs in only its rules
    (``kind``: ``ismcts`` or ``paired``)."""
    return searcher(kind, iterations, player, RulesSearch(rules, rollout_bot), rng, exploration, 1, MAX_STEPS)
