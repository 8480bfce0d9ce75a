"""Calibration (issue 14): targets files, the score, the search end to end and its resume."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.tuning.search import score
from cryhavoc_sim.tuning.targets import load_targets

SCENARIO = """[scenario]
name = "r2"
games = 100
seed = 9
players = 2
[bots]
default = "random"
"""

TARGETS = """[tune]
name = "tiny"
trials = 3
games = 30
seed = 1
content_name = "tiny-calibrated"

[parameters]
"skills.humans.scouting.cost_units" = "plausible"
"structures.humans.*.build_cost" = [1, 3]

[[target]]
scenario = "r2.toml"
fair_within = 0.10
"""


def setup(tmp: Path, text: str = TARGETS) -> Path:
    (tmp / "r2.toml").write_text(SCENARIO)
    path = tmp / "t.toml"
    path.write_text(text)
    return path


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=600, cwd=cwd
    )


def test_the_shipped_targets_file_loads() -> None:
    t = load_targets("calibration")
    assert {x.name for x in t.targets} == {
        "two_player",
        "three_player",
        "four_player",
        "solo_1",
        "solo_2",
        "solo_3",
    }
    assert all(x.fair_within == 0.10 for x in t.targets if x.scenario.name.endswith("player"))
    assert next(x for x in t.targets if x.name == "solo_1").harder_than == "solo_3"
    # the calibration starts from the reconstructed set whatever the default is
    from cryhavoc_sim.games.cryhavoc.content.loader import shipped_sets

    assert {x.scenario.content_dir for x in t.targets} == {str(shipped_sets()["cryhavoc-base-reconstructed"])}


def test_every_shipped_targets_file_loads() -> None:
    from importlib import resources

    names = sorted(
        f.name.removesuffix(".toml")
        for f in resources.files("cryhavoc_sim.targets").iterdir()
        if f.name.endswith(".toml") and not f.name.startswith("bots_")
    )
    assert "calibration_policy_two_three" in names
    for name in names:
        assert load_targets(name).targets, name
    policy = load_targets("calibration_policy_two_three")
    assert "default_skill.humans" in {p.path for p in policy.parameters}


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            ('"structures.humans.*.build_cost"', '"structures.human.*.build_cost"'),
            "parameters.structures.human.*.build_cost' value 1 cannot be played",
        ),
        (("fair_within = 0.10", "fair_within = 0"), "must be a share between 0 and 1"),
        (("fair_within = 0.10", "win_rate = [0.9, 0.1]"), "must be [low, high] with 0 <= low < high <= 1"),
        (("fair_within = 0.10", 'harder_than = "r3"'), "allowed: another target's scenario"),
        (("fair_within = 0.10", ""), "sets no target"),
        (('scenario = "r2.toml"', 'scenario = "solo_1"'), "cannot be met: solo_1 is a one-player game"),
        (("trials = 3", "trials = 0"), "tune.trials' must be a whole number"),
        (
            (
                'content_name = "tiny-calibrated"',
                'content_name = "tiny-calibrated"\ncontent = "cryhavoc-base"',
            ),
            "tune.content' names no shipped content set ('cryhavoc-base'); allowed: cryhavoc,",
        ),
        (
            ("seed = 1", 'seed = 1\nrungs = ["ismcts:16", "nosuch"]'),
            "tune.rungs' cannot be played: rung 'nosuch'",
        ),
        (("seed = 1", "seed = 1\nrungs = []"), "tune.rungs' cannot be played: the rung list is empty"),
        (("seed = 1", 'seed = 1\nrungs = "ismcts:16"'), "tune.rungs' must be a list of bot specs"),
        (("seed = 1", 'seed = 1\nrungs = ["random", "random"]'), "is listed twice"),
    ],
)
def test_bad_targets_are_one_sentence(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    path = setup(tmp_path, TARGETS.replace(*edit))
    with pytest.raises(UserError) as err:
        load_targets(path)
    assert str(err.value).startswith(str(path)) and message in str(err.value), str(err.value)


def test_a_calibration_too_large_for_max_games_is_refused(tmp_path: Path) -> None:
    # the reference run (the shipped content, scored the same way) counts too (issue 32)
    with pytest.raises(
        UserError,
        match=r"plays 120 games .3 trials and the reference x 1 targets x 30.; allowed with --max-games: at most 100",
    ):
        load_targets(setup(tmp_path), max_games=100)
    assert load_targets(setup(tmp_path), max_games=120).total_games == 120


def test_a_cave_troll_target_with_fair_within_loads(tmp_path: Path) -> None:
    # a Cave Troll scenario's players are a list its games take in turn: comparing it
    # with 2 was a TypeError traceback (issue 32)
    text = """[tune]
name = "ct"
trials = 1
games = 12

[parameters]
"board.R04.gold" = { values = [1, 2], reason = "a test: the square's gold either way" }

[[target]]
scenario = "cave_troll_2p"
fair_within = 0.10
"""
    (tmp_path / "t.toml").write_text(text)
    loaded = load_targets(tmp_path / "t.toml")
    assert loaded.targets[0].fair_within == 0.10 and loaded.targets[0].scenario.game == "cavetroll"


def test_a_games_parameter_is_refused_before_any_trial(tmp_path: Path) -> None:
    # it would set each trial's games after --max-games counted them (issue 32)
    text = TARGETS.replace("[parameters]\n", '[parameters]\n"scenario.games" = [10, 1000000]\n')
    with pytest.raises(UserError, match=r"parameters.scenario.games' cannot be searched"):
        load_targets(setup(tmp_path, text))


def test_the_score_is_zero_only_when_every_target_is_met() -> None:
    from cryhavoc_sim.runner.scenario import load_scenario
    from cryhavoc_sim.tuning.targets import Target

    targets = (
        Target(load_scenario("two_player"), fair_within=0.10),
        Target(load_scenario("solo_1"), win_rate=(0.2, 0.8), harder_than="solo_3"),
        Target(load_scenario("solo_3"), win_rate=(0.2, 0.8)),
    )
    even = {"a": {"rate": 0.52, "fair": 0.5}, "b": {"rate": 0.48, "fair": 0.5}}
    found = {
        "two_player": {"sides": even, "win_rate": 0.5},
        "solo_1": {"sides": {}, "win_rate": 0.3},
        "solo_3": {"sides": {}, "win_rate": 0.5},
    }
    value, missed = score(targets, found)
    assert missed == [] and value < 0.001
    lopsided = {"a": {"rate": 0.8, "fair": 0.5}, "b": {"rate": 0.2, "fair": 0.5}}
    found = {
        **found,
        "two_player": {"sides": lopsided, "win_rate": 0.5},
        "solo_1": {"sides": {}, "win_rate": 0.6},
    }
    value, missed = score(targets, found)
    assert value > 0.08 and len(missed) == 3 and any("not less often than solo_3" in m for m in missed)


def test_tune_end_to_end_writes_a_loadable_content_set_and_resumes_identically(tmp_path: Path) -> None:
    setup(tmp_path)
    done = cli("tune", "t.toml", "-o", "tu", "-q", "-j", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Calibration of 3 trials complete" in done.stdout and "Content set written to" in done.stdout
    record = json.loads((tmp_path / "tu" / "tune.json").read_text())
    assert record["status"] == "complete" and len(record["trials"]) == 3 and record["reference"]["score"] >= 0
    best = record["trials"][record["best"]]
    assert best["score"] == min(t["score"] for t in record["trials"])
    from cryhavoc_sim.games.cryhavoc.content import load_content

    written = load_content(tmp_path / "tu" / "content" / "tiny-calibrated")
    assert written.name == "tiny-calibrated"
    head = (tmp_path / "tu" / "content" / "tiny-calibrated" / "content.toml").read_text()
    assert "Calibrated from cryhavoc-base-reconstructed:" in head  # the set it started from
    assert written.skills["humans.scouting"].cost_units == best["values"]["skills.humans.scouting.cost_units"]
    changed = [
        s
        for s in written.structures.values()
        if s.faction == "humans" and "Calibrated:" in s.provenance.rationale
    ]
    assert {s.build_cost for s in written.structures.values() if s.faction == "humans"} == {
        best["values"]["structures.humans.*.build_cost"]
    }
    assert all("Optuna TPE, trial" in s.provenance.rationale for s in changed)
    # a changed item's text says which numbers changed (the text keeps its old ones)
    assert changed and all("[Calibrated: build_cost = " in s.text for s in changed)
    assert all(s.provenance.source == "calibrated" for s in changed)

    # lose the last trial: --resume proposes and plays the same values, with the same score
    import shutil

    last = record["trials"].pop()
    record["status"] = "interrupted"
    (tmp_path / "tu" / "tune.json").write_text(json.dumps(record))
    # (a set TPE proposed again has no folder of its own: its games are the earlier trial's)
    shutil.rmtree(tmp_path / "tu" / "trials" / f"t{last['trial']:04d}", ignore_errors="played_as" in last)
    again = cli("tune", "t.toml", "-o", "tu", "-q", "-j", "1", "--resume", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    redone = json.loads((tmp_path / "tu" / "tune.json").read_text())["trials"][-1]
    assert redone["values"] == last["values"] and redone["score"] == last["score"]
    refused = cli("tune", "t.toml", "-o", "tu", "-q", cwd=tmp_path)
    assert refused.returncode == 2 and "add --resume" in refused.stderr


def test_the_notebook_api(tmp_path: Path) -> None:
    from cryhavoc_sim import tune

    result = tune(setup(tmp_path, TARGETS.replace("trials = 3", "trials = 2")), out=tmp_path / "tu")
    assert result.content.is_dir() and set(result.best["values"]) == {
        "skills.humans.scouting.cost_units",
        "structures.humans.*.build_cost",
    }


def test_targets_at_rungs_are_judged_with_the_rung_in_every_seat(tmp_path: Path) -> None:
    """Each target once per rung, every seat the rung's bot, the same deals; harder_than
    stays within a rung; the games counted for --max-games include every rung."""
    text = TARGETS.replace("seed = 1", 'seed = 1\nrungs = ["random", "heuristic"]')
    text += '\n[[target]]\nscenario = "solo_1"\nwin_rate = [0.05, 0.95]\nharder_than = "solo_3"\n'
    text += '\n[[target]]\nscenario = "solo_3"\nwin_rate = [0.05, 0.95]\n'
    t = load_targets(setup(tmp_path, text))
    assert [x.name for x in t.targets] == [
        "r2.random",
        "solo_1.random",
        "solo_3.random",
        "r2.heuristic",
        "solo_1.heuristic",
        "solo_3.heuristic",
    ]
    assert next(x for x in t.targets if x.name == "solo_1.heuristic").harder_than == "solo_3.heuristic"
    base = {x.name: x.scenario for x in load_targets(setup(tmp_path, text.replace("rungs = ", "# "))).targets}
    for x in t.targets:
        bots = x.scenario.setup.bots
        assert {b for b in bots.values() if b != "automaton"} == {x.rung}, (x.name, bots)
        same = base[x.scenario.name]  # the same deals: seed, games and content as the scenario's
        assert (x.scenario.seed, x.scenario.content_dir) == (same.seed, same.content_dir)
    assert t.total_games == (3 + 1) * 30 * 6


def test_tune_at_rungs_end_to_end(tmp_path: Path) -> None:
    text = TARGETS.replace("seed = 1", 'seed = 1\nrungs = ["random", "heuristic"]').replace(
        "trials = 3", "trials = 2"
    )
    setup(tmp_path, text)
    done = cli("tune", "t.toml", "-o", "tu", "-q", "-j", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = json.loads((tmp_path / "tu" / "tune.json").read_text())
    first = record["trials"][0]
    assert sorted(first["found"]) == ["r2.heuristic", "r2.random"], first.keys()
    manifest = json.loads(
        (tmp_path / "tu" / "trials" / "t0000" / "r2.heuristic" / "manifest.json").read_text()
    )
    assert 'default = "heuristic"' in manifest["scenario_text"]
