"""The chunk plan: how a scenario's games are cut into chunks (one task and one shard
per table each), the same at any worker count, and the hash that identifies a run's data
(scenario text, games, seed, stopping rule)."""

from __future__ import annotations

import hashlib
import json
import math
from typing import Any

from cryhavoc_sim.runner.precision import Rule
from cryhavoc_sim.runner.scenario import Scenario


def chunk_size(games: int) -> int:
    """The largest chunk (one task, one shard per table). It depends on the number of
    games only, so shards are the same for any -j. Four chunks at least, 500 games at
    most: larger shards cost fewer Parquet bytes a game (zstd learns more per file) and
    scan faster (figures: docs/measured.md, "Figures behind the code's smaller choices")."""
    return max(10, min(500, math.ceil(games / 4)))


# How the chunk plan ends; the manifest records it so --resume replans the same chunks.
CHUNK_PLAN = "halving-tail"


def plan_chunks(scenario: Scenario, size: int | None = None, plan: str = CHUNK_PLAN) -> list[tuple[int, int]]:
    """(start, stop) of every chunk. "halving-tail": full chunks while more than two are
    left, then each chunk half of what is left (not under an eighth of a full one), so
    the workers finish together instead of one waiting on the other's last full chunk
    (what equal chunks cost: docs/measured.md). "fixed":
    equal chunks (runs begun before the halving tail)."""
    size = size or chunk_size(scenario.games)
    games = scenario.games
    if plan == "fixed":
        return [(s, min(s + size, games)) for s in range(0, games, size)]
    smallest = max(10, size // 8)
    out: list[tuple[int, int]] = []
    start = 0
    while start < games:
        left = games - start
        n = min(size, max(smallest, math.ceil(left / 2)))
        if left - n < smallest:
            n = left
        out.append((start, start + n))
        start += n
    return out


def config_hash(scenario: Scenario, rule: Rule | None = None) -> str:
    """What identifies a run's data: the scenario's text, games and seed (and the stopping
    rule of a precision run)."""
    parts: list[Any] = [scenario.text, scenario.games, scenario.seed]
    if rule is not None:
        parts.append(rule.describe())
    key = json.dumps(parts, sort_keys=True)
    return hashlib.sha256(key.encode()).hexdigest()[:16]
