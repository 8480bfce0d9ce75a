"""The studies built on runs: sweep (sensitivity over a design) and tune (calibration to targets)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from cryhavoc_sim.cli.common import Executor, _cpus, _fail, _flag, app
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.results import RECONSTRUCTED_NOTICE
from cryhavoc_sim.runner.rundir import MAX_GAMES


def _interrupted(kind: str, target: Path | None, again: Callable[[Path], str]) -> NoReturn:
    """Ctrl-C outside a run's own handling: say what is kept and how to go on, exit 130."""
    if target is None or not target.exists():
        typer.echo(f"Interrupted before the {kind} wrote anything.", err=True)
    else:
        from cryhavoc_sim.studies.record import mark_interrupted

        # Ctrl-C just after the record was first written, before the study's own handler
        mark_interrupted(target / ("sweep.json" if kind == "sweep" else "tune.json"))
        typer.echo(f"Interrupted: the {kind} in {target} is kept. Resume with:\n  {again(target)}", err=True)
    raise typer.Exit(130)


@app.command()
def sweep(
    design: Annotated[
        Path,
        typer.Argument(
            help=r"Design TOML file with a \[sweep] and a \[factors] table, or a shipped design's name"
            " (four_player_numbers, cave_troll_numbers, ...; in designs/)."
        ),
    ],
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="Sweep directory (default sweeps/<design name>).")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("-j", "--workers", min=1, help="Worker processes per cell (default: every CPU)."),
    ] = None,
    resume: Annotated[bool, _flag("--resume", help="Complete an interrupted sweep in --out.")] = False,
    games: Annotated[
        int | None,
        typer.Option(
            "-n",
            "--games",
            min=1,
            max=MAX_GAMES,
            help=r"Games in every cell (replaces the design's \[sweep] games): small to try a design, large to"
            " settle it.",
        ),
    ] = None,
    max_games: Annotated[
        int,
        typer.Option("--max-games", min=1, help="Refuse a design that plays more games than this in all."),
    ] = 2_000_000,
    quiet: Annotated[bool, _flag("--quiet", "-q", help="No progress bars.")] = False,
    executor: Annotated[
        Executor, typer.Option("--executor", help="local processes, or a Dask cluster.")
    ] = Executor.local,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Dask scheduler address (default: a LocalCluster).")
    ] = None,
) -> None:
    """Play a design over content numbers and rule knobs (grid, one-at-a-time, Latin
    hypercube, Morris or Sobol), each cell an ordinary run; then write its report:
    sensitivity of every side's win rate to every factor, and in how many cells each
    statement of the shipped scenario holds.

    Example: cryhavoc-sim sweep four_player_numbers -n 200 -j 2 -o sweeps/try
    (or: cryhavoc-sim sweep designs/four_player_numbers.toml -j 2)"""
    import shlex

    from cryhavoc_sim.sweeps.design import load_design
    from cryhavoc_sim.sweeps.report import build_sweep_report
    from cryhavoc_sim.sweeps.run import run_sweep

    if scheduler is not None and executor != Executor.dask:
        raise _fail(f"--scheduler {scheduler} needs --executor dask (the local executor has no scheduler).")
    cpus = _cpus()
    workers = min(workers or cpus, cpus) if executor == Executor.local else workers or cpus

    def again(where: Path) -> str:
        return shlex.join(
            ["cryhavoc-sim", "sweep", str(design), "-o", str(where), "--resume", "-j", str(workers)]
            + (["-n", str(games)] if games is not None else [])
            + (["--executor", "dask"] if executor == Executor.dask else [])
            + (["--scheduler", scheduler] if scheduler else [])
        )

    target = out
    try:
        plan = load_design(design, max_games, games)
        target = out or Path("sweeps") / plan.name
        summary = run_sweep(plan, target, workers, resume, quiet, executor.value, scheduler)
        page = None if summary.interrupted else build_sweep_report(target)
    except UserError as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:  # before the first cell or after the last: still resumable
        _interrupted("sweep", target, again)
    if page is None:
        why = f"Stopped: {summary.stopped}" if summary.stopped else "Interrupted"
        typer.echo(
            f"{why}: {summary.complete} of {summary.cells} cells complete in {target}. Resume with:\n"
            f"  {again(target or Path('.'))}",
            err=True,
        )
        raise typer.Exit(1 if summary.stopped else 130)
    played = f"{summary.played_now:,} games played now" if summary.played_now else "nothing left to play"
    typer.echo(
        f"Sweep of {summary.cells} cells x {plan.games:,} games complete in {target} ({played},"
        f" {summary.seconds:.0f} s)."
    )
    summary_json = json.loads((page.parent / "summary.json").read_text())
    for line in summary_json["headline"]:
        typer.echo(f"  {line}")
    typer.echo(f"Report written to {page}")
    typer.echo(RECONSTRUCTED_NOTICE)


@app.command()
def tune(
    targets_file: Annotated[
        Path,
        typer.Argument(
            help=r"Targets TOML file with a \[tune] table, \[parameters] and one [\[target]] table per"
            " scenario, or a shipped one's name (calibration; in targets/)."
        ),
    ],
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="Calibration directory (default tunes/<name>).")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("-j", "--workers", min=1, help="Worker processes per run (default: every CPU)."),
    ] = None,
    resume: Annotated[bool, _flag("--resume", help="Complete an interrupted calibration in --out.")] = False,
    max_games: Annotated[
        int,
        typer.Option("--max-games", min=1, help="Refuse targets that play more games than this in all."),
    ] = 5_000_000,
    quiet: Annotated[bool, _flag("--quiet", "-q", help="No progress bars.")] = False,
) -> None:
    """Calibrate content numbers to targets: Optuna's TPE proposes values inside their
    ranges, every target scenario is played with them (with first_games, by successive
    halving: only the trials that rank well play on), and the best set is written as a
    new content set (OUT/content/<content_name>/) and as OUT/best.toml; with confirm, the
    best trials are played again on fresh deals and chosen there.

    Example: cryhavoc-sim tune targets/calibration.toml -j 2"""
    import shlex

    from cryhavoc_sim.tuning.search import lowest, played_out, run_tune, write_best
    from cryhavoc_sim.tuning.summary import side_rates
    from cryhavoc_sim.tuning.targets import load_targets

    workers = min(workers or _cpus(), _cpus())

    def again(where: Path) -> str:
        return shlex.join(
            ["cryhavoc-sim", "tune", str(targets_file), "-o", str(where), "--resume", "-j", str(workers)]
        )

    target = out
    try:
        plan = load_targets(targets_file, max_games)
        target = out or Path("tunes") / plan.name
        summary = run_tune(plan, target, workers, resume, quiet)
        best = summary.best
        written = None if best is None or summary.interrupted else write_best(plan, best, target)
    except UserError as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:  # before the first run or while the content set is written
        _interrupted("calibration", target, again)
    if written is None or best is None or summary.reference is None:
        why = f"Stopped: {summary.stopped}" if summary.stopped else "Interrupted"
        typer.echo(
            f"{why}: {summary.done} of {summary.trials} trials kept in {target}. Resume with:\n"
            f"  {again(target or Path('.'))}",
            err=True,
        )
        raise typer.Exit(1 if summary.stopped else 130)
    typer.echo(
        f"Calibration of {plan.trials} trials complete in {target} ({summary.played_now:,} games played now)."
    )
    trials = summary.record["trials"]
    full = len(played_out(trials))
    if full < len(trials):
        typer.echo(
            f"Successive halving: {full} of {len(trials)} trials played all {plan.games:,} games a target;"
            f" the others stopped after {plan.stage_games[0]:,} or more."
        )
    low = lowest(trials)
    typer.echo(
        f"Shipped content: score {summary.reference['score']:.4f} over {plan.games:,} games a target; chosen:"
        f" trial {best['trial']}, {best['score']:.4f} over its {best.get('games', plan.games):,} games a target"
        + (
            f" (the lowest: trial {low['trial']}, {low['score']:.4f})"
            if low["trial"] != best["trial"]
            else ""
        )
        + "."
    )
    fresh = best.get("confirmed")
    if fresh is not None:
        confirm = summary.record["confirm"]
        others = ", ".join(
            f"trial {int(k[1:])} {v['score']:.4f}" for k, v in confirm.items() if k != "shipped"
        )
        typer.echo(
            f"On fresh deals ({plan.games:,} games a target): shipped content {confirm['shipped']['score']:.4f};"
            f" the best {len(confirm) - 1} trials {others}; chosen: trial {best['trial']}."
        )
        if confirm["shipped"]["score"] <= fresh["score"]:
            typer.echo(
                f"The shipped content scores as well or better on fresh deals ({confirm['shipped']['score']:.4f})"
                f" than the chosen set ({fresh['score']:.4f}): no trial beat it; the set is written for reading,"
                " not to replace it."
            )
    typer.echo("Best values: " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in best["values"].items()))
    shown = fresh or best
    where = " (on fresh deals)" if fresh is not None else ""
    for name, found in shown["found"].items():
        typer.echo(f"  {name}{where}: {side_rates(found)}")
    if shown["missed"]:
        typer.echo(
            f"The best set still misses {len(shown['missed'])} of the targets' conditions{where}: "
            + "; ".join(shown["missed"])
        )
    else:
        typer.echo(f"Every target is met{where}.")
    cost = summary.record.get("cost")
    spent = (
        f"{cost['games']:,} games, {cost['seconds'] / 60:.1f} minutes over {cost['parts']} part(s)"
        if cost
        else "its cost not recorded: begun by an older version"
    )
    typer.echo(
        f"Content set written to {written} (and the values to {target / 'best.toml'}); the calibration"
        f" as a page: {target / 'tune.md'} ({spent})."
    )
    typer.echo(RECONSTRUCTED_NOTICE)
