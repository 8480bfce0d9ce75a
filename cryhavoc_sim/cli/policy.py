"""The learned policy's command: train-policy (expert iteration from seeded self-play)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cryhavoc_sim.cli.common import _fail, _flag, _write_file, app
from cryhavoc_sim.errors import UserError


@app.command("train-policy")
def train_policy(
    game: Annotated[str, typer.Option("--game", help="The game whose policy is trained.")] = "cryhavoc",
    games: Annotated[
        int, typer.Option("-n", "--games", help="Self-play games per iteration (every fifth held out).")
    ] = 3000,
    iterations: Annotated[int, typer.Option("--iterations", help="Expert iterations (1 to 10).")] = 3,
    seed: Annotated[int, typer.Option("--seed", help="Master seed of the first iteration's games.")] = 1,
    rate: Annotated[
        float, typer.Option("--rate", help="Share of the policy's decisions the expert labels (0 to 1).")
    ] = 0.25,
    expert: Annotated[
        str | None,
        typer.Option(
            "--expert",
            help="The search that labels the decisions: paired[-leaf]:<N> (every answer's value in N worlds) or ismcts[-leaf]:<N> (visit shares); default: the game's (Cry Havoc paired-leaf:8, Cave Troll paired:8, WarCry paired:16).",
        ),
    ] = None,
    fixed_expert: Annotated[
        bool,
        _flag(
            "--fixed-expert",
            help="Keep the expert's rollouts the heuristic's (DAgger) instead of the last policy's.",
        ),
    ] = False,
    deals: Annotated[
        int,
        typer.Option(
            "--deals", help="Two-player deals (each played both ways) on which each iteration meets the last."
        ),
    ] = 100,
    field_deals: Annotated[
        int,
        typer.Option(
            "--field-deals",
            help="Deals of every player count (in turn) on which each iteration plays one seat at a time among heuristic players, against the heuristic in that seat: each side's strength at each count.",
        ),
    ] = 0,
    start: Annotated[
        Path | None,
        typer.Option("--start", help="A policy file to improve (default: the heuristic bot, iteration 0)."),
    ] = None,
    out: Annotated[
        Path, typer.Option("-o", "--out", help="Folder for the policies: <iteration>.json each.")
    ] = Path("learned"),
    workers: Annotated[int, typer.Option("-j", "--workers", help="Processes playing the games.")] = 1,
) -> None:
    """Train a game's learned policy (the `learned` bot) by expert iteration: self-play
    games (every player count and mode in turn) by the last policy (the heuristic at first), a
    search (--expert) labelling a share of the decisions it searches, its rollouts played
    by the last policy: every answer's value in the same worlds (paired searches) or its
    visit shares (ISMCTS); each next policy is fitted to those labels (a ridge regression
    of values, a conditional logit of shares), scored on held-out games and played
    against the last. Writes one JSON file of coefficients per
    iteration into --out. Deterministic from the seed at any -j; the defaults with --seed
    1 make Cry Havoc's shipped policies (Cave Troll's: docs/games/cavetroll.md). Needs scikit-learn (pip install 'cryhavoc-sim\\[train]').

    Example: cryhavoc-sim train-policy -n 200 --iterations 1 --deals 0 -o learned"""
    from cryhavoc_sim.tuning import policy

    try:
        policy.check_counts(games, seed, iterations, rate, workers, deals, field_deals)
        plug = policy.policy_game(game)
        if expert is None:
            expert = plug.default_expert
        policy.check_expert(game, expert)
        folder = _folder(out)
        base = None
        if start is not None:
            from cryhavoc_sim.games.policy.model import load_policy

            base = load_policy(start, plug.layout)

        def done(it: policy.Iteration) -> None:
            k = it.model.provenance["iteration"]
            path = folder / f"{k}.json"
            _write_file(path, it.model.to_json(plug.layout), "policy")
            typer.echo(describe(it, path))

        policy.train_policy(
            game,
            games,
            seed,
            iterations,
            rate,
            expert,
            base,
            workers,
            progress=True,
            done=done,
            deals=deals,
            fixed_expert=fixed_expert,
            field_deals=field_deals,
        )
    except UserError as exc:
        raise _fail(str(exc)) from None


def _folder(out: Path) -> Path:
    """``out`` made a folder (never through a link, never over a file)."""
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise UserError(f"{out}: is not a folder; give a folder path for the policies (-o).")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot be made a folder ({exc.strerror or exc}).") from None
    return out


def describe(it: object, path: Path) -> str:
    """One iteration in a sentence: where it was written, its held-out scores against the
    last policy's and the heuristic's, and its games against the last."""
    from cryhavoc_sim.tuning.policy import Iteration

    assert isinstance(it, Iteration)
    new, last, heur = it.scores, it.last_scores, it.heuristic_scores
    k = it.model.provenance["iteration"]
    line = (
        f"Iteration {k} written to {path}: {it.train_decisions:,} decisions fitted; on {int(new['decisions']):,}"
        f" held out it plays the expert's best answer in {new['agreement']:.1%} (the last policy"
        f" {last['agreement']:.1%}, the heuristic {heur['agreement']:.1%}), regret {new['regret']:.4f}"
        f" (last {last['regret']:.4f}, heuristic {heur['regret']:.4f})"
    )
    if new["log_loss"] == new["log_loss"]:  # not NaN: the labels were visit shares
        line += f", log-loss {new['log_loss']:.3f}"
    m = it.against_last
    if m is not None:
        line += f"; against the last: {m.wins}/{m.games} = {m.wins / m.games:.1%} ({m.low:.1%}-{m.high:.1%} by deals) of two-player games in {m.games // 2} deals"
    line += "."
    if it.seats:
        line += "\n" + field_lines(it.seats)
    return line


def field_lines(seats: object) -> str:
    """Each player count's seats among heuristic players, one line a count: the policy's
    win rate in each side's seat, the heuristic's in brackets (same deals)."""
    from cryhavoc_sim.tuning.policy import Seat

    by_count: dict[int, list[Seat]] = {}
    assert isinstance(seats, tuple)
    for s in seats:
        assert isinstance(s, Seat)
        by_count.setdefault(s.players, []).append(s)
    lines = []
    for n, group in sorted(by_count.items()):
        k = group[0].deals
        count = "the solo mode" if n == 1 else f"{n} players"
        rows = [f"{s.side} {s.policy_wins / s.games:.1%} ({s.heuristic_wins / s.games:.1%})" for s in group]
        lines.append(
            f"  one seat among heuristic players, {count} ({k} deal{'s' if k != 1 else ''}): "
            + ", ".join(rows)
        )
    return "\n".join(lines)
