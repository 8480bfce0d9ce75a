"""Bot personalities: weights as data (``bots/data/personalities.toml``), per faction.

A personality name may carry its own weights over a named one,
``balanced{attack=1.25,margin=0}``: how a tuning trial's weights reach the bots of an
ordinary run (parallel, resumable, recorded in the manifest and in every seat's row)
without writing package data while it runs. :func:`weighted` writes such a name.
"""

from __future__ import annotations

import math
import re
import tomllib
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any

from cryhavoc_sim.errors import ScenarioError


@dataclass(frozen=True, slots=True)
class Personality:
    name: str
    attack: float
    expand: float
    crystal: float
    margin: int
    recruit: float
    build: float
    draw: float
    score_lead: int
    keep: int
    buy_back: int
    fight: int
    guard: int
    token_risk: float
    hunt: float
    feed: float
    patience: float


@cache
def _raw() -> dict[str, Any]:
    text = (resources.files("cryhavoc_sim.games.cryhavoc.bots") / "data" / "personalities.toml").read_text()
    return tomllib.loads(text)


def personality_names(faction: str) -> list[str]:
    return sorted(_raw().get(faction, {}))


WEIGHTS = tuple(f.name for f in fields(Personality) if f.name != "name")
INT_WEIGHTS = frozenset(f.name for f in fields(Personality) if f.type in (int, "int"))
MAX_WEIGHT = 10.0  # every weight is a non-negative number at most this (token_risk at most 1)
_INLINE = re.compile(r"([a-z_]+)\{(.*)\}", re.DOTALL)
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def weight_problem(key: str, value: Any) -> str | None:
    """Why ``value`` cannot be the weight ``key`` (a sentence's end), or None."""
    if key not in WEIGHTS:
        return f"sets {key!r}, which is not a weight; allowed: {', '.join(WEIGHTS)}"
    top = 1.0 if key == "token_risk" else MAX_WEIGHT
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return f"sets {key} to {value!r}; allowed: a number from 0 to {top:g}"
    if key in INT_WEIGHTS and value != int(value):
        return f"sets {key} to {value!r}; allowed: a whole number from 0 to {top:g}"
    if not 0 <= value <= top:
        return f"sets {key} to {value!r}; allowed: from 0 to {top:g}"
    return None


def weighted(base: str, weights: dict[str, float]) -> str:
    """The personality name of ``base`` with ``weights`` set over it (keys sorted)."""
    inner = ",".join(f"{k}={_text(weights[k], k in INT_WEIGHTS)}" for k in sorted(weights))
    return f"{base}{{{inner}}}"


def _text(value: float, whole: bool) -> str:
    return str(int(value)) if whole else repr(float(value))


def parse_personality(name: str) -> tuple[str, tuple[tuple[str, float], ...]]:
    """(named personality, weights sorted by name) of ``base`` or ``base{k=v,...}``; a
    ScenarioError if malformed."""
    if "{" not in name:
        return name, ()
    m = _INLINE.fullmatch(name)
    if m is None:
        raise ScenarioError(
            f"bot personality {name!r} is malformed; allowed: <personality>{{<weight>=<number>,...}}"
        )
    base, body = m.groups()
    weights: dict[str, float] = {}
    for part in body.split(",") if body else []:
        key, eq, text = part.partition("=")
        if not eq or not _NUMBER.fullmatch(text.strip()):
            raise ScenarioError(f"bot personality {name!r}: {part!r} is not <weight>=<number>.")
        key, value = key.strip(), float(text)
        problem = weight_problem(key, value) or (f"sets {key} twice" if key in weights else None)
        if problem:
            raise ScenarioError(f"bot personality {name!r} {problem}.")
        weights[key] = value
    return base, tuple(sorted(weights.items()))


@cache
def personality(faction: str, name: str = "balanced") -> Personality:
    """The personality ``name`` (``base`` or ``base{k=v,...}``) of ``faction``."""
    base, weights = parse_personality(name)
    return personality_of(faction, base, weights)


@cache
def personality_of(faction: str, base: str, weights: tuple[tuple[str, float], ...] = ()) -> Personality:
    """``faction``'s personality ``base`` with ``weights`` (sorted by name) set over it;
    a ScenarioError naming the allowed personalities when ``base`` is not one."""
    raw = _raw()
    table = raw.get(faction, {})
    if base not in table:
        allowed = ", ".join(personality_names(faction)) or "none"
        raise ScenarioError(f"bot personality {base!r} unknown for {faction}; allowed: {allowed}.")
    values = {**raw["default"], **table[base], **dict(weights)}
    args: dict[str, Any] = {k: int(v) if k in INT_WEIGHTS else float(v) for k, v in values.items()}
    return Personality(name=weighted(base, dict(weights)) if weights else base, **args)
