"""The gates between runs: compare two runs, store a baseline, check a run against it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cryhavoc_sim.cli.common import AllowPartial, _cpus, _fail, _flag, _write_file, _writing, app
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.rundir import MAX_GAMES
from cryhavoc_sim.writing import append_summary


@app.command()
def compare(
    run_a: Annotated[Path, typer.Argument(help="The base run.")],
    run_b: Annotated[Path, typer.Argument(help="The variant run.")],
    delta: Annotated[
        float, typer.Option("--delta", min=0.001, max=0.5, help="Difference to size the runs for.")
    ] = 0.05,
    as_json: Annotated[
        bool, _flag("--json", help="The tables and differences as one JSON document on stdout.")
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="Draw each faction's difference with its interval to this .png or .svg file."
        ),
    ] = None,
    allow_partial: AllowPartial = False,
) -> None:
    """Win-rate differences per faction and per seat, with intervals and corrected tests.
    Says what differs between the runs; refuses runs of another game or player count.

    Example: cryhavoc-sim compare runs/four_player-4 runs/four_player_machines_no_structures-4"""
    from cryhavoc_sim.report.charts import compare_figure
    from cryhavoc_sim.report.figures import figure_problem
    from cryhavoc_sim.runner.comparison import compare_runs

    try:
        found = compare_runs(run_a, run_b, delta, allow_partial)
    except UserError as exc:
        raise _fail(str(exc)) from None
    if plot is not None and (problem := figure_problem(plot)):
        raise _fail(problem)
    if plot is not None:
        try:
            with _writing(plot, "figure"):
                compare_figure(
                    found.tables["faction"],
                    plot,
                    f"A ({run_a.name})",
                    f"B ({run_b.name})",
                    bool(found.notice),
                )
        except UserError as exc:
            raise _fail(str(exc)) from None
        typer.echo(f"Figure written to {plot}", err=True)
    typer.echo(json.dumps(found.document(), indent=2) if as_json else found.text())


@app.command()
def baseline(
    run_dir: Annotated[Path, typer.Argument(help="The reference run.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Baseline JSON file to write.")],
    allow_partial: AllowPartial = False,
) -> None:
    """Store a run's per-faction win counts as the reference for `check`.

    Example: cryhavoc-sim baseline runs/quick -o baselines/quick.json"""
    from cryhavoc_sim.runner.verdict import baseline_of

    try:
        data = baseline_of(run_dir, allow_partial)
    except UserError as exc:
        raise _fail(str(exc)) from None
    try:
        _write_file(out, json.dumps(data, indent=2) + "\n", "baseline")
    except UserError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"Baseline of {len(data['win_rates'])} factions written to {out}")


@app.command()
def check(
    run_dir: Annotated[Path, typer.Argument(help="The run to check.")],
    baseline_file: Annotated[
        Path, typer.Option("--baseline", help="A file written by `cryhavoc-sim baseline`.")
    ],
    tolerance: Annotated[
        float, typer.Option("--tolerance", min=0.0, max=1.0, help="Allowed win-rate change.")
    ] = 0.03,
    allow_scenario_change: Annotated[
        bool,
        _flag(
            "--allow-scenario-change",
            help="Compare even when the run's scenario name differs from the baseline's.",
        ),
    ] = False,
    as_json: Annotated[
        bool,
        _flag(
            "--json",
            help="The verdict as one JSON document on stdout: status, exit code, every faction's row.",
        ),
    ] = False,
    precision: Annotated[
        float | None,
        typer.Option(
            "--precision",
            help="Play the scenario into RUN_DIR until the gate can decide (confidence sequences), or"
            " every interval is within +- this; then check.",
        ),
    ] = None,
    scenario: Annotated[
        str | None,
        typer.Option("--scenario", help="With --precision: the scenario to play (default: the baseline's)."),
    ] = None,
    max_games: Annotated[
        int | None,
        typer.Option("--max-games", min=1, max=MAX_GAMES, help="With --precision: the most games."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option("-j", "--workers", min=1, help="With --precision: worker processes.")
    ] = None,
    allow_partial: AllowPartial = False,
) -> None:
    """Exit 0 when every faction's win rate is consistent with the baseline, 1 (with a
    Markdown table of what moved) when one moved by more than the tolerance with a
    significant test, 2 on bad input. It fails closed: a baseline with nothing to compare,
    or of another game, player count, scenario or set of factions, is exit 2. Appends the
    table to $GITHUB_STEP_SUMMARY if set. With --precision it first plays the scenario into
    RUN_DIR until the data decide: every faction's interval inside baseline +- tolerance
    (pass) or one wholly outside it (moved), both valid at every look.

    Example: cryhavoc-sim check runs/quick --baseline baselines/quick.json --tolerance 0.03
    (or: cryhavoc-sim check runs/gate --baseline baselines/quick.json --precision 0.02)"""
    import os

    from cryhavoc_sim.runner.verdict import GateInterrupted
    from cryhavoc_sim.runner.verdict import check as check_run

    cpus = _cpus()
    try:
        found = check_run(
            run_dir,
            baseline_file,
            tolerance,
            allow_scenario_change,
            allow_partial,
            precision,
            scenario,
            max_games,
            min(workers or cpus, cpus) if precision is not None else workers,
        )
    except GateInterrupted as stop:
        lost, done = stop.summary.worker_lost, stop.summary.games_done
        typer.echo(
            f"{'Stopped: ' + lost if lost else 'Interrupted'}: the gate has not decided; {done} games are"
            f" kept in {run_dir} and the same check completes them.",
            err=True,
        )
        raise typer.Exit(1 if lost else 130) from None
    except UserError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(found.document, indent=2))
        if found.notice:
            typer.echo(found.notice, err=True)
    else:
        typer.echo(found.report)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        try:
            with _writing(Path(summary), "step summary named by GITHUB_STEP_SUMMARY"):
                append_summary(Path(summary), found.report + "\n")
        except UserError as exc:
            raise _fail(str(exc)) from None
    if found.moved:
        raise typer.Exit(1)
