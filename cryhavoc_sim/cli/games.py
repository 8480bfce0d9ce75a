"""The commands about a game itself: content, soak, bench, ladder, version."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cryhavoc_sim.cli.common import GameOption, _cpus, _fail, _flag, _game, _writing, app
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import DEFAULT_GAME
from cryhavoc_sim.runner.results import RECONSTRUCTED_NOTICE
from cryhavoc_sim.runner.rundir import MAX_GAMES


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
        _flag(
            "--numbers", help=r"List every value by the path a scenario's \[overrides] or a sweep names it."
        ),
    ] = False,
    explain: Annotated[
        bool,
        _flag("--explain", help="With --numbers: say what each number means and its rulebook section."),
    ] = False,
    game: GameOption = "cryhavoc",
) -> None:
    """List the content set: every item, its numbers, its effect, its provenance, and the
    plausible ranges declared for its reconstructed numbers.

    Example: cryhavoc-sim content --numbers --explain | grep war_party"""
    module = _game(game)
    if explain and not numbers:
        raise _fail("--explain explains the numbers: use it with --numbers.")
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
    elif explain:
        from cryhavoc_sim.games.content_kit.meanings import explained_lines

        typer.echo("\n".join(explained_lines(values, module.number_meanings)))
    else:
        typer.echo("\n".join(f"{path} = {json.dumps(value)}" for path, value in values.items()))


@app.command()
def soak(
    games: Annotated[
        int, typer.Option("-n", "--games", min=1, max=MAX_GAMES, help="Random games to play.")
    ] = 100_000,
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
    games: Annotated[
        # the bench also times ten times these games: bounded so that run plans at most MAX_GAMES
        int, typer.Option("-n", "--games", min=10, max=MAX_GAMES // 10, help="Games per timed run.")
    ] = 3000,
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
    from cryhavoc_sim.runner.bench import games_in, run_bench

    if against is not None and not Path(against).is_file():
        raise _fail(
            f"--against {against}: no such Python interpreter; give the python of another checkout's venv."
        )
    if against is not None and DEFAULT_GAME not in games_in(against):
        raise _fail(
            f"--against {against}: that Python cannot import cryhavoc_sim's games; give the python"
            " of another checkout's venv (one where `make setup` has run)."
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
            "and a table (and --plot) of each faction's reward for skill: its win rate when a stronger or"
            " weaker player than the field plays it (no balance verdict: see balance).",
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
    from cryhavoc_sim.report.charts import skill_figure
    from cryhavoc_sim.report.figures import figure_problem
    from cryhavoc_sim.runner.ladder import (
        SKILL_NOTE,
        ladder_matches,
        ladder_table,
        rating_table,
        render,
        render_ratings,
        render_skill,
        skill_table,
        stopped_games,
        stopped_note,
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
    ratings = rating_table(matches, kinds, seed) if skill else None
    stopped = stopped_note(matches)
    if as_json:
        doc = {
            "pairs": rows,
            "skill": skills,
            "skill_note": SKILL_NOTE,
            "stopped": stopped_games(matches),
            **({"ratings": ratings} if ratings is not None else {}),
        }
        typer.echo(json.dumps(doc, indent=2))
    else:
        typer.echo(render(rows))
        typer.echo("")
        typer.echo(render_skill(skills))
        if ratings is not None:
            typer.echo("")
            typer.echo(render_ratings(ratings))
        if stopped:
            typer.echo(stopped)
    if plot is not None:
        games = len(matches) // 2
        try:
            with _writing(plot, "figure"):
                skill_figure(
                    skills,
                    plot,
                    f"{module.title}: each faction's reward for skill ({games:,} two-player games, seed {seed})",
                    RECONSTRUCTED_NOTICE,
                )
        except UserError as exc:
            raise _fail(str(exc)) from None
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
