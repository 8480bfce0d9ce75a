"""A uniform random bot: any legal answer to any decision, with its own RNG stream."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, Decision, Game, Subset
from cryhavoc_sim.rng import Rng


class RandomBot:
    """Picks uniformly among the options of every request. Never touches the game's RNG.

    It draws only ``rng.random()`` (one C call per draw): an index is
    ``int(random() * n)``, whose bias is below 2**-40 for the few options a request has.
    """

    name = "random"

    def __init__(self, rng: Rng) -> None:
        self.random = rng.random

    def decide(self, decision: Decision, game: Game) -> Any:
        random = self.random
        kind = type(decision)
        if kind is Choice:
            return int(random() * len(decision.options))  # type: ignore[union-attr]
        if kind is Subset:
            assert isinstance(decision, Subset)
            lo = decision.min
            need = lo + int(random() * (decision.max - lo + 1))
            n = len(decision.items)
            # Selection sampling (Knuth's Algorithm S): each k-subset equally likely.
            picked = []
            for i in range(n):
                if need and random() * (n - i) < need:
                    picked.append(i)
                    need -= 1
            return tuple(picked)
        if isinstance(decision, Allocate):
            slots = len(decision.slots)
            counts = [0] * slots
            for _ in range(decision.total):
                counts[int(random() * slots)] += 1
            return tuple(counts)
        raise TypeError(f"unknown decision {decision!r}")
