"""Drive a game: hand each decision request to the deciding bot and send the answer back."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine.decisions import Decision
from cryhavoc_sim.games.cryhavoc.engine.game import Game, Outcome


class Decider(Protocol):
    """Anything that answers decision requests (every bot)."""

    def decide(self, decision: Decision, game: Game) -> Any: ...


def play(
    game: Game,
    bots: Mapping[FactionId, Decider],
    observer: Callable[[Game, Decision | None], None] | None = None,
) -> Outcome:
    """Play ``game`` to the end. ``observer`` (for invariant checks) sees the state at
    every decision point and once at the end."""
    game.start()
    while (request := game.request) is not None:
        if observer is not None:
            observer(game, request)
        game.apply(bots[request.faction].decide(request, game))
    if observer is not None:
        observer(game, None)
    assert game.outcome is not None
    return game.outcome
