"""A balance study end to end on small rungs: every rung plays the same deals with one bot
in every seat, the results and the report say each side's status, a resume plays
nothing twice, and bad rungs or margins are one sentence with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from cryhavoc_sim.balance.record import rung_dir
from cryhavoc_sim.balance.report import build_balance_report
from cryhavoc_sim.balance.rungs import (
    Rung,
    RungError,
    family_trend,
    parse_rungs,
    rung_scenario,
    upper_stronger,
)
from cryhavoc_sim.balance.study import plan_balance, run_balance
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.scenario import load_scenario


def test_rung_lists_are_checked() -> None:
    assert [r.spec for r in parse_rungs("heuristic, ismcts:16")] == ["heuristic", "ismcts:16"]
    for bad, words in [
        ("", "empty"),
        ([], "empty"),
        ("heuristic,heuristic", "listed twice"),
        (["x"] * 13, "13 rungs"),
        ("heuristic,,ismcts:8", "not a bot spec"),
    ]:
        with pytest.raises(RungError, match=words):
            parse_rungs(bad)


def test_a_rungs_family_and_budget_are_its_games_reading_of_its_name() -> None:
    sc = load_scenario("three_player").with_overrides(games=6)
    plan = plan_balance(sc, "heuristic:aggressive,ismcts:16,paired:16:aggressive,ismcts:8/no-skills,ismcts")
    read = [(r.family, r.budget) for r in plan.rungs]
    assert read == [
        ("heuristic:aggressive", None),
        ("ismcts", 16),
        ("paired:aggressive", 16),  # a personality or a restriction is a family of its own
        ("ismcts/no-skills", 8),
        ("ismcts", None),
    ]
    mixed = plan_balance(sc, "heuristic,ismcts:8/no-skills,ismcts:32:aggressive").rungs
    assert not upper_stronger(mixed[1], mixed[2])[0]  # ismcts's ladder result says nothing of these
    assert "ismcts" not in family_trend(mixed) and all(why for why in family_trend(mixed).values())
    for bad in ("ismcts:²", "ismcts:0"):  # the catalogue refuses the budget: one sentence
        with pytest.raises(UserError, match=f"rung '{bad}' cannot play"):
            plan_balance(sc, f"heuristic,{bad}")


def test_a_rung_is_the_scenario_with_every_seat_its_bot() -> None:
    base = load_scenario("four_player_policies").with_overrides(games=12, seed=5)
    sc = rung_scenario(base, Rung("random"))
    assert (sc.games, sc.seed, sc.name) == (12, 5, base.name)
    assert set(sc.setup.bots.values()) <= {"random", "automaton"}
    assert sc.setup.policies == ()  # one line-up per rung
    with pytest.raises(RungError, match="rung 'nosuchbot' cannot play"):
        rung_scenario(base, Rung("nosuchbot"))


def test_bad_margin_or_bot_writes_nothing(tmp_path: Path) -> None:
    sc = load_scenario("three_player").with_overrides(games=6)
    for margin in (0, 0.5, -1, 2.0):
        with pytest.raises(UserError, match="margin"):
            plan_balance(sc, "random", margin)
    with pytest.raises(UserError, match="rung 'ismcts:x'"):
        plan_balance(sc, "random,ismcts:x")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("scenario", "rungs"), [("three_player", "random,heuristic"), ("cave_troll_2p", "random,heuristic")]
)
def test_a_study_plays_the_same_deals_on_every_rung(tmp_path: Path, scenario: str, rungs: str) -> None:
    sc = load_scenario(scenario).with_overrides(games=12, seed=11)
    plan = plan_balance(sc, rungs)
    out = tmp_path / "study"
    summary = run_balance(plan, out, workers=1, quiet=True)
    assert summary.complete == 2 and summary.played_now == 24 and not summary.interrupted

    def seats(i: int) -> pl.DataFrame:
        frame = pl.read_parquet(rung_dir(out, i) / "seats" / "*.parquet")
        return frame.sort("game_id", "seat")

    games = [pl.read_parquet(rung_dir(out, i) / "games" / "*.parquet").sort("game_id") for i in range(2)]
    assert games[0]["seed"].to_list() == games[1]["seed"].to_list()  # the same deals
    for i, spec in enumerate(["random", "heuristic"]):
        players = seats(i).filter(~pl.col("is_npc"))
        assert set(players["bot"].unique().to_list()) == {spec}  # every seat its bot
    assert seats(0).select("game_id", "faction", "seat").equals(seats(1).select("game_id", "faction", "seat"))

    report = build_balance_report(out)
    summary_json = json.loads(report.summary.read_text())
    sides = set(pl.read_parquet(out / "results.parquet")["side"].to_list())
    assert set(summary_json["statuses"]) == sides
    # random and heuristic: no ladder result says the heuristic is the stronger, so never "stable"
    assert {s["status"] for s in summary_json["statuses"].values()} <= {"unproven", "skill-sensitive"}
    assert summary_json["rungs"] == ["random", "heuristic"]
    html = report.html.read_text()
    assert "Equal skill" in html and "Win rate by rung" in html and report.figure.stat().st_size > 1000

    # a resume plays nothing; another rung list is refused before anything is written
    again = run_balance(plan, out, workers=1, resume=True, quiet=True)
    assert again.played_now == 0 and again.complete == 2
    with pytest.raises(UserError, match="another scenario or rungs"):
        run_balance(plan_balance(sc, "heuristic,random"), out, resume=True, quiet=True)
    with pytest.raises(UserError, match="already exists"):
        run_balance(plan, out, quiet=True)


def test_an_interrupted_study_completes_on_resume(tmp_path: Path) -> None:
    sc = load_scenario("three_player").with_overrides(games=6, seed=2)
    plan = plan_balance(sc, "random,heuristic")
    out = tmp_path / "study"
    whole = tmp_path / "whole"
    run_balance(plan, whole, quiet=True)
    # the first rung alone, as if the study stopped after it
    run_balance(plan_balance(sc, "random"), tmp_path / "first", quiet=True)
    (out / "rungs").mkdir(parents=True)
    (tmp_path / "first" / "rungs" / "r00").rename(out / "rungs" / "r00")
    record = json.loads((whole / "balance.json").read_text())
    record["status"] = "interrupted"
    record["rungs"][1]["complete"] = False
    (out / "balance.json").write_text(json.dumps(record))
    with pytest.raises(UserError, match="not complete"):
        build_balance_report(out)
    resumed = run_balance(plan, out, resume=True, quiet=True)
    assert resumed.played_now == 6 and resumed.complete == 2
    a = pl.read_parquet(out / "results.parquet")
    b = pl.read_parquet(whole / "results.parquet")
    assert a.equals(b)
