"""Fitting the learned leaf value (``games/cryhavoc/bots/value_model.py``) from self-play:
``cryhavoc-sim train-value`` and ``api.train_value``.

Games cycle through 2, 3 and 4 players and the solo mode, their line-ups and experience
levels (``engine/playout.py``'s cycle), one bot in every seat (the paired-rollout search
``paired:16`` by default; the tuned heuristic or ``random`` for a quick fit), each game
on its seed from (master seed, game index). Which states give rows (``at``):

- ``rounds`` (the default): the first state of every Round after the first, the states
  the search's leaf values (its rollouts stop at the end of the Round they start in);
- ``rate``: before each answer, a state kept with probability ``rate`` (its own stream of
  the game's seed: a few percent of states, so the rows of one game are not all alike, as
  TAG's ExpertIteration samples).

Each kept state gives one row per player: its features as that player sees them, and the
target (``win``: whether that player won; ``round``: today's search's leaf value at the
start of the next Round). Every ``HOLDOUT``-th game (index 4, 9, 14, ...) is held out:
the fitted model and the ``against`` model are scored on them (log-loss, accuracy),
never fitted on them. ``workers`` play the games in processes; the rows come back in game order.

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
from cryhavoc_sim.games.cryhavoc.bots.features import FEATURES, features
from cryhavoc_sim.games.cryhavoc.bots.value_model import ValueModel

HOLDOUT = 5  # every fifth game is held out for scoring
MAX_GAMES = 100_000  # hours of play on one core; more is a typo
DEFAULT_GAMES = 2400
DEFAULT_RATE = 0.05
DEFAULT_BOT = "paired:16"  # self-play at about ismcts:48's strength, affordable
MAX_WORKERS = 64
C = 1.0  # inverse L2 strength of the logistic fit on standardised features

Row = tuple[list[float], float]  # features, target in [0, 1]
TARGETS = ("win", "round")
DEFAULT_TARGET = "win"  # both targets tried: docs/measured.md, "The searches' design choices"
SAMPLINGS = ("rounds", "rate")
SELF_PLAY = ("random", "heuristic", "paired")  # the bots train-value plays with
DEFAULT_AT = "rounds"


@dataclass(frozen=True, slots=True)
class Fitted:
    """A fitted model and how it and the ``against`` model score on the held-out games."""

    model: ValueModel
    train_rows: int
    holdout_rows: int
    scores: dict[str, float]  # log_loss, accuracy
    against_scores: dict[str, float] | None


def sample_game(
    master_seed: int, index: int, bot: str, rate: float, target: str = "win", at: str = "rate"
) -> Iterator[Row]:
    """The rows of game ``index`` (see the module docstring). ``target``: ``win``, whether
    the player won; ``round``, what today's search values the position at the start of
    the next Round (``round_value``), the leaf its full rollout would reach. ``at``:
    ``rate`` or ``rounds``, which states are kept."""
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game
    from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for
    from cryhavoc_sim.games.cryhavoc.state import RULES, CryHavocState
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds
    from cryhavoc_sim.rng import stream

    if at not in SAMPLINGS:
        raise ValueError(f"at is {at!r}; allowed: {', '.join(SAMPLINGS)}")
    seed, factions, experience = playout_spec(master_seed, index)
    seeds = Seeds(seed)
    game = new_game(
        _content(load_content), setup_for(factions, experience), seeds.game(), record_events=False
    )
    state = CryHavocState(game)
    bots = seat_bots(RULES, state, dict.fromkeys(factions, bot), seeds)
    sampler = stream(seed, "value-sample")
    kept: list[tuple[str, list[float], int]] = []
    done: list[Row] = []
    last = [game.round]  # the Round of the last state seen

    def observe(st: CryHavocState) -> None:
        g = st.game
        if target == "round":  # the Round of the oldest open rows is over
            while kept and (g.outcome is not None or g.round > kept[0][2]):
                f, x, _ = kept.pop(0)
                done.append((x, round_value(g, f)))
        if at == "rounds":
            keep = g.outcome is None and g.round > last[0]
            last[0] = g.round
        else:
            keep = g.outcome is None and sampler.random() < rate
        if keep:
            kept.extend((f, features(g, f), g.round) for f in g.player_factions)

    play(state, bots, observe)
    assert game.outcome is not None
    yield from done
    winner = game.outcome.winner
    for f, x, _ in kept:
        yield x, 1.0 if f == winner else 0.0


def round_value(g: Any, f: str) -> float:
    """Today's search's leaf value (``bots/ismcts.py``, ``standing_value``)."""
    from cryhavoc_sim.games.cryhavoc.bots.ismcts import standing_value

    return standing_value(g, f)


_CONTENT: list[Any] = []


def _content(load: Any) -> Any:
    if not _CONTENT:
        _CONTENT.append(load())
    return _CONTENT[0]


Task = tuple[int, int, str, float, str, str]  # master seed, game index, bot, rate, target, at


def _game_rows(task: Task) -> list[Row]:
    master_seed, index, bot, rate, target, at = task
    return list(sample_game(master_seed, index, bot, rate, target, at))


def sample(
    games: int,
    master_seed: int,
    bot: str = "heuristic",
    rate: float = DEFAULT_RATE,
    target: str = "win",
    at: str = "rate",
    workers: int = 1,
    progress: bool = False,
) -> tuple[list[Row], list[Row]]:
    """(training rows, held-out rows) of ``games`` games from ``master_seed``, played in
    ``workers`` processes (the same rows in the same order at any number); ``progress``:
    a bar on standard error."""
    from tqdm import tqdm

    from cryhavoc_sim.runner.pool import ordered_map

    tasks: list[Task] = [(master_seed, i, bot, rate, target, at) for i in range(games)]
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


def fit(rows: list[Row], provenance: dict[str, Any]) -> ValueModel:
    """A logistic model of the rows (scikit-learn, standardised features, L2 ``C``),
    returned as coefficients on the raw features."""
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
    return ValueModel(tuple(round(float(v), 10) for v in w), round(b, 10), provenance)


def score(model: ValueModel, rows: list[Row]) -> dict[str, float]:
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
    bot: str = DEFAULT_BOT,
    rate: float = DEFAULT_RATE,
    against: ValueModel | None = None,
    target: str = DEFAULT_TARGET,
    at: str = DEFAULT_AT,
    workers: int = 1,
    progress: bool = False,
) -> Fitted:
    """Sample ``games`` self-play games of ``bot`` from ``seed``, fit the model on four
    games in five, and score it (and ``against``) on the fifth. ``target`` and ``at``:
    see :func:`sample_game`. The defaults make the shipped model (with ``seed`` 1)."""
    from cryhavoc_sim.games.botspec import BotNameError
    from cryhavoc_sim.games.cryhavoc.bots.registry import BOTS_VERSION, parse_bot
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine.game import RULES_VERSION

    check_counts(games, seed, rate, workers)
    not_self_play = ScenarioError(
        f"--bot: {bot!r} cannot play the self-play games; allowed: random, heuristic[:<personality>]"
        " or paired[:<N>] (a tree search's self-play takes hours here, a learned-leaf search"
        " would learn from its own model)."
    )
    for f in ("humans", "pilgrims", "machines", "trogs"):
        try:
            spec = parse_bot(bot, f)
        except BotNameError as exc:
            if not bot.startswith(SELF_PLAY):  # not even of a self-play bot's family
                raise not_self_play from None
            raise ScenarioError(f"--bot: {exc}.") from None
        if spec.kind not in SELF_PLAY:
            raise not_self_play
    if target not in TARGETS:
        raise ScenarioError(f"target is {target!r}; allowed: {', '.join(TARGETS)}.")
    if at not in SAMPLINGS:
        raise ScenarioError(f"--at is {at!r}; allowed: {', '.join(SAMPLINGS)}.")
    if games < HOLDOUT:  # the scores would be of no state: nan, not a measurement
        raise ScenarioError(
            f"games is {games}; allowed: at least {HOLDOUT} (every {HOLDOUT}th game is held out to score"
            f" the model, and {games} leave none to score it on)."
        )
    train, held = sample(games, seed, bot, rate, target, at, workers, progress)
    if not held:
        raise ScenarioError(
            f"the {games:,} games left no held-out state to score the model on; allowed: more games (-n)"
            f"{' or a higher --rate' if at == 'rate' else ''}."
        )
    provenance = {
        "rules_version": RULES_VERSION,
        "bots_version": BOTS_VERSION,
        "content": _content(load_content).content_id,
        "seed": seed,
        "games": games,
        "bot": bot,
        "at": at,
        **({"rate": rate} if at == "rate" else {}),
        "target": target,
        "train_rows": len(train),
        "features": len(FEATURES),
    }
    model = fit(train, provenance)
    return Fitted(
        model,
        len(train),
        len(held),
        score(model, held),
        score(against, held) if against is not None else None,
    )


def against_model(path: Path | None) -> ValueModel | None:
    """The model a new fit is scored next to: the file ``path`` (checked: a one-sentence
    :class:`ScenarioError` if it does not fit), else the shipped model, or None when the
    shipped one no longer fits the features (the one case a refit is for)."""
    from cryhavoc_sim.games.cryhavoc.bots.value_model import load_model, shipped_model

    if path is not None:
        try:
            return load_model(path)
        except RecursionError:  # JSON nested deeper than the parser's stack
            raise ScenarioError(
                f"{path}: is nested too deeply to be a value model; allowed: a file written by train-value."
            ) from None
    try:
        return shipped_model()
    except ScenarioError:
        return None


def write_model(path: Path, model: ValueModel) -> None:
    """Write ``model`` to ``path`` whole or not at all, never through a link."""
    from cryhavoc_sim.studies.record import write_text

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScenarioError(f"{path.parent}: cannot create the folder ({exc.strerror or exc}).") from None
    write_text(path, model.to_json())
