"""Fitting a game's win model (``games/winprob.py``) from self-play through the state
protocol: ``cryhavoc-sim train-value --game NAME`` for a game other than Cry Havoc (whose
win model is its search's learned leaf value, ``games/cryhavoc/value_training.py``).

Game ``index`` plays the rules' ``soak_setup(index)`` (every player count, card set or
pairing in turn) on the seed recipe's streams of (master seed, index), the bot ``bot``
in every seat. At the first decision of every checkpoint (the game's ``WinLine``) each
player gives one row: its features and whether it won. Every ``HOLDOUT``-th game is held
out and the model is scored on it (log-loss, accuracy, Brier score, expected calibration
error), never fitted on it. The fit is ``tuning/value.py``'s (scikit-learn's logistic
regression on standardised features, shipped as coefficients on the raw ones): the same
seed, games and bot give the same file at any number of workers.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.winprob import WinModel, load_model

HOLDOUT = 5
BINS = 10  # the reliability diagram's and the ECE's bins of predicted probability

Row = tuple[list[float], float]
Task = tuple[str, int, int, str]  # game, master seed, index, bot


@dataclass(frozen=True, slots=True)
class FittedWin:
    model: WinModel
    train_rows: int
    holdout_rows: int
    scores: dict[str, float]
    against_scores: dict[str, float] | None = None


def sample_game(task: Task) -> list[Row]:
    """The rows of game ``index`` (see the module docstring)."""
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import new_game, seat_bots
    from cryhavoc_sim.games.harness.seeds import seeds

    name, master_seed, index, bot = task
    module = get_game(name)
    rules, line = module.rules, module.win_line
    assert line is not None
    s = seeds(master_seed, index)
    state = new_game(rules, _content(name), rules.soak_setup(index), s, record_events=False)
    kept: list[tuple[str, list[float]]] = []
    last = [0]

    def observe(st: Any) -> None:
        if st.is_over:
            return
        c = line.checkpoint(st)
        if c > last[0]:
            last[0] = c
            kept.extend((p, line.features_of(st, p)) for p in line.players(st))

    play(state, seat_bots(rules, state, dict.fromkeys(state.players, bot), s), observe)
    winners = set(state.winners)
    return [(x, 1.0 if p in winners else 0.0) for p, x in kept]


_CONTENT: dict[str, Any] = {}


def _content(name: str) -> Any:
    if name not in _CONTENT:
        _CONTENT[name] = get_game(name).rules.default_content()
    return _CONTENT[name]


def scores(model: WinModel, rows: list[Row]) -> dict[str, float]:
    """Log-loss, accuracy, Brier score and expected calibration error (``BINS`` equal bins
    of predicted probability) of ``model`` on ``rows``, each player's own probability."""
    if not rows:
        return {"log_loss": math.nan, "accuracy": math.nan, "brier": math.nan, "ece": math.nan}
    loss = brier = 0.0
    right = 0
    bins: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(BINS)]  # n, sum p, sum y
    for x, y in rows:
        p = model.predict(x)
        q = min(max(p, 1e-12), 1.0 - 1e-12)
        loss -= y * math.log(q) + (1.0 - y) * math.log(1.0 - q)
        brier += (p - y) ** 2
        right += (p >= 0.5) == (y >= 0.5)
        b = bins[min(int(p * BINS), BINS - 1)]
        b[0] += 1
        b[1] += p
        b[2] += y
    n = len(rows)
    ece = sum(abs(b[1] - b[2]) for b in bins if b[0]) / n
    return {
        "log_loss": round(loss / n, 6),
        "accuracy": round(right / n, 6),
        "brier": round(brier / n, 6),
        "ece": round(ece, 6),
    }


def against_model(game: str, path: Path | None) -> WinModel | None:
    """The model a new fit is scored next to: the file ``path`` (checked against the
    game, its features and its default content's version: one sentence if it does not
    fit), else the shipped one (None if the shipped one no longer fits the features)."""
    line = get_game(game).win_line
    if line is None:
        raise ScenarioError(f"--game: {game!r} has no win-probability line; allowed: a game that has one.")
    if path is not None:
        return load_model(path, line, _content(game).content_id)
    try:
        return line.shipped()
    except ScenarioError:
        return None


def train_win_model(
    game: str,
    games: int,
    seed: int,
    bot: str,
    workers: int = 1,
    progress: bool = False,
    against: WinModel | None = None,
) -> FittedWin:
    """Sample ``games`` self-play games of ``bot`` in ``game`` from ``seed``, fit the win
    model on four games in five and score it (and ``against``) on the fifth."""
    from tqdm import tqdm

    from cryhavoc_sim.runner.pool import ordered_map
    from cryhavoc_sim.tuning.value import check_counts, fit

    module = get_game(game)
    line = module.win_line
    if line is None:
        raise ScenarioError(f"--game: {game!r} has no win-probability line; allowed: a game that has one.")
    check_counts(games, seed, 0.5, workers)
    if games < HOLDOUT:
        raise ScenarioError(
            f"games is {games}; allowed: at least {HOLDOUT} (every {HOLDOUT}th game is held out to score the model)."
        )
    _check_bot(module, game, bot)
    train: list[Row] = []
    held: list[Row] = []
    bar = tqdm(total=games, unit="game", disable=not progress, file=sys.stderr)
    tasks: list[Task] = [(game, seed, i, bot) for i in range(games)]
    for i, rows in enumerate(ordered_map(sample_game, tasks, workers, chunksize=8)):
        (held if i % HOLDOUT == HOLDOUT - 1 else train).extend(rows)
        bar.update(1)
    bar.close()
    content = _content(game)
    provenance = {
        "rules_version": module.rules_version,
        "bots_version": module.bots_version,
        "content": content.content_id,
        "seed": seed,
        "games": games,
        "bot": bot,
        "at": "checkpoints",
        "target": "win",
        "train_rows": len(train),
        "features": len(line.features),
        "reads": line.reads,
    }
    coef, intercept = fit(train, provenance)
    model = WinModel(line.game, line.features_version, tuple(line.features), coef, intercept, provenance)
    return FittedWin(
        model, len(train), len(held), scores(model, held), scores(against, held) if against else None
    )


def _check_bot(module: Any, game: str, bot: str) -> None:
    """A :class:`ScenarioError` unless ``bot`` can sit at the game (built once, on a
    throwaway state: what a typo in its options says)."""
    from cryhavoc_sim.errors import UserError
    from cryhavoc_sim.games.botspec import BotNameError
    from cryhavoc_sim.rng import stream

    rules = module.rules
    state = rules.new_state(_content(game), rules.soak_setup(0), 1, stream(0, "win-model-check"), False)
    try:
        spec = rules.bot_spec(bot, state.players[0])
    except BotNameError as exc:
        raise ScenarioError(f"--bot: {bot!r} {exc.problem}.") from None
    try:
        rules.bot(spec, state.players[0], stream(0, "win-model-bot"))
    except UserError:
        raise
    except (ValueError, KeyError) as exc:
        raise ScenarioError(f"--bot: {bot!r} cannot play {module.title} ({exc}).") from None
