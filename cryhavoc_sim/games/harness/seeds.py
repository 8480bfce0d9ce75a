"""The seed recipe: from (master seed, game index) to a game's seed, and from that seed
to the game's own random stream and each bot's (one stream per seat, so a bot's
tie-breaks never shift a deck). Every service that plays a game takes its streams here;
only ``rng.py`` creates generators."""

from __future__ import annotations

from dataclasses import dataclass

from cryhavoc_sim.rng import Rng, game_seed, stream


@dataclass(frozen=True, slots=True)
class Seeds:
    """The streams of one game, from its seed (what replays it alone)."""

    seed: int

    def game(self) -> Rng:
        """The game's own stream: shuffles, dice, draws."""
        return stream(self.seed, "game")

    def bot(self, player: str) -> Rng:
        """The stream of the bot sitting in seat ``player``."""
        return stream(self.seed, f"bot:{player}")


def seeds(master_seed: int, index: int) -> Seeds:
    """The streams of game ``index`` of a run (or soak, or ladder) with ``master_seed``."""
    return Seeds(game_seed(master_seed, index))
