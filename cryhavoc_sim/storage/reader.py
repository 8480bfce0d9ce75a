"""Reading a run directory: lazy frames with the declared schemas, and the manifest."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.inputs import MANIFEST_LIMIT, read_text
from cryhavoc_sim.storage.schema import DEFAULT_POLICY, tables_of


@dataclass
class Run:
    """A finished (or partial) run: ``games``, ``seats``, ``events`` as polars LazyFrames."""

    path: Path
    manifest: dict[str, Any]

    def scan(self, table: str) -> Any:
        """The table's shards that the manifest's ledger lists (every shard on disk for
        runs written before the ledger), lazily, with the declared schema."""
        import polars as pl

        from cryhavoc_sim.storage.ledger import listed_shards

        listed = listed_shards(self.path, self.manifest, table)
        files = listed if listed is not None else sorted((self.path / table).glob("*.parquet"))
        schema = tables_of(self.manifest.get("game"))[table]  # the shared columns and its game's
        if not files:
            return pl.LazyFrame(schema=schema)
        # Runs written before a column was added read it as null, except those the
        # contract defines for old runs: run_id from the manifest, player = faction,
        # policy = "default" (one bot line-up).
        # Struct fields added later (seats.decisions') read as null likewise. Runs written
        # before schema version 6 hold every game's columns, null where the game has none:
        # another game's columns are left out, as the run's game writes them now.
        frame = pl.scan_parquet(
            files,
            schema=schema,
            missing_columns="insert",
            extra_columns="ignore",
            cast_options=pl.ScanCastOptions(missing_struct_fields="insert"),
        )
        fills = []
        if "run_id" in schema and table != "games":
            fills.append(pl.col("run_id").fill_null(pl.lit(self.manifest.get("run_id"), pl.String)))
        if "player" in schema:
            fills.append(pl.coalesce("player", "faction").alias("player"))
        if "policy" in schema:
            fills.append(pl.col("policy").fill_null(pl.lit(DEFAULT_POLICY, pl.String)))
        if "other_player" in schema:
            fills.append(pl.coalesce("other_player", "other_faction").alias("other_player"))
        return frame.with_columns(fills) if fills else frame

    @property
    def games(self) -> Any:
        return self.scan("games")

    @property
    def seats(self) -> Any:
        return self.scan("seats")

    @property
    def events(self) -> Any:
        return self.scan("events")

    @property
    def errors(self) -> Any:
        return self.scan("errors")


def read_manifest(run_dir: Path) -> dict[str, Any]:
    """The run's manifest, or one sentence: missing, not a regular file (a FIFO would
    block the read), unreadable, or not JSON the tool writes (too deep, a number too long)."""
    path = run_dir / "manifest.json"
    if path.exists() and not path.is_file():
        raise UserError(f"{path}: is not a regular file; a run's manifest is one the tool wrote.")
    try:
        data = json.loads(read_text(path, MANIFEST_LIMIT))
    except FileNotFoundError:
        raise UserError(f"{run_dir}: not a run directory (no manifest.json).") from None
    except (OSError, ValueError, RecursionError) as exc:
        why = str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
        raise UserError(f"{path}: manifest is unreadable or corrupt ({why}).") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: manifest must be a JSON object.")
    return data


def load_run(run_dir: str | Path) -> Run:
    """Open a run directory written by ``cryhavoc-sim run``. A shard the manifest lists
    but the disk lacks is an error naming it: a table silently short of games would skew
    every figure read from it. So is a listed shard whose SHA-256 is not the one the run
    recorded when it wrote it (another run's shard copied in, a file changed by hand):
    a reader reads only what this run wrote."""
    from cryhavoc_sim.storage.ledger import changed_shards, missing_shards
    from cryhavoc_sim.storage.verify import verify_tables

    if not isinstance(run_dir, str | os.PathLike) or not str(run_dir):
        raise UserError(f"load_run needs a run directory's path; got {str(run_dir)[:60]!r}.")
    path = Path(run_dir)
    manifest = read_manifest(path)
    missing = missing_shards(path, manifest)
    if missing:
        raise UserError(
            f"{path}: {_named(missing)} listed in the manifest are missing, so its tables"
            " would be short of games; restore them, or play the run again."
        )
    changed = changed_shards(path, manifest)
    if changed:
        raise UserError(
            f"{path}: {_named(changed)} are not the shards this run wrote (their SHA-256"
            " differs from the manifest's); restore them, or play the run again."
        )
    run = Run(path, manifest)
    _check_game(run)
    verify_tables(path, manifest, run.scan)
    return run


def _check_game(run: Run) -> None:
    """One sentence when the manifest names another game than the one its scenario text
    and its tables are of (every figure and report section would be the wrong game's)."""
    import tomllib

    import polars as pl

    from cryhavoc_sim.games import DEFAULT_GAME, game_names

    where = run.path / "manifest.json"
    game = run.manifest.get("game", DEFAULT_GAME)
    if game not in game_names():
        shown = str(game)[:50]
        raise UserError(f"{where}: names the game {shown!r}; allowed: {', '.join(game_names())}.")
    text = run.manifest.get("scenario_text")
    if isinstance(text, str):
        try:
            head = tomllib.loads(text).get("scenario", {})
            played = head.get("game", DEFAULT_GAME) if isinstance(head, dict) else game
        except (tomllib.TOMLDecodeError, RecursionError):
            played = game  # an unreadable scenario text is refused where it is read
        if played != game:
            raise UserError(
                f"{where}: names the game {game!r}, but its scenario is of {str(played)[:50]!r};"
                " the manifest is not this run's: restore it, or play the run again."
            )
    try:
        found = run.games.select(pl.col("game").drop_nulls().unique()).collect()["game"].to_list()
    except pl.exceptions.PolarsError:
        return  # an unreadable table is said where it is read
    others = sorted(str(g) for g in found if g != game)
    if others:
        raise UserError(
            f"{where}: names the game {game!r}, but its games table holds games of"
            f" {', '.join(others[:3])}; the manifest is not this run's: restore it, or play the run again."
        )


def _named(shards: list[str]) -> str:
    """The first three shards by name, and how many more."""
    more = f" and {len(shards) - 3} more" if len(shards) > 3 else ""
    return f"{', '.join(shards[:3])}{more}"
