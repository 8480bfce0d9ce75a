"""Shard writing: column lists to a Parquet file, atomically (temporary name, then rename)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from cryhavoc_sim.storage.schema import TABLES


def shard_name(start: int) -> str:
    return f"chunk-{start:010d}.parquet"


def write_shard(run_dir: Path, table: str, start: int, columns: dict[str, list[Any]]) -> Path:
    """Write one table's rows for the chunk starting at game ``start``."""
    import polars as pl

    schema = TABLES[table]
    frame = pl.DataFrame({name: columns[name] for name in schema}, schema=schema)
    folder = run_dir / table
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / shard_name(start)
    tmp = folder / f".{final.name}.{os.getpid()}.tmp"
    frame.write_parquet(tmp, compression="zstd", compression_level=9, statistics=False)
    os.replace(tmp, final)
    return final
