"""The value-model command: train-value (refit the search's learned leaf value from
seeded self-play)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cryhavoc_sim.cli.common import GameOption, _fail, _game, _write_file, app
from cryhavoc_sim.errors import UserError


@app.command("train-value")
def train_value(
    games: Annotated[
        int, typer.Option("-n", "--games", help="Self-play games to sample states from.")
    ] = 2400,
    seed: Annotated[int, typer.Option("--seed", help="Master seed of the games.")] = 1,
    out: Annotated[
        Path, typer.Option("-o", "--out", help="The model file to write (JSON coefficients).")
    ] = Path("value-model.json"),
    bot: Annotated[
        str | None,
        typer.Option(
            "--bot",
            help="The bot in every seat (Cry Havoc: paired[:N], heuristic[:personality] or random;"
            " default paired:16; another game: one of its bots, default heuristic).",
        ),
    ] = None,
    at: Annotated[
        str,
        typer.Option(
            "--at",
            help="Which states: rounds (the first state of every Round after the first) or rate (a share of all).",
        ),
    ] = "rounds",
    rate: Annotated[
        float, typer.Option("--rate", help="With --at rate: the share of states kept (0 to 1).")
    ] = 0.05,
    target: Annotated[
        str,
        typer.Option(
            "--target",
            help="What the model predicts: win (the game's result) or round (today's search's value at the next Round).",
        ),
    ] = "win",
    workers: Annotated[int, typer.Option("-j", "--workers", help="Processes playing the games.")] = 1,
    against: Annotated[
        Path | None,
        typer.Option(
            "--against",
            help="A model file scored next to the new one (default: the shipped one, if it fits the features).",
        ),
    ] = None,
    game: GameOption = "cryhavoc",
) -> None:
    """Fit the learned leaf value of the ismcts-leaf and paired-leaf searches: a logistic
    model over each player's observed features (bots/features.py), on states of seeded
    self-play (by default the first state of every Round after the first, paired:16 in
    every seat), scored on every
    fifth game held out next to --against. Deterministic from the seed at any -j; the
    defaults with --seed 1 make the shipped model. Needs scikit-learn (pip install
    'cryhavoc-sim\\[train]').

    With --game NAME (cavetroll, warcry): the game's win model (games/winprob.py), a
    logistic model over its features at the start of each checkpoint (Cave Troll: round
    of turns; WarCry: Battle), on seeded self-play of every setup in turn, scored on
    every fifth game held out (log-loss, accuracy, Brier score, calibration error); the
    run's game-flow lines and the report's calibration read it.

    Example: cryhavoc-sim train-value -n 200 --bot heuristic --seed 1 -o value-model.json"""
    from cryhavoc_sim.tuning import value

    module = _game(game)
    if module.extra("value_training") is None:  # no learned leaf value: the win model
        _train_win_model(module.name, games, seed, bot or "heuristic", workers, out, against)
        return
    try:  # bot None: the game's own self-play bot (games/cryhavoc/value_training.py)
        value.check_counts(games, seed, rate, workers)
        base = value.against_model(against)
        fitted = value.train_value(games, seed, bot, rate, base, target, at, workers, progress=True)
        _write_file(out, fitted.model.to_json(), "value model")
    except UserError as exc:
        raise _fail(str(exc)) from None
    new, old = fitted.scores, fitted.against_scores
    versus = (
        f"; {against or 'the shipped model'} {old['log_loss']:.4f} ({old['accuracy']:.1%})"
        if old is not None
        else "; the shipped model was fitted on other features (not scored)"
    )
    typer.echo(
        f"Value model written to {out}: {fitted.train_rows:,} states fitted, {fitted.holdout_rows:,} held out;"
        f" held-out log-loss {new['log_loss']:.4f} (accuracy {new['accuracy']:.1%}){versus}."
    )


def _train_win_model(
    game: str, games: int, seed: int, bot: str, workers: int, out: Path, against: Path | None
) -> None:
    from cryhavoc_sim.tuning.winmodel import against_model, train_win_model

    try:
        base = against_model(game, against)
        fitted = train_win_model(game, games, seed, bot, workers, progress=True, against=base)
        _write_file(out, fitted.model.to_json(), "win model")
    except UserError as exc:
        raise _fail(str(exc)) from None
    s = fitted.scores
    typer.echo(
        f"Win model of {game} ({bot} in every seat) written to {out}: {fitted.train_rows:,} states fitted, {fitted.holdout_rows:,}"
        f" held out; held-out log-loss {s['log_loss']:.4f} (accuracy {s['accuracy']:.1%}), Brier score"
        f" {s['brier']:.4f}, expected calibration error {s['ece']:.3f}{_versus(fitted.against_scores, against)}."
    )


def _versus(old: dict[str, float] | None, against: Path | None) -> str:
    if old is None:
        return "; the shipped model was fitted on other features (not scored)"
    return (
        f"; {against or 'the shipped model'} {old['log_loss']:.4f} (Brier {old['brier']:.4f},"
        f" calibration error {old['ece']:.3f})"
    )
