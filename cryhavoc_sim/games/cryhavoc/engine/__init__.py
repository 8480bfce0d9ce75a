"""The Cry Havoc rules engine: state, phases, battle, scoring. Knows nothing of files
or processes. Public surface: :func:`new_game`, :class:`Game`, :class:`GameSetup`, :class:`Rules`,
and the decision request types (games are played by the harness's driver loop,
through ``games/cryhavoc/state.py``).

The hot modules run compiled (mypyc) when a build of the current sources is in the
virtual environment; see :mod:`cryhavoc_sim.native`."""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/cryhavoc/engine")

# ruff: noqa: E402

from cryhavoc_sim.games.cryhavoc.engine.decisions import (
    Allocate,
    Choice,
    Decider,
    Decision,
    IllegalDecision,
    Subset,
)
from cryhavoc_sim.games.cryhavoc.engine.game import RULES_VERSION, Game, GameSetup, SetupError
from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game
from cryhavoc_sim.games.cryhavoc.engine.rules import Rules
from cryhavoc_sim.games.cryhavoc.engine.state import Outcome

__all__ = [
    "RULES_VERSION",
    "Allocate",
    "Choice",
    "Decider",
    "Decision",
    "Game",
    "GameSetup",
    "IllegalDecision",
    "Outcome",
    "Rules",
    "SetupError",
    "Subset",
    "new_game",
]
