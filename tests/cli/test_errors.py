"""A game that raises is kept in errors/ with its seed and traceback; the run goes on and
ends non-zero naming how many failed and how to replay one; --fail-fast stops at once."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

import cryhavoc_sim.games as registry
from cryhavoc_sim import cli
from cryhavoc_sim.games import get_game
from cryhavoc_sim.runner import chunk

SCENARIO = '[scenario]\nname = "err"\ngames = 30\nseed = 4\nplayers = 2\n'


@pytest.fixture
def broken(monkeypatch: pytest.MonkeyPatch) -> None:
    real = chunk.play_deal
    module = get_game("cryhavoc")
    real_deal = module.deal
    dealt: dict[int, int] = {}  # id(deal) -> its game

    def deal(setup, master_seed, game_id):  # type: ignore[no-untyped-def]
        d = real_deal(setup, master_seed, game_id)
        dealt[id(d)] = game_id
        return d

    def flaky(module, scenario, content, deal, record_events=True):  # type: ignore[no-untyped-def]
        if dealt[id(deal)] in (7, 21):
            raise RuntimeError(f"boom in game {dealt[id(deal)]}")
        return real(module, scenario, content, deal, record_events)

    monkeypatch.setitem(registry._LOADED, "cryhavoc", replace(module, deal=deal))
    monkeypatch.setattr(chunk, "play_deal", flaky)


def test_failed_games_are_kept_and_the_run_goes_on(tmp_path: Path, broken: None) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO)
    out = tmp_path / "run"
    result = CliRunner().invoke(cli.app, ["run", str(path), "-o", str(out), "-q"])
    assert result.exit_code == 1
    assert "2 game(s) raised" in result.output and f"cryhavoc-sim replay {out} 7" in result.output
    errors = pl.read_parquet(out / "errors" / "*.parquet").sort("game_id")
    assert errors["game_id"].to_list() == [7, 21] and "boom in game 7" in errors["traceback"][0]
    assert pl.read_parquet(out / "games" / "*.parquet").height == 28
    manifest = json.loads((out / "manifest.json").read_text())
    assert (manifest["errors"], manifest["games_done"], manifest["games_attempted"]) == (2, 28, 30)
    assert manifest["status"] == "complete"


def test_fail_fast_stops_at_the_first(tmp_path: Path, broken: None) -> None:
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO)
    out = tmp_path / "run"
    result = CliRunner().invoke(cli.app, ["run", str(path), "-o", str(out), "-q", "--fail-fast"])
    assert result.exit_code == 1
    assert pl.read_parquet(out / "games" / "*.parquet").height < 28
