"""Bot tuning (issue 29 parts 3 and 5): weighted personality names, the bots targets
file, the confirmation's pairing and correction, the search end to end and its resume."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality, weighted
from cryhavoc_sim.games.cryhavoc.bots.registry import bot_problem
from cryhavoc_sim.studies.files import DesignError
from cryhavoc_sim.tuning.bot_targets import load_bot_targets, parse_bot_targets
from cryhavoc_sim.tuning.bots import holm, paired_test

TARGETS = """[tune_bots]
name = "tiny"
scenario = "three_player"
factions = ["humans", "machines"]
population = ["heuristic", "heuristic:aggressive"]
trials = 3
games = 12
confirm_games = 12
seed = 5

[parameters]
attack = [0.5, 2.0]
margin = [0, 2]
"""


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=600, cwd=cwd
    )


def test_a_weighted_personality_sets_its_weights_over_the_named_one() -> None:
    name = weighted("aggressive", {"hunt": 2.5, "margin": 2})
    assert name == "aggressive{hunt=2.5,margin=2}"
    p, base = personality("humans", name), personality("humans", "aggressive")
    assert (p.hunt, p.margin) == (2.5, 2) and isinstance(p.margin, int)
    assert (p.attack, p.keep, p.fight) == (base.attack, base.keep, base.fight)  # the rest: aggressive's
    assert bot_problem(f"heuristic:{name}", "humans") is None
    assert bot_problem(f"heuristic:{name}/no-skills", "pilgrims") is None


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("balanced{attack=x}", "is not <weight>=<number>"),
        ("balanced{speed=1}", "'speed', which is not a weight; allowed: attack"),
        ("reckless{attack=1}", "'reckless' unknown for humans; allowed: aggressive"),
        ("balanced{margin=1.5}", "allowed: a whole number"),
        ("balanced{attack=11}", "allowed: from 0 to 10"),
        ("balanced{token_risk=1.5}", "allowed: from 0 to 1"),
        ("balanced{attack=1", "is malformed"),
        ("balanced{attack=1,attack=2}", "sets attack twice"),
    ],
)
def test_a_bad_weighted_personality_is_one_sentence(name: str, says: str) -> None:
    problem = bot_problem(f"heuristic:{name}", "humans")
    assert problem is not None and says in problem and "\n" not in problem
    with pytest.raises(ScenarioError, match="bot personality"):
        personality("humans", name)


def test_holm_steps_down_and_stops_at_the_first_failure() -> None:
    # Bonferroni would keep only a (0.04 > 0.05 / 2); Holm tests b at 0.05 after a
    assert holm({"a": 0.02, "b": 0.04}, 0.05) == {"a": True, "b": True}
    assert holm({"a": 0.01, "b": 0.04, "c": 0.03}, 0.05) == {"a": True, "b": False, "c": False}
    assert holm({"a": 0.03, "b": 0.001}, 0.05) == {"a": True, "b": True}
    assert holm({"a": 0.06}, 0.05) == {"a": False}


def test_the_paired_test_counts_only_discordant_pairs() -> None:
    same = paired_test([(True, True)] * 20 + [(False, False)] * 20)
    assert same["p"] == 1.0 and same["better"] == same["worse"] == 0
    better = paired_test([(True, False)] * 8 + [(True, True)] * 30)
    assert better["p"] == pytest.approx(0.5**8) and better["tuned_rate"] == 1.0
    worse = paired_test([(False, True)] * 8)
    assert worse["p"] == 1.0  # one-sided: worse weights are never confirmed
    # by deals: eight better games that are two deals of four are two samples, not eight
    by_deals = paired_test([(True, False)] * 8 + [(True, True)] * 30, [0] * 4 + [1] * 4 + [2] * 30)
    assert by_deals["better"] == 2 and by_deals["deals"] == 3 and by_deals["p"] == pytest.approx(0.25)


def test_both_arms_of_the_confirmation_play_the_same_deals(tmp_path: Path) -> None:
    """The same bot in both arms: every paired game must end the same way (the pairing
    matches deals and seats; an off-by-one would pair different deals)."""
    from cryhavoc_sim.tuning import bots

    t = parse_bot_targets(TARGETS)
    summary = bots.BotTuneSummary(tmp_path)
    bot = "heuristic:aggressive"
    seats = bots._play(
        t, "machines", [("tuned", bot), ("base", bot)], 48, 77, tmp_path / "c", "c", 1, True, summary
    )
    from cryhavoc_sim.storage.reader import load_run

    pairs, deals = bots._pairs(seats, "machines", len(t.population), load_run(tmp_path / "c").games)
    assert len(pairs) == 24 and all(a == b for a, b in pairs)
    assert 1 < len(set(deals)) < len(pairs)  # seats rotated: several pairs share a deal
    assert any(a for a, _ in pairs) and not all(a for a, _ in pairs)  # not a degenerate run


def test_proposals_depend_only_on_the_seed_and_the_trials_before() -> None:
    import optuna

    from cryhavoc_sim.tuning.search import propose

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    dists = {"attack": optuna.distributions.FloatDistribution(0.5, 2.0, step=0.05)}

    def nth(seed: int, n: int) -> float:
        study = optuna.create_study(direction="maximize")
        for i in range(n):
            study.add_trial(
                optuna.trial.create_trial(params={"attack": 0.5 + 0.1 * i}, distributions=dists, value=i / 10)
            )
        return float(propose(study, dists, seed, n, 30).params["attack"])

    assert nth(3, 0) == nth(3, 0) and nth(3, 12) == nth(3, 12)
    assert len({nth(s, 0) for s in range(6)}) > 1


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (("[parameters]", "[extra]\n[parameters]"), "unknown table(s) extra"),
        (('name = "tiny"', 'name = "tiny"\nmode = "exploit"'), "allowed: population, best_response"),
        (('"three_player"', '"solo_1"'), "a Cry Havoc scenario of 2 to 4 players"),
        (('"three_player"', '"no_such_scenario"'), "tune_bots.scenario"),
        (('["humans", "machines"]', '["humans", "trogs"]'), "among humans, machines, pilgrims"),
        (("seed = 5", 'seed = 5\nbase = "reckless"'), "tune_bots.base"),
        (('"heuristic:aggressive"', '"heuristic:bogus"'), "population[1]' is 'heuristic:bogus'"),
        (('"heuristic:aggressive"', '"ismcts:0"'), "allowed: ismcts:<N>"),
        (('population = ["heuristic", "heuristic:aggressive"]', "population = []"), "1 to 8 different"),
        (("attack = [0.5, 2.0]", "speed = [0.5, 2.0]"), "not a weight"),
        (("attack = [0.5, 2.0]", "attack = [2.0, 0.5]"), "0 <= low < high <= 10"),
        (("margin = [0, 2]", "margin = [0, 2.5]"), "whole numbers"),
        (("seed = 5", "seed = 5\nalpha = 0.7"), "tune_bots.alpha"),
        (("trials = 3", "trials = 0"), "tune_bots.trials"),
        (("seed = 5", 'seed = 5\nseat = "paired"'), "allowed: heuristic, or a search with its budget"),
        (("seed = 5", 'seed = 5\nseat = "random"'), "tune_bots.seat' is 'random'"),
        (("seed = 5", 'seed = 5\nseat = "paired:0"'), "tune_bots.seat"),
        (("[parameters]\nattack = [0.5, 2.0]\nmargin = [0, 2]\n", ""), "needs a [parameters] table"),
    ],
)
def test_bad_bot_targets_are_one_sentence(edit: tuple[str, str], says: str) -> None:
    text = TARGETS.replace(*edit)
    assert text != TARGETS
    with pytest.raises(DesignError) as err:
        parse_bot_targets(text)
    assert says in str(err.value) and "\n" not in str(err.value)


def test_the_shipped_bot_targets_load() -> None:
    heuristic = load_bot_targets("bots_heuristic")
    assert heuristic.mode == "population" and heuristic.base == "classic"
    assert "heuristic:classic" in heuristic.population
    response = load_bot_targets("bots_best_response")
    assert response.mode == "best_response" and response.population == ("paired:16",)
    assert response.seat == "paired:16" and heuristic.seat == "heuristic"


def test_cli_refuses_bad_input_with_exit_2_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_text(TARGETS.replace('"heuristic:aggressive"', '"heuristic:bogus"'))
    done = cli("tune-bots", "t.toml", "-o", "out", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "heuristic:bogus" in done.stderr
    (tmp_path / "t.toml").write_text(TARGETS)
    big = cli("tune-bots", "t.toml", "-o", "out", "--max-games", "100", cwd=tmp_path)
    assert big.returncode == 2 and "allowed with --max-games: at most 100" in big.stderr
    assert not (tmp_path / "out").exists()


def test_tune_bots_end_to_end_resumes_identically(tmp_path: Path) -> None:
    (tmp_path / "t.toml").write_text(TARGETS)
    done = cli("tune-bots", "t.toml", "-o", "tb", "-q", "-j", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Bot tuning tiny (population) complete" in done.stdout
    path = tmp_path / "tb" / "tune_bots.json"
    record = json.loads(path.read_text())
    assert record["status"] == "complete"
    for f in ("humans", "machines"):
        rec = record["factions"][f]
        assert len(rec["trials"]) == 3 and rec["reference"]["games"] == 12
        assert rec["trials"][rec["best"]]["rate"] == max(t["rate"] for t in rec["trials"])
        assert all(
            0.5 <= t["weights"]["attack"] <= 2.0 and 0 <= t["weights"]["margin"] <= 2 for t in rec["trials"]
        )
        c = record["confirmation"]["factions"][f]
        assert c["pairs"] == 12 and c["bot"] == rec["trials"][rec["best"]]["bot"]
    # the trial's weights are what its run recorded in the tuned faction's seats
    from cryhavoc_sim.storage.reader import load_run

    first = record["factions"]["humans"]["trials"][0]
    bots = set(load_run(tmp_path / "tb" / "trials" / "humans" / "t0000").seats.collect()["bot"])
    assert first["bot"] in bots and "heuristic:aggressive" in bots
    assert (
        (tmp_path / "tb" / "best.toml")
        .read_text()
        .startswith("# Bot tuning tiny (population, the tuned seat")
    )

    # lose the last trial (and the confirmation): --resume proposes and plays the same
    last = record["factions"]["machines"]["trials"].pop()
    record["factions"]["machines"]["best"] = None
    confirmation, record["confirmation"], record["status"] = record["confirmation"], None, "interrupted"
    path.write_text(json.dumps(record))
    shutil.rmtree(tmp_path / "tb" / "trials" / "machines" / f"t{last['trial']:04d}")
    shutil.rmtree(tmp_path / "tb" / "confirm")
    again = cli("tune-bots", "t.toml", "-o", "tb", "-q", "-j", "1", "--resume", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    redone = json.loads(path.read_text())
    assert redone["factions"]["machines"]["trials"][-1] == last
    assert redone["confirmation"] == confirmation
    refused = cli("tune-bots", "t.toml", "-o", "tb", "-q", cwd=tmp_path)
    assert refused.returncode == 2 and "add --resume" in refused.stderr


def test_best_response_against_the_search_from_the_notebook(tmp_path: Path) -> None:
    from cryhavoc_sim.api import tune_bots

    text = (
        TARGETS.replace('name = "tiny"', 'name = "br"\nmode = "best_response"')
        .replace('population = ["heuristic", "heuristic:aggressive"]', 'population = ["ismcts:2"]')
        .replace('["humans", "machines"]', '["pilgrims"]')
        .replace("trials = 3", "trials = 2")
    )
    (tmp_path / "br.toml").write_text(text.replace("seed = 5", 'seed = 5\nseat = "paired:2"'))
    record = tune_bots(tmp_path / "br.toml", out=tmp_path / "br")
    c = record["confirmation"]["factions"]["pilgrims"]
    assert record["mode"] == "best_response" and c["fair_share"] == pytest.approx(1 / 3)
    assert c["against_share"] in ("below", "within", "above") and c["pairs"] == 12
    lo, hi = c["tuned_ci"]
    assert lo <= c["tuned_rate"] <= hi
    # the tuned seat is the search with the trial's weights as its own personality
    trial = record["factions"]["pilgrims"]["trials"][0]
    assert record["seat"] == "paired:2" and trial["bot"].startswith("paired:2:balanced{")
    from cryhavoc_sim.storage.reader import load_run

    bots = set(load_run(tmp_path / "br" / "trials" / "pilgrims" / "t0000").seats.collect()["bot"])
    assert trial["bot"] in bots and "ismcts:2" in bots
