"""The notebook API: ``simulate`` plays a scenario and returns the run; ``load_run`` opens
one; ``sweep`` plays a design and ``tune`` a calibration, each returning what it shows.
A run is a :class:`cryhavoc_sim.storage.reader.Run` whose ``games``, ``seats`` and
``events`` are polars LazyFrames and ``manifest`` a dict. Each function says where it
writes (relative paths are from the current directory, as the CLI's are)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.scenario import Scenario, load_scenario
from cryhavoc_sim.storage.reader import Run
from cryhavoc_sim.storage.reader import load_run as _open_run

# The CLI's --max-games defaults: what a sweep or a calibration may play unless told more.
SWEEP_MAX_GAMES = 2_000_000
TUNE_MAX_GAMES = 5_000_000


def simulate(
    scenario: str | Path | Scenario,
    n_games: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    out: str | Path | None = None,
    quiet: bool = True,
) -> Run:
    """Play ``scenario`` and return the run, as ``cryhavoc-sim run`` does.

    Args:
        scenario: a scenario TOML file, a shipped scenario's name (``"quick"``,
            ``"four_player"``, ...; ``cryhavoc-sim run`` lists them) or a ``Scenario``.
        n_games: games to play (default: the scenario's ``games``), 1 to 100,000,000.
        seed: the master seed (default: the scenario's ``seed``).
        workers: worker processes.
        out: the run directory it writes (Parquet tables and ``manifest.json``); default
            ``runs/<scenario>-<seed>-<games>`` under the current directory.
        quiet: no progress bar.

    A finished run of the same configuration in ``out`` is reused (nothing is played); an
    interrupted one is completed; one of another configuration is a ``UserError``.
    """
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario
    from cryhavoc_sim.runner.manifest import resume_problem

    _play_counts(n_games, seed, workers)
    _refuse_unguarded(workers)
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    sc = sc.with_overrides(games=n_games, seed=seed)
    run_dir = Path(out) if out is not None else Path("runs") / f"{sc.name}-{sc.seed}-{sc.games}"
    manifest = run_dir / "manifest.json"
    resume = False
    if manifest.exists():
        from cryhavoc_sim.runner.chunk import content_for
        from cryhavoc_sim.storage.reader import read_manifest

        old = read_manifest(run_dir)
        problem = resume_problem(old, sc, content_for(sc).digest, True)
        if problem:
            raise UserError(f"{run_dir}: holds a run that cannot be reused: {problem}; pass another out=.")
        if old.get("status") == "complete":
            return _open_run(run_dir)
        resume = True
    summary = run_scenario(sc, run_dir, RunOptions(workers, resume, quiet))
    if summary.worker_lost:
        raise RuntimeError(
            f"{run_dir}: {summary.worker_lost}; {summary.games_done} games are kept and calling"
            " simulate() again with the same arguments completes the run."
        )
    if summary.interrupted:  # Ctrl-C (a kernel interrupt): finished chunks are kept
        raise KeyboardInterrupt
    return _open_run(run_dir)


GUARD = (
    'a script that calls simulate() with workers > 1 must do so under `if __name__ == "__main__":`'
    " (worker processes start by importing the script again, which would call simulate() once more);"
    " indent the call under that line"
)


def _refuse_unguarded(workers: int) -> None:
    """Worker processes are spawned: each imports the ``__main__`` script again (as
    ``__mp_main__``). A script calling simulate() at its top level, with no
    ``if __name__ == "__main__":`` guard, would start a second run in every worker (a
    locked run directory, then dead workers). Say so in one sentence instead: in a worker
    (the re-entry itself), by ending it with the sentence; in the script, before any
    worker starts, when its calling line is outside such a guard."""
    import sys

    main = sys.modules.get("__main__")
    if getattr(main, "__name__", "") == "__mp_main__":  # a spawned worker re-running the script
        raise SystemExit(f"error: {GUARD}.")
    if workers <= 1:
        return
    caller = _script_caller(main)
    if caller is not None and not _guarded(*caller):
        raise UserError(f"{caller[0]}, line {caller[1]}: {GUARD}.")


def _script_caller(main: Any) -> tuple[str, int] | None:
    """(script file, line) where the ``__main__`` script's top level calls into here, or
    None (a notebook, an interactive session, ``python -c``: nothing is re-imported)."""
    import sys

    path = getattr(main, "__file__", None)
    if not path:
        return None
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_globals is vars(main) and frame.f_code.co_name == "<module>":
            return str(path), frame.f_lineno
        frame = frame.f_back  # type: ignore[assignment]
    return None


def _guarded(path: str, line: int) -> bool:
    """Whether ``line`` of the script lies in an ``if __name__ == "__main__":`` block (an
    unreadable script is given the benefit of the doubt)."""
    import ast

    try:
        tree = ast.parse(Path(path).read_text())
    except (OSError, SyntaxError, ValueError):
        return True
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name)
            and node.test.left.id == "__name__"
            and any(isinstance(c, ast.Constant) and c.value == "__main__" for c in node.test.comparators)
        ):
            end = max(getattr(n, "end_lineno", 0) or 0 for n in node.body)
            if node.body[0].lineno <= line <= end:
                return True
    return False


def load_run(run_dir: str | Path) -> Run:
    """Open the run directory ``run_dir`` written by ``simulate`` or ``cryhavoc-sim run``:
    ``games``, ``seats`` and ``events`` as polars LazyFrames, ``manifest`` a dict. It
    reads and writes nothing else; a shard the manifest lists but the disk lacks, or one
    whose SHA-256 differs from the recorded one, is a ``UserError`` naming it."""
    return _open_run(run_dir)


@dataclass(frozen=True)
class Sweep:
    """A finished sweep: its directory, one row per cell and side (``results``), the
    statements of the shipped scenario counted over the cells, each factor's span per
    side, and the report page."""

    path: Path
    results: Any
    statements: Any
    spans: Any
    report: Path


def sweep(
    design: str | Path,
    out: str | Path | None = None,
    workers: int = 1,
    quiet: bool = True,
    max_games: int = SWEEP_MAX_GAMES,
    n_games: int | None = None,
) -> Sweep:
    """Play the design file ``design`` (a path or a shipped design's name; see
    ``cryhavoc-sim sweep --help``) and return what it shows. It writes the sweep
    directory ``out`` (default ``sweeps/<design name>``: every cell's run, results and the
    report in ``out/report/``). A finished sweep of the same design there is reused; an
    interrupted one is completed. ``n_games`` plays that many games in every cell instead
    of the design's ``games`` (``cryhavoc-sim sweep -n``); ``max_games`` bounds the games
    it may play in all, as the CLI's --max-games does (with the same default)."""
    import polars as pl

    from cryhavoc_sim.sweeps.analyse import level_means, spans, statements
    from cryhavoc_sim.sweeps.design import load_design
    from cryhavoc_sim.sweeps.record import SWEEP_FILE, read_record
    from cryhavoc_sim.sweeps.report import build_sweep_report
    from cryhavoc_sim.sweeps.run import run_sweep

    _counts(workers, max_games)
    plan = load_design(design, max_games, n_games)
    target = Path(out) if out is not None else Path("sweeps") / plan.name
    summary = run_sweep(plan, target, workers, resume=(target / SWEEP_FILE).exists(), quiet=quiet)
    if summary.stopped:
        raise RuntimeError(f"{target}: {summary.stopped}; calling sweep() again completes it.")
    if summary.interrupted:
        raise KeyboardInterrupt
    page = build_sweep_report(target)
    record = read_record(target)
    results = pl.read_parquet(target / "results.parquet")
    seats = pl.read_parquet(target / "seats.parquet")
    from cryhavoc_sim.games import get_game

    plural = get_game(record["game"]).vocabulary.side_plural
    return Sweep(
        target, results, statements(results, seats, plural=plural), spans(level_means(results, record)), page
    )


@dataclass(frozen=True)
class Calibration:
    """A finished calibration: its directory, the best trial (values, score, what it
    still misses, each target's rates), the shipped content's score, and the content set
    written with the best values."""

    path: Path
    best: dict[str, Any]
    reference: dict[str, Any]
    content: Path


def tune(
    targets: str | Path,
    out: str | Path | None = None,
    workers: int = 1,
    quiet: bool = True,
    max_games: int = TUNE_MAX_GAMES,
) -> Calibration:
    """Run the calibration of the targets file ``targets`` (see ``cryhavoc-sim tune
    --help``) into the directory ``out`` (default ``tunes/<name>``: the trials, ``best.toml``
    and the best values as a content set in ``out/content/``); an interrupted one there is
    completed. ``max_games`` bounds every game it plays, its reference included, as the
    CLI's --max-games does (with the same default)."""
    from cryhavoc_sim.tuning.search import TUNE_FILE, run_tune, write_best
    from cryhavoc_sim.tuning.targets import load_targets

    _counts(workers, max_games)
    plan = load_targets(targets, max_games)
    target = Path(out) if out is not None else Path("tunes") / plan.name
    summary = run_tune(plan, target, workers, resume=(target / TUNE_FILE).exists(), quiet=quiet)
    if summary.stopped:
        raise RuntimeError(f"{target}: {summary.stopped}; calling tune() again completes it.")
    if summary.interrupted or summary.best is None or summary.reference is None:
        raise KeyboardInterrupt
    return Calibration(target, summary.best, summary.reference, write_best(plan, summary.best, target))


def tune_bots(
    targets: str | Path, out: str | Path | None = None, workers: int = 1, quiet: bool = True
) -> dict[str, Any]:
    """Tune each faction's heuristic weights against the population of the bots targets
    file ``targets`` (see ``cryhavoc-sim tune-bots``) into ``out`` (default tunes/<name>);
    an interrupted tuning there is completed. Returns its record: per faction the base
    weights' and every trial's win rate, and ``confirmation`` (per faction the best
    against the base weights on fresh seeds, the paired test, ``confirmed`` after Holm)."""
    from cryhavoc_sim.tuning.bot_targets import load_bot_targets
    from cryhavoc_sim.tuning.bots import TUNE_FILE, run_tune_bots

    plan = load_bot_targets(targets)
    target = Path(out) if out is not None else Path("tunes") / plan.name
    summary = run_tune_bots(plan, target, workers, resume=(target / TUNE_FILE).exists(), quiet=quiet)
    if summary.stopped:
        raise RuntimeError(f"{target}: {summary.stopped}; calling tune_bots() again completes it.")
    if summary.interrupted:
        raise KeyboardInterrupt
    return summary.record


def train_value(
    n_games: int = 2400,
    seed: int = 1,
    out: str | Path | None = None,
    bot: str = "paired:16",
    rate: float = 0.05,
    target: str = "win",
    at: str = "rounds",
    workers: int = 1,
) -> Any:
    """Fit the learned leaf value of the ``ismcts-leaf`` and ``paired-leaf`` searches as
    ``cryhavoc-sim train-value`` does: a logistic model over each player's observed
    features, on states of ``n_games`` self-play games of ``bot`` from ``seed`` (``at``:
    ``rounds``, the first state of every Round after the first, or ``rate``, that share of
    all states), scored on every fifth
    game held out next to the shipped model, the games played in ``workers`` processes.
    Writes the model file to ``out`` when given (JSON coefficients). Returns the fit
    (``model``, ``scores``, ``against_scores``). ``target``: ``win``, the game's result,
    or ``round``, today's search's value of the position where its full rollout would
    stop (the start of the next Round). The defaults with seed 1 make the shipped model.
    Needs scikit-learn (the ``train`` extra); deterministic at any number of workers."""
    from cryhavoc_sim.tuning import value

    fitted = value.train_value(n_games, seed, bot, rate, value.against_model(None), target, at, workers)
    if out is not None:
        value.write_model(Path(out), fitted.model)
    return fitted


def train_policy(
    n_games: int = 3000,
    iterations: int = 3,
    seed: int = 1,
    out: str | Path | None = None,
    expert: str | None = None,
    rate: float = 0.25,
    deals: int = 0,
    game: str = "cryhavoc",
    workers: int = 1,
    field_deals: int = 0,
) -> Any:
    """Train the learned policy (the ``learned`` bot) as ``cryhavoc-sim train-policy``
    does: ``iterations`` of expert iteration, each on ``n_games`` self-play games (the
    first the heuristic's, later the last policy's), the ``expert``'s labels (None: the
    game's default search) at a ``rate`` share of the decisions it searches: every
    answer's value (paired searches, a ridge fitted to them) or its visit shares
    (ISMCTS, a conditional logit); ``deals`` two-player deals on which each iteration meets the last;
    ``field_deals`` deals of every player count on which it plays one seat at a time among
    heuristic players (``seats``). Writes
    ``<iteration>.json`` into the folder ``out`` when given. Returns the iterations
    (``model``, ``scores``, ``last_scores``, ``heuristic_scores``, ``against_last``, ``seats``).
    Needs scikit-learn (the ``train`` extra); deterministic at any number of workers."""
    from cryhavoc_sim.tuning import policy

    iterations_done = policy.train_policy(
        game, n_games, seed, iterations, rate, expert, None, workers, deals=deals, field_deals=field_deals
    )
    if out is not None:
        from cryhavoc_sim.studies.record import write_text

        folder = Path(out)
        folder.mkdir(parents=True, exist_ok=True)
        layout = policy.policy_game(game).layout
        for it in iterations_done:
            write_text(folder / f"{it.model.provenance['iteration']}.json", it.model.to_json(layout))
    return iterations_done


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def balance(
    scenario: str | Path | Scenario,
    rungs: list[str] | str | None = None,
    n_games: int | None = None,
    seed: int | None = None,
    margin: float = 0.05,
    precision: float | None = None,
    workers: int = 1,
    out: str | Path | None = None,
    quiet: bool = True,
) -> Any:
    """Play ``scenario`` at equal skill: at each of ``rungs`` (bot specs, weakest first;
    None: the game's default, its heuristic then its search at doubling budgets) one bot
    plays every seat, on the same deals. Writes the study into ``out`` (default
    balance/<scenario name>: one run directory per rung, ``balance.json``,
    ``results.parquet`` and ``report/``) and returns the report, whose ``findings`` hold
    each side's verdict: *stable* when the top two rungs make the same statement against
    the fair share and agree within ``margin`` (0.05 = 5 points), else *skill-sensitive*.
    An interrupted study there is completed."""
    from cryhavoc_sim.balance.record import BALANCE_FILE
    from cryhavoc_sim.balance.report import build_balance_report
    from cryhavoc_sim.balance.study import plan_balance, run_balance

    _play_counts(n_games, seed, workers)
    sc = scenario if isinstance(scenario, Scenario) else load_scenario(scenario)
    sc = sc.with_overrides(games=n_games, seed=seed)
    plan = plan_balance(sc, rungs, margin, precision)
    target = Path(out) if out is not None else Path("balance") / sc.name
    summary = run_balance(plan, target, workers, resume=(target / BALANCE_FILE).exists(), quiet=quiet)
    if summary.stopped:
        raise RuntimeError(f"{target}: {summary.stopped}; calling balance() again completes it.")
    if summary.interrupted:
        raise KeyboardInterrupt
    return build_balance_report(target, margin)


def _play_counts(n_games: Any, seed: Any, workers: Any) -> None:
    """The bounds the CLI's -n, --seed and -j have, in the CLI's words (simulate, balance)."""
    from cryhavoc_sim.runner.rundir import MAX_GAMES

    if n_games is not None and (not _whole(n_games) or not 1 <= n_games <= MAX_GAMES):
        raise UserError(f"n_games is {n_games!r}; allowed: a whole number from 1 to {MAX_GAMES:,}.")
    if seed is not None and (not _whole(seed) or not 0 <= seed < 2**64):
        raise UserError(f"seed is {seed!r}; allowed: a whole number from 0 to 2**64 - 1.")
    if not _whole(workers) or workers < 1:
        raise UserError(f"workers is {workers!r}; allowed: a whole number of at least 1.")


def _counts(workers: Any, max_games: Any) -> None:
    """The CLI's bounds of -j and --max-games, in the CLI's words."""
    if not _whole(workers) or workers < 1:
        raise UserError(f"workers is {workers!r}; allowed: a whole number of at least 1.")
    if not _whole(max_games) or max_games < 1:
        raise UserError(f"max_games is {max_games!r}; allowed: a whole number of at least 1.")
