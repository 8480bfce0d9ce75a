"""Fitting the learned policy by expert iteration: ``cryhavoc-sim train-policy`` and
``api.train_policy``, for any game that plugs a ``PolicyGame`` (``games/policy/plug.py``).

One *iteration* (Anthony, Tian and Barber 2017, "Thinking fast and slow"):

1. the apprentice (the last iteration's policy; the game's heuristic bot at the first)
   plays self-play games in every seat, cycling through the game's player counts;
2. at a sample of its decisions (each kept with probability ``rate`` on its own stream
   of the game's seed, so the rows of one game are not all alike) the expert, a
   paired-rollout search whose rollouts the apprentice plays, measures every candidate
   answer in the same ``worlds`` re-drawn worlds (``Paired.values``): its mean value,
   the win probability the game's leaf value gives at the end of the Round;
3. the next apprentice is fitted to those values: per table (side and kind), a ridge
   regression of each candidate's value *relative to the decision's mean* on its
   features relative to theirs (``fit_table``): the policy learns which answer is worth
   more than the others, in win probability, from where the game stands.

Every ``HOLDOUT``-th game is held out: the new policy and the last one are scored on its
decisions by *regret* (the expert's value of its best candidate minus that of the
candidate the policy plays, averaged) and *agreement* (the share of decisions where the
policy plays the expert's best). The next iteration's expert plays the new policy in
its rollouts, so it starts from a stronger continuation.

Deterministic: the same seed, games, iterations, rate and worlds give the same file,
byte for byte, at any number of workers (games in order, ridge on the same rows).
scikit-learn is needed here only (``pip install 'cryhavoc-sim[train]'``); the policy
ships as coefficients and plays without it.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from cryhavoc_sim.errors import ScenarioError, UserError
from cryhavoc_sim.games.policy.model import Layout, PolicyModel, Table, parse_policy
from cryhavoc_sim.games.policy.plug import PolicyGame

HOLDOUT = 5  # every fifth game is held out for scoring
MAX_GAMES = 100_000
MAX_WORKERS = 64
MAX_ITERATIONS = 10
MAX_WORLDS = 256
DEFAULT_GAMES = 600
DEFAULT_ITERATIONS = 2
DEFAULT_RATE = 0.25
DEFAULT_WORLDS = 8
MIN_DECISIONS = 40  # a descriptor seen in fewer decisions of its table gets no weights
ALPHA = 1.0  # ridge strength on standardised features
MATCH_SEED = 1_000  # the iterations' matches play deals of their own (seed + iteration)

# table, descriptors, attributes, context, the expert's value of every candidate
Record = tuple[str, list[str], list[list[float]], list[float], list[float]]


@cache
def policy_game(game: str) -> PolicyGame:
    """The game's part of the trainer (one per process)."""
    from cryhavoc_sim.games.policy import plug

    return plug.policy_game(game)


def sample_game(
    game: str, master_seed: int, index: int, model: PolicyModel | None, rate: float, worlds: int
) -> list[Record]:
    """The labelled decisions of self-play game ``index`` (see the module docstring)."""
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.rng import derive, stream

    plug = policy_game(game)
    seed, setup = plug.setup(master_seed, index)
    state = plug.new_state(setup, seed)
    bots = plug.bots(state, dict.fromkeys(state.players, model), seed)
    sampler = stream(seed, "policy-sample")
    labels = stream(seed, "policy-label")
    experts: dict[str, Any] = {}
    out: list[Record] = []

    def observe(st: Any) -> None:
        player = st.current_player
        if player is None or sampler.random() >= rate:
            return
        scored = plug.scored(st)
        if scored is None:
            return
        expert = experts.get(player)
        if expert is None:
            expert = experts[player] = plug.expert(player, model, derive(labels))
        values = expert.values(st, scored.candidates, worlds)
        out.append((scored.table, scored.descriptors, scored.attributes, scored.context, values))

    play(state, bots, observe)
    return out


# game, master seed, game index, the policy as its file's text (models cross to worker
# processes as text: a compiled class does not pickle as its plain-Python twin), rate, worlds
Task = tuple[str, int, int, "str | None", float, int]


@cache
def _model(game: str, text: str | None) -> PolicyModel | None:
    """The policy of a task (parsed once per process)."""
    if text is None:
        return None
    return parse_policy(text, "the policy being improved", policy_game(game).layout)


def _game_records(task: Task) -> list[Record]:
    game, master_seed, index, text, rate, worlds = task
    return sample_game(game, master_seed, index, _model(game, text), rate, worlds)


def sample(
    game: str,
    games: int,
    master_seed: int,
    model: PolicyModel | None,
    rate: float,
    worlds: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> tuple[list[Record], list[Record]]:
    """(training records, held-out records) of ``games`` self-play games."""
    from cryhavoc_sim.runner.pool import ordered_map

    text = None if model is None else model.to_json(policy_game(game).layout)
    tasks: list[Task] = [(game, master_seed, i, text, rate, worlds) for i in range(games)]
    train: list[Record] = []
    held: list[Record] = []
    for i, records in enumerate(ordered_map(_game_records, tasks, workers, chunksize=2)):
        (held if i % HOLDOUT == HOLDOUT - 1 else train).extend(records)
        if progress is not None:
            progress(1)
    return train, held


def fit_table(records: list[Record], n_attrs: int, n_context: int) -> Table:
    """One table's weights from its decisions (see the module docstring): the columns
    are the attributes and, for every descriptor seen in at least ``MIN_DECISIONS``
    decisions, the context; each decision's rows and values are centred on their mean,
    each decision weighs the same, the columns are standardised for the ridge and the
    weights returned on the raw features."""
    import numpy as np
    from sklearn.linear_model import Ridge

    seen: dict[str, int] = {}
    for _, descs, _, _, _ in records:
        for d in set(descs):
            seen[d] = seen.get(d, 0) + 1
    kept = sorted(d for d, n in seen.items() if n >= MIN_DECISIONS)
    column = {d: n_attrs + k * n_context for k, d in enumerate(kept)}
    width = n_attrs + len(kept) * n_context
    rows = sum(len(r[1]) for r in records)
    x = np.zeros((rows, width))
    y = np.zeros(rows)
    w = np.zeros(rows)
    at = 0
    for _, descs, attrs, ctx, values in records:
        k = len(descs)
        block = np.zeros((k, width))
        block[:, :n_attrs] = np.asarray(attrs, dtype=float)
        c = np.asarray(ctx, dtype=float)
        for i, d in enumerate(descs):
            start = column.get(d)
            if start is not None:
                block[i, start : start + n_context] = c
        v = np.asarray(values, dtype=float)
        x[at : at + k] = block - block.mean(axis=0)
        y[at : at + k] = v - v.mean()
        w[at : at + k] = 1.0 / k
        at += k
    scale = np.sqrt((w[:, None] * x * x).sum(axis=0) / max(w.sum(), 1e-12))
    live = scale > 1e-9
    coef = np.zeros(width)
    if live.any() and rows:
        model = Ridge(alpha=ALPHA, fit_intercept=False, solver="cholesky")
        model.fit(x[:, live] / scale[live], y, sample_weight=w)
        coef[live] = model.coef_ / scale[live]
    descriptors = {d: tuple(float(v) for v in coef[column[d] : column[d] + n_context]) for d in kept}
    return Table(tuple(float(v) for v in coef[:n_attrs]), descriptors)


def fit(records: list[Record], layout: Layout, provenance: dict[str, Any]) -> PolicyModel:
    """A policy of every table the records hold."""
    by_table: dict[str, list[Record]] = {}
    for r in records:
        by_table.setdefault(r[0], []).append(r)
    tables = {}
    for key in sorted(by_table):
        kind = key.rpartition(".")[2]
        tables[key] = fit_table(by_table[key], len(layout.attributes[kind]), len(layout.context))
    return PolicyModel(layout.game, layout.version, tables, provenance)


def choice(model: PolicyModel | None, record: Record) -> int:
    """The candidate ``model`` plays in ``record`` (the heuristic's when None)."""
    table, descs, attrs, ctx, _ = record
    if model is None:
        return _heuristic_index(table, attrs)
    t = model.tables.get(table)
    if t is None:
        return _heuristic_index(table, attrs)
    scores = [t.score(attrs[i], descs[i], ctx) for i in range(len(descs))]
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return best


def _heuristic_index(table: str, attrs: list[list[float]]) -> int:
    """The heuristic's candidate: for a turn its best value (its second attribute),
    elsewhere its pick (the first); the first such when several tie."""
    column = 1 if table.endswith(".turn") else 0
    for i, a in enumerate(attrs):
        if a[column] == 1.0:
            return i
    return 0


def scores(model: PolicyModel | None, records: list[Record]) -> dict[str, float]:
    """Mean regret (the expert's value of its best candidate minus the played one's) and
    agreement with the expert's best, over ``records``."""
    if not records:
        return {"regret": math.nan, "agreement": math.nan, "decisions": 0}
    regret = 0.0
    agree = 0
    for r in records:
        values = r[4]
        top = max(values)
        i = choice(model, r)
        regret += top - values[i]
        agree += values[i] >= top
    return {
        "regret": round(regret / len(records), 6),
        "agreement": round(agree / len(records), 6),
        "decisions": len(records),
    }


@dataclass(frozen=True, slots=True)
class Match:
    """``new`` against ``old`` in two-player games, each deal played twice (either policy
    in either seat): games, wins of ``new``, its 95% Wilson interval."""

    games: int
    wins: int
    low: float
    high: float


MatchTask = tuple[str, int, int, str, "str | None"]  # game, master seed, deal, new, old (file texts)


def _duel(task: MatchTask) -> tuple[int, int]:
    """(wins of new, games) of one deal played both ways."""
    from cryhavoc_sim.games.harness.driver import play

    game, master_seed, deal, new_text, old_text = task
    plug = policy_game(game)
    new, old = _model(game, new_text), _model(game, old_text)
    wins = games = 0
    seed, setup = plug.duel(master_seed, deal)
    for side in (0, 1):
        state = plug.new_state(setup, seed)
        players = state.players
        bots = plug.bots(state, {p: new if i == side else old for i, p in enumerate(players)}, seed)
        play(state, bots)
        wins += state.results()[players[side]] >= 1.0 and len(state.winners) == 1
        games += 1
    return wins, games


def match(
    game: str, new: PolicyModel, old: PolicyModel | None, deals: int, seed: int, workers: int = 1
) -> Match:
    """``new`` against ``old`` (the game's heuristic when None) on ``deals`` two-player
    deals of the game's duel cycle, each played both ways."""
    from cryhavoc_sim.runner.pool import ordered_map
    from cryhavoc_sim.tuning.leaf_match import wilson

    layout = policy_game(game).layout
    new_text = new.to_json(layout)
    old_text = None if old is None else old.to_json(layout)
    tasks: list[MatchTask] = [(game, seed, d, new_text, old_text) for d in range(deals)]
    wins = games = 0
    for w, n in ordered_map(_duel, tasks, workers, chunksize=4):
        wins += w
        games += n
    low, high = wilson(wins, games)
    return Match(games, wins, low, high)


@dataclass(frozen=True, slots=True)
class Iteration:
    """One iteration: its policy, how many decisions it was fitted on, how it, the last
    policy and the heuristic score on the held-out decisions (``scores``), and its
    two-player games against the last policy (None when none were asked for)."""

    model: PolicyModel
    train_decisions: int
    scores: dict[str, float]
    last_scores: dict[str, float]
    heuristic_scores: dict[str, float]
    against_last: Match | None


def check_counts(games: Any, seed: Any, iterations: Any, rate: Any, worlds: Any, workers: Any) -> None:
    """The bounds of -n, --seed, --iterations, --rate, --worlds and -j, in the CLI's words."""

    def whole(value: Any, low: int, high: int) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

    if not whole(workers, 1, MAX_WORKERS):
        raise ScenarioError(f"workers is {workers!r}; allowed: a whole number from 1 to {MAX_WORKERS}.")
    if not whole(games, HOLDOUT, MAX_GAMES):
        raise ScenarioError(f"games is {games!r}; allowed: a whole number from {HOLDOUT} to {MAX_GAMES:,}.")
    if not whole(seed, 0, 2**64 - 1):
        raise ScenarioError(f"seed is {seed!r}; allowed: a whole number from 0 to 2**64 - 1.")
    if not whole(iterations, 1, MAX_ITERATIONS):
        raise ScenarioError(
            f"iterations is {iterations!r}; allowed: a whole number from 1 to {MAX_ITERATIONS}."
        )
    if not whole(worlds, 1, MAX_WORLDS):
        raise ScenarioError(f"worlds is {worlds!r}; allowed: a whole number from 1 to {MAX_WORLDS}.")
    if not isinstance(rate, (int, float)) or isinstance(rate, bool) or not 0.0 < rate <= 1.0:
        raise ScenarioError(f"rate is {rate!r}; allowed: a number above 0 and at most 1.")


def train_policy(
    game: str = "cryhavoc",
    games: int = DEFAULT_GAMES,
    seed: int = 1,
    iterations: int = DEFAULT_ITERATIONS,
    rate: float = DEFAULT_RATE,
    worlds: int = DEFAULT_WORLDS,
    start: PolicyModel | None = None,
    workers: int = 1,
    progress: bool = False,
    done: Callable[[Iteration], None] | None = None,
    deals: int = 0,
) -> list[Iteration]:
    """``iterations`` of expert iteration from ``start`` (the heuristic when None), each
    on ``games`` self-play games of its own seed (``seed`` + iteration - 1); ``done`` is
    told of each iteration as it ends; ``deals``: two-player deals (each played both
    ways) on which each iteration meets the last (none: 0). The defaults make the
    shipped policy."""
    check_counts(games, seed, iterations, rate, worlds, workers)
    if not isinstance(deals, int) or isinstance(deals, bool) or not 0 <= deals <= MAX_GAMES:
        raise ScenarioError(f"deals is {deals!r}; allowed: a whole number from 0 to {MAX_GAMES:,}.")
    try:
        import sklearn  # noqa: F401
    except ImportError:
        raise UserError(
            "train-policy needs scikit-learn, which is not installed; allowed: pip install 'cryhavoc-sim[train]'."
        ) from None
    from tqdm import tqdm

    plug = policy_game(game)
    out: list[Iteration] = []
    model = start
    for k in range(iterations):
        bar = tqdm(
            total=games,
            unit="game",
            disable=not progress,
            file=sys.stderr,
            desc=f"iteration {k + 1}/{iterations}",
        )
        train, held = sample(game, games, seed + k, model, rate, worlds, workers, bar.update)
        bar.close()
        if not train:
            raise UserError(
                f"{games} games gave no decision to learn from; allowed: more games (-n) or a higher --rate."
            )
        provenance = {
            **_versions(game),
            "expert": plug.expert_name,
            "expert_rollouts": "heuristic" if model is None else f"iteration {k} policy",
            "iteration": k + 1 + int((start.provenance.get("iteration", 0)) if start is not None else 0),
            "seed": seed + k,
            "games": games,
            "rate": rate,
            "worlds": worlds,
            "train_decisions": len(train),
        }
        new = fit(train, plug.layout, provenance)
        duel = match(game, new, model, deals, MATCH_SEED + k, workers) if deals else None
        it = Iteration(new, len(train), scores(new, held), scores(model, held), scores(None, held), duel)
        out.append(it)
        if done is not None:
            done(it)
        model = new
    return out


def _versions(game: str) -> dict[str, Any]:
    from cryhavoc_sim.games import get_game

    module = get_game(game)
    return {"rules_version": module.rules_version, "bots_version": module.bots_version}
