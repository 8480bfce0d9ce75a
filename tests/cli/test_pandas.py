"""Integers stay integers when a run is read with pandas' default reader (issue 17):
every integer column of the declared schema comes back as a pandas integer dtype, the
nullable ones with their nulls, never as floats; polars still reads the declared types."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import polars as pl

from cryhavoc_sim.api import simulate
from cryhavoc_sim.storage.schema import tables_of


def test_pandas_reads_integer_columns_as_integers(tmp_path: Path) -> None:
    simulate("solo_2", n_games=6, workers=1, out=tmp_path / "solo")  # difficulty set
    simulate("quick", n_games=6, workers=1, out=tmp_path / "four")  # difficulty null
    nulls = 0
    for run in ("solo", "four"):
        for table, schema in tables_of("cryhavoc").items():  # the shared columns and its own
            for shard in sorted((tmp_path / run / table).glob("*.parquet")):
                frame = pd.read_parquet(shard)
                for column, dtype in schema.items():
                    if dtype.is_integer():
                        assert pd.api.types.is_integer_dtype(frame[column]), (
                            table,
                            column,
                            frame[column].dtype,
                        )
                        nulls += int(frame[column].isna().sum())
                assert pl.read_parquet(shard).schema == pl.Schema(schema)
    assert nulls > 0  # nullable columns with nulls were among them
