"""The commands that play a scenario and read one run: run, replay, report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cryhavoc_sim.cli.common import Executor, _cpus, _fail, _flag, app
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.results import RECONSTRUCTED_NOTICE, reading, run_end
from cryhavoc_sim.runner.rundir import MAX_GAMES


@app.command()
def run(
    scenario: Annotated[
        str | None,
        typer.Argument(
            help="Scenario TOML file (or the name of a shipped one, e.g. quick); without it, the shipped"
            " scenarios are listed.",
            show_default=False,
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "-n",
            "--games",
            min=1,
            max=MAX_GAMES,
            help=(
                'Number of games, not deals (overrides the scenario); with seats = "rotate" each deal is'
                " played once from every seat, so -n 300 at three players is 100 deals."
            ),
        ),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "-j",
            "--workers",
            min=1,
            help="Worker processes (default: every CPU this process may use; the local executor uses at most one per CPU).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=2**64 - 1, help="Master seed (overrides the scenario)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("-o", "--out", help="Run directory (default runs/<scenario>-<seed>)."),
    ] = None,
    resume: Annotated[bool, _flag("--resume", help="Complete an interrupted run in --out.")] = False,
    quiet: Annotated[bool, _flag("--quiet", "-q", help="No progress bar.")] = False,
    no_events: Annotated[
        bool, _flag("--no-events", help="Do not log events (games and seats only).")
    ] = False,
    fail_fast: Annotated[bool, _flag("--fail-fast", help="Stop at the first game that raises.")] = False,
    executor: Annotated[
        Executor, typer.Option("--executor", help="local processes, or a Dask cluster.")
    ] = Executor.local,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Dask scheduler address (default: a LocalCluster).")
    ] = None,
    as_json: Annotated[
        bool,
        _flag(
            "--json",
            help="The result as one JSON document on stdout: status, counts, win rates with intervals, paths.",
        ),
    ] = False,
    precision: Annotated[
        float | None,
        typer.Option(
            "--precision",
            help="Play until every faction's win-rate interval is at most +- this (0.01 = 1 point), with"
            " intervals valid at every look (a confidence sequence); --max-games caps it.",
        ),
    ] = None,
    max_games: Annotated[
        int | None,
        typer.Option("--max-games", min=1, max=MAX_GAMES, help="With --precision: the most games to play."),
    ] = None,
    win_model: Annotated[
        Path | None,
        typer.Option(
            "--win-model",
            help="A win-model file written by train-value: the run records its players' win-probability"
            " lines with it instead of the game's shipped model (overrides the scenario's win_model).",
        ),
    ] = None,
) -> None:
    """Play a scenario's games and write the run directory (Parquet + manifest).

    Example: cryhavoc-sim run four_player -n 2000 -j 2 -o runs/fp
    (or: cryhavoc-sim run four_player --precision 0.02 --max-games 40000)"""
    import shlex

    from cryhavoc_sim.runner.executor import RunOptions, run_scenario
    from cryhavoc_sim.runner.precision import (
        PRECISION_CAP,
        Precision,
        capped,
        precision_problem,
    )
    from cryhavoc_sim.runner.scenario import load_scenario

    if scenario is None:
        typer.echo(_scenario_list(), err=True)
        raise _fail(
            "run needs a scenario: a shipped one's name from the list above (cryhavoc-sim run quick) or a"
            " scenario TOML file (cryhavoc-sim run my_scenario.toml)."
        )
    if scheduler is not None and executor != Executor.dask:
        raise _fail(f"--scheduler {scheduler} needs --executor dask (the local executor has no scheduler).")
    rule = None
    if precision is not None:
        problem = precision_problem(precision)
        if problem:
            raise _fail(problem)
        if games is not None:
            raise _fail(
                "-n/--games and --precision do not go together; cap a precision run with --max-games."
            )
        rule = Precision(precision)
    elif max_games is not None:
        raise _fail(
            "--max-games caps a --precision run; without --precision give the number of games with -n."
        )
    cpus = _cpus()
    if workers is None:
        workers = cpus
    elif executor == Executor.local and workers > cpus:
        typer.echo(f"note: -j {workers} capped at {cpus}, the CPUs this process may use.", err=True)
        workers = cpus
    try:
        sc = load_scenario(scenario).with_overrides(games=games, seed=seed)
        if win_model is not None:
            sc = sc.with_win_model(win_model)
        if rule is not None:
            sc = capped(sc, max_games or PRECISION_CAP, rule.target)
        run_dir = out or Path("runs") / f"{sc.name}-{sc.seed}"
        options = RunOptions(
            workers, resume, quiet, not no_events, fail_fast, executor.value, scheduler, rule
        )
        summary = run_scenario(sc, run_dir, options)
    except UserError as exc:
        raise _fail(str(exc)) from None
    again = shlex.join(
        [
            "cryhavoc-sim",
            "run",
            scenario,
            "-o",
            str(run_dir),
            "--resume",
            # Every option that shapes the data, as given (--resume checks they match).
            *(["-n", str(games)] if games else []),
            *(["--precision", str(precision)] if precision is not None else []),
            *(["--max-games", str(max_games)] if max_games is not None else []),
            *(["--seed", str(seed)] if seed is not None else []),
            *(["--win-model", str(win_model)] if win_model is not None else []),
            *(["--no-events"] if no_events else []),
            *(["--fail-fast"] if fail_fast else []),
            "-j",
            str(workers),
            *(["--executor", "dask"] if executor == Executor.dask else []),
            *(["--scheduler", scheduler] if scheduler else []),
        ]
    )
    end = run_end(sc, run_dir, summary, again, precision=rule is not None)
    if as_json:
        # One JSON document on stdout; the notice and any error sentence go to stderr.
        typer.echo(json.dumps(end.as_json(), indent=2))
    for text, err in end.lines(as_json):
        typer.echo(text, err=err)
    if end.exit_code:
        raise typer.Exit(end.exit_code)


def _scenario_list() -> str:
    """The shipped scenarios, each with its one-line description (its ``description``,
    else the first sentence of the comment that opens the file)."""
    import re
    import tomllib

    from cryhavoc_sim.runner.scenario import SHIPPED, shipped_names

    rows = []
    for name in shipped_names():
        try:
            text = (SHIPPED / f"{name}.toml").read_text()
            said = str(tomllib.loads(text).get("scenario", {}).get("description", ""))
        except (OSError, ValueError):
            continue
        if not said:
            lead = " ".join(
                line.lstrip("#").strip() for line in text.splitlines()[:8] if line.startswith("#")
            ).split("  ")[0]
            said = re.split(r"(?<=[a-z)])[.:] ", lead + " ")[0].strip().rstrip(".:")
        rows.append((name, said if len(said) <= 90 else said[:87].rsplit(" ", 1)[0] + "..."))
    width = max((len(n) for n, _ in rows), default=0)
    return "Shipped scenarios:\n" + "\n".join(f"  {n.ljust(width)}  {d}".rstrip() for n, d in rows)


@app.command()
def replay(
    run_dir: Annotated[Path, typer.Argument(help="A run directory.")],
    game_id: Annotated[int, typer.Argument(help="The game to replay (games.game_id).")],
) -> None:
    """Replay one game from its seed: a readable account, checked against the stored events.

    Example: cryhavoc-sim replay runs/quick 17"""
    from cryhavoc_sim.runner.replay import replay as do_replay

    try:
        with reading(run_dir):
            result = do_replay(run_dir, game_id)
    except UserError as exc:
        raise _fail(str(exc)) from None
    typer.echo(f"Game {result.game_id} (seed {result.seed})")
    typer.echo("\n".join(result.account))
    if result.matches is None:
        typer.echo(f"(not compared with the stored game: {result.not_compared})")
    elif result.matches:
        typer.echo("Replayed events equal the stored events.")
    else:
        typer.echo(f"error: replayed events differ from the stored ones: {result.mismatch}", err=True)
        raise typer.Exit(1)


@app.command()
def report(
    run_dir: Annotated[Path, typer.Argument(help="A run directory (or a sweep directory).")],
    out: Annotated[
        Path | None,
        typer.Option(
            "-o", "--out", help="Report directory (default reports/<run>; a sweep's: SWEEP/report)."
        ),
    ] = None,
    sweep_dir: Annotated[
        Path | None,
        typer.Option(
            "--sweep",
            help="A finished sweep of the run's scenario whose most sensitive numbers the headline names"
            " (only when given: another study never changes a report unasked).",
        ),
    ] = None,
) -> None:
    """Write the run's report: HTML (figures embedded), Markdown, PNG figures, summary.json;
    in a directory named reports, also reports/index.html listing every report there.

    Example: cryhavoc-sim report runs/quick -o reports/quick"""
    from cryhavoc_sim.report.build import build_report
    from cryhavoc_sim.storage.reader import load_run
    from cryhavoc_sim.sweeps.lookup import most_sensitive
    from cryhavoc_sim.writing import all_or_nothing

    if (run_dir / "sweep.json").exists():  # a sweep directory: its own report
        from cryhavoc_sim.sweeps.report import build_sweep_report

        try:
            # a full disk halfway: no half report is left
            with (
                reading(run_dir, writing=out or run_dir / "report"),
                all_or_nothing(out or run_dir / "report"),
            ):
                page = build_sweep_report(run_dir, out)
        except UserError as exc:
            raise _fail(str(exc)) from None
        typer.echo(f"Sweep report written to {page}")
        typer.echo(RECONSTRUCTED_NOTICE)
        return
    try:
        # named after the run as resolved: RUN/games/.. is RUN, never ".." (the working directory)
        target = out or Path("reports") / run_dir.resolve().name
        if out is None and target.is_symlink():
            raise UserError(
                f"{target}: is a symbolic link; the tool never writes through a link: remove it or give -o."
            )
        index = target.resolve().parent / "index.html"  # rewritten after the report: checked first
        if target.resolve().parent.name == "reports" and index.is_symlink():
            raise UserError(f"{index}: is a symbolic link; the tool never writes through a link: remove it.")
        with reading(run_dir, writing=target):
            run = load_run(run_dir)
            if sweep_dir is not None and not (sweep_dir / "sweep.json").exists():
                raise UserError(f"--sweep {sweep_dir}: is not a sweep directory (no sweep.json).")
            with all_or_nothing(target):  # a full disk halfway: no half report is left
                sensitive = None if sweep_dir is None else most_sensitive(run, sweep_dir)
                result = build_report(run, target, sensitive)
    except UserError as exc:
        raise _fail(str(exc)) from None
    typer.echo(
        f"Report written to {result.html} (also {result.markdown.name}, {len(result.figures)} PNG figures, summary.json)"
    )
    if target.resolve().parent.name == "reports":
        from cryhavoc_sim.report.index import write_index

        typer.echo(f"Index of every report: {write_index(target.resolve().parent)}")
    if run.manifest.get("content_reconstructed", True):
        typer.echo(RECONSTRUCTED_NOTICE)
