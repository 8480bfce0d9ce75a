"""The notebook API: ``simulate`` runs a scenario and returns the run; ``load_run`` opens
one. Both return a :class:`cryhavoc_sim.storage.reader.Run` whose ``games``, ``seats``
and ``events`` are polars LazyFrames and ``manifest`` a dict."""

from __future__ import annotations

from pathlib import Path

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.scenario import Scenario, load_scenario
from cryhavoc_sim.storage.reader import Run, load_run


def simulate(
    scenario: str | Path | Scenario,
    n_games: int | None = None,
    seed: int | None = None,
    workers: int = 1,
    out: str | Path | None = None,
    quiet: bool = True,
) -> Run:
    """Play ``scenario`` (a TOML path, a shipped scenario's name, or a Scenario) and
    return the run. A finished run of the same configuration in ``out`` is reused; an
    interrupted one is completed."""
    from cryhavoc_sim.runner.executor import resume_problem, run_scenario

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
            return load_run(run_dir)
        resume = True
    summary = run_scenario(sc, run_dir, workers=workers, resume=resume, quiet=quiet)
    if summary.worker_lost:
        raise RuntimeError(
            f"{run_dir}: {summary.worker_lost}; {summary.games_done} games are kept and calling"
            " simulate() again with the same arguments completes the run."
        )
    if summary.interrupted:  # Ctrl-C (a kernel interrupt): finished chunks are kept
        raise KeyboardInterrupt
    return load_run(run_dir)
