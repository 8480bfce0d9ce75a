"""Several bot line-ups in one scenario (``policies``): the same seeds for each, the
policy in every games row, and a report that says which headlines hold under all."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from cryhavoc_sim import load_run
from cryhavoc_sim.analysis.policies import policy_verdicts
from cryhavoc_sim.api import simulate
from cryhavoc_sim.report.build import build_report

SCENARIO = """[scenario]
name = "pol"
games = 60
seed = 9
players = 2
policies = ["random", {name = "smart", default = "heuristic", pilgrims = "heuristic:hunter"}]

[bots]
default = "random"
"""


def test_every_policy_plays_the_same_seeds_and_the_report_compares_them(tmp_path: Path) -> None:
    path = tmp_path / "pol.toml"
    path.write_text(SCENARIO)
    run = simulate(path, out=tmp_path / "run")
    games = run.games.collect().sort("game_id")
    assert games["policy"].to_list() == ["random", "smart"] * 30
    # game 2i and 2i+1: one deal, two policies
    seeds = games["seed"].to_list()
    assert seeds[0::2] == seeds[1::2] and len(set(seeds[0::2])) > 1
    seats = run.seats.collect().join(games.select("game_id", "policy"), on="game_id")
    bots = dict(
        seats.group_by("policy", "faction")
        .agg(pl.col("bot").first())
        .select(pl.concat_str("policy", "faction", separator="/"), "bot")
        .iter_rows()
    )
    assert bots["random/humans"] == "random" and bots["smart/humans"] == "heuristic"
    assert bots["smart/pilgrims"] == "heuristic:hunter"
    report = build_report(load_run(tmp_path / "run"), tmp_path / "report")
    md = report.markdown.read_text()
    assert "## Win rate by policy" in md and "## Headlines under every policy" in md
    summary = json.loads(report.summary.read_text())
    verdicts = summary["policies"]["verdicts"]
    assert {v["statement"].split()[0].rstrip(":") for v in verdicts} >= {"Humans", "Pilgrims", "Ranking"}


def test_verdicts_hold_only_when_every_policy_agrees() -> None:
    table = pl.DataFrame(
        {
            "policy": ["a", "a", "b", "b"],
            "faction": ["x", "y", "x", "y"],
            "win_rate": [0.8, 0.2, 0.6, 0.4],
            "ci_low": [0.7, 0.1, 0.55, 0.3],
            "ci_high": [0.9, 0.3, 0.65, 0.5],
            "fair_share": [0.5] * 4,
        }
    )
    verdicts = {v["statement"]: v for v in policy_verdicts(table)}
    # side names capitalised, plural names agreeing with the verb ("Humans are above")
    assert verdicts["X are above their fair share"]["holds"]
    y = next(v for s, v in verdicts.items() if s.startswith("Y"))
    assert not y["holds"] and y["by_policy"] == {"a": "below", "b": "within"}
    assert verdicts["Ranking X > Y"]["holds"]
    # a game whose sides are seats: "Seat 1 is above its fair share"
    seats = table.with_columns(pl.col("faction").replace({"x": "seat 1", "y": "seat 2"}))
    assert "Seat 1 is above its fair share" in {v["statement"] for v in policy_verdicts(seats, plural=False)}


def test_policy_fair_shares_count_shared_wins() -> None:
    """One fair share everywhere: a game two players win together is 2 / players to
    each, in the policy table as in the headline (it was 1 / players here)."""
    from cryhavoc_sim.analysis.policies import policy_win_rates

    games = pl.LazyFrame({"game_id": [0, 1], "n_players": [2, 2], "policy": ["p", "p"]})
    seats = pl.LazyFrame(
        {
            "game_id": [0, 0, 1, 1],
            "faction": ["x", "y", "x", "y"],
            "won": [True, True, True, False],
            "is_npc": [False] * 4,
        }
    )
    table = policy_win_rates(seats, games).collect()
    assert table["fair_share"].to_list() == [0.75, 0.75]


SHIPPED = sorted((Path(__file__).resolve().parents[2] / "scenarios").glob("*.toml"))


def test_every_shipped_scenario_loads_and_plays_its_first_games(tmp_path: Path) -> None:
    """Each file in scenarios/ parses and plays one game of each of its policies."""
    from cryhavoc_sim.runner.scenario import load_scenario

    assert len(SHIPPED) >= 10
    for path in SHIPPED:
        sc = load_scenario(path)
        policies = getattr(sc.setup, "policies", ())  # a Cry Havoc feature
        run = simulate(path, n_games=max(1, len(policies)), workers=1, out=tmp_path / sc.name)
        games = run.games.collect()
        assert games.height == max(1, len(policies)), path.name
        if policies:
            assert games["policy"].to_list() == [name for name, _ in policies]
