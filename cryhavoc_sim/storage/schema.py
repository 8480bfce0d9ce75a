"""The Parquet schemas of a run directory (shared/OUTPUT_CONTRACT.md), declared once.

Writers build frames with these dtypes; readers scan with them, so drift fails loudly.
"""

from __future__ import annotations

from typing import Any

import polars as pl

# 2: seats.player, seats.run_id, events.player, events.other_player, events.run_id.
SCHEMA_VERSION = 2

GAMES: dict[str, Any] = {
    "run_id": pl.String,
    "game_id": pl.Int64,
    "seed": pl.UInt64,
    "scenario": pl.String,
    "variant": pl.String,
    "game": pl.String,
    "mode": pl.String,
    "n_players": pl.Int8,
    "board_side": pl.String,
    "experience": pl.String,
    "content_id": pl.String,
    "rules_version": pl.String,
    "rounds_played": pl.Int8,
    "ended_by": pl.String,
    "winner": pl.String,
    "lineup": pl.String,
    "difficulty": pl.Int8,  # solo mode only
}

# Columns added after schema version 1 are at the end of each table; runs written
# before them read them as the contract says (storage/reader.py): ``run_id`` from the
# manifest, ``player`` as ``faction``, ``other_player`` as ``other_faction``.
SEATS: dict[str, Any] = {
    "game_id": pl.Int64,
    "faction": pl.String,
    "seat": pl.Int8,
    "bot": pl.String,
    "is_npc": pl.Boolean,
    "final_vp": pl.Int16,
    "rank": pl.Int8,
    "won": pl.Boolean,
    "prisoners_held": pl.Int8,
    "regions_controlled": pl.Int8,
    "player": pl.String,  # unique within a game; the side is ``faction``
    "run_id": pl.String,
}

EVENTS: dict[str, Any] = {
    "game_id": pl.Int64,
    "seq": pl.Int32,
    "round": pl.Int8,
    "phase": pl.String,
    "faction": pl.String,
    "kind": pl.String,
    "region": pl.String,
    "other_faction": pl.String,
    "amount": pl.Int16,
    "detail": pl.String,
    "player": pl.String,
    "other_player": pl.String,
    "run_id": pl.String,
}

# A game whose players are its sides (Cry Havoc) leaves these empty; they are filled
# from the side's column (storage/writer.py, and storage/reader.py for old runs).
SAME_AS = {"player": "faction", "other_player": "other_faction"}

# The columns a game fills for each event, in order (the runner adds game_id, run_id).
EVENT_COLUMNS = tuple(c for c in EVENTS if c not in ("game_id", "run_id"))

ERRORS: dict[str, Any] = {
    "game_id": pl.Int64,
    "seed": pl.UInt64,
    "error": pl.String,
    "traceback": pl.String,
}

TABLES: dict[str, dict[str, Any]] = {
    "games": GAMES,
    "seats": SEATS,
    "events": EVENTS,
    "errors": ERRORS,
}
