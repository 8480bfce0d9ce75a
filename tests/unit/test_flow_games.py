"""Win-probability lines for every game, end to end: recording them does not change a
game; a run stores one line per player (none for a non-player seat); every game's
report shows the calibration and game-flow sections; ``train-value --game`` fits a model
through the state protocol, the same at any number of workers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.harness.play import play_deal as harness_play
from cryhavoc_sim.games.winprob import LineRecorder
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.play import play_deal, play_rules, stored_events
from cryhavoc_sim.runner.scenario import parse_scenario
from cryhavoc_sim.storage.reader import load_run

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = {
    "cryhavoc": '[scenario]\nname = "ch"\ngames = {n}\nseed = 4\nplayers = 3\n',
    "cavetroll": '[scenario]\nname = "ct"\ngame = "cavetroll"\ngames = {n}\nseed = 4\nplayers = [2, 4]\n',
    "warcry": '[scenario]\nname = "wc"\ngame = "warcry"\ngames = {n}\nseed = 4\ndecks = ["Chaos", "Dwarf", "Orc"]\n',
}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, env=env, timeout=600
    )


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_recording_the_line_does_not_change_the_game(game: str) -> None:
    sc = parse_scenario(SCENARIOS[game].format(n=6))
    module = get_game(game)
    content = content_for(sc)
    line = module.win_line
    assert line is not None
    for game_id in range(0, 6, 2):
        deal = module.deal(sc.setup, sc.seed, game_id)
        plain = play_deal(module, sc, content, deal, True, lines=False)
        rec = LineRecorder(line, line.shipped())
        watched = module.played(deal, harness_play(play_rules(module), content, deal, True, rec))
        assert stored_events(module, sc, content, deal, plain) == stored_events(
            module, sc, content, deal, watched
        )
        assert plain.winners == watched.winners
        lines = rec.lines()
        assert lines  # every game has at least one player on its line
        points = len(next(iter(lines.values())))
        assert points >= 1 and all(len(v) == points for v in lines.values())
        if len(lines) >= 2:  # every checkpoint's probabilities sum to 1
            for k in range(points):
                assert sum(v[k] for v in lines.values()) == pytest.approx(1.0, abs=1e-3)


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_every_games_report_shows_its_calibration_and_game_flow(game: str, tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(SCENARIOS[game].format(n=24))
    out = tmp_path / "run"
    played = cli("run", str(scenario), "-o", str(out), "-q", "-j", "1")
    assert played.returncode == 0, played.stderr
    run = load_run(out)
    seats = run.seats.collect()
    players = seats.filter(~pl.col("is_npc"))
    assert players["win_line"].null_count() == 0
    assert seats.filter(pl.col("is_npc"))["win_line"].null_count() == seats.filter(pl.col("is_npc")).height
    assert run.manifest["win_model"]["game"] == game
    report = cli("report", str(out), "-o", str(tmp_path / "report"))
    assert report.returncode == 0, report.stderr
    md = (tmp_path / "report" / "report.md").read_text()
    for heading in ("Win model (calibration", "Win model reliability", "Game flow by player count"):
        assert heading in md
    for png in ("win_model_calibration.png", "flow_lines.png", "flow_comeback.png"):
        assert (tmp_path / "report" / png).stat().st_size > 0
    summary = json.loads((tmp_path / "report" / "summary.json").read_text())
    cal = summary["win_model"]["calibration"]
    assert cal["games"] == 24 and cal["predictions"] >= players.height
    assert 0.0 <= cal["brier"] <= 1.0 and 0.0 <= cal["ece"] <= 1.0
    by_players = summary["game_flow"]["by_players"]
    assert sum(r["games"] for r in by_players) <= 24 and by_players


def test_train_value_fits_a_win_model_of_another_game_the_same_at_any_worker_count(tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    a = cli("train-value", "--game", "warcry", "-n", "10", "--seed", "2", "-o", str(one))
    assert a.returncode == 0, a.stderr
    assert (
        "Win model of warcry (heuristic in every seat) written" in a.stdout
        and "expected calibration error" in a.stdout
    )
    # in two processes, the first model scored next to the new one: the same file
    b = cli(
        "train-value", "--game", "warcry", "-n", "10", "--seed", "2", "-j", "2", "--against", str(one),
        "-o", str(two),
    )  # fmt: skip
    assert b.returncode == 0, b.stderr
    assert one.read_bytes() == two.read_bytes() and str(one) in b.stdout
    doc = json.loads(one.read_text())
    assert (
        doc["game"] == "warcry"
        and doc["provenance"]["games"] == 10
        and doc["provenance"]["bot"] == "heuristic"
    )


# one seat of each game played by a small search (both searches, through games/search)
SEARCH_SEAT = {
    "cryhavoc": ("humans", 'humans = "paired:4"'),
    "cavetroll": ("red", 'red = "ismcts:8"'),
    "warcry": ("one", 'one = "paired:4"'),
}


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_decisions_are_counted_only_when_asked_and_change_no_game(game: str, tmp_path: Path) -> None:
    """Counted (and a search's value gaps logged) only with ``decisions = true``; the same
    games with it and without it."""
    from cryhavoc_sim.analysis.decisions import decision_gaps, decision_points
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario

    searcher, seat = SEARCH_SEAT[game]
    text = SCENARIOS[game].format(n=4) + f"[bots]\n{seat}\n"
    run_scenario(parse_scenario(text), tmp_path / "off", RunOptions(quiet=True))
    asked = text.replace("seed = 4\n", "seed = 4\ndecisions = true\n")
    run_scenario(parse_scenario(asked), tmp_path / "on", RunOptions(quiet=True))
    off, on = load_run(tmp_path / "off"), load_run(tmp_path / "on")
    assert off.seats.collect()["decisions"].null_count() == off.seats.collect().height
    # the same games: every table but the counts themselves
    for table in ("games", "seats", "events"):
        a = off.scan(table).collect().drop("run_id", "scenario", "decisions", strict=False)
        b = on.scan(table).collect().drop("run_id", "scenario", "decisions", strict=False)
        assert a.equals(b), table
    points = decision_points(on.seats).collect()
    assert points.height and (points["choices"] <= points["asked"]).all()
    # every answer a player gave is one decision counted: the seats' totals are positive
    per_player = on.seats.collect().filter(~pl.col("is_npc"))["decisions"].list.len()
    assert (per_player > 0).all()
    # the search's decisions are among its seat's decisions with a choice, each with a gap
    kinds = (
        on.seats.collect()
        .select("player", "decisions")
        .explode("decisions")
        .drop_nulls("decisions")
        .unnest("decisions")
    )
    mine = kinds.filter(pl.col("player") == searcher)
    assert mine["searched"].sum() > 0 and kinds.filter(pl.col("player") != searcher)["searched"].sum() == 0
    assert (kinds["searched"] <= kinds["choices"]).all() and (kinds["gap_sum"] >= 0.0).all()
    assert (kinds["over_5pt"] <= kinds["over_1pt"]).all() and (kinds["over_1pt"] <= kinds["searched"]).all()
    gaps = decision_gaps(on.seats).collect()
    assert gaps["searched"].sum() == mine["searched"].sum()
    assert ((gaps["mean_gap"] >= 0.0) & (gaps["share_over_5pt"] <= gaps["share_over_1pt"])).all()
