"""The random bot every game gets: any legal answer, uniformly, from its own stream."""

from __future__ import annotations

from cryhavoc_sim.games.state import Answer, GameState
from cryhavoc_sim.rng import Rng


class RandomBot:
    """Picks uniformly among ``legal_answers()``; never touches the game's stream. (A
    game whose answers are many and lopsided may bring its own random bot instead.)"""

    name = "random"

    def __init__(self, player: str, rng: Rng) -> None:
        self.player = player
        self.rng = rng

    def decide(self, state: GameState) -> Answer:
        return self.rng.choice(state.legal_answers())
