"""The gates between runs: compare two runs, store a baseline, check a run against it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from cryhavoc_sim.cli.common import (
    PRECISION_CAP,
    AllowPartial,
    _capped,
    _cpus,
    _fail,
    _finished,
    _flag,
    _lineup,
    _notice,
    _rates,
    _reading,
    _stopped,
    _write_file,
    _writing,
    app,
)
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.rundir import MAX_GAMES


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
        try:
            with _writing(plot, "figure"):
                _compare_figure(tables["faction"], plot, run_a, run_b, _notice(run_a, run_b))
        except UserError as exc:
            raise _fail(str(exc)) from None
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
    try:
        _write_file(out, json.dumps(data, indent=2) + "\n", "baseline")
    except UserError as exc:
        raise _fail(str(exc)) from None
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
        try:
            with (
                _writing(Path(summary), "step summary named by GITHUB_STEP_SUMMARY"),
                open(summary, "a") as fh,
            ):
                fh.write(report + "\n")
        except UserError as exc:
            raise _fail(str(exc)) from None
    if moved:
        raise typer.Exit(1)
