"""Cry Havoc's part of ``tune-bots`` (``tuning/bot_targets.py``, ``tuning/bots.py``): the
heuristic's personality weights (``bots/personalities.py``) as a bot tuning reads,
checks and sets them. A trial's weights reach its bots as a personality name carrying
them (``balanced{attack=1.25,margin=0}``), so every trial is an ordinary run."""

from __future__ import annotations

from typing import Any


def names(faction: str) -> list[str]:
    """The named personalities of ``faction``, sorted."""
    from cryhavoc_sim.games.cryhavoc.bots.personalities import personality_names

    return personality_names(faction)


def weight_problem(key: str, value: Any) -> str | None:
    """Why ``value`` cannot be the weight ``key`` (a sentence's end), or None."""
    from cryhavoc_sim.games.cryhavoc.bots.personalities import weight_problem as problem

    return problem(key, value)


def whole(key: str) -> bool:
    """Whether the weight ``key`` is a whole number."""
    from cryhavoc_sim.games.cryhavoc.bots.personalities import INT_WEIGHTS

    return key in INT_WEIGHTS


def weighted(base: str, weights: dict[str, float]) -> str:
    """The personality name of ``base`` with ``weights`` set over it."""
    from cryhavoc_sim.games.cryhavoc.bots.personalities import weighted as name

    return name(base, weights)


def changed(faction: str, bot: str, base: str, keys: list[str]) -> dict[str, Any]:
    """Each weight among ``keys`` that the personality ``bot`` plays for ``faction`` sets
    otherwise than ``base``, with its value."""
    from cryhavoc_sim.games.cryhavoc.bots.personalities import personality, personality_of
    from cryhavoc_sim.games.cryhavoc.rules import RULES

    spec = RULES.bot_spec(bot, faction)
    p = personality_of(faction, spec.personality or "balanced", spec.weights)
    was = personality(faction, base)
    return {w: getattr(p, w) for w in keys if getattr(p, w) != getattr(was, w)}
