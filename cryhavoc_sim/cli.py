"""The command line: parse, build a config, call one library function, set the exit code.

Errors a user can cause print one sentence and exit with code 2, never a traceback.
Heavy imports (polars, matplotlib, multiprocess) happen inside the commands.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import game_names
from cryhavoc_sim.runner.rundir import MAX_GAMES


class Executor(StrEnum):
    local = "local"
    dask = "dask"


app = typer.Typer(
    add_completion=True,
    no_args_is_help=True,
    help="Monte Carlo balance analysis for Cry Havoc: play many bot games, log them to Parquet.",
    pretty_exceptions_enable=False,
)


def _flag(*names: str, **kw: Any) -> Any:
    """A boolean option shown as a flag in --help (``--resume``, not ``--resume <bool>``)."""
    return typer.Option(*names, metavar="", **kw)


# check, baseline and compare: use a run that did not finish all the same
AllowPartial = Annotated[
    bool,
    _flag(
        "--allow-partial",
        help="Use a run that did not finish (interrupted, or some games raised) all the same.",
    ),
]


def _print_version(value: bool) -> None:
    if value:
        from importlib import metadata

        typer.echo(f"cryhavoc-sim {metadata.version('cryhavoc-sim')}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        _flag(
            "--version", callback=_print_version, is_eager=True, help="Print the package version and exit."
        ),
    ] = False,
) -> None:
    """Monte Carlo balance analysis for Cry Havoc: play many bot games, log them to Parquet.

    Example: cryhavoc-sim run quick -n 2000 -j 2 -o runs/quick && cryhavoc-sim report runs/quick
    """


RECONSTRUCTED_NOTICE = (
    "Note: these results rest on RECONSTRUCTED content (invented board, cards and tokens "
    "where the printed ones are not public); see `cryhavoc-sim content` (`--game` for another game)."
)


def _outside(bound: dict[str, Any], baseline: dict[str, Any], tolerance: float) -> bool:
    """Whether a side's confidence-sequence interval lies wholly outside its baseline
    rate +- tolerance."""
    ref = next((r["wins"] / r["games"] for r in baseline["win_rates"] if r["faction"] == bound["side"]), None)
    return ref is not None and (bound["high"] < ref - tolerance or bound["low"] > ref + tolerance)


def _play_for_gate(
    run_dir: Path,
    baseline: dict[str, Any],
    tolerance: float,
    precision: float,
    scenario: str | None,
    max_games: int | None,
    workers: int | None,
    baseline_file: Path,
    allow_scenario_change: bool,
) -> dict[str, Any]:
    """``check --precision``: play the scenario into ``run_dir`` until the gate can decide
    (or reuse / complete a run of the same rule there); returns the manifest's record."""
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.executor import run_scenario
    from cryhavoc_sim.runner.gate import refuse_other_run
    from cryhavoc_sim.runner.precision import Gate, precision_problem
    from cryhavoc_sim.runner.scenario import load_scenario

    problem = precision_problem(precision)
    if problem:
        raise UserError(problem)
    name = scenario or baseline.get("scenario")
    if not name:
        raise UserError("the baseline names no scenario; give the one to play with --scenario.")
    sc = _capped(load_scenario(name), max_games or PRECISION_CAP)
    # the baseline is checked against what would be played before anything is played
    would = {"game": sc.game, "scenario": sc.name, "config": get_game(sc.game).config(sc.setup)}
    refuse_other_run(baseline, would, baseline_file, run_dir, allow_scenario_change)
    rates = {r["faction"]: r["wins"] / r["games"] for r in baseline["win_rates"]}
    rule = Gate(rates, tolerance, precision)
    resume = (run_dir / "manifest.json").exists()  # complete it, or reuse it when complete
    cpus = _cpus()
    summary = run_scenario(
        sc, run_dir, min(workers or cpus, cpus), resume, True, True, False, "local", None, rule
    )
    if summary.interrupted:
        typer.echo(
            f"{'Stopped: ' + summary.worker_lost if summary.worker_lost else 'Interrupted'}: the gate has not"
            f" decided; {summary.games_done} games are kept in {run_dir} and the same check completes them.",
            err=True,
        )
        raise typer.Exit(1 if summary.worker_lost else 130)
    return _stopped(run_dir)


def _stopped(run_dir: Path) -> dict[str, Any]:
    """The manifest's record of a stopping rule (where it stopped and every interval)."""
    from cryhavoc_sim.storage.reader import read_manifest

    record: dict[str, Any] = read_manifest(run_dir).get("precision") or {}
    return record


def _precision_line(p: dict[str, Any]) -> str:
    """Where a precision run stopped, and why, with its confidence-sequence intervals."""
    cells = ", ".join(
        f"{b['side']} {b['rate']:.1%} ({b['low']:.1%}-{b['high']:.1%})".replace("%-", "-", 1)
        for b in sorted(p.get("bounds", []), key=lambda b: -b["rate"])
    )
    target = f"+-{p.get('target', 0) * 100:g} points"
    if p.get("stopped_at") is None:
        head = f"Reached --max-games ({p.get('max_games'):,}) before every interval was within {target}"
    elif p.get("decision") in ("pass", "moved"):
        head = f"The gate decided ({p['decision']}) at game {p['stopped_at']:,}"
    else:
        head = f"Stopped at game {p['stopped_at']:,}: every interval within {target}"
    return f"{head} (confidence sequences, 95% at every look, {p.get('looks', 0)} looks): {cells}."


# The cap of a --precision run without --max-games.
PRECISION_CAP = 200_000


def _capped(sc: Any, cap: int) -> Any:
    """A precision run's scenario: ``cap`` games, rounded down to whole blocks."""
    from cryhavoc_sim.games import get_game

    block = get_game(sc.game).block_size(sc.setup)
    if cap < block:
        raise UserError(
            f"--max-games {cap} is less than one block of {sc.name} ({block} games: every seat and line-up once);"
            f" allowed: at least {block}."
        )
    return sc.with_overrides(games=cap - cap % block)


@contextmanager
def _reading(*run_dirs: Path) -> Iterator[None]:
    """Unreadable or corrupt run files become one sentence and exit code 2."""
    try:
        yield
    except UserError:
        raise
    except Exception as exc:
        import polars as pl

        if not isinstance(exc, pl.exceptions.PolarsError | OSError):
            raise
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        where = " or ".join(str(d) for d in run_dirs)
        raise UserError(
            f"{where}: a Parquet shard is unreadable or corrupt ({first}); re-run or --resume that run."
        ) from None


# Set by main() when the command line asks for --json: errors are then also one JSON
# object on stdout ({"error": {"code": 2, "message": ...}}), for the program reading it.
_JSON_ERRORS = False


def _error(message: str, code: int) -> None:
    """An error as people read it (stderr) and, under --json, as programs do (stdout)."""
    typer.echo(f"error: {message}", err=True)
    if _JSON_ERRORS:
        typer.echo(json.dumps({"error": {"code": code, "message": message}}))


def _cpus() -> int:
    """The CPUs this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _fail(message: str, code: int = 2) -> typer.Exit:
    _error(message, code)
    return typer.Exit(code)


@app.command()
def run(
    scenario: Annotated[
        str, typer.Argument(help="Scenario TOML file (or the name of a shipped one, e.g. quick).")
    ],
    games: Annotated[
        int | None,
        typer.Option("-n", "--games", min=1, max=MAX_GAMES, help="Number of games (overrides the scenario)."),
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
) -> None:
    """Play a scenario's games and write the run directory (Parquet + manifest).

    Example: cryhavoc-sim run four_player -n 2000 -j 2 -o runs/fp
    (or: cryhavoc-sim run four_player --precision 0.02 --max-games 40000)"""
    import shlex

    from cryhavoc_sim.runner.executor import run_scenario
    from cryhavoc_sim.runner.scenario import load_scenario

    if scheduler is not None and executor != Executor.dask:
        raise _fail(f"--scheduler {scheduler} needs --executor dask (the local executor has no scheduler).")
    rule = None
    if precision is not None:
        from cryhavoc_sim.runner.precision import Precision, precision_problem

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
        if rule is not None:
            sc = _capped(sc, max_games or PRECISION_CAP)
        run_dir = out or Path("runs") / f"{sc.name}-{sc.seed}"
        summary = run_scenario(
            sc, run_dir, workers, resume, quiet, not no_events, fail_fast, executor.value, scheduler, rule
        )
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
            *(["--no-events"] if no_events else []),
            *(["--fail-fast"] if fail_fast else []),
            "-j",
            str(workers),
            *(["--executor", "dask"] if executor == Executor.dask else []),
            *(["--scheduler", scheduler] if scheduler else []),
        ]
    )
    rates = [] if summary.interrupted else _rates(run_dir)
    players = None if summary.interrupted else _lineup(run_dir)
    if summary.interrupted:
        status, code = ("worker_lost", 1) if summary.worker_lost else ("interrupted", 130)
    else:
        status, code = ("errors", 1) if summary.errors else ("complete", 0)
    if as_json:
        # One JSON document on stdout; the notice and any error sentence go to stderr.
        typer.echo(
            json.dumps(
                {
                    "status": status,
                    "exit_code": code,
                    "run_dir": str(run_dir),
                    "scenario": sc.name,
                    "seed": sc.seed,
                    "games_planned": sc.games,
                    "games_done": summary.games_done,
                    "played_now": summary.played_now,
                    "seconds": round(summary.seconds, 3),
                    "errors": summary.errors,
                    "first_error": summary.first_error,
                    "resume_command": again if summary.interrupted else None,
                    "win_rates": rates,
                    "lineup": players.as_dict() if players is not None else None,
                    "content_reconstructed": bool(_notice(run_dir)) if not summary.interrupted else None,
                    **({"precision": _stopped(run_dir)} if rule is not None else {}),
                },
                indent=2,
            )
        )
    if summary.interrupted:
        why = f"Stopped: {summary.worker_lost}" if summary.worker_lost else "Interrupted"
        typer.echo(
            f"{why}: {summary.games_done} games kept in {run_dir}. Resume with:\n  {again}",
            err=True,
        )
        raise typer.Exit(code)
    if as_json:
        pass
    elif summary.played_now == 0:
        typer.echo(f"Nothing to play: {run_dir} already holds all {summary.games_done} games of this run.")
    else:
        rate = summary.played_now / summary.seconds if summary.seconds else 0.0
        kept = summary.games_done - summary.played_now + summary.errors
        typer.echo(
            f"{summary.games_done} games written to {run_dir} ({rate:.0f} games/s"
            + (f"; {kept} kept from before" if kept > 0 else "")
            + ")"
        )
    if rates and not as_json:
        typer.echo("Win rates (95% Wilson interval, games played): " + _rate_line(rates))
        if players is not None:
            typer.echo(players.sentence())
    if rule is not None and not as_json:
        typer.echo(_precision_line(_stopped(run_dir)))
    typer.echo(RECONSTRUCTED_NOTICE, err=as_json)
    if summary.errors:
        first = (summary.first_error or "").split(":")[0].removeprefix("game ")
        typer.echo(
            f"error: {summary.errors} game(s) raised ({summary.first_error}); seeds and tracebacks are in "
            f"{run_dir}/errors/; replay one with: cryhavoc-sim replay {run_dir} {first or 'GAME_ID'}",
            err=True,
        )
        raise typer.Exit(1)


@app.command()
def replay(
    run_dir: Annotated[Path, typer.Argument(help="A run directory.")],
    game_id: Annotated[int, typer.Argument(help="The game to replay (games.game_id).")],
) -> None:
    """Replay one game from its seed: a readable account, checked against the stored events.

    Example: cryhavoc-sim replay runs/quick 17"""
    from cryhavoc_sim.runner.replay import replay as do_replay

    try:
        with _reading(run_dir):
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
            " (default: the newest in sweeps/ beside runs/ or here).",
        ),
    ] = None,
) -> None:
    """Write the run's report: HTML (figures embedded), Markdown, PNG figures, summary.json;
    in a directory named reports, also reports/index.html listing every report there.

    Example: cryhavoc-sim report runs/quick -o reports/quick"""
    from cryhavoc_sim.report.build import build_report
    from cryhavoc_sim.storage.reader import load_run

    if (run_dir / "sweep.json").exists():  # a sweep directory: its own report
        from cryhavoc_sim.sweeps.report import build_sweep_report

        try:
            with _reading(run_dir):
                page = build_sweep_report(run_dir, out)
        except UserError as exc:
            raise _fail(str(exc)) from None
        typer.echo(f"Sweep report written to {page}")
        typer.echo(RECONSTRUCTED_NOTICE)
        return
    try:
        with _reading(run_dir):
            run = load_run(run_dir)
            target = out or Path("reports") / run_dir.name
            if sweep_dir is not None and not (sweep_dir / "sweep.json").exists():
                raise UserError(f"--sweep {sweep_dir}: is not a sweep directory (no sweep.json).")
            result = build_report(run, target, sweep_dir)
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


@app.command()
def sweep(
    design: Annotated[
        Path, typer.Argument(help="Design TOML file: [sweep] and [factors] (see docs/sweeps.md).")
    ],
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="Sweep directory (default sweeps/<design name>).")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("-j", "--workers", min=1, help="Worker processes per cell (default: every CPU)."),
    ] = None,
    resume: Annotated[bool, _flag("--resume", help="Complete an interrupted sweep in --out.")] = False,
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

    Example: cryhavoc-sim sweep designs/trog_numbers.toml -j 2"""
    import shlex

    from cryhavoc_sim.sweeps.design import load_design
    from cryhavoc_sim.sweeps.report import build_sweep_report
    from cryhavoc_sim.sweeps.run import run_sweep

    if scheduler is not None and executor != Executor.dask:
        raise _fail(f"--scheduler {scheduler} needs --executor dask (the local executor has no scheduler).")
    cpus = _cpus()
    workers = min(workers or cpus, cpus) if executor == Executor.local else workers or cpus
    try:
        plan = load_design(design, max_games)
        target = out or Path("sweeps") / plan.name
        summary = run_sweep(plan, target, workers, resume, quiet, executor.value, scheduler)
    except UserError as exc:
        raise _fail(str(exc)) from None
    if summary.interrupted:
        again = shlex.join(
            ["cryhavoc-sim", "sweep", str(design), "-o", str(target), "--resume", "-j", str(workers)]
            + (["--executor", "dask"] if executor == Executor.dask else [])
            + (["--scheduler", scheduler] if scheduler else [])
        )
        why = f"Stopped: {summary.stopped}" if summary.stopped else "Interrupted"
        typer.echo(
            f"{why}: {summary.complete} of {summary.cells} cells complete in {target}. Resume with:\n  {again}",
            err=True,
        )
        raise typer.Exit(1 if summary.stopped else 130)
    try:
        page = build_sweep_report(target)
    except UserError as exc:
        raise _fail(str(exc)) from None
    played = f"{summary.played_now:,} games played now" if summary.played_now else "nothing left to play"
    typer.echo(f"Sweep of {summary.cells} cells complete in {target} ({played}, {summary.seconds:.0f} s).")
    summary_json = json.loads((page.parent / "summary.json").read_text())
    for line in summary_json["headline"]:
        typer.echo(f"  {line}")
    typer.echo(f"Report written to {page}")
    typer.echo(RECONSTRUCTED_NOTICE)


@app.command()
def tune(
    targets_file: Annotated[
        Path, typer.Argument(help="Targets TOML: [tune], [parameters], [[target]] (docs/sweeps.md).")
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
    ranges, every target scenario is played with them, and the best set is written as a
    new content set (OUT/content/<content_name>/) and as OUT/best.toml.

    Example: cryhavoc-sim tune targets/calibration.toml -j 2"""
    import shlex

    from cryhavoc_sim.tuning.search import run_tune, write_best
    from cryhavoc_sim.tuning.targets import load_targets

    workers = min(workers or _cpus(), _cpus())
    try:
        plan = load_targets(targets_file, max_games)
        target = out or Path("tunes") / plan.name
        summary = run_tune(plan, target, workers, resume, quiet)
    except UserError as exc:
        raise _fail(str(exc)) from None
    if summary.interrupted:
        again = shlex.join(
            ["cryhavoc-sim", "tune", str(targets_file), "-o", str(target), "--resume", "-j", str(workers)]
        )
        why = f"Stopped: {summary.stopped}" if summary.stopped else "Interrupted"
        typer.echo(
            f"{why}: {summary.done} of {summary.trials} trials kept in {target}. Resume with:\n  {again}",
            err=True,
        )
        raise typer.Exit(1 if summary.stopped else 130)
    assert summary.best is not None and summary.reference is not None
    best = summary.best
    written = write_best(plan, best, target)
    typer.echo(
        f"Calibration of {plan.trials} trials complete in {target} ({summary.played_now:,} games played now)."
    )
    typer.echo(
        f"Shipped content: score {summary.reference['score']:.4f}; best (trial {best['trial']}): {best['score']:.4f}."
    )
    typer.echo("Best values: " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in best["values"].items()))
    for name, found in best["found"].items():
        rates = ", ".join(
            f"{s} {r['rate']:.1%}" for s, r in sorted(found["sides"].items(), key=lambda x: -x[1]["rate"])
        )
        typer.echo(f"  {name}: {rates}")
    if best["missed"]:
        typer.echo(
            f"The best set still misses {len(best['missed'])} of the targets' conditions: "
            + "; ".join(best["missed"])
        )
    else:
        typer.echo("Every target is met.")
    typer.echo(f"Content set written to {written} (and the values to {target / 'best.toml'}).")
    typer.echo(RECONSTRUCTED_NOTICE)


def _rate_line(rows: list[dict[str, Any]]) -> str:
    """Each faction's win rate over the games it played, highest first:
    "humans 85.0% (83.4-86.5, n=2000)"."""
    ordered = sorted(rows, key=lambda r: (-r["win_rate"], r["faction"]))
    return ", ".join(
        f"{r['faction']} {r['win_rate']:.1%} ({r['ci_low']:.1%}-{r['ci_high']:.1%}, n={r['games']})".replace(
            "%-", "-", 1
        )
        for r in ordered
    )


def _notice(*run_dirs: Path) -> str:
    """The reconstructed-content notice, when any of the runs rests on such content."""
    from cryhavoc_sim.storage.reader import read_manifest

    if any(read_manifest(d).get("content_reconstructed", True) for d in run_dirs):
        return RECONSTRUCTED_NOTICE
    return ""


def _finished(run_dir: Path, allow_partial: bool) -> None:
    """A UserError unless the run in ``run_dir`` finished (``--allow-partial`` lets it by):
    the win rates of a run stopped half-way rest on whichever games happened to finish."""
    from cryhavoc_sim.storage.reader import read_manifest

    status = read_manifest(run_dir).get("status", "complete")  # runs from before the field
    if status != "complete" and not allow_partial:
        raise UserError(
            f"{run_dir}: the run is {status}, not complete, so its win rates rest on the games that"
            f" happened to finish; complete it with `cryhavoc-sim run ... -o {run_dir} --resume`, or"
            " pass --allow-partial."
        )


def _lineup(run_dir: Path) -> Any:
    """Who played the run in ``run_dir`` (analysis/lineup.py)."""
    from cryhavoc_sim.analysis.lineup import lineup
    from cryhavoc_sim.storage.reader import load_run

    with _reading(run_dir):
        return lineup(load_run(run_dir))


def _rates(run_dir: Path, by: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    from cryhavoc_sim.analysis import win_rates
    from cryhavoc_sim.storage.reader import load_run

    with _reading(run_dir):
        run = load_run(run_dir)
        rows: list[dict[str, Any]] = win_rates(run.seats, run.games, by=by).collect().to_dicts()
    return rows


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
    from cryhavoc_sim.analysis.compare import (
        changed_words,
        compare_rates,
        incomparable,
        markdown,
        run_differences,
    )
    from cryhavoc_sim.analysis.identical import same_games
    from cryhavoc_sim.report.figures import figure_problem
    from cryhavoc_sim.storage.reader import load_run, read_manifest

    try:
        for run in (run_a, run_b):
            _finished(run, allow_partial)
        differences = run_differences(read_manifest(run_a), read_manifest(run_b))
        bad = incomparable(differences)
        if bad:
            raise UserError(
                f"{run_a} and {run_b} are runs of a different {' and '.join(d.split(' (')[0] for d in bad)}"
                f" ({'; '.join(bad)}): their win rates answer different questions."
            )
        tables = {
            "faction": compare_rates(_rates(run_a), _rates(run_b), ("faction",), delta),
            "faction_seat": compare_rates(
                _rates(run_a, ("seat",)), _rates(run_b, ("seat",)), ("faction", "seat"), delta
            ),
        }
        with _reading(run_a, run_b):
            same = same_games(load_run(run_a), load_run(run_b))
    except UserError as exc:
        raise _fail(str(exc)) from None
    if not tables["faction"]:
        raise _fail(f"{run_a} and {run_b} have no faction in common: nothing to compare.")
    if plot is not None and (problem := figure_problem(plot)):
        raise _fail(problem)
    if plot is not None:
        _compare_figure(tables["faction"], plot, run_a, run_b, _notice(run_a, run_b))
    if as_json:
        typer.echo(
            json.dumps(
                {
                    **tables,
                    "differences": differences,
                    "lineups": {"a": _lineup(run_a).as_dict(), "b": _lineup(run_b).as_dict()},
                    "same_games": {
                        "matched": same.matched,
                        "identical": same.identical,
                        "all_identical": same.all_identical,
                        "events_compared": same.events,
                    },
                    "content_reconstructed": bool(_notice(run_a, run_b)),
                },
                indent=2,
            )
        )
        return
    typer.echo(
        "The runs differ in: " + "; ".join(differences) + "."
        if differences
        else "The runs differ only in seed and number of games."
    )
    typer.echo(f"A ({run_a}): {_lineup(run_a).sentence()}")
    typer.echo(f"B ({run_b}): {_lineup(run_b).sentence()}")
    found = same.sentence()
    if found:
        typer.echo(found)
    if not same.all_identical:
        typer.echo(changed_words(tables["faction"]))
    typer.echo(markdown(tables["faction"], ("faction",), f"Win rate: {run_b} (B) against {run_a} (A)"))
    typer.echo(markdown(tables["faction_seat"], ("faction", "seat"), "By starting seat"))
    typer.echo(
        f"p: Fisher's exact test, Benjamini-Hochberg adjusted; games to detect a {delta:.0%} change at 80% power."
    )
    notice = _notice(run_a, run_b)
    if notice:
        typer.echo(notice)


def _compare_figure(rows: list[dict[str, Any]], path: Path, run_a: Path, run_b: Path, notice: str) -> None:
    from cryhavoc_sim.report import figures

    fig, ax = figures.new_figure((8, 0.6 * len(rows) + 1.8))
    figures.differences(ax, rows, f"A ({run_a.name})", f"B ({run_b.name})")
    if notice:
        fig.text(0.01, 0.005, "reconstructed content", fontsize=7, color="#aa0000")
    fig.tight_layout()
    figures.save_figure(fig, path)
    typer.echo(f"Figure written to {path}", err=True)


@app.command()
def baseline(
    run_dir: Annotated[Path, typer.Argument(help="The reference run.")],
    out: Annotated[Path, typer.Option("-o", "--out", help="Baseline JSON file to write.")],
    allow_partial: AllowPartial = False,
) -> None:
    """Store a run's per-faction win counts as the reference for `check`.

    Example: cryhavoc-sim baseline runs/quick -o baselines/quick.json"""
    try:
        _finished(run_dir, allow_partial)
        rows = _rates(run_dir)
        from cryhavoc_sim.storage.reader import read_manifest

        manifest = read_manifest(run_dir)
    except UserError as exc:
        raise _fail(str(exc)) from None
    raw_config = manifest.get("config")
    config: dict[str, Any] = raw_config if isinstance(raw_config, dict) else {}
    data = {
        "game": manifest.get("game", "cryhavoc"),
        "scenario": manifest.get("scenario"),
        "players": config.get("players"),
        "content_id": manifest.get("content_id"),
        "rules_version": manifest.get("rules_version"),
        "lineup": _lineup(run_dir).as_dict(),
        "win_rates": [{k: r[k] for k in ("faction", "games", "wins", "win_rate")} for r in rows],
    }
    if not rows:
        raise _fail(f"{run_dir}: holds no finished game, so there is no baseline to store.")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=2) + "\n")
    typer.echo(f"Baseline of {len(rows)} factions written to {out}")


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

    from cryhavoc_sim.analysis.compare import compare_rates, markdown
    from cryhavoc_sim.runner.gate import read_baseline, refuse_mismatch
    from cryhavoc_sim.storage.reader import read_manifest

    sequential: dict[str, Any] = {}
    try:
        stored = read_baseline(baseline_file)
        if precision is not None:
            sequential = _play_for_gate(
                run_dir,
                stored,
                tolerance,
                precision,
                scenario,
                max_games,
                workers,
                baseline_file,
                allow_scenario_change,
            )
        elif scenario is not None or max_games is not None or workers is not None:
            raise UserError(
                "--scenario, --max-games and -j go with --precision (check then plays the scenario)."
            )
        _finished(run_dir, allow_partial)
        current = _rates(run_dir)
        refuse_mismatch(
            stored, read_manifest(run_dir), current, baseline_file, run_dir, allow_scenario_change
        )
        rows = compare_rates(stored["win_rates"], current, ("faction",))
    except UserError as exc:
        raise _fail(str(exc)) from None
    moved = [r for r in rows if abs(r["diff"]) > tolerance and r.get("p_adjusted", 1.0) < 0.05]
    how = ""
    if sequential.get("decision") in ("pass", "moved"):  # the confidence sequences decided
        gone = {b["side"] for b in sequential["bounds"] if _outside(b, stored, tolerance)}
        moved = [r for r in rows if r["faction"] in gone]
        how = f". Decided by confidence sequences at game {sequential['stopped_at']:,} (valid at every look)."
    elif sequential:
        how = ". The confidence sequences did not decide within the precision; the fixed-sample test did."
    table = markdown(rows, ("faction",), f"Balance check of {run_dir} (tolerance {tolerance:.0%})")
    verdict = (
        f"{len(moved)} faction(s) moved: {', '.join(r['faction'] for r in moved)}"
        if moved
        else "No faction moved"
    ) + (how or ".")
    notice = _notice(run_dir)
    players = _lineup(run_dir)
    stored_players = stored.get("lineup") if isinstance(stored.get("lineup"), dict) else None
    who = (
        f"Run: {players.sentence()}\nBaseline: "
        + (
            str(stored_players.get("sentence"))
            if stored_players
            else "line-up not recorded (an older baseline)."
        )
        + "\n"
    )
    report = who + "\n" + table + "\n" + verdict + "\n" + (f"\n_{notice}_\n" if notice else "")
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "status": "moved" if moved else "pass",
                    "exit_code": 1 if moved else 0,
                    "run_dir": str(run_dir),
                    "baseline": str(baseline_file),
                    "tolerance": tolerance,
                    "moved": [r["faction"] for r in moved],
                    "factions": rows,
                    "lineup": players.as_dict(),
                    "baseline_lineup": stored_players,
                    **({"precision": sequential} if sequential else {}),
                    "content_reconstructed": bool(notice),
                },
                indent=2,
            )
        )
        if notice:
            typer.echo(notice, err=True)
    else:
        typer.echo(report)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a") as fh:
            fh.write(report + "\n")
    if moved:
        raise typer.Exit(1)


GameOption = Annotated[
    str,
    typer.Option("--game", help=f"A registered game (cryhavoc_sim/games/): {', '.join(game_names())}."),
]


def _game(name: str) -> Any:
    from cryhavoc_sim.games import get_game

    try:
        return get_game(name, "--game")
    except UserError as exc:
        raise _fail(str(exc)) from None


@app.command()
def content(
    directory: Annotated[
        Path | None,
        typer.Option(
            "--content", help="Content directory or a shipped set's name (default: the default set)."
        ),
    ] = None,
    as_json: Annotated[bool, _flag("--json", help="Machine-readable output.")] = False,
    numbers: Annotated[
        bool,
        _flag("--numbers", help="List every value by the path a scenario's [overrides] or a sweep names it."),
    ] = False,
    game: GameOption = "cryhavoc",
) -> None:
    """List the content set: every item, its numbers, its effect, its provenance, and the
    plausible ranges declared for its reconstructed numbers.

    Example: cryhavoc-sim content --numbers | grep war_party"""
    module = _game(game)
    where = None if directory is None else str(directory)
    if directory is not None and not directory.exists():  # a shipped set by name
        where = module.shipped_content(str(directory)) or where
    try:
        cs = module.load_content(where)
        values = module.content_values(where) if numbers else {}
    except UserError as exc:
        raise _fail(str(exc)) from None
    if not numbers:
        typer.echo(module.content_listing(cs, as_json))
    elif as_json:
        typer.echo(json.dumps(values, indent=2))
    else:
        typer.echo("\n".join(f"{path} = {json.dumps(value)}" for path, value in values.items()))


@app.command()
def soak(
    games: Annotated[int, typer.Option("-n", "--games", min=1, help="Random games to play.")] = 100_000,
    workers: Annotated[int, typer.Option("-j", "--workers", min=1, help="Worker processes.")] = 2,
    seed: Annotated[
        int, typer.Option("--seed", min=0, help="Master seed: game k plays seed (seed, k).")
    ] = 2016,
    quiet: Annotated[bool, _flag("--quiet", "-q", help="No progress bar.")] = False,
    game: GameOption = "cryhavoc",
) -> None:
    """Random playouts with every invariant checked at every step; reports violations with seeds.

    Example: cryhavoc-sim soak -n 20000 -j 2"""
    from cryhavoc_sim.runner.soak import run_soak

    bad = run_soak(games, workers, seed, quiet, _game(game).name)
    if bad:
        raise typer.Exit(1)


@app.command()
def bench(
    games: Annotated[int, typer.Option("-n", "--games", min=10, help="Games per timed run.")] = 3000,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            help="Python of another checkout's venv (e.g. a git worktree of the commit before a change): timed side by side.",
        ),
    ] = None,
) -> None:
    """Measure games/s (1 and 2 workers), the cost of event logging, Parquet bytes per game,
    and the cost of copying a game; with --against, side by side with another checkout.

    Example: cryhavoc-sim bench -n 3000 --against ../before/.venv/bin/python"""
    from cryhavoc_sim.runner.bench import run_bench

    if against is not None and not Path(against).is_file():
        raise _fail(
            f"--against {against}: no such Python interpreter; give the python of another checkout's venv."
        )
    run_bench(games, against)


@app.command()
def ladder(
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="Comma-separated bot kinds (default random,heuristic; with --skill, the skill rungs).",
        ),
    ] = None,
    rounds: Annotated[
        int,
        typer.Option(
            "-r",
            "--rounds",
            min=1,
            help="Rotations per pairing (each: every line-up and seat of the game, both ways).",
        ),
    ] = 10,
    seed: Annotated[int, typer.Option("--seed", min=0, help="Ladder seed: game k plays seed (seed, k).")] = 1,
    skill: Annotated[
        bool,
        _flag(
            "--skill",
            help="The skill ladder: random, every heuristic personality and ismcts at each of --budgets, "
            "and a table (and --plot) of each faction's win rate against who plays it.",
        ),
    ] = False,
    budgets: Annotated[
        str,
        typer.Option(
            "--budgets",
            help="Search budgets of the skill ladder's ismcts rungs (iterations, comma-separated).",
        ),
    ] = "8,16,32,64",
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Draw win rate against rung per faction to this .png or .svg file."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option(
            "-j", "--workers", min=1, help="Worker processes (default: the CPUs this process may use)."
        ),
    ] = None,
    as_json: Annotated[
        bool, _flag("--json", help="The tables as one JSON document on stdout (notices on stderr).")
    ] = False,
    game: GameOption = "cryhavoc",
) -> None:
    """Seat-rotated 2-player matches between bot kinds: win rates with 95% intervals.

    Example: cryhavoc-sim ladder --skill --budgets 8,16,32 -r 2 --plot reports/skill.png"""
    from cryhavoc_sim.report.figures import figure_problem
    from cryhavoc_sim.runner.ladder import (
        ladder_matches,
        ladder_table,
        plot_skill,
        render,
        render_skill,
        skill_table,
    )

    module = _game(game)
    try:
        if bots is not None:
            kinds = [b.strip() for b in bots.split(",") if b.strip()]
        elif skill:
            levels = [b.strip() for b in budgets.split(",") if b.strip()]
            if not levels or not all(b.isascii() and b.isdigit() and int(b) >= 1 for b in levels):
                raise UserError(
                    f"--budgets {budgets!r} is not a list of search budgets; allowed: positive whole numbers "
                    "separated by commas, e.g. 8,16,32"
                )
            kinds = module.skill_lineup([int(b) for b in levels])
        else:
            kinds = ["random", "heuristic"]
        if len(kinds) < 2:
            raise UserError(f"--bots needs at least two bot kinds, got {bots!r}.")
        if plot is not None and (problem := figure_problem(plot)):
            raise UserError(problem)
        matches = ladder_matches(
            None, kinds, rounds, seed, module.name, workers or _cpus(), progress=not as_json
        )
    except UserError as exc:
        raise _fail(str(exc)) from None
    rows = ladder_table(matches)
    skills = skill_table(matches, kinds)
    if as_json:
        typer.echo(json.dumps({"pairs": rows, "skill": skills}, indent=2))
    else:
        typer.echo(render(rows))
        typer.echo("")
        typer.echo(render_skill(skills))
    if plot is not None:
        games = len(matches) // 2
        plot_skill(
            skills,
            plot,
            f"{module.title}: win rate by who plays the faction ({games:,} two-player games, seed {seed})",
            RECONSTRUCTED_NOTICE,
        )
        typer.echo(f"Figure written to {plot}", err=as_json)
    # Under --json, stdout holds exactly one JSON document: the notice goes to stderr.
    typer.echo(RECONSTRUCTED_NOTICE, err=as_json)


@app.command()
def version() -> None:
    """Print the package version and, for each registered game, its rules and content versions.

    Example: cryhavoc-sim version"""
    from importlib import metadata

    from cryhavoc_sim.games import game_names, get_game

    parts = [f"cryhavoc-sim {metadata.version('cryhavoc-sim')}"]
    for name in game_names():
        module = get_game(name)
        parts.append(f"{name}: rules {module.rules_version}, content {module.load_content(None).content_id}")
    typer.echo("; ".join(parts))


def main(argv: list[str] | None = None) -> Any:
    """Run the command line. Every usage error (a bad option, a value out of range) is
    one line on stderr and exit code 2, like the errors the commands raise themselves."""
    try:  # typer 0.2x carries its own copy of click
        from typer._click import exceptions as cx
    except ImportError:  # pragma: no cover - older typer on the real click
        from click import exceptions as cx  # type: ignore[no-redef]

    global _JSON_ERRORS
    _JSON_ERRORS = "--json" in (sys.argv[1:] if argv is None else argv)
    try:
        code = app(args=argv, standalone_mode=False)
    except cx.NoArgsIsHelpError as exc:
        typer.echo(exc.ctx.get_help() if exc.ctx is not None else "")
        sys.exit(0)
    except cx.UsageError as exc:
        _error(" ".join(exc.format_message().split()), 2)
        sys.exit(2)
    except cx.ClickException as exc:
        _error(" ".join(exc.format_message().split()), exc.exit_code)
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        sys.exit(130)
    except UserError as exc:  # pragma: no cover - commands catch their own
        _error(str(exc), 2)
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
