"""Saving a game at any decision point and rebuilding it: a saved game is its content's
identity, its setup, its rule knobs, its seed and the answers given so far (an
action-sequence record, as OpenSpiel's playthroughs); loading replays the answers from
the start. A change to the rules shows as a different game; a change to how bots draw
their random numbers does not touch a saved game."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet
from cryhavoc_sim.games.cryhavoc.engine.game import RULES_VERSION, Game, GameSetup
from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game
from cryhavoc_sim.games.cryhavoc.engine.rules import Rules
from cryhavoc_sim.rng import stream

FORMAT = 1


def to_record(g: Game) -> dict[str, Any]:
    """The game as a JSON-ready record."""
    if g.seed is None:
        raise ValueError("only a game made with seed=... (its stream is stream(seed, 'game')) can be saved")
    setup = asdict(g.setup_spec)
    return {
        "format": FORMAT,
        "rules_version": RULES_VERSION,
        "content": g.content.content_id,
        "setup": {k: (list(v) if isinstance(v, tuple) else v) for k, v in setup.items()},
        "rules": g.rules.as_mapping(),
        "record_events": g.record,
        "seed": g.seed,
        "answers": [list(a) if isinstance(a, tuple) else a for a in g.history],
    }


def save(g: Game) -> bytes:
    """The game at its current decision point, as bytes (JSON)."""
    return json.dumps(to_record(g), separators=(",", ":")).encode()


def from_record(content: ContentSet, record: dict[str, Any]) -> Game:
    """Rebuild a game from :func:`to_record`'s record: set it up, replay the answers."""
    if record.get("format") != FORMAT:
        raise ValueError(f"not a saved game of format {FORMAT}")
    if record["content"] != content.content_id:
        raise ValueError(f"the game was saved with content {record['content']}, not {content.content_id}")
    if record["rules_version"] != RULES_VERSION:
        raise ValueError(
            f"the game was saved under {record['rules_version']}; this engine plays {RULES_VERSION}"
        )
    raw = dict(record["setup"])
    for key in ("factions", "initiative"):
        if raw.get(key) is not None:
            raw[key] = tuple(raw[key])
    g = new_game(
        content,
        GameSetup(**raw),
        stream(record["seed"], "game"),
        Rules.from_mapping(record["rules"]),
        record["record_events"],
        seed=record["seed"],
    )
    g.start()
    for answer in record["answers"]:
        g.apply(tuple(answer) if isinstance(answer, list) else answer)
    return g


def load(content: ContentSet, data: bytes) -> Game:
    """The game :func:`save` wrote, at the same decision point."""
    return from_record(content, json.loads(data))
