"""Fitting the learned policy by expert iteration: ``cryhavoc-sim train-policy`` and
``api.train_policy``, for any game that plugs a ``PolicyGame`` (``games/policy/plug.py``).

One *iteration* (Anthony, Tian and Barber 2017, "Thinking fast and slow"):

1. self-play games in every seat, cycling through the game's player counts: at the first
   iteration played by the *expert* itself (a search bot, the top rung of ``balance``
   by default), later by the last iteration's policy (so the policy is taught where its
   own play leads, DAgger's lesson);
2. at a sample of the decisions the expert searches (each kept with probability
   ``rate`` on its own stream of the game's seed), the expert searches and its search
   is the label: its share of visits for every candidate answer (ISMCTS), or all on its
   choice (the paired-rollout search). From the second iteration on the expert's
   rollouts are played by the last policy in every seat: the apprentice makes the expert
   stronger;
3. the next policy is fitted to those labels: per table (side and kind), a conditional
   logit, the softmax over a decision's candidates of their scores, by the cross-entropy
   against the expert's shares with an L2 penalty on standardised features
   (``fit_table``; scipy's L-BFGS: scikit-learn has no conditional logit).

Every ``HOLDOUT``-th game is held out: the new policy, the last one and the heuristic are
scored on its decisions by *agreement* (the share of decisions where it plays the
expert's choice) and the new policy by its log-loss of the expert's shares.

Deterministic: the same seed, games, expert, iterations and rate give the same files,
byte for byte, at any number of workers (games in order, the same fit on the same rows).
Training needs scikit-learn's extra (``pip install 'cryhavoc-sim[train]'``: numpy); the
policy ships as coefficients and plays without either.
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
DEFAULT_GAMES = 600
DEFAULT_ITERATIONS = 3
DEFAULT_RATE = 0.25
MAX_EXPERT_BUDGET = 1_000
MIN_DECISIONS = 40  # a descriptor seen in fewer decisions of its table gets no weights
ALPHA = 1e-3  # L2 strength on standardised features (per decision's cross-entropy)
RIDGE = 1.0  # ridge strength on standardised features (values)
MATCH_SEED = 1_000  # the iterations' matches play deals of their own (seed + iteration)
FIELD_SEED = 2_000  # every iteration's seats among heuristic players: the same deals

# table, descriptors, attributes, context, the expert's value of every candidate
Record = tuple[str, list[str], list[list[float]], list[float], list[float]]


@cache
def policy_game(game: str) -> PolicyGame:
    """The game's part of the trainer (one per process)."""
    from cryhavoc_sim.games.policy import plug

    return plug.policy_game(game)


def sample_game(
    game: str,
    master_seed: int,
    index: int,
    model: PolicyModel | None,
    rate: float,
    expert: str,
    rollouts: PolicyModel | None = None,
) -> list[Record]:
    """The labelled decisions of self-play game ``index`` (see the module docstring),
    played by ``model`` in every seat (the heuristic when None), labelled by the search
    ``expert`` whose rollouts ``rollouts`` plays (the heuristic when None)."""
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.rng import stream

    plug = policy_game(game)
    seed, setup = plug.setup(master_seed, index)
    state = plug.new_state(setup, seed)
    bots = plug.bots(state, dict.fromkeys(state.players, model), seed)
    sampler = stream(seed, "policy-sample")
    # each seat's expert on a labelling stream of its own: labels draw nothing from the
    # game or its bots, so a game is the same at any rate
    spec = plug.expert_spec(expert)
    experts = {p: plug.expert(p, spec, rollouts, stream(seed, f"policy-label:{p}")) for p in state.players}
    out: list[Record] = []

    def observe(st: Any) -> None:
        player = st.current_player
        if player is None or sampler.random() >= rate or player not in experts:
            return
        scored = plug.scored(st)
        if scored is None:
            return
        labelled = experts[player].label(st)
        if labelled is None:
            return
        options, targets = labelled
        by_key = {key: i for i, (key, _) in enumerate(options)}
        if all(key in by_key for key, _ in scored.candidates):
            ordered = [targets[by_key[key]] for key, _ in scored.candidates]
            out.append((scored.table, scored.descriptors, scored.attributes, scored.context, ordered))

    play(state, bots, observe)
    return out


# game, master seed, game index, the players' policy as its file's text (models cross to
# worker processes as text: a compiled class does not pickle as its plain-Python twin),
# rate, expert, the expert's rollout policy (text)
Task = tuple[str, int, int, "str | None", float, str, "str | None"]


@cache
def _model(game: str, text: str | None) -> PolicyModel | None:
    """The policy of a task (parsed once per process)."""
    if text is None:
        return None
    return parse_policy(text, "the policy being improved", policy_game(game).layout)


def _game_records(task: Task) -> list[Record]:
    game, master_seed, index, text, rate, expert, rollouts = task
    return sample_game(game, master_seed, index, _model(game, text), rate, expert, _model(game, rollouts))


def sample(
    game: str,
    games: int,
    master_seed: int,
    model: PolicyModel | None,
    rate: float,
    expert: str,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    rollouts: PolicyModel | None = None,
) -> tuple[list[Record], list[Record]]:
    """(training records, held-out records) of ``games`` self-play games (see
    :func:`sample_game`), played in ``workers`` processes, in game order."""
    from cryhavoc_sim.runner.pool import ordered_map

    layout = policy_game(game).layout
    text = None if model is None else model.to_json(layout)
    roll = None if rollouts is None else rollouts.to_json(layout)
    tasks: list[Task] = [(game, master_seed, i, text, rate, expert, roll) for i in range(games)]
    train: list[Record] = []
    held: list[Record] = []
    for i, records in enumerate(ordered_map(_game_records, tasks, workers, chunksize=2)):
        (held if i % HOLDOUT == HOLDOUT - 1 else train).extend(records)
        if progress is not None:
            progress(1)
    return train, held


def design(records: list[Record], n_attrs: int, n_context: int) -> tuple[Any, Any, Any, list[str]]:
    """One table's decisions as a design matrix: the columns are the attributes and, for
    every descriptor seen in at least ``MIN_DECISIONS`` decisions, the context (one block
    each); (rows, targets, each decision's first row, the descriptors kept)."""
    import numpy as np

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
    starts = np.zeros(len(records), dtype=np.int64)
    at = 0
    for k, (_, descs, attrs, ctx, targets) in enumerate(records):
        n = len(descs)
        starts[k] = at
        x[at : at + n, :n_attrs] = np.asarray(attrs, dtype=float)
        c = np.asarray(ctx, dtype=float)
        for i, d in enumerate(descs):
            start = column.get(d)
            if start is not None:
                x[at + i, start : start + n_context] = c
        t = np.asarray(targets, dtype=float)
        y[at : at + n] = t
        at += n
    return x, y, starts, kept


def fit_table(records: list[Record], n_attrs: int, n_context: int, labels: str = "shares") -> Table:
    """One table's weights: for ``labels`` "values", :func:`fit_values`; for "shares", the conditional logit of the
    expert's shares, each decision weighing the same, an L2 penalty ``ALPHA`` on the
    weights of standardised columns (each centred within its decisions, where the
    softmax reads it), the weights returned on the raw features."""
    if labels == "values":
        return fit_values(records, n_attrs, n_context)
    import numpy as np
    from scipy.optimize import minimize

    x, y, starts, kept = design(records, n_attrs, n_context)
    n = len(records)
    sizes0 = np.diff(np.append(starts, len(y)))
    y = y / np.repeat(np.add.reduceat(y, starts), sizes0) if n else y  # shares summing to 1
    sizes = np.diff(np.append(starts, len(y)))
    group = np.repeat(np.arange(n), sizes)
    means = np.add.reduceat(x, starts, axis=0) / sizes[:, None] if n else x[:0]
    centred = x - means[group] if n else x
    scale = np.sqrt((centred * centred).mean(axis=0)) if len(y) else np.zeros(x.shape[1])
    live = scale > 1e-9
    coef = np.zeros(x.shape[1])
    if live.any() and n:
        z = x[:, live] / scale[live]

        def loss(w: Any) -> tuple[float, Any]:
            s = z @ w
            top = np.maximum.reduceat(s, starts)
            e = np.exp(s - top[group])
            total = np.add.reduceat(e, starts)
            logp = s - (top + np.log(total))[group]
            prob = e / total[group]
            value = -(y * logp).sum() / n + 0.5 * ALPHA * float(w @ w)
            grad = z.T @ (prob - y) / n + ALPHA * w
            return float(value), grad

        fitted = minimize(
            loss, np.zeros(int(live.sum())), jac=True, method="L-BFGS-B", options={"maxiter": 400}
        )
        coef[live] = fitted.x / scale[live]
    descriptors = {
        d: tuple(float(v) for v in coef[n_attrs + k * n_context : n_attrs + (k + 1) * n_context])
        for k, d in enumerate(kept)
    }
    return Table(tuple(float(v) for v in coef[:n_attrs]), descriptors)


def fit_values(records: list[Record], n_attrs: int, n_context: int) -> Table:
    """One table's weights from the expert's values: a ridge regression (scikit-learn)
    of each candidate's value relative to its decision's mean on its features relative to
    theirs, each decision weighing the same, ridge ``RIDGE`` on standardised columns, the
    weights returned on the raw features (the score is then a win-probability gain)."""
    import numpy as np
    from sklearn.linear_model import Ridge

    x, y, starts, kept = design(records, n_attrs, n_context)
    n = len(records)
    coef = np.zeros(x.shape[1])
    if n:
        sizes = np.diff(np.append(starts, len(y)))
        group = np.repeat(np.arange(n), sizes)
        x = x - (np.add.reduceat(x, starts, axis=0) / sizes[:, None])[group]
        y = y - (np.add.reduceat(y, starts) / sizes)[group]
        w = 1.0 / sizes[group]
        scale = np.sqrt((w[:, None] * x * x).sum(axis=0) / w.sum())
        live = scale > 1e-9
        if live.any():
            model = Ridge(alpha=RIDGE, fit_intercept=False, solver="cholesky")
            model.fit(x[:, live] / scale[live], y, sample_weight=w)
            coef[live] = model.coef_ / scale[live]
    descriptors = {
        d: tuple(float(v) for v in coef[n_attrs + k * n_context : n_attrs + (k + 1) * n_context])
        for k, d in enumerate(kept)
    }
    return Table(tuple(float(v) for v in coef[:n_attrs]), descriptors)


def fit(
    records: list[Record], layout: Layout, provenance: dict[str, Any], labels: str = "values"
) -> PolicyModel:
    """A policy of every table the records hold (``labels``: what their targets are)."""
    by_table: dict[str, list[Record]] = {}
    for r in records:
        by_table.setdefault(r[0], []).append(r)
    tables = {}
    for key in sorted(by_table):
        kind = key.rpartition(".")[2]
        tables[key] = fit_table(by_table[key], len(layout.attributes[kind]), len(layout.context), labels)
    return PolicyModel(layout.game, layout.version, tables, provenance)


def choice(model: PolicyModel | None, record: Record) -> int:
    """The candidate ``model`` plays in ``record`` (the heuristic's when None, or when it
    has no table for it)."""
    table, descs, attrs, ctx, _ = record
    t = None if model is None else model.tables.get(table)
    if t is None:
        column = 1 if table.endswith(".turn") else 0  # a turn's heuristic_best, else its pick
        for i, a in enumerate(attrs):
            if a[column] == 1.0:
                return i
        return 0
    scores = [t.score(attrs[i], descs[i], ctx) for i in range(len(descs))]
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    return best


def scores(model: PolicyModel | None, records: list[Record], labels: str = "values") -> dict[str, float]:
    """Over ``records``: *agreement* (the share of decisions where ``model``, or the
    heuristic when None, plays the expert's best candidate), *regret* (the expert's
    target of its best candidate less that of the one played, averaged: a win probability
    for ``labels`` "values", a share of visits for "shares") and, for a model and shares,
    the log-loss of its softmax against the expert's shares."""
    if not records:
        return {"agreement": math.nan, "regret": math.nan, "log_loss": math.nan, "decisions": 0}
    agree = 0
    regret = 0.0
    loss = 0.0
    for r in records:
        targets = r[4]
        best = 0
        for i in range(1, len(targets)):
            if targets[i] > targets[best]:
                best = i
        played = choice(model, r)
        agree += played == best
        regret += targets[best] - targets[played]
        t = None if model is None else model.tables.get(r[0])
        if t is not None and labels == "shares":
            s = [t.score(r[2][i], r[1][i], r[3]) for i in range(len(r[1]))]
            top = max(s)
            log_total = top + math.log(sum(math.exp(v - top) for v in s))
            total = sum(targets)
            loss -= sum(p / total * (v - log_total) for p, v in zip(targets, s, strict=True))
    n = len(records)
    shares = model is not None and labels == "shares"
    return {
        "agreement": round(agree / n, 6),
        "regret": round(regret / n, 6),
        "log_loss": round(loss / n, 6) if shares else math.nan,
        "decisions": n,
    }


@dataclass(frozen=True, slots=True)
class Match:
    """``new`` against ``old`` in two-player games, each deal played twice (either policy
    in either seat): games, wins of ``new``, its 95% interval by deals (a deal's two games
    share its cards: ``analysis/deals.py``)."""

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
        wins += _won(state, players[side])
        games += 1
    return wins, games


def match(
    game: str, new: PolicyModel, old: PolicyModel | None, deals: int, seed: int, workers: int = 1
) -> Match:
    """``new`` against ``old`` (the game's heuristic when None) on ``deals`` two-player
    deals of the game's duel cycle, each played both ways."""
    from cryhavoc_sim.analysis.deals import estimate
    from cryhavoc_sim.runner.pool import ordered_map

    layout = policy_game(game).layout
    new_text = new.to_json(layout)
    old_text = None if old is None else old.to_json(layout)
    tasks: list[MatchTask] = [(game, seed, d, new_text, old_text) for d in range(deals)]
    per_deal = list(ordered_map(_duel, tasks, workers, chunksize=4))
    found = estimate([w for w, _ in per_deal], [n for _, n in per_deal])
    return Match(found.games, found.wins, found.low, found.high)


@dataclass(frozen=True, slots=True)
class Seat:
    """One side at one player count among heuristic players: on the same ``games`` deals
    (of the count's ``deals``: a line-up may leave the side out), how often the policy
    wins in that seat (``policy_wins``) and how often the heuristic does
    (``heuristic_wins``), every other seat the heuristic's in both."""

    players: int
    side: str
    games: int
    policy_wins: int
    heuristic_wins: int
    deals: int


FieldTask = tuple[str, int, int, str]  # game, master seed, deal, the policy (file text)


def _won(state: Any, player: Any) -> bool:
    return bool(state.results()[player] >= 1.0 and len(state.winners) == 1)


def _field_deal(task: FieldTask) -> list[tuple[int, str, bool, bool]]:
    """(players, side, the policy won, the heuristic won) for every seat of one deal."""
    from cryhavoc_sim.games.harness.driver import play

    game, master_seed, deal, text = task
    plug = policy_game(game)
    model = _model(game, text)
    seed, setup = plug.setup(master_seed, deal)
    base = plug.new_state(setup, seed)
    play(base, plug.bots(base, {}, seed))
    out = []
    for p in base.players:
        state = plug.new_state(setup, seed)
        play(state, plug.bots(state, {p: model}, seed))
        out.append((len(base.players), str(p), _won(state, p), _won(base, p)))
    return out


def field(game: str, model: PolicyModel, deals: int, seed: int, workers: int = 1) -> list[Seat]:
    """``model`` one seat at a time among heuristic players, on ``deals`` deals of the
    game's self-play cycle (every player count and mode in turn), each played once by the
    heuristic in every seat and once with the policy in each seat: the policy's strength
    side by side and count by count, where a two-player match against the last policy
    cannot see a side that gets weaker at another count. Sorted by players, then side."""
    from cryhavoc_sim.runner.pool import ordered_map

    text = model.to_json(policy_game(game).layout)
    tally: dict[tuple[int, str], list[int]] = {}
    at_count: dict[int, int] = {}  # deals of each player count
    tasks: list[FieldTask] = [(game, seed, d, text) for d in range(deals)]
    for rows in ordered_map(_field_deal, tasks, workers, chunksize=4):
        if rows:
            at_count[rows[0][0]] = at_count.get(rows[0][0], 0) + 1
        for players, side, won, heuristic_won in rows:
            t = tally.setdefault((players, side), [0, 0, 0])
            t[0] += 1
            t[1] += won
            t[2] += heuristic_won
    out = []
    for n, side in sorted(tally):
        games, wins, heuristic_wins = tally[n, side]
        out.append(Seat(n, side, games, wins, heuristic_wins, at_count[n]))
    return out


@dataclass(frozen=True, slots=True)
class Iteration:
    """One iteration: its policy, how many decisions it was fitted on, how it, the last
    policy and the heuristic score on the held-out decisions (``scores``), and its
    two-player games against the last policy (None when none were asked for) and its
    seats among heuristic players (:func:`field`; empty when none were asked for)."""

    model: PolicyModel
    train_decisions: int
    scores: dict[str, float]
    last_scores: dict[str, float]
    heuristic_scores: dict[str, float]
    against_last: Match | None
    seats: tuple[Seat, ...] = ()


def check_counts(
    games: Any, seed: Any, iterations: Any, rate: Any, workers: Any, deals: Any = 0, field_deals: Any = 0
) -> None:
    """The bounds of -n, --seed, --iterations, --rate, -j, --deals and --field-deals, in
    the CLI's words."""

    def whole(value: Any, low: int, high: int) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

    if not whole(workers, 1, MAX_WORKERS):
        raise ScenarioError(f"workers is {workers!r}; allowed: a whole number from 1 to {MAX_WORKERS}.")
    if not whole(games, HOLDOUT, MAX_GAMES):
        raise ScenarioError(f"games is {games!r}; allowed: a whole number from {HOLDOUT} to {MAX_GAMES:,}.")
    if not whole(seed, 0, 2**64 - 1 - MAX_ITERATIONS):
        raise ScenarioError(
            f"seed is {seed!r}; allowed: a whole number from 0 to 2**64 - {MAX_ITERATIONS + 1}."
        )
    if not whole(iterations, 1, MAX_ITERATIONS):
        raise ScenarioError(
            f"iterations is {iterations!r}; allowed: a whole number from 1 to {MAX_ITERATIONS}."
        )
    if not isinstance(rate, (int, float)) or isinstance(rate, bool) or not 0.0 < rate <= 1.0:
        raise ScenarioError(f"rate is {rate!r}; allowed: a number above 0 and at most 1.")
    if not whole(deals, 0, MAX_GAMES):
        raise ScenarioError(f"deals is {deals!r}; allowed: a whole number from 0 to {MAX_GAMES:,}.")
    if not whole(field_deals, 0, MAX_GAMES):
        raise ScenarioError(
            f"field deals is {field_deals!r}; allowed: a whole number from 0 to {MAX_GAMES:,}."
        )


def check_expert(game: str, expert: Any) -> None:
    """The expert's name, checked by the game (a search bot of a bounded budget)."""
    from cryhavoc_sim.games.botspec import BotNameError

    if not isinstance(expert, str):
        raise ScenarioError(f"expert {expert!r} is not a name.")
    try:
        budget = policy_game(game).expert_spec(expert).budget
    except BotNameError as exc:
        raise ScenarioError(f"expert {expert!r} {exc.problem}.") from None
    if budget is not None and budget > MAX_EXPERT_BUDGET:
        raise ScenarioError(
            f"expert {expert!r} searches {budget:,} iterations a decision; allowed: at most"
            f" {MAX_EXPERT_BUDGET:,} (its self-play would take days)."
        )


def train_policy(
    game: str = "cryhavoc",
    games: int = DEFAULT_GAMES,
    seed: int = 1,
    iterations: int = DEFAULT_ITERATIONS,
    rate: float = DEFAULT_RATE,
    expert: str | None = None,
    start: PolicyModel | None = None,
    workers: int = 1,
    progress: bool = False,
    done: Callable[[Iteration], None] | None = None,
    deals: int = 0,
    fixed_expert: bool = False,
    field_deals: int = 0,
) -> list[Iteration]:
    """``iterations`` of expert iteration (see the module docstring) from ``start`` (none:
    the first iteration's games are the expert's own), each on ``games`` self-play games
    of its own seed (``seed`` + iteration - 1); ``fixed_expert``: the expert's rollouts
    stay the heuristic's at every iteration (DAgger) instead of the last policy's;
    ``deals``: two-player deals (each played both ways) on which each iteration meets
    the last (none: 0); ``field_deals``: deals of every player count on which each
    iteration plays one seat at a time among heuristic players (:func:`field`; none: 0);
    ``done`` is told of each iteration as it ends; ``expert`` None
    is the game's own default. The defaults with seed 1 make Cry Havoc's shipped policies."""
    check_counts(games, seed, iterations, rate, workers, deals, field_deals)
    if expert is None:
        expert = policy_game(game).default_expert
    check_expert(game, expert)
    try:
        import numpy  # noqa: F401
        import sklearn  # noqa: F401
    except ImportError:
        raise UserError(
            "train-policy needs scikit-learn, which is not installed; allowed: pip install 'cryhavoc-sim[train]'."
        ) from None
    from tqdm import tqdm

    plug = policy_game(game)
    labels = plug.expert_labels(plug.expert_spec(expert))
    out: list[Iteration] = []
    model = start
    first = int(start.provenance.get("iteration", 0)) if start is not None else 0
    for k in range(iterations):
        bar = tqdm(
            total=games,
            unit="game",
            disable=not progress,
            file=sys.stderr,
            desc=f"iteration {first + k + 1}",
        )
        rollouts = None if fixed_expert else model
        train, held = sample(game, games, seed + k, model, rate, expert, workers, bar.update, rollouts)
        bar.close()
        if not train:
            raise UserError(
                f"{games} games gave no decision to learn from; allowed: more games (-n) or a higher --rate."
            )
        provenance = {
            **_versions(game),
            "expert": expert,
            "labels": labels,
            "expert_rollouts": "heuristic" if rollouts is None else f"iteration {first + k} policy",
            "games_played_by": "heuristic" if model is None else f"iteration {first + k} policy",
            "iteration": first + k + 1,
            "seed": seed + k,
            "games": games,
            "rate": rate,
            "train_decisions": len(train),
        }
        new = fit(train, plug.layout, provenance, labels)
        duel = match(game, new, model, deals, MATCH_SEED + k, workers) if deals else None
        seats = field(game, new, field_deals, FIELD_SEED, workers) if field_deals else []
        it = Iteration(
            new,
            len(train),
            scores(new, held, labels),
            scores(model, held, labels),
            scores(None, held, labels),
            duel,
            tuple(seats),
        )
        provenance["held_out"] = {
            who: {k: v for k, v in sc.items() if not (isinstance(v, float) and math.isnan(v))}
            for who, sc in (("policy", it.scores), ("heuristic", it.heuristic_scores))
        }
        if seats:  # games, the policy's wins and the heuristic's, per player count and side
            provenance["among_heuristic_players"] = {
                str(n): {s.side: [s.games, s.policy_wins, s.heuristic_wins] for s in seats if s.players == n}
                for n in sorted({s.players for s in seats})
            }
        out.append(it)
        if done is not None:
            done(it)
        model = new
    return out


def _versions(game: str) -> dict[str, Any]:
    from cryhavoc_sim.games import get_game

    module = get_game(game)
    return {"rules_version": module.rules_version, "bots_version": module.bots_version}
