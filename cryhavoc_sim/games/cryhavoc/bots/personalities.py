"""Bot personalities: weights as data (``bots/data/personalities.toml``), per faction."""

from __future__ import annotations

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


@cache
def personality(faction: str, name: str = "balanced") -> Personality:
    raw = _raw()
    table = raw.get(faction, {})
    if name not in table:
        allowed = ", ".join(personality_names(faction)) or "none"
        raise ScenarioError(f"bot personality {name!r} unknown for {faction}; allowed: {allowed}.")
    values = {**raw["default"], **table[name]}
    ints = {f.name for f in fields(Personality) if f.type in (int, "int")}
    args: dict[str, Any] = {k: int(v) if k in ints else float(v) for k, v in values.items()}
    return Personality(name=name, **args)
