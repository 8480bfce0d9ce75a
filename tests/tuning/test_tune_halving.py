"""Successive halving and the confirmation on fresh deals in a calibration: which trials
play on, which deals each stage plays, what a resume redoes, and which trial is chosen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.tuning import search
from cryhavoc_sim.tuning.targets import load_targets
from tests.tuning.test_tune import TARGETS, cli, setup

HALVING = TARGETS.replace("trials = 3", "trials = 6").replace(
    "games = 30", "games = 36\nfirst_games = 12\nconfirm = 2"
)


def refused(path: Path) -> str:
    """The one sentence loading the targets file at ``path`` refuses it with."""
    with pytest.raises(UserError) as err:
        load_targets(path)
    return str(err.value)


def entry(n: int, *scores: float) -> dict[str, Any]:
    return {
        "trial": n,
        "values": {"x": n},
        "stages": [{"games": 12 * 3**k, "score": s} for k, s in enumerate(scores)],
    }


def test_the_stages_grow_by_the_halving_factor_to_games(tmp_path: Path) -> None:
    t = load_targets(setup(tmp_path, HALVING))
    assert t.stage_games == (12, 36) and t.halving == 3 and t.confirm == 2
    t = load_targets(
        setup(
            tmp_path,
            HALVING.replace("games = 36", "games = 120").replace(
                "first_games = 12", "first_games = 6\nhalving = 2"
            ),
        )
    )
    assert t.stage_games == (6, 12, 24, 48, 96, 120)
    plain = load_targets(setup(tmp_path, TARGETS))
    assert plain.stage_games == (30,) and plain.confirm == 0
    # the limit --max-games checks counts every stage of every trial and the confirmation
    assert load_targets(setup(tmp_path, HALVING)).total_games == (6 + 1 + 3) * 36


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            ("first_games = 12", "first_games = 13"),
            "tune.first_games' is 13, not whole deals of every target; allowed: a multiple of 2",
        ),
        (("games = 36", "games = 37"), "tune.games' is 37, not whole deals"),
        (("first_games = 12", "first_games = 36"), "tune.first_games' must be a whole number from 1 to 35"),
        (("first_games = 12", "halving = 3"), "tune.halving' needs tune.first_games"),
        (
            ("first_games = 12", "first_games = 12\nhalving = 1"),
            "tune.halving' must be a whole number from 2 to 10",
        ),
        (("confirm = 2", "confirm = 7"), "tune.confirm' must be a whole number from 0 to 6"),
    ],
)
def test_bad_halving_fields_are_one_sentence(tmp_path: Path, edit: tuple[str, str], message: str) -> None:
    refusal = refused(setup(tmp_path, HALVING.replace(*edit)))
    assert message in refusal, refusal


def test_a_trial_plays_on_only_among_the_best_third_of_those_before_it(tmp_path: Path) -> None:
    t = load_targets(setup(tmp_path, HALVING))
    assert search.plays_on(0.5, 0, [], t)  # the first trial: nobody to rank against
    earlier = [entry(0, 0.2, 0.1), entry(1, 0.4), entry(2, 0.3)]
    # among 4 scores (its own too) the best ceil(4/3) = 2 play on: 0.25 ranks second
    assert search.plays_on(0.25, 0, earlier, t)
    assert not search.plays_on(0.35, 0, earlier, t)
    assert not search.plays_on(0.3, 0, earlier, t)  # a tie goes to the earlier trial
    # stage 1 ranks among the trials that reached stage 1 only
    assert search.plays_on(0.05, 1, earlier, t) and not search.plays_on(0.2, 1, earlier, t)


def test_a_halving_calibration_plays_each_stage_on_its_own_deals_and_confirms_on_fresh_ones(
    tmp_path: Path,
) -> None:
    setup(tmp_path, HALVING)
    done = cli("tune", "t.toml", "-o", "tu", "-q", "-j", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = json.loads((tmp_path / "tu" / "tune.json").read_text())
    trials = record["trials"]
    assert record["reference"]["games"] == 36 and len(record["reference"]["stages"]) == 2
    for t in trials:
        played = [st["games"] for st in t["stages"]]
        assert played in ([12], [12, 36]) and t["pruned"] == (played == [12])
        assert t["score"] == t["stages"][-1]["score"]
    # the rule held as the trials were played, each against the ones before it
    loaded = load_targets(tmp_path / "t.toml")
    for i, t in enumerate(trials):
        if "played_as" not in t:
            assert (not t["pruned"]) == search.plays_on(t["stages"][0]["score"], 0, trials[:i], loaded)

    def seed(*parts: str) -> int:
        m = json.loads((tmp_path / "tu" / Path(*parts) / "manifest.json").read_text())
        return int(m["seed"])

    full = [t for t in trials if not t["pruned"] and "played_as" not in t]
    stage1 = {seed("trials", f"t{t['trial']:04d}.s1", "r2") for t in full}
    stage0 = {seed("trials", f"t{t['trial']:04d}", "r2") for t in trials if "played_as" not in t}
    assert stage0 == {9} and len(stage1) == 1 and stage1 != stage0  # the same new deals in every trial
    assert seed("trials", "shipped.s1", "r2") in stage1
    fresh = seed("confirm", "shipped", "r2")
    assert fresh not in stage0 | stage1
    # the best two trials of every game, and the shipped content, again on fresh deals
    confirm = record["confirm"]
    finalists = search.finalists(loaded, trials)
    assert set(confirm) == {"shipped", *(f"t{t['trial']:04d}" for t in finalists)}
    best = min(finalists, key=lambda t: (confirm[f"t{t['trial']:04d}"]["score"], t["score"], t["trial"]))
    assert record["best"] == best["trial"]
    assert "On fresh deals (36 games a target): shipped content" in done.stdout
    assert f"chosen: trial {best['trial']}" in done.stdout
    assert "on fresh deals" in (tmp_path / "tu" / "best.toml").read_text()
    # what it cost: every game played, counted once (a set proposed again plays none)
    runs_played = sum(
        len(list((tmp_path / "tu").glob(f"{d}/*/r2/manifest.json"))) for d in ("trials", "confirm")
    )
    per_stage = {"": 12, ".s1": 24}
    counted = sum(
        per_stage[Path(m).parent.parent.name.partition(".")[1] + Path(m).parent.parent.name.partition(".")[2]]
        for m in (tmp_path / "tu").glob("trials/*/r2/manifest.json")
    ) + 36 * len(list((tmp_path / "tu").glob("confirm/*/r2/manifest.json")))
    assert runs_played and record["cost"]["games"] == counted and record["cost"]["parts"] == 1
    page = (tmp_path / "tu" / "tune.md").read_text()
    assert "## On fresh deals" in page and f"Trial {best['trial']}:" in page
    assert "RECONSTRUCTED" in page and "successive halving by 3" in page
    assert f"{record['cost']['games']:,} games in" in page and "tune.md" in done.stdout
    beaten = confirm["shipped"]["score"] <= confirm[f"t{best['trial']:04d}"]["score"]
    assert ("No trial beat the shipped content" in page) == beaten
    assert ("no trial beat it" in done.stdout) == beaten


def test_a_set_proposed_again_is_read_not_replayed(tmp_path: Path) -> None:
    # two values of one number: TPE proposes a set again within a few trials
    text = HALVING.replace('"skills.humans.scouting.cost_units" = "plausible"\n', "")
    record_dir = tmp_path / "tu"
    summary = search.run_tune(load_targets(setup(tmp_path, text)), record_dir, quiet=True)
    assert summary.best is not None
    trials = json.loads((record_dir / "tune.json").read_text())["trials"]
    again = [t for t in trials if "played_as" in t]
    assert again, "no set was proposed twice"
    for t in again:
        first = next(x for x in trials if f"t{x['trial']:04d}" == t["played_as"])
        assert first["values"] == t["values"] and first["stages"] == t["stages"]
        assert not (record_dir / "trials" / f"t{t['trial']:04d}").exists()


def test_an_interrupted_halving_calibration_resumes_to_the_same_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cryhavoc_sim.runner import executor

    targets = load_targets(setup(tmp_path, HALVING))
    real = executor.run_scenario
    calls: list[Any] = []
    stop = {"at": 0}

    def stopping(*args: Any, **kw: Any) -> Any:
        calls.append(args[1])
        if len(calls) == stop["at"]:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(executor, "run_scenario", stopping)
    assert search.run_tune(targets, tmp_path / "whole", quiet=True).best is not None
    runs = list(calls)
    confirming = [i for i, where in enumerate(runs, 1) if "confirm" in Path(where).parts]
    assert len(confirming) == 3  # the shipped content and two finalists
    for at in (4, confirming[1]):  # within the trials, and within the confirmation
        calls.clear()
        stop["at"] = at
        out = tmp_path / f"parts{at}"
        assert search.run_tune(targets, out, quiet=True).interrupted
        stop["at"] = 0
        assert search.run_tune(targets, out, resume=True, quiet=True).best is not None
        a, b = (json.loads((d / "tune.json").read_text()) for d in (tmp_path / "whole", out))
        for key in ("trials", "reference", "confirm", "best", "status"):
            assert a[key] == b[key], (at, key)


def test_the_study_rebuilt_from_the_record_is_the_one_told_as_trials_were_played(tmp_path: Path) -> None:
    import optuna

    targets = load_targets(setup(tmp_path, HALVING))
    trials = [
        {
            "trial": 0,
            "indices": {p.path: 0 for p in targets.parameters},
            **{
                "games": 36,
                "score": 0.1,
                "missed": [],
                "found": {},
                "pruned": False,
                "stages": [{"games": 12, "score": 0.2}, {"games": 36, "score": 0.1}],
            },
        },
        {
            "trial": 1,
            "indices": {p.path: 1 for p in targets.parameters},
            **{
                "games": 12,
                "score": 0.4,
                "missed": [],
                "found": {},
                "pruned": True,
                "stages": [{"games": 12, "score": 0.4}],
            },
        },
    ]
    live, dists = search._study(targets, [])
    for t in trials:
        asked = live.ask(dists)
        assert asked.number == t["trial"]
        search._tell(live, asked, t)
    rebuilt, _ = search._study(targets, trials)

    def shape(study: optuna.Study) -> list[Any]:
        return [(x.state, x.value, x.intermediate_values) for x in study.trials]

    assert shape(rebuilt) == shape(live)
    assert shape(live)[1][0] == optuna.trial.TrialState.PRUNED


def test_the_first_trial_plays_the_start_values(tmp_path: Path) -> None:
    text = TARGETS.replace("trials = 3", "trials = 2") + (
        '\n[start]\n"structures.humans.*.build_cost" = 3\n"skills.humans.scouting.cost_units" = 0\n'
    )
    summary = search.run_tune(load_targets(setup(tmp_path, text)), tmp_path / "tu", quiet=True)
    assert summary.best is not None
    first = json.loads((tmp_path / "tu" / "tune.json").read_text())["trials"][0]
    assert first["values"] == {"skills.humans.scouting.cost_units": 0, "structures.humans.*.build_cost": 3}


@pytest.mark.parametrize(
    ("start", "message"),
    [
        (
            '"structures.humans.*.build_cost" = 2',
            "start.structures.humans.*.build_cost' is 2, not among its values (1, 3)",
        ),
        ('"factions.trogs.units" = 12', "start.factions.trogs.units' is not among [parameters]; allowed:"),
        ('"structures.humans.*.build_cost" = "3"', "is '3', not among its values"),
    ],
)
def test_bad_start_values_are_one_sentence(tmp_path: Path, start: str, message: str) -> None:
    refusal = refused(setup(tmp_path, TARGETS + f"\n[start]\n{start}\n"))
    assert message in refusal, refusal


def test_values_beyond_the_declared_range_need_a_reason(tmp_path: Path) -> None:
    """A calibration keeps to the declared plausible values; going beyond them takes the
    evidence, which the record and the written content set carry."""
    wide = '"skills.humans.scouting.cost_units" = { range = [0, 3] }'
    text = TARGETS.replace('"skills.humans.scouting.cost_units" = "plausible"', wide)
    with pytest.raises(UserError) as err:
        load_targets(setup(tmp_path, text))
    assert (
        "parameters.skills.humans.scouting.cost_units' sets 2, 3 beyond its declared plausible values (0, 1)"
        in str(err.value)
    )
    with pytest.raises(UserError, match=r"reason' must say in 1 to 500 characters"):
        load_targets(setup(tmp_path, text.replace("[0, 3] }", '[0, 3], reason = " " }')))
    why = "the rulebook's reference card prices Scouting at up to 3 Units (a photograph)"
    text = text.replace("[0, 3] }", f'[0, 3], reason = "{why}" }}').replace("trials = 3", "trials = 2")
    targets = load_targets(setup(tmp_path, text))
    assert dict(targets.reasons) == {"skills.humans.scouting.cost_units": why}
    assert targets.parameters[0].values == (0, 1, 2, 3)
    # a list with a reason, too
    listed = text.replace(
        f'{{ range = [0, 3], reason = "{why}" }}', f'{{ values = [0, 2], reason = "{why}" }}'
    )
    assert load_targets(setup(tmp_path, listed)).parameters[0].values == (0, 2)
    setup(tmp_path, text)
    done = cli("tune", "t.toml", "-o", "tu", "-q", "-j", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    record = json.loads((tmp_path / "tu" / "tune.json").read_text())
    assert record["parameters"][0]["reason"] == why
    skills = (tmp_path / "tu" / "content" / "tiny-calibrated" / "skills.toml").read_text()
    assert f"beyond the declared range: skills.humans.scouting.cost_units: {why}" in skills


def test_a_reason_where_nothing_is_beyond_the_declared_values_is_refused(tmp_path: Path) -> None:
    """It would be written into the content set as if it had widened a range."""
    within = '{ range = [0, 1], reason = "a photograph" }'
    text = TARGETS.replace('"plausible"', within, 1)
    with pytest.raises(
        UserError, match=r"reason' is given, but every value is among the declared plausible ones"
    ):
        load_targets(setup(tmp_path, text))


def test_a_set_proposed_again_is_ranked_once(tmp_path: Path) -> None:
    t = load_targets(setup(tmp_path, HALVING))
    first, other = entry(0, 0.1), entry(1, 0.3)
    again = {**entry(2, 0.1), "played_as": "t0000"}
    # three trials (0.1, 0.3 and the new 0.2): ceil(3/3) = 1 plays on, 0.1's; had the repeat
    # been counted, four scores would let 2 play on, 0.2 among them
    assert not search.plays_on(0.2, 0, [first, other, again], t)
    assert search.plays_on(0.05, 0, [first, other, again], t)
