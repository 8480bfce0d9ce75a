"""What a run's tables must agree with in its manifest, checked by every reader
(storage/reader.py's ``load_run``): every row carries the manifest's ``run_id``; game ids
are unique and each lies in a chunk of the ledger; the games and errors tables hold as
many rows as the ledger counts; and a run whose manifest says "complete" has a ledger
covering every planned game, chunk after chunk. A shard of another run whose hash was
copied into the ledger, a ledger entry copied under another start, or a manifest edited
to "complete" over half a run is one sentence, never a table read as this run's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.storage.ledger import ledger
from cryhavoc_sim.storage.schema import TABLES

ADVICE = "the run directory was changed by hand: restore it, or play the run again."


def verify_tables(path: Path, manifest: dict[str, Any], scan: Any) -> None:
    """One sentence when the tables ``scan(table)`` reads disagree with ``manifest``."""
    import polars as pl

    where = path / "manifest.json"
    run_id = manifest.get("run_id")
    entries = ledger(manifest)
    if entries is not None:
        _check_ledger(where, manifest, entries)
    try:
        games = scan("games").select("run_id", "game_id").collect()
        for table in [t for t, columns in TABLES.items() if "run_id" in columns]:
            ids = scan(table).select(pl.col("run_id").drop_nulls().unique()).collect()["run_id"].to_list()
            others = sorted(str(i) for i in ids if i != run_id)
            if others:
                raise UserError(
                    f"{path}: its {table} table holds rows of run {others[0][:40]!r}, not of this"
                    f" run ({str(run_id)[:40]!r}); {ADVICE}"
                )
        errors = scan("errors").select("game_id").collect()
    except pl.exceptions.PolarsError:
        return  # an unreadable table is said where it is read
    if games["game_id"].is_duplicated().any():
        twice = games.filter(pl.col("game_id").is_duplicated())["game_id"].min()
        raise UserError(f"{path}: its games table holds game {twice} more than once; {ADVICE}")
    if entries is None:
        return
    listed_games = sum(
        int(e.get("games", e["stop"] - s - int(e.get("errors", 0)))) for s, e in entries.items()
    )
    listed_errors = sum(int(e.get("errors", 0)) for e in entries.values())
    if games.height != listed_games or errors.height != listed_errors:
        raise UserError(
            f"{path}: its tables hold {games.height:,} games and {errors.height:,} errors where its"
            f" ledger lists {listed_games:,} and {listed_errors:,}; {ADVICE}"
        )
    ranges = pl.DataFrame(
        {"start": sorted(entries), "stop": [entries[s]["stop"] for s in sorted(entries)]},
        schema={"start": pl.Int64, "stop": pl.Int64},
    )
    played = pl.concat([games.select("game_id"), errors.select("game_id")]).sort("game_id")
    placed = played.join_asof(ranges, left_on="game_id", right_on="start")
    outside = placed.filter(pl.col("start").is_null() | (pl.col("game_id") >= pl.col("stop")))
    if outside.height:
        raise UserError(f"{path}: game {outside['game_id'][0]} lies in no chunk of its ledger; {ADVICE}")


def _check_ledger(where: Path, manifest: dict[str, Any], entries: dict[int, dict[str, Any]]) -> None:
    """Chunks that do not overlap, counts that fit them, and a "complete" status only
    over a ledger that covers every planned game."""
    chunks = manifest.get("chunks")
    if isinstance(chunks, dict) and len(chunks) != len(entries):
        raise UserError(f"{where}: lists a chunk twice (under two spellings of its start); {ADVICE}")
    edge = 0
    for start in sorted(entries):
        entry = entries[start]
        stop, games, errors = entry["stop"], entry.get("games", 0), entry.get("errors", 0)
        if (
            start < edge
            or stop <= start
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in (games, errors))
            or games + errors > stop - start
        ):
            raise UserError(
                f"{where}: chunk {start} overlaps another or counts more games than it holds; {ADVICE}"
            )
        edge = stop
    if manifest.get("status") != "complete":
        return
    planned = manifest.get("games_planned")
    # chunks that do not overlap and end at the planned count cover it whole when their
    # sizes add up to it
    if edge != planned or _covered(entries) != planned:
        raise UserError(
            f"{where}: says the run is complete, but its ledger covers {_covered(entries):,} of its"
            f" {planned if isinstance(planned, int) else 0:,} planned games; {ADVICE}"
        )


def _covered(entries: dict[int, dict[str, Any]]) -> int:
    return sum(e["stop"] - s for s, e in entries.items())
