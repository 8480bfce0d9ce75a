"""A uniform random bot: any legal answer to any decision, with its own RNG stream."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.engine import Allocate, Choice, Decision, Game, Subset
from cryhavoc_sim.rng import Rng


class RandomBot:
    """Picks uniformly among the options of every request. Never touches the game's RNG."""

    name = "random"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def decide(self, decision: Decision, game: Game) -> Any:
        rng = self.rng
        if isinstance(decision, Choice):
            return rng.randrange(len(decision.options))
        if isinstance(decision, Subset):
            k = rng.randint(decision.min, decision.max)
            return tuple(sorted(rng.sample(range(len(decision.items)), k)))
        if isinstance(decision, Allocate):
            counts = [0] * len(decision.slots)
            for _ in range(decision.total):
                counts[rng.randrange(len(counts))] += 1
            return tuple(counts)
        raise TypeError(f"unknown decision {decision!r}")
