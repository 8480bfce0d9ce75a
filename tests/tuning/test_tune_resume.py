"""A calibration resumes only what it began (issue 32): each target's scenario and content
are checked as a run's --resume checks its own, and Ctrl-C between two of its runs leaves
a record saying interrupted, never running."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.tuning.search import run_tune
from cryhavoc_sim.tuning.targets import load_targets
from tests.tuning.test_tune import TARGETS, setup

SMALL = TARGETS.replace("trials = 3", "trials = 1").replace("games = 30", "games = 10")


def test_a_resume_after_a_target_scenario_changed_is_refused(tmp_path: Path) -> None:
    path = setup(tmp_path, SMALL)
    out = tmp_path / "tu"
    first = run_tune(load_targets(path), out, quiet=True)
    assert first.best is not None
    record = json.loads((out / "tune.json").read_text())
    record["status"] = "interrupted"
    (out / "tune.json").write_text(json.dumps(record))
    before = (out / "tune.json").read_text()
    # the targets file is the same text; the scenario it names now plays 3 players
    scenario = tmp_path / "r2.toml"
    scenario.write_text(scenario.read_text().replace("players = 2", "players = 3"))
    with pytest.raises(UserError, match=r"target r2's scenario changed since the calibration began"):
        run_tune(load_targets(path), out, resume=True, quiet=True)
    assert (out / "tune.json").read_text() == before


def test_ctrl_c_between_two_runs_leaves_the_record_interrupted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cryhavoc_sim.runner import executor

    real = executor.run_scenario
    calls = []

    def interrupted_after_one(*args: Any, **kw: Any) -> Any:
        calls.append(args[1])
        if len(calls) > 1:  # the second run never starts: Ctrl-C came between the two
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(executor, "run_scenario", interrupted_after_one)
    out = tmp_path / "tu"
    summary = run_tune(load_targets(setup(tmp_path, SMALL)), out, quiet=True)
    assert summary.interrupted and summary.stopped is None
    assert json.loads((out / "tune.json").read_text())["status"] == "interrupted"


def test_a_complete_target_is_read_with_a_progress_bar_and_an_interrupted_one_is_no_score(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resume with progress bars skips a complete target's run (it used to read the
    result of a run it had not played), and a target run that was interrupted ends the
    trial unscored (it used to be scored from its part-played games)."""
    from types import SimpleNamespace

    import cryhavoc_sim.runner.executor as executor
    import cryhavoc_sim.studies.play as play
    import cryhavoc_sim.tuning.search as search

    targets = load_targets(setup(tmp_path, TARGETS))
    bar = SimpleNamespace(updates=[], update=lambda n: bar.updates.append(n), set_description=lambda s: None)
    summary = search.TuneSummary(tmp_path / "out", 1)
    monkeypatch.setattr(play, "run_complete", lambda run_dir, h: True)
    monkeypatch.setattr(search, "_rates", lambda run_dir: {"read": str(run_dir)})
    found = search._play(targets, {}, tmp_path / "t0", "t0", 1, False, summary, bar)
    assert found is not None and set(found) == {t.name for t in targets.targets}
    assert bar.updates == [targets.games] * len(targets.targets)
    monkeypatch.setattr(play, "run_complete", lambda run_dir, h: False)
    stopped = SimpleNamespace(played_now=3, errors=0, interrupted=True, worker_lost=None)
    monkeypatch.setattr(executor, "run_scenario", lambda *a, **k: stopped)
    assert search._play(targets, {}, tmp_path / "t1", "t1", 1, False, summary, bar) is None
    assert summary.interrupted and summary.played_now == 3
