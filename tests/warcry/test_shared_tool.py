"""WarCry through the rest of the shared tool, small numbers: compare, baseline and
check, balance, sweep, the notebook API (``simulate``, ``load_run``, ``sweep``) and the
Dask executor (the same tables as the local pool)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
from typer.testing import CliRunner

from cryhavoc_sim import cli, load_run, simulate
from cryhavoc_sim import sweep as notebook_sweep

DECKS = ("Chaos", "Dwarf", "Empire", "Orc")
SCENARIO = """[scenario]
name = "wc"
game = "warcry"
games = 16
seed = 3
decks = ["Chaos", "Dwarf", "Empire", "Orc"]

[bots]
default = "heuristic"
"""
DESIGN = """[sweep]
name = "wc_tp"
scenario = "{scenario}"
method = "grid"
games = 16
seed = 4

[factors]
"rules.tp_refresh" = ["combat", "chain"]
"""


def invoke(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli.app, list(args))
    assert result.exit_code == code, (result.output, result.exception)
    return result.output


def _scenario(tmp_path: Path) -> Path:
    path = tmp_path / "wc.toml"
    path.write_text(SCENARIO)
    return path


def _tables(run: Path) -> dict[str, pl.DataFrame]:
    return {
        t: pl.read_parquet(run / t / "*.parquet").drop("run_id", strict=False).sort(pl.all())
        for t in ("games", "seats", "events")
    }


def test_compare_baseline_and_check(tmp_path: Path) -> None:
    path = _scenario(tmp_path)
    invoke("run", str(path), "-o", str(tmp_path / "a"), "-q", "-j", "1")
    invoke("run", str(path), "-o", str(tmp_path / "b"), "-q", "-j", "1", "--seed", "4")
    out = invoke("compare", str(tmp_path / "a"), str(tmp_path / "b"))
    assert "By starting seat" in out and all(f"| {d} | 1 |" in out for d in DECKS)
    invoke("baseline", str(tmp_path / "a"), "-o", str(tmp_path / "base.json"))
    out = invoke("check", str(tmp_path / "a"), "--baseline", str(tmp_path / "base.json"))
    assert "No faction moved." in out  # a run against its own baseline
    out = invoke(
        "check", str(tmp_path / "b"), "--baseline", str(tmp_path / "base.json"), "--tolerance", "0.5"
    )
    assert "No faction moved." in out


def test_balance_at_two_rungs(tmp_path: Path) -> None:
    path = _scenario(tmp_path)
    args = ("--rungs", "heuristic:cautious,heuristic", "-n", "16", "-j", "1", "-q")
    out = invoke("balance", str(path), *args, "-o", str(tmp_path / "bal"))
    assert "Balance study of 2 rungs complete" in out
    assert all(f"  {d}: " in out for d in DECKS)
    assert (tmp_path / "bal" / "report" / "report.html").is_file()


def test_sweep_of_the_tactic_point_knob_from_the_cli_and_the_notebook(tmp_path: Path) -> None:
    design = tmp_path / "wc_tp.toml"
    design.write_text(DESIGN.format(scenario=_scenario(tmp_path)))
    out = invoke("sweep", str(design), "-j", "1", "-q", "-o", str(tmp_path / "sw"))
    assert "Sweep of 2 cells x 16 games complete" in out and "rules.tp_refresh" in out
    found = notebook_sweep(design, out=tmp_path / "sw2")
    assert set(found.results["side"]) == set(DECKS)
    cli_results = pl.read_parquet(tmp_path / "sw" / "results.parquet").drop("run_id", strict=False)
    assert cli_results.sort(pl.all()).equals(found.results.drop("run_id", strict=False).sort(pl.all()))


def test_the_notebook_and_dask_play_the_cli_s_games(tmp_path: Path) -> None:
    path = _scenario(tmp_path)
    invoke("run", str(path), "-o", str(tmp_path / "cli"), "-q", "-j", "1")
    invoke("run", str(path), "-o", str(tmp_path / "dask"), "-q", "--executor", "dask", "-j", "2")
    run = simulate(path, out=tmp_path / "nb")
    assert run.seats.collect().height == 32 and set(run.seats.collect()["faction"]) == set(DECKS)
    cli_tables = _tables(tmp_path / "cli")
    for other in ("dask", "nb"):
        tables = _tables(tmp_path / other)
        assert all(cli_tables[t].equals(tables[t]) for t in cli_tables), other
    loaded = load_run(tmp_path / "nb")
    assert loaded.events.filter(pl.col("kind") == "game_won").collect().height == 16
