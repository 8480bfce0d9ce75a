"""A game's own columns (schema version 6): each game's runs hold the shared columns and
the columns it declares (``GameSpec.columns``), never another game's filled with nulls;
a run written before version 6 (every game's columns, null where its game has none) reads
as its game writes now; a game that writes an undeclared column, or declares a column
that is not a new typed one, is refused."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from cryhavoc_sim.api import simulate
from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.spec import Column
from cryhavoc_sim.runner.play import Rows
from cryhavoc_sim.storage.reader import Run
from cryhavoc_sim.storage.schema import TABLES, tables, tables_of

CRY_HAVOC_ONLY = {"board_side", "experience", "difficulty", "prisoners_held"}


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("columns")
    shipped = {"cryhavoc": "quick", "cavetroll": "cave_troll_3p", "warcry": "warcry_eight_decks"}
    for game, scenario in shipped.items():
        simulate(scenario, n_games=3, workers=1, out=out / game)
    return {game: out / game for game in shipped}


def test_each_game_writes_the_shared_columns_and_its_own_only(runs: dict[str, Path]) -> None:
    for game, path in runs.items():
        declared = {(c.table, c.name) for c in get_game(game).columns}
        for table in ("games", "seats", "events"):
            (shard,) = sorted((path / table).glob("*.parquet"))
            written = pl.read_parquet(shard).schema
            assert written == pl.Schema(tables_of(game)[table]), (game, table)
            own = [c for c in written if c not in TABLES[table]]
            assert {(table, c) for c in own} <= declared, (game, table, own)
    cave_troll = set(pl.read_parquet(next((runs["cavetroll"] / "seats").glob("*.parquet"))).columns)
    assert "regions_controlled" in cave_troll and not CRY_HAVOC_ONLY & cave_troll
    warcry = pl.read_parquet(next((runs["warcry"] / "games").glob("*.parquet"))).columns
    assert not CRY_HAVOC_ONLY & set(warcry)


def test_a_run_written_before_version_6_reads_as_its_game_writes_now(
    runs: dict[str, Path], tmp_path: Path
) -> None:
    """Schema version 5 wrote Cry Havoc's columns into every game's tables, null for the
    others: the reader leaves them out of a Cave Troll run, and keeps every value."""
    path = runs["cavetroll"]
    manifest = {"run_id": "old", "game": "cavetroll"}
    now = {t: Run(path, manifest).scan(t).collect() for t in ("games", "seats")}
    old_dir = tmp_path / "old"
    nulls = {
        "games": {"board_side": pl.String, "experience": pl.String, "difficulty": pl.Int8},
        "seats": {"prisoners_held": pl.Int8},
    }
    for table, extra in nulls.items():
        (old_dir / table).mkdir(parents=True)
        frame = pl.read_parquet(next((path / table).glob("*.parquet")))
        frame.with_columns(pl.lit(None, d).alias(c) for c, d in extra.items()).write_parquet(
            old_dir / table / "chunk-0000000000.parquet"
        )
    for table, frame in now.items():
        read = Run(old_dir, manifest).scan(table).collect()
        assert read.schema == frame.schema and read.equals(frame), table


def test_a_row_naming_an_undeclared_column_or_leaving_one_out_is_refused() -> None:
    from cryhavoc_sim.runner.play import _append

    seats = Rows(get_game("cavetroll")).tables["seats"]
    row = {c: None for c in seats if c not in ("run_id", "player")}
    _append("seats", seats, row)
    with pytest.raises(
        ValueError, match="a seats row names columns its game does not declare: prisoners_held"
    ):
        _append("seats", seats, {**row, "prisoners_held": 0})
    with pytest.raises(ValueError, match="a seats row leaves out the columns regions_controlled"):
        _append("seats", seats, {c: v for c, v in row.items() if c != "regions_controlled"})
    assert {len(values) for values in seats.values()} == {1, 0}  # a refused row appends nothing


@pytest.mark.parametrize(
    ("column", "why"),
    [
        (Column("seats", "faction", "String", "again"), "is a new one"),
        (Column("events", "mine", "String", "elsewhere"), "is a new one"),
        (Column("seats", "mine", "Int99", "untyped"), "not a polars type"),
        (Column("seats", "mine", "col", "a function"), "not a polars type"),
    ],
)
def test_a_declared_column_is_a_new_typed_column_of_games_or_seats(column: Column, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        tables((column,))
