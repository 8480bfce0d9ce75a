"""Cry Havoc's learned policy: its names and shipped models (``games/policy/names.py``,
the same for every game: ``learned``, ``learned@<model>``, ``~<temperature>``), the
models in ``data/learned/<model>.json`` (each expert iteration's); the bot is
``policy.py``'s, built by the catalogue (``registry.py``). A restriction may follow as for
any bot (``learned/no-skills``)."""

from __future__ import annotations

from cryhavoc_sim.games.cryhavoc.bots.policy_features import LAYOUT
from cryhavoc_sim.games.policy.model import PolicyModel
from cryhavoc_sim.games.policy.names import LEARNED, MAX_TEMPERATURE, LearnedNames

__all__ = ["LEARNED", "MAX_TEMPERATURE", "NAMES", "is_learned"]

# The shipped policy: of the three expert iterations, the one whose equal-skill win rates
# are nearest the top rung's over solo and two to four players (docs/measured.md)
DEFAULT_MODEL = "1"
NAMES = LearnedNames("cryhavoc_sim.games.cryhavoc.bots", LAYOUT, DEFAULT_MODEL)
is_learned = LearnedNames.is_learned


def model_names() -> tuple[str, ...]:
    """The shipped models' names, sorted."""
    return NAMES.model_names


def shipped_policy(model: str = DEFAULT_MODEL) -> PolicyModel:
    """The shipped model ``model`` (``data/learned/<model>.json``), checked."""
    return NAMES.policy(model)
