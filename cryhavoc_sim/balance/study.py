"""Play a balance study: one ordinary run directory per rung, the whole resumable.

```
BALANCE_DIR/
  balance.json      the scenario's text, the rungs, games, seed, margin and precision,
                    and each rung's status
  rungs/r00/        rung 0 (the weakest): an ordinary run directory, every seat its bot
  rungs/r01/ ...    the next rungs, the same deals
  results.parquet   one row per rung and side: games, wins, win rate, 95% Wilson
                    interval, fair share, budget (written when every rung is complete)
  report/           the balance report (report.md, report.html, summary.json, figure)
```

A rung is complete when its manifest says so; ``resume`` skips complete rungs, completes
an interrupted one and plays the rest. Every rung's scenario is built (and so every bot
name checked) before anything is written. The margin only shapes the verdicts, so a
study may be reported again with another margin without playing anything.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.balance.record import BALANCE_FILE, rung_dir
from cryhavoc_sim.balance.rungs import Rung, parse_rungs, read_rung, rung_scenario
from cryhavoc_sim.balance.verdict import DEFAULT_MARGIN, margin_problem
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.scenario import Scenario


@dataclass(frozen=True)
class BalancePlan:
    """A checked balance study: the scenario, its rungs' scenarios, the margin, and the
    precision each rung plays to (None: every rung plays ``scenario.games``)."""

    scenario: Scenario
    rungs: tuple[Rung, ...]
    scenarios: tuple[Scenario, ...]
    margin: float
    precision: float | None

    def expected(self, index: int) -> str:
        """The ``config_hash`` rung ``index``'s run must carry: its scenario's text (every
        seat its bot), games, seed and stopping rule."""
        from cryhavoc_sim.runner.plan import config_hash

        rule = None
        if self.precision is not None:
            from cryhavoc_sim.runner.precision import Precision

            rule = Precision(self.precision)
        return config_hash(self.scenarios[index], rule)

    @property
    def identity(self) -> str:
        """What a resume must match: the scenario's text and every played setting."""
        return json.dumps(
            {
                "scenario_text": self.scenario.text,
                "rungs": [r.spec for r in self.rungs],
                "games": self.scenario.games,
                "seed": self.scenario.seed,
                "precision": self.precision,
            },
            sort_keys=True,
        )


def plan_balance(
    scenario: Scenario,
    rungs: Sequence[str] | str | None,
    margin: float = DEFAULT_MARGIN,
    precision: float | None = None,
) -> BalancePlan:
    """The study of ``scenario`` at ``rungs`` (None: the game's default rungs), every
    rung's scenario built and checked; one sentence for anything that cannot be played."""
    from cryhavoc_sim.games import get_game

    problem = margin_problem(margin)
    if problem:
        raise UserError(problem)
    if precision is not None:
        from cryhavoc_sim.runner.precision import precision_problem

        problem = precision_problem(precision)
        if problem:
            raise UserError(problem)
    parsed = parse_rungs(get_game(scenario.game).balance_rungs if rungs is None else rungs)
    scenarios = tuple(rung_scenario(scenario, r) for r in parsed)
    read = tuple(read_rung(sc, r) for sc, r in zip(scenarios, parsed, strict=True))
    return BalancePlan(scenario, read, scenarios, float(margin), precision)


@dataclass
class BalanceSummary:
    out: Path
    rungs: int
    complete: int = 0
    played_now: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    stopped: str | None = None
    errors: int = 0


def _record(plan: BalancePlan, status: str, done: list[bool]) -> dict[str, Any]:
    return {
        "kind": "cryhavoc-sim balance",
        "identity": plan.identity,
        "scenario": plan.scenario.name,
        "scenario_path": plan.scenario.path,
        "scenario_text": plan.scenario.text,
        "game": plan.scenario.game,
        "games": plan.scenario.games,
        "seed": plan.scenario.seed,
        "margin": plan.margin,
        "precision": plan.precision,
        "rungs": [
            {
                "rung": r.spec,
                "family": r.family,
                "budget": r.budget,
                "dir": f"rungs/r{i:02d}",
                "complete": done[i],
                "config_hash": plan.expected(i),  # what its run must carry when it is read
            }
            for i, r in enumerate(plan.rungs)
        ],
        "status": status,
    }


def run_balance(
    plan: BalancePlan,
    out: Path,
    workers: int = 1,
    resume: bool = False,
    quiet: bool = False,
    executor: str = "local",
    scheduler: str | None = None,
) -> BalanceSummary:
    """Play every rung of ``plan`` into ``out`` (see the module's layout); the results
    table is written once every rung is complete."""
    from cryhavoc_sim.runner.executor import RunOptions
    from cryhavoc_sim.runner.rundir import refuse_links
    from cryhavoc_sim.studies.play import Part, play_parts
    from cryhavoc_sim.studies.record import open_record, run_complete, write_json

    open_record(
        out, BALANCE_FILE, "balance study", "identity", plan.identity, "another scenario or rungs", resume
    )
    if out.exists():
        refuse_links(out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot create the balance directory ({exc.strerror or exc}).") from None
    done = [run_complete(rung_dir(out, i), plan.expected(i)) for i in range(len(plan.rungs))]
    write_json(out / BALANCE_FILE, _record(plan, "running", done))
    summary = BalanceSummary(out, len(plan.rungs))
    started = time.perf_counter()
    rule = None
    if plan.precision is not None:
        from cryhavoc_sim.runner.precision import Precision

        rule = Precision(plan.precision)
    from cryhavoc_sim.runner.estimate import attempted

    bar = None if quiet else _overall_bar(plan, done, workers)

    def show(i: int) -> None:  # the rung about to play
        assert bar is not None
        bar.set_description(f"rung {i + 1}/{len(plan.rungs)} {plan.rungs[i].spec}")
        bar.n = sum(s.games for s, d in zip(plan.scenarios, done, strict=True) if d) + attempted(
            rung_dir(out, i)
        )
        bar.refresh()

    parts = [Part(sc, rung_dir(out, i), plan.expected(i)) for i, sc in enumerate(plan.scenarios)]
    options = RunOptions(
        workers, quiet=quiet, executor=executor, scheduler=scheduler, rule=rule, progress=bar
    )
    try:
        play_parts(parts, options, summary, done, show if bar is not None else None)
    finally:
        if bar is not None:
            bar.close()
        summary.complete = sum(done)
        summary.seconds = time.perf_counter() - started
        status = "complete" if all(done) else "interrupted"
        write_json(out / BALANCE_FILE, _record(plan, status, done))
    if all(done):
        from cryhavoc_sim.balance.tables import write_results

        write_results(out)
    return summary


def _overall_bar(plan: BalancePlan, done: list[bool], workers: int) -> Any:
    """The estimate (one timed game a rung left: the rungs' bots differ in cost), the
    small-study warning and one bar for every rung (runner/estimate.py)."""
    from cryhavoc_sim.runner.estimate import study_bar

    left = [(sc, sc.games) for sc, d in zip(plan.scenarios, done, strict=True) if not d]
    total = sum(sc.games for sc in plan.scenarios)
    return study_bar(left, total, total - sum(n for _, n in left), workers, plan.scenario.games, "rung")
