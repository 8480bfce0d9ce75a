"""The equal-skill study: balance (a scenario played at rungs of skill, one bot in every seat)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cryhavoc_sim.cli.common import Executor, _cpus, _fail, _flag, app
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.results import RECONSTRUCTED_NOTICE
from cryhavoc_sim.runner.rundir import MAX_GAMES


@app.command()
def balance(
    scenario: Annotated[str, typer.Argument(help="Scenario TOML file or a shipped scenario's name.")],
    rungs: Annotated[
        str | None,
        typer.Option(
            "--rungs",
            help="Bot specs, weakest first, comma-separated; each plays every seat (default: the game's"
            " heuristic, then its search at doubling budgets, e.g. heuristic,ismcts:8,ismcts:16,ismcts:32).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "-n",
            "--games",
            min=1,
            max=MAX_GAMES,
            help="Games per rung, not deals (overrides the scenario; a deal is played from every seat).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=2**64 - 1, help="Master seed (overrides the scenario)."),
    ] = None,
    margin: Annotated[
        float,
        typer.Option(
            "--margin",
            help="Points within which the top two rungs must agree for a stable verdict (more than 0, less than 50).",
        ),
    ] = 5.0,
    precision: Annotated[
        float | None,
        typer.Option(
            "--precision",
            help="Play each rung until every side's interval is at most +-this (0.02 = 2 points), capped by -n.",
        ),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="Study directory (default balance/<scenario name>).")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("-j", "--workers", min=1, help="Worker processes per rung (default: every CPU)."),
    ] = None,
    resume: Annotated[
        bool,
        _flag("--resume", help="Complete an interrupted study in --out (or report a finished one again)."),
    ] = False,
    max_games: Annotated[
        int,
        typer.Option("--max-games", min=1, help="Refuse a study that plays more games than this in all."),
    ] = 2_000_000,
    quiet: Annotated[bool, _flag("--quiet", "-q", help="No progress bars.")] = False,
    as_json: Annotated[bool, _flag("--json", help="Print the summary as JSON instead of sentences.")] = False,
    executor: Annotated[
        Executor, typer.Option("--executor", help="local processes, or a Dask cluster.")
    ] = Executor.local,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Dask scheduler address (default: a LocalCluster).")
    ] = None,
) -> None:
    """Balance at equal skill: play the scenario at each rung with that rung's bot in
    every seat, on the same deals (seats rotated as the scenario says), then say for each
    side whether its place against its fair share is STABLE (the top two rungs make the
    same statement and agree within --margin points, by paired two one-sided tests) or
    SKILL-SENSITIVE, with its trend over the search budget. Writes one run directory per
    rung, results.parquet and a report (report/report.html, report/summary.json).

    Example: cryhavoc-sim balance three_player --rungs heuristic,ismcts:8,ismcts:16 -n 300 -j 2"""
    import shlex

    from cryhavoc_sim.balance.report import build_balance_report
    from cryhavoc_sim.balance.study import plan_balance, run_balance
    from cryhavoc_sim.runner.scenario import load_scenario
    from cryhavoc_sim.writing import all_or_nothing

    if scheduler is not None and executor != Executor.dask:
        raise _fail(f"--scheduler {scheduler} needs --executor dask (the local executor has no scheduler).")
    if not 0 < margin < 50:
        raise _fail(f"--margin {margin:g} is out of range; allowed: more than 0 and less than 50 points.")
    cpus = _cpus()
    workers = min(workers or cpus, cpus) if executor == Executor.local else workers or cpus
    try:
        sc = load_scenario(scenario).with_overrides(games=games, seed=seed)
        plan = plan_balance(sc, rungs, margin / 100, precision)
        total = len(plan.rungs) * sc.games
        if total > max_games:
            raise UserError(
                f"the study plays up to {total:,} games ({len(plan.rungs)} rungs x {sc.games:,});"
                f" allowed with --max-games: at most {max_games:,} (-n sets fewer games per rung)."
            )
        target = out or Path("balance") / sc.name
        summary = run_balance(plan, target, workers, resume, quiet, executor.value, scheduler)
    except UserError as exc:
        raise _fail(str(exc)) from None
    if summary.interrupted:
        again = shlex.join(
            ["cryhavoc-sim", "balance", scenario, "-o", str(target), "--resume", "-j", str(workers)]
            + (["--rungs", rungs] if rungs else [])
            + (["-n", str(games)] if games else [])
            + (["--seed", str(seed)] if seed is not None else [])
            + (["--precision", str(precision)] if precision is not None else [])
            + (["--executor", "dask"] if executor == Executor.dask else [])
            + (["--scheduler", scheduler] if scheduler else [])
        )
        why = f"Stopped: {summary.stopped}" if summary.stopped else "Interrupted"
        typer.echo(
            f"{why}: {summary.complete} of {summary.rungs} rungs complete in {target}. Resume with:\n  {again}",
            err=True,
        )
        raise typer.Exit(1 if summary.stopped else 130)
    try:
        with all_or_nothing(target / "report"):  # a full disk halfway: no half report is left
            report = build_balance_report(target, margin / 100)
    except UserError as exc:
        raise _fail(str(exc)) from None
    data = json.loads(report.summary.read_text())
    if as_json:
        typer.echo(json.dumps(data, indent=2, default=str))
        return
    played = f"{summary.played_now:,} games played now" if summary.played_now else "nothing left to play"
    typer.echo(
        f"Balance study of {summary.rungs} rungs complete in {target} ({played}, {summary.seconds:.0f} s)."
    )
    for line in data["headline"]:
        typer.echo(f"  {line}")
    typer.echo(f"Report written to {report.html}")
    if any("RECONSTRUCTED" in line for line in data["trust"]):
        typer.echo(RECONSTRUCTED_NOTICE)
