"""Reading a run directory: lazy frames with the declared schemas, and the manifest."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.storage.schema import TABLES


@dataclass
class Run:
    """A finished (or partial) run: ``games``, ``seats``, ``events`` as polars LazyFrames."""

    path: Path
    manifest: dict[str, Any]

    def scan(self, table: str) -> Any:
        import polars as pl

        files = sorted((self.path / table).glob("*.parquet"))
        if not files:
            return pl.LazyFrame(schema=TABLES[table])
        # Runs written before a column was added read it as null.
        return pl.scan_parquet(files, schema=TABLES[table], missing_columns="insert")

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
    path = run_dir / "manifest.json"
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(f"{run_dir}: not a run directory (no manifest.json).") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise UserError(f"{path}: manifest is unreadable or corrupt ({exc}).") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: manifest must be a JSON object.")
    return data


def load_run(run_dir: str | Path) -> Run:
    """Open a run directory written by ``cryhavoc-sim run``."""
    path = Path(run_dir)
    return Run(path, read_manifest(path))
