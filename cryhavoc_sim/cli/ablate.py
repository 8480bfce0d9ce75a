"""Causal card values: ablate (the scenario's games played again with one card's
abilities blanked, on the same seeds; tuning/ablation.py)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer

from cryhavoc_sim.cli.common import _cpus, _fail, _flag, app
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.results import RECONSTRUCTED_NOTICE
from cryhavoc_sim.runner.rundir import MAX_GAMES


@app.command()
def ablate(
    scenario: Annotated[str, typer.Argument(help="Scenario TOML file or a shipped scenario's name.")],
    card: Annotated[
        list[str] | None,
        typer.Option(
            "--card",
            help="A card id to ablate (repeatable; default: every card with abilities; Cry Havoc: a Tactics"
            " card's id or skill:<id> of a Skill the scenario deals).",
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            "-n", "--games", min=1, max=MAX_GAMES, help="Games per ablation (overrides the scenario)."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", min=0, max=2**64 - 1, help="Master seed (overrides the scenario).")
    ] = None,
    workers: Annotated[
        int | None, typer.Option("-j", "--workers", min=1, help="Processes (default: CPUs).")
    ] = None,
    as_json: Annotated[bool, _flag("--json", help="Print the values as JSON.")] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--out",
            help="Also write the values (ablation.json), the ranked table in Markdown and the ranked figure"
            " (ablation.png) into this new or empty directory (whole or not at all).",
        ),
    ] = None,
) -> None:
    """Causal card values by paired ablation: the scenario's games as they are, then again
    with each card's abilities blanked (its statistics kept; Cry Havoc: a Tactics card's
    Tactic or a Skill's effect), on the same seeds; each card's value is what its
    abilities add to the win rate of the side holding it, with a 95% interval by deals.
    Only the games where one side holds the card are replayed (a Skill dealt at random: the
    games it was dealt in). Prints the cost in games and minutes; with -o DIR it also
    writes the values (ablation.json), the ranked table in Markdown and a forest plot
    (ablation.png) there, else nothing.

    Example: cryhavoc-sim ablate warcry_all_decks --card WC149 -n 160 -o ablations/wc149"""
    from cryhavoc_sim.analysis.deals import MIN_DEALS
    from cryhavoc_sim.report.ablation import check_out, write_ablation
    from cryhavoc_sim.runner.scenario import load_scenario
    from cryhavoc_sim.tuning.ablation import ablate as run_ablation

    try:
        if out is not None:
            check_out(out)  # before a game is played
        sc = load_scenario(scenario).with_overrides(games=games, seed=seed)
        result = run_ablation(sc, card, workers or _cpus())
        printed = {
            "scenario": result.scenario,
            "game": result.game,
            "seed": sc.seed,
            "scenario_games": sc.games,  # then each ablation's replays: games_played in all
            "games_played": result.games_played,
            "players": result.players,
            "content_reconstructed": result.reconstructed,
            "seconds": round(result.seconds, 1),
            "values": [asdict(v) for v in result.values],
            "unpaired": list(result.unpaired),
        }
        written = None if out is None else write_ablation(out, _record(printed, sc), _notice(result))
    except UserError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(printed, indent=2))
        return
    replays = result.games_played - sc.games
    whole = max(1, round(result.seconds))
    took = (
        f"{whole} second{'s' * (whole > 1)}" if result.seconds < 90 else f"{result.seconds / 60:.1f} minutes"
    )
    typer.echo(
        f"Ablation of {len(result.values)} card(s) in {result.scenario}, played by {result.players}:"
        f" {result.games_played:,} games in {took} (the scenario's {sc.games:,}"
        f" games, then {replays:,} replayed: each ablation replays the games in which one side holds the card)."
    )
    dealt = any(v.not_dealt_rate is not None for v in result.values)
    typer.echo(
        "card | name | games | deals | with | without | value (95% interval by deals)"
        " | won when played (gap) | observational reading"
        + (" | won when not dealt (gap: when dealt less not)" if dealt else "")
    )
    for v in result.values:
        seen = (
            "never played"
            if v.played_rate is None or v.observed_gap is None
            else f"{v.played_rate:.1%} ({v.observed_gap * 100:+.1f})"
        )
        apart = (
            ""
            if not dealt
            else " | always held"
            if v.not_dealt_rate is None or v.dealt_gap is None
            else f" | {v.not_dealt_rate:.1%} ({v.dealt_gap * 100:+.1f})"
        )
        typer.echo(
            f"{v.unit} | {v.name} | {v.games:,} | {v.deals:,} | {v.with_rate:.1%} | {v.without_rate:.1%} |"
            f" {v.value * 100:+.1f} points ({v.low * 100:+.1f} to {v.high * 100:+.1f}) | {seen} |"
            f" {'DISAGREES' if v.disagrees else 'agrees' if v.deals >= MIN_DEALS else 'too few deals'}{apart}"
        )
    if result.unpaired:
        typer.echo(
            f"No pair (no game of the {sc.games:,} held it on exactly one side): {', '.join(result.unpaired)}."
        )
    if written:
        typer.echo(f"Written to {out}: {', '.join(p.name for p in written)}.")
    if result.reconstructed:
        typer.echo(RECONSTRUCTED_NOTICE)


def _notice(result: Any) -> str | None:
    from cryhavoc_sim.report.build import NOTICE

    return NOTICE if result.reconstructed else None


def _record(printed: dict[str, Any], sc: Any) -> dict[str, Any]:
    """``ablation.json``: what --json prints but the seconds (the same seed writes the same
    bytes), with the content, the scenario as played, the bots and their versions, the date."""
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.report.ablation import today
    from cryhavoc_sim.runner.chunk import content_for

    module = get_game(sc.game)
    content = content_for(sc)
    bots = module.config(sc.setup).get("bots")
    return {
        "kind": "cryhavoc-sim ablate",
        **{k: v for k, v in printed.items() if k != "seconds"},
        "bots": bots if isinstance(bots, dict) else None,
        "bots_version": module.bots_version,
        "rules_version": module.rules_version,
        "content_id": content.content_id,
        "content_hash": content.digest,
        "scenario_text": sc.text,
        "date": today(),
    }
