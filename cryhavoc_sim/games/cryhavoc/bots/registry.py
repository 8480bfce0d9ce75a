"""Bot names in scenarios and on the ladder: ``random``, ``heuristic`` (the balanced
personality) or ``heuristic:<personality>``."""

from __future__ import annotations

from functools import partial

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality, personality_names
from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
from cryhavoc_sim.games.cryhavoc.engine import Decider
from cryhavoc_sim.rng import stream

# Bumped whenever any bot's play changes (the same seed, other games). Runs record it;
# ``replay`` compares only games played by the same bots. Runs written before it existed
# were played by version 1.
BOTS_VERSION = "cryhavoc-bots-2"


def bot_names(faction: str) -> list[str]:
    return ["random", "heuristic", *(f"heuristic:{p}" for p in personality_names(faction))]


def check_bot_name(name: str, faction: str, where: str) -> None:
    if name not in bot_names(faction):
        raise ScenarioError(
            f"{where}: bot {name!r} unknown for {faction}; allowed: {', '.join(bot_names(faction))}."
        )


def make_bot(name: str, faction: str, seed: int) -> Decider:
    """The bot ``name`` for ``faction`` with its own RNG stream of game ``seed``."""
    if name == "automaton":
        from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot

        return AutomatonBot()
    if name == "random":
        return RandomBot(stream(seed, f"bot:{faction}"))
    if name == "heuristic" or name.startswith("heuristic:"):
        _, _, persona = name.partition(":")
        # The same stream, made only if the bot ever breaks a tie.
        return HeuristicBot(
            faction, personality(faction, persona or "balanced"), partial(stream, seed, f"bot:{faction}")
        )
    raise ScenarioError(f"bot {name!r} unknown; allowed: {', '.join(bot_names(faction))}.")
