"""Shard writing: column lists to frames, frames to a Parquet file, atomically
(temporary name, then rename)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.storage.schema import SAME_AS

if TYPE_CHECKING:
    import polars as pl


def shard_name(start: int) -> str:
    return f"chunk-{start:010d}.parquet"


def to_frame(
    table: str, schema: dict[str, Any], columns: dict[str, list[Any]], run_id: str | None = None
) -> pl.DataFrame:
    """The column lists of ``table`` as a frame with its ``schema``'s dtypes (the contract's
    shared columns and the game's own: storage/schema.py ``tables``). A column left
    empty while the table has rows is filled in polars, not from Python lists: ``run_id``
    with ``run_id``, and ``player`` / ``other_player`` as their side's column
    (:data:`~cryhavoc_sim.storage.schema.SAME_AS`: a game whose players are its sides)."""
    import polars as pl

    n = len(columns["game_id"])
    given = {name: dtype for name, dtype in schema.items() if len(columns[name]) == n or not n}
    frame = pl.DataFrame({name: columns[name] for name in given}, schema=given)
    if len(given) == len(schema):
        return frame
    derived = []
    for name, dtype in schema.items():
        if name in given:
            continue
        if name == "run_id":
            derived.append(pl.lit(run_id, dtype).alias(name))
        elif name in SAME_AS:
            derived.append(pl.col(SAME_AS[name]).alias(name))
        else:
            raise ValueError(f"{table}.{name}: {len(columns[name])} values for {n} rows")
    return frame.with_columns(derived).select(list(schema))


def pandas_metadata(schema: Any) -> str:
    """The ``pandas`` schema metadata pyarrow reads to rebuild a DataFrame: integer
    columns as pandas' nullable integers (``Int8``...), so ``pd.read_parquet`` keeps
    counts, seats and amounts integers where a column holds nulls, instead of floats."""
    import json

    import polars as pl

    columns = []
    for name, dtype in schema.items():
        if dtype.is_integer():
            kind = str(dtype).lower()  # int8, uint64, ...
            pandas, numpy = kind, ("U" + kind[1:].capitalize() if kind.startswith("u") else kind.capitalize())
        elif dtype.is_float():
            pandas = numpy = str(dtype).lower()
        elif dtype == pl.Boolean:
            pandas, numpy = "bool", "boolean"
        elif dtype == pl.String:
            pandas, numpy = "unicode", "object"
        else:
            pandas, numpy = "object", "object"
        columns.append(
            {"name": name, "field_name": name, "pandas_type": pandas, "numpy_type": numpy, "metadata": None}
        )
    return json.dumps(
        {
            "index_columns": [],
            "column_indexes": [],
            "columns": columns,
            "creator": {"library": "cryhavoc-sim", "version": "1"},
            "pandas_version": "2.0.0",
        },
        separators=(",", ":"),
    )


def arrow_schema(schema: Any) -> Any:
    """The frame's Arrow schema with :func:`pandas_metadata` attached: polars writes
    file-level key-values, but pandas reads the schema's own metadata (nanoarrow, the
    Arrow project's small C-interface library, carries it)."""
    import nanoarrow as na

    return na.Schema(na.Schema(schema), metadata={"pandas": pandas_metadata(schema)})


def write_shard(
    run_dir: Path, table: str, start: int, frames: list[pl.DataFrame], metadata: dict[str, str] | None = None
) -> Path:
    """Write one table's rows for the chunk starting at game ``start``; ``metadata``:
    key-value pairs in the file's footer (run id, game, scenario, content id, rules
    version), so a shard copied out of its run still says where it came from."""
    import polars as pl

    # No rechunk: the row groups below slice the batches without a second copy in memory.
    frame = pl.concat(frames, rechunk=False) if len(frames) > 1 else frames[0]
    folder = run_dir / table
    if folder.is_symlink() or (folder / shard_name(start)).is_symlink():
        raise OSError(f"{folder}: a symbolic link where a shard goes; the tool never writes through a link")
    folder.mkdir(parents=True, exist_ok=True)
    final = folder / shard_name(start)
    tmp = folder / f".{final.name}.{os.getpid()}.tmp"
    if tmp.is_symlink():
        tmp.unlink()  # a planted link: removing it touches nothing else
    os.close(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644))
    # Row groups of 120,000 rows: the size that kept the file smallest across shard sizes
    # (docs/measured.md, "Figures behind the code's smaller choices").
    try:
        frame.write_parquet(
            tmp,
            compression="zstd",
            compression_level=9,
            statistics=False,
            row_group_size=120_000,
            metadata={"cryhavoc_sim.table": table, **(metadata or {})},
            arrow_schema=arrow_schema(frame.schema),
        )
        os.replace(tmp, final)
    except BaseException:
        tmp.unlink(missing_ok=True)  # a full disk leaves no half-written file behind
        raise
    return final
