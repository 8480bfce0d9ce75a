"""Cry Havoc's learned policy: its names and shipped models (``games/policy/names.py``,
the same for every game: ``learned``, ``learned@<model>``, ``~<temperature>``), the
models in ``data/learned/<model>.json`` (each expert iteration's), and the bot. A
restriction may follow as for any bot (``learned/no-skills``)."""

from __future__ import annotations

from cryhavoc_sim.games.cryhavoc.bots.policy import PolicyBot
from cryhavoc_sim.games.cryhavoc.bots.policy_features import LAYOUT
from cryhavoc_sim.games.policy.model import PolicyModel
from cryhavoc_sim.games.policy.names import LEARNED, MAX_TEMPERATURE, LearnedNames
from cryhavoc_sim.rng import Rng

__all__ = ["LEARNED", "MAX_TEMPERATURE", "NAMES", "is_learned", "learned_problem", "make_learned"]

DEFAULT_MODEL = "3"  # the shipped policy: the last expert iteration (docs/bots.md)
NAMES = LearnedNames("cryhavoc_sim.games.cryhavoc.bots", LAYOUT, DEFAULT_MODEL)
is_learned = LearnedNames.is_learned


def model_names() -> tuple[str, ...]:
    """The shipped models' names, sorted."""
    return NAMES.model_names


def learned_problem(name: str) -> str | None:
    """Why ``name`` is not the learned policy's (a sentence's end), or None."""
    return NAMES.problem(name)


def shipped_policy(model: str = DEFAULT_MODEL) -> PolicyModel:
    """The shipped model ``model`` (``data/learned/<model>.json``), checked."""
    return NAMES.policy(model)


def make_learned(name: str, faction: str, rng: Rng) -> PolicyBot:
    """The learned policy ``name`` for ``faction`` on ``rng`` (the name checked first)."""
    model, temperature = NAMES.parse(name)
    return PolicyBot(faction, NAMES.policy(model), rng, temperature, name=name)
