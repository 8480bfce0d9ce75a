"""The bot-tuning command: tune-bots (each faction's heuristic weights against a population)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cryhavoc_sim.cli.common import _cpus, _fail, _flag, app
from cryhavoc_sim.errors import UserError


@app.command("tune-bots")
def tune_bots(
    targets_file: Annotated[
        Path,
        typer.Argument(help="Bots targets TOML: \\[tune_bots] and \\[parameters] (tuning/bot_targets.py)."),
    ],
    out: Annotated[
        Path | None, typer.Option("-o", "--out", help="Tuning directory (default tunes/<name>).")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("-j", "--workers", min=1, help="Worker processes per run (default: every CPU)."),
    ] = None,
    resume: Annotated[bool, _flag("--resume", help="Complete an interrupted tuning in --out.")] = False,
    max_games: Annotated[
        int,
        typer.Option("--max-games", min=1, help="Refuse targets that play more games than this in all."),
    ] = 2_000_000,
    quiet: Annotated[bool, _flag("--quiet", "-q", help="No progress bars.")] = False,
) -> None:
    """Tune each faction's heuristic weights, one faction at a time, against a population
    of bots in the other seats (Optuna TPE, the same seeds every trial), then confirm the
    best against the base weights on fresh seeds (paired test, Holm over the factions).
    With mode = "best_response" the population is the top rung and the result is each
    faction's best-response win rate against its fair share. Writes OUT/tune_bots.json and
    OUT/best.toml (the confirmed weights as personality tables).

    Example: cryhavoc-sim tune-bots bots_heuristic -j 2"""
    import shlex

    from cryhavoc_sim.tuning.bot_targets import load_bot_targets
    from cryhavoc_sim.tuning.bots import run_tune_bots

    workers = min(workers or _cpus(), _cpus())
    try:
        plan = load_bot_targets(targets_file, max_games)
        target = out or Path("tunes") / plan.name
        summary = run_tune_bots(plan, target, workers, resume, quiet)
    except UserError as exc:
        raise _fail(str(exc)) from None
    if summary.interrupted:
        again = shlex.join(
            [
                "cryhavoc-sim",
                "tune-bots",
                str(targets_file),
                "-o",
                str(target),
                "--resume",
                "-j",
                str(workers),
            ]
        )
        why = f"Stopped: {summary.stopped}" if summary.stopped else "Interrupted"
        typer.echo(f"{why}: {summary.done} trials kept in {target}. Resume with:\n  {again}", err=True)
        raise typer.Exit(1 if summary.stopped else 130)
    record = summary.record
    typer.echo(
        f"Bot tuning {plan.name} ({plan.mode}) complete in {target} ({summary.played_now:,} games played now)."
    )
    for f, r in record["confirmation"]["factions"].items():
        ref = record["factions"][f]["reference"]
        lo, hi = r["tuned_ci"]
        verdict = "confirmed" if r["confirmed"] else "not confirmed"
        typer.echo(
            f"  {f}: base {ref['rate']:.1%} in the search; best (trial {r['trial']}) {r['tuned_rate']:.1%}"
            f" [{lo:.1%}, {hi:.1%}] against base {r['base_rate']:.1%} on fresh seeds, p = {r['p']:.3g}:"
            f" {verdict}; {r['against_share']} its fair share of {r['fair_share']:.0%}."
        )
        typer.echo(f"    {r['bot']}")
    typer.echo(f"Confirmed weights (personality tables) in {target / 'best.toml'}.")
