"""Cry Havoc behind the state protocol (``games/state.py``): a thin adapter over the
engine's :class:`~cryhavoc_sim.games.cryhavoc.engine.Game`, which already asks one
request at a time, validates every answer, clones, and has a fingerprint; what a player
sees and what a determinization re-draws are ``engine/visibility.py``'s.

Answers are the engine's: an option's index for a :class:`Choice`, sorted item indices
for a :class:`Subset`, a split for an :class:`Allocate`. Their keys name what they mean
(the option, the cards, the split), the same in every determinization.

:class:`DeciderBot` turns one of the game's bots (``decide(request, game)``) into a
protocol bot. The game as the harness makes, seats and checks it is ``rules.py``'s.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence

from cryhavoc_sim.games.cryhavoc.engine import Choice, Decider, Game, Subset
from cryhavoc_sim.games.cryhavoc.engine.decisions import IllegalDecision
from cryhavoc_sim.games.state import Answer, PlayerId, illegal
from cryhavoc_sim.rng import Rng


class CryHavocState:
    """One Cry Havoc game where play stands (a started :class:`Game`)."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        if not game.stack and game.outcome is None:
            game.start()
        self.game = game

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return self.game.setup_spec.factions

    @property
    def current_player(self) -> PlayerId | None:
        request = self.game.request
        return None if request is None else request.faction

    @property
    def request(self) -> object:
        return self.game.request

    @property
    def kind(self) -> str:
        request = self.game.request
        return "" if request is None else request.kind

    def legal_answers(self) -> Sequence[Answer]:
        d = self.game.request
        if d is None:
            return ()
        if isinstance(d, Choice):
            return tuple(range(len(d.options)))
        if isinstance(d, Subset):
            n = len(d.items)
            return tuple(
                c for k in range(d.min, min(d.max, n) + 1) for c in itertools.combinations(range(n), k)
            )
        return tuple(_splits(d.total, len(d.slots)))

    def answer_key(self, answer: Answer) -> Hashable:
        d = self.game.request
        if isinstance(d, Choice) and type(answer) is int and 0 <= answer < len(d.options):
            return (d.kind, d.options[answer])
        if isinstance(d, Subset) and isinstance(answer, tuple):
            return (d.kind, tuple(sorted(d.items[i] for i in answer)))
        return (self.kind, answer)

    def apply(self, answer: Answer) -> None:
        try:
            self.game.apply(answer)
        except IllegalDecision as exc:  # the engine checks before it changes anything
            raise illegal(self.game.request, answer, str(exc)) from None

    @property
    def is_over(self) -> bool:
        return self.game.outcome is not None

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        o = self.game.outcome
        return () if o is None or o.winner is None else (o.winner,)

    def results(self) -> dict[PlayerId, float]:
        won = self.winners
        return {p: 1.0 if p in won else 0.0 for p in self.players}

    def clone(self) -> CryHavocState:
        return CryHavocState(self.game.clone())

    def observation(self, player: PlayerId) -> Hashable:
        from cryhavoc_sim.games.cryhavoc.engine.visibility import observation

        return observation(self.game, player)

    def determinize(self, player: PlayerId, rng: Rng) -> CryHavocState:
        from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize

        return CryHavocState(determinize(self.game, player, rng))

    def fingerprint(self) -> str:
        return self.game.fingerprint()


def _splits(total: int, slots: int) -> Sequence[tuple[int, ...]]:
    """Every way to put ``total`` Units in ``slots`` slots, in lexicographic order."""
    if slots == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total + 1) for rest in _splits(total - first, slots - 1)]


class DeciderBot:
    """One of the game's own bots as a protocol bot: it reads the pending request and
    the game (its fairness is tests/contract/test_fair_bots.py's to check)."""

    __slots__ = ("decider",)

    def __init__(self, decider: Decider) -> None:
        self.decider = decider

    def decide(self, state: CryHavocState) -> Answer:
        game = state.game
        request = game.request
        assert request is not None
        answer: Answer = self.decider.decide(request, game)
        return answer
