"""The Bot protocol: one ``decide`` for every decision request the engine makes."""

from __future__ import annotations

from typing import Any, Protocol

from cryhavoc_sim.engine import Decision, Game


class Bot(Protocol):
    name: str

    def decide(self, decision: Decision, game: Game) -> Any:
        """Answer ``decision`` (see :mod:`cryhavoc_sim.engine.decisions`) from a read of ``game``."""
        ...
