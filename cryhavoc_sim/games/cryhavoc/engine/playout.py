"""The soak's cycle of games: game ``index`` of a master seed is its seed, its line-up and
its experience level (solo: its difficulty), through 2, 3 and 4 players and the solo
mode in turn. The soak (``rules.py``'s ``soak_setup``), the random playouts
(``random_games.py``), the clone and log tests and the learned models' self-play games
cycle through it."""

from __future__ import annotations

from cryhavoc_sim.games.cryhavoc.engine.game import GameSetup
from cryhavoc_sim.rng import game_seed

LINEUPS: dict[int, tuple[tuple[str, ...], ...]] = {
    2: (("humans", "pilgrims"), ("humans", "machines"), ("pilgrims", "machines")),
    3: (("humans", "pilgrims", "machines"),),
    4: (("humans", "pilgrims", "machines", "trogs"),),
    1: (("humans",), ("pilgrims",), ("machines",)),  # solo, against the automaton
}
EXPERIENCES = ("first_time", "experienced", "veteran")


def playout_spec(master_seed: int, index: int) -> tuple[int, tuple[str, ...], str]:
    """Game ``index`` cycles through 2, 3, 4 players and the solo mode, their line-ups and
    the experience levels (solo: difficulties 1-3)."""
    kinds = (2, 3, 4, 1)
    n = kinds[index % 4]
    lineups = LINEUPS[n]
    factions = lineups[(index // 4) % len(lineups)]
    experience = EXPERIENCES[(index // 12) % 3]
    return game_seed(master_seed, index), factions, experience


def setup_for(factions: tuple[str, ...], experience: str) -> GameSetup:
    if len(factions) == 1:
        return GameSetup(factions, mode="solo", difficulty=EXPERIENCES.index(experience) + 1)
    return GameSetup(factions, experience)
