"""The Parquet schemas of a run directory (shared/OUTPUT_CONTRACT.md), declared once:
the columns every game fills, then the columns a game declares as its own
(``GameSpec.columns``: Cry Havoc's board side, experience, solo difficulty, Prisoners
held; Cry Havoc's and Cave Troll's Regions or rooms controlled), so that no game writes
a column it cannot fill.

Writers build frames with these dtypes; readers scan with them, so drift fails loudly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import polars as pl

# the policy of a scenario with one bot line-up, as a game's deal names it
from cryhavoc_sim.games.harness.deal import DEFAULT_POLICY as DEFAULT_POLICY

if TYPE_CHECKING:
    from cryhavoc_sim.games.spec import Column

# 2: seats.player, seats.run_id, events.player, events.other_player, events.run_id.
# 3: games.policy.
# 4: seats.win_line, seats.decisions.
# 5: seats.decisions' searched, gap_sum, over_1pt, over_5pt (read as null in older runs).
# 6: a game's own columns only in its own runs (games.board_side, experience, difficulty
#    and seats.prisoners_held are Cry Havoc's; seats.regions_controlled Cry Havoc's and
#    Cave Troll's); the shared columns as before. Older runs read as before.
SCHEMA_VERSION = 6

GAMES: dict[str, Any] = {
    "run_id": pl.String,
    "game_id": pl.Int64,
    "seed": pl.UInt64,
    "scenario": pl.String,
    "variant": pl.String,
    "game": pl.String,
    "mode": pl.String,
    "n_players": pl.Int8,
    "content_id": pl.String,
    "rules_version": pl.String,
    "rounds_played": pl.Int8,
    "ended_by": pl.String,
    "winner": pl.String,
    "lineup": pl.String,
    "policy": pl.String,  # the bot line-up; "default" when the scenario has one
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
    "player": pl.String,  # unique within a game; the side is ``faction``
    "run_id": pl.String,
    "win_line": pl.List(pl.Float32),  # games/winprob.py; null in runs written before it
    # games/decisions.py; null unless the scenario asked (decisions = true). Fields added
    # at the end of the struct are read as null in runs written before them.
    "decisions": pl.List(
        pl.Struct(
            {
                "kind": pl.String,
                "asked": pl.Int32,
                "choices": pl.Int32,
                "searched": pl.Int32,  # games/search/gaps.py, from schema version 5
                "gap_sum": pl.Float64,
                "over_1pt": pl.Int32,
                "over_5pt": pl.Int32,
            }
        )
    ),
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
# Columns the writer fills when the rows leave them empty: these, and run_id.
FILLED = ("run_id", *SAME_AS)

# The columns a game fills for each event, in order (the runner adds game_id, run_id).
EVENT_COLUMNS = tuple(c for c in EVENTS if c not in ("game_id", "run_id"))

ERRORS: dict[str, Any] = {
    "game_id": pl.Int64,
    "seed": pl.UInt64,
    "error": pl.String,
    "traceback": pl.String,
}

# The shared columns of each table: every game fills them (tables() adds a game's own).
TABLES: dict[str, dict[str, Any]] = {
    "games": GAMES,
    "seats": SEATS,
    "events": EVENTS,
    "errors": ERRORS,
}


# What each column means (docs/data.md is generated from this and the types above).
MEANINGS: dict[str, dict[str, str]] = {
    "games": {
        "run_id": "the run (several runs can be stacked)",
        "game_id": "0..N-1 within the run",
        "seed": "the game's own seed: replays the game alone (`cryhavoc-sim replay`)",
        "scenario": "scenario name",
        "variant": 'Cry Havoc: variant name ("base" when none); Cave Troll: the card set, "classic" or "variant"',
        "game": 'the registered game ("cryhavoc", "cavetroll" or "warcry")',
        "mode": '"standard" or "solo"',
        "n_players": "seats taken by players (non-player Trogs not counted)",
        "content_id": "the content set used, with its hash",
        "rules_version": "bumped whenever the game's behaviour changes",
        "rounds_played": "Rounds played (Cry Havoc 1..5; Cave Troll: turns / players, rounded up)",
        "ended_by": '"final_event", "five_rounds" (solo), "deck_out" (Cave Troll) or another named reason',
        "winner": "winning side; null where the mode defines no winner or (Cave Troll, ruling CT10) several players share the win, each `won` in seats",
        "lineup": "the sides in the game, sorted, comma-separated",
        "policy": 'the bot line-up (policy) that played the game: its name in the scenario\'s `policies`, "default" when it has none',
    },
    "seats": {
        "game_id": "the game",
        "faction": 'the side this player plays (Cry Havoc: humans, pilgrims, machines, trogs; Cave Troll: its turn-order seat, "seat 1" first)',
        "seat": "Initiative position at the start of the game (Cave Troll: turn order), 1-based",
        "bot": 'bot name and personality ("npc" for non-player Trogs, "automaton" in solo)',
        "is_npc": "true for the non-player Trogs of 2-3 player games and the solo automaton",
        "final_vp": "the game's final score (Cry Havoc: Victory Points; Cave Troll: gold)",
        "rank": "1 = winner, after tie-breaks",
        "won": "this player won",
        "player": "the player, unique within a game (Cry Havoc: the faction; Cave Troll: its colour)",
        "run_id": "the run",
        "win_line": "the player's win probability at the start of each checkpoint (Cry Havoc: Round; Cave Troll: round of turns; WarCry: Battle), first checkpoint first, from the game's win model; null for a non-player seat, a game without a model and runs written before it",
        "decisions": "with `decisions = true` in the scenario: per request kind (`kind`), the decisions this player was asked (`asked`) and how many had more than one legal answer (`choices`); of those, how many a search answered (`searched`), the sum of their value gaps, the search's value of its answer less that of the second best, in its leaf value's units, a win probability or the game's 0-to-1 evaluation (`gap_sum`: the mean gap is `gap_sum / searched`), and how many had a gap above 0.01 (`over_1pt`) and above 0.05 (`over_5pt`, decisions that matter); null otherwise (a seat never asked: an empty list; the search fields in runs written before them)",
    },
    "events": {
        "game_id": "the game",
        "seq": "order within the game, from 0",
        "round": "Cry Havoc 1..5, Cave Troll 1.. (0 for setup)",
        "phase": '"setup", "events", "draw", "actions", "battle", "prisoners", "scoring", "end"',
        "faction": "the actor's side, null for game-level events",
        "kind": "what happened (see the event kinds below)",
        "region": "region id, null where none",
        "other_faction": "the other party's side (defender, victim, prisoner owner), null where none",
        "amount": "the quantity the kind speaks of",
        "detail": "sub-kind or source, null where none",
        "player": "the actor (Cry Havoc: the faction)",
        "other_player": "the other party (Cry Havoc: other_faction)",
        "run_id": "the run",
    },
    "errors": {
        "game_id": "the game that raised",
        "seed": "its seed: replays the failure",
        "error": "the exception",
        "traceback": "where it was raised",
    },
}


def tables(columns: Sequence[Column] = ()) -> dict[str, dict[str, Any]]:
    """The tables of a run of a game declaring ``columns``: the shared columns, then the
    game's own, in the order it declares them."""
    out = {table: dict(schema) for table, schema in TABLES.items()}
    for column in columns:
        if column.table not in ("games", "seats") or column.name in out[column.table]:
            raise ValueError(
                f"{column.table}.{column.name}: a game's own column is a new one of games or seats"
            )
        dtype = getattr(pl, column.dtype, None)
        if not (isinstance(dtype, type) and issubclass(dtype, pl.DataType)):
            raise ValueError(f"{column.table}.{column.name}: {column.dtype!r} is not a polars type")
        out[column.table][column.name] = dtype
    return out


def tables_of(game: object) -> dict[str, dict[str, Any]]:
    """The tables of a run of the registered game named ``game`` (None: a run written
    before runs named their game, Cry Havoc's); the shared columns alone for a name no
    game is registered under (refused where the run is opened)."""
    from cryhavoc_sim.games import DEFAULT_GAME, game_names, get_game

    name = DEFAULT_GAME if game is None else game
    return tables(get_game(name).columns) if isinstance(name, str) and name in game_names() else tables()
