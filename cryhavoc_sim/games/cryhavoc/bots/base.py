"""The Bot protocol: one ``decide`` for every decision request the engine makes."""

from __future__ import annotations

from typing import Any, Protocol

from cryhavoc_sim.games.cryhavoc.engine import Choice, Decision, Game


class Bot(Protocol):
    name: str

    def decide(self, decision: Decision, game: Game) -> Any:
        """Answer ``decision`` (see :mod:`cryhavoc_sim.games.cryhavoc.engine.decisions`) from a read of ``game``."""
        ...


def objective_move(d: Choice, end: int) -> int:
    """Answer an ``objective_move`` request: the first move whose ``end`` (0: from, 1: to)
    is Region Control, else stop. Moving one's own Units *to* Region Control and the
    enemy's *from* it are the two uses."""
    for i, o in enumerate(d.options):
        if o is not None and o[end] == "region_control":
            return i
    return len(d.options) - 1
