"""Fitting a game's learned value from self-play: ``cryhavoc-sim train-value`` and
``api.train_value``. The games are played in ``workers`` processes, the rows come back
in game order; the fit is a logistic model on standardised features. What the games are,
which of their states give rows and what a row holds, which bots may play them and the
model's file are the game's (its spec's extra ``value_training``: Cry Havoc's learned leaf
value, ``games/cryhavoc/value_training.py``). Every ``HOLDOUT``-th game (index 4, 9, 14,
...) is held out: the fitted model and the ``against`` model are scored on them
(log-loss, accuracy), never fitted on them. A game with a win model instead
(``games/winprob.py``) is fitted by ``tuning/winmodel.py`` with this module's fit.

scikit-learn is needed here only (``pip install cryhavoc-sim[train]``); the model ships
as coefficients on the raw features (the standardisation folded in) and plays without it.
Deterministic: the same seed, games, bot, sampling and target give the same file, byte
for byte, at any number of workers (lbfgs on the same rows; rows in game order).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ScenarioError, UserError
from cryhavoc_sim.games import DEFAULT_GAME, get_game

HOLDOUT = 5  # every fifth game is held out for scoring
MAX_GAMES = 100_000  # hours of play on one core; more is a typo
DEFAULT_GAMES = 2400
DEFAULT_RATE = 0.05
MAX_WORKERS = 64
C = 1.0  # inverse L2 strength of the logistic fit on standardised features

Row = tuple[list[float], float]  # features, target in [0, 1]


@dataclass(frozen=True, slots=True)
class Fitted:
    """A fitted model and how it and the ``against`` model score on the held-out games."""

    model: Any  # the game's (Cry Havoc's: bots/value_model.py's ValueModel)
    train_rows: int
    holdout_rows: int
    scores: dict[str, float]  # log_loss, accuracy
    against_scores: dict[str, float] | None


def trainer(game: str) -> Any:
    """The game's part of the training (its spec's extra ``value_training``), or one sentence."""
    module = get_game(game)
    found = module.extra("value_training")
    if found is None:
        raise ScenarioError(f"game is {game!r}, which has no learned value; allowed: a game that has one.")
    return found


def sample_game(
    master_seed: int,
    index: int,
    bot: str,
    rate: float,
    target: str = "win",
    at: str = "rate",
    game: str = DEFAULT_GAME,
) -> Iterator[Row]:
    """The rows of game ``index`` (the game's ``sample_game``: for Cry Havoc, see
    games/cryhavoc/value_training.py)."""
    rows: Iterator[Row] = trainer(game).sample_game(master_seed, index, bot, rate, target, at)
    return rows


# game, master seed, game index, bot, rate, target, at
Task = tuple[str, int, int, str, float, str, str]


def _game_rows(task: Task) -> list[Row]:
    game, master_seed, index, bot, rate, target, at = task
    return list(sample_game(master_seed, index, bot, rate, target, at, game))


def sample(
    games: int,
    master_seed: int,
    bot: str = "heuristic",
    rate: float = DEFAULT_RATE,
    target: str = "win",
    at: str = "rate",
    workers: int = 1,
    progress: bool = False,
    game: str = DEFAULT_GAME,
) -> tuple[list[Row], list[Row]]:
    """(training rows, held-out rows) of ``games`` games from ``master_seed``, played in
    ``workers`` processes (the same rows in the same order at any number); ``progress``:
    a bar on standard error."""
    from tqdm import tqdm

    from cryhavoc_sim.runner.pool import ordered_map

    tasks: list[Task] = [(game, master_seed, i, bot, rate, target, at) for i in range(games)]
    train: list[Row] = []
    held: list[Row] = []

    bar = tqdm(total=games, unit="game", disable=not progress, file=sys.stderr)

    def keep(i: int, rows: list[Row]) -> None:
        (held if i % HOLDOUT == HOLDOUT - 1 else train).extend(rows)
        bar.update(1)

    for i, rows in enumerate(ordered_map(_game_rows, tasks, workers, chunksize=4)):
        keep(i, rows)
    bar.close()
    return train, held


def fit(rows: list[Row], provenance: dict[str, Any]) -> tuple[tuple[float, ...], float]:
    """A logistic model of the rows (scikit-learn, standardised features, L2 ``C``):
    (coefficients on the raw features, intercept), each rounded to 10 places."""
    labels = {y >= 0.5 for _, y in rows}
    if len(labels) < 2:
        raise UserError(
            f"{len(rows)} sampled states hold {'no' if not rows else 'only one'} outcome;"
            f" allowed: more games (-n){' or a higher --rate' if provenance.get('at') == 'rate' else ''},"
            " so that wins and losses are both sampled."
        )
    try:
        import numpy as np
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        raise UserError(
            "train-value needs scikit-learn, which is not installed; allowed: pip install 'cryhavoc-sim[train]'."
        ) from None
    x = np.array([r[0] for r in rows], dtype=float)
    p = np.array([r[1] for r in rows], dtype=float)
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale == 0.0] = 1.0  # a constant feature (one player count only): weight 0
    z = (x - mean) / scale
    clf = LogisticRegression(C=C, max_iter=2000)
    if set(p.tolist()) <= {0.0, 1.0}:
        clf.fit(z, p.astype(int))
    else:  # a target in [0, 1]: each row as a win weighted p and a loss weighted 1 - p
        ones = np.ones(len(p), dtype=int)
        clf.fit(
            np.vstack([z, z]), np.concatenate([ones, 0 * ones]), sample_weight=np.concatenate([p, 1.0 - p])
        )
    w = clf.coef_[0] / scale
    b = float(clf.intercept_[0] - (w * mean).sum())
    return tuple(round(float(v), 10) for v in w), round(b, 10)


def score(model: Any, rows: list[Row]) -> dict[str, float]:
    """Log-loss and accuracy of ``model`` on ``rows`` (pure Python)."""
    if not rows:
        return {"log_loss": math.nan, "accuracy": math.nan}
    loss = 0.0
    right = 0
    for x, y in rows:
        p = min(max(model.predict(x), 1e-12), 1.0 - 1e-12)
        loss -= y * math.log(p) + (1.0 - y) * math.log(1.0 - p)
        right += (p >= 0.5) == (y >= 0.5)
    return {"log_loss": round(loss / len(rows), 6), "accuracy": round(right / len(rows), 6)}


def check_counts(games: Any, seed: Any, rate: Any, workers: Any = 1) -> None:
    """The bounds of -n, --seed, --rate and -j, in the CLI's words."""
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        raise ScenarioError(f"workers is {workers!r}; allowed: a whole number from 1 to {MAX_WORKERS}.")
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
        raise ScenarioError(f"games is {games!r}; allowed: a whole number from 1 to {MAX_GAMES:,}.")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise ScenarioError(f"seed is {seed!r}; allowed: a whole number from 0 to 2**64 - 1.")
    if not isinstance(rate, (int, float)) or isinstance(rate, bool) or not 0.0 < rate <= 1.0:
        raise ScenarioError(f"rate is {rate!r}; allowed: a number above 0 and at most 1.")


def train_value(
    games: int = DEFAULT_GAMES,
    seed: int = 1,
    bot: str | None = None,
    rate: float = DEFAULT_RATE,
    against: Any = None,
    target: str | None = None,
    at: str | None = None,
    workers: int = 1,
    progress: bool = False,
    game: str = DEFAULT_GAME,
) -> Fitted:
    """Sample ``games`` self-play games of ``bot`` from ``seed``, fit the model on four
    games in five, and score it (and ``against``) on the fifth. ``target`` and ``at``:
    see the game's ``sample_game``; ``bot``, ``target`` and ``at`` None: the game's
    defaults, which make its shipped model (with ``seed`` 1)."""
    check_counts(games, seed, rate, workers)
    part = trainer(game)
    bot = part.DEFAULT_BOT if bot is None else bot
    target = part.DEFAULT_TARGET if target is None else target
    at = part.DEFAULT_AT if at is None else at
    part.check(bot, target, at)
    if games < HOLDOUT:  # the scores would be of no state: nan, not a measurement
        raise ScenarioError(
            f"games is {games}; allowed: at least {HOLDOUT} (every {HOLDOUT}th game is held out to score"
            f" the model, and {games} leave none to score it on)."
        )
    train, held = sample(games, seed, bot, rate, target, at, workers, progress, game)
    if not held:
        raise ScenarioError(
            f"the {games:,} games left no held-out state to score the model on; allowed: more games (-n)"
            f"{' or a higher --rate' if at == 'rate' else ''}."
        )
    provenance = {
        **part.played_with(),
        "seed": seed,
        "games": games,
        "bot": bot,
        "at": at,
        **({"rate": rate} if at == "rate" else {}),
        "target": target,
        "train_rows": len(train),
        "features": part.features_count(),
    }
    model = part.model(*fit(train, provenance), provenance)
    return Fitted(
        model,
        len(train),
        len(held),
        score(model, held),
        score(against, held) if against is not None else None,
    )


def against_model(path: Path | None, game: str = DEFAULT_GAME) -> Any:
    """The model a new fit is scored next to: the file ``path`` (checked: a one-sentence
    :class:`ScenarioError` if it does not fit), else the shipped model, or None when the
    shipped one no longer fits the features (the one case a refit is for)."""
    return trainer(game).against_model(path)


def write_model(path: Path, model: Any) -> None:
    """Write ``model`` to ``path`` whole or not at all, never through a link."""
    from cryhavoc_sim.studies.record import write_text

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScenarioError(f"{path.parent}: cannot create the folder ({exc.strerror or exc}).") from None
    write_text(path, model.to_json())
