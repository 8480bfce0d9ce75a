"""The balance gate's verdict: a run's baseline (``cryhavoc-sim baseline``), and a run
checked against one (``cryhavoc-sim check``), played first until the data decide under
``--precision``. The inputs are checked in runner/gate.py, the stopping rule is
runner/precision.py's :class:`Gate`; this module plays, compares and words the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.results import notice, refuse_unfinished, run_lineup, win_rates


class GateInterrupted(Exception):
    """``check --precision`` stopped before the gate decided (Ctrl-C, or a worker lost);
    the games played are kept in the run directory and the same check completes them."""

    def __init__(self, summary: Any) -> None:
        super().__init__(summary.worker_lost or "interrupted")
        self.summary = summary


@dataclass(frozen=True)
class Check:
    """A run checked against a baseline: what moved, the report people read, and the
    document programs read."""

    moved: list[str]
    report: str
    document: dict[str, Any] = field(default_factory=dict)
    notice: str = ""


def outside(bound: dict[str, Any], baseline: dict[str, Any], tolerance: float) -> bool:
    """Whether a side's confidence-sequence interval lies wholly outside its baseline
    rate +- tolerance."""
    ref = next((r["wins"] / r["games"] for r in baseline["win_rates"] if r["faction"] == bound["side"]), None)
    return ref is not None and (bound["high"] < ref - tolerance or bound["low"] > ref + tolerance)


def play_for_gate(
    run_dir: Path,
    baseline: dict[str, Any],
    tolerance: float,
    precision: float,
    scenario: str | None,
    max_games: int | None,
    workers: int,
    baseline_file: Path,
    allow_scenario_change: bool,
) -> dict[str, Any]:
    """``check --precision``: play the scenario into ``run_dir`` until the gate can decide
    (or reuse / complete a run of the same rule there); returns the manifest's record.
    Raises :class:`GateInterrupted` when play stops before the gate decided."""
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario
    from cryhavoc_sim.runner.gate import refuse_other_run
    from cryhavoc_sim.runner.precision import PRECISION_CAP, Gate, capped, precision_problem, stopped
    from cryhavoc_sim.runner.scenario import load_scenario

    problem = precision_problem(precision)
    if problem:
        raise UserError(problem)
    name = scenario or baseline.get("scenario")
    if not name:
        raise UserError("the baseline names no scenario; give the one to play with --scenario.")
    sc = capped(load_scenario(name), max_games or PRECISION_CAP, precision)
    # the baseline is checked against what would be played before anything is played
    would = {"game": sc.game, "scenario": sc.name, "config": get_game(sc.game).config(sc.setup)}
    refuse_other_run(baseline, would, baseline_file, run_dir, allow_scenario_change)
    config = would["config"]
    sides = (
        {f for lineup in config["lineups"] for f in lineup}
        if isinstance(config.get("lineups"), list)
        else set(config["decks"])
        if isinstance(config.get("decks"), list)
        else None
    )
    if sides is not None:  # other factions: refused before a game is played, not after
        from cryhavoc_sim.runner.gate import _factions

        _factions({r["faction"] for r in baseline["win_rates"]}, sides, baseline_file, run_dir)
    rates = {r["faction"]: r["wins"] / r["games"] for r in baseline["win_rates"]}
    rule = Gate(rates, tolerance, precision)
    resume = (run_dir / "manifest.json").exists()  # complete it, or reuse it when complete
    summary = run_scenario(sc, run_dir, RunOptions(workers, resume, quiet=True, rule=rule))
    if summary.interrupted:
        raise GateInterrupted(summary)
    return stopped(run_dir)


def check(
    run_dir: Path,
    baseline_file: Path,
    tolerance: float,
    allow_scenario_change: bool = False,
    allow_partial: bool = False,
    precision: float | None = None,
    scenario: str | None = None,
    max_games: int | None = None,
    workers: int | None = None,
) -> Check:
    """The run in ``run_dir`` against the baseline in ``baseline_file``: moved when a
    faction's win rate moved by more than ``tolerance`` with a significant test (or, under
    ``precision``, when its confidence sequence left the band; ``workers`` then plays it).
    Fails closed: a baseline
    that cannot be compared with the run is a :class:`UserError`."""
    from cryhavoc_sim.analysis.compare import compare_rates, markdown
    from cryhavoc_sim.runner.gate import read_baseline, refuse_mismatch
    from cryhavoc_sim.storage.reader import read_manifest

    sequential: dict[str, Any] = {}
    stored = read_baseline(baseline_file)
    if precision is not None:
        sequential = play_for_gate(
            run_dir,
            stored,
            tolerance,
            precision,
            scenario,
            max_games,
            workers or 1,
            baseline_file,
            allow_scenario_change,
        )
    elif scenario is not None or max_games is not None or workers is not None:
        raise UserError("--scenario, --max-games and -j go with --precision (check then plays the scenario).")
    refuse_unfinished(run_dir, allow_partial)
    current = win_rates(run_dir)
    refuse_mismatch(stored, read_manifest(run_dir), current, baseline_file, run_dir, allow_scenario_change)
    rows = compare_rates(stored["win_rates"], current, ("faction",))
    moved = [r for r in rows if abs(r["diff"]) > tolerance and r.get("p_adjusted", 1.0) < 0.05]
    how = ""
    if sequential.get("decision") in ("pass", "moved"):  # the confidence sequences decided
        gone = {b["side"] for b in sequential["bounds"] if outside(b, stored, tolerance)}
        moved = [r for r in rows if r["faction"] in gone]
        how = f". Decided by confidence sequences at game {sequential['stopped_at']:,} (valid at every look)."
    elif sequential:
        how = ". The confidence sequences did not decide within the precision; the fixed-sample test did."
    table = markdown(
        rows,
        ("faction",),
        f"Balance check: the run {run_dir} against the baseline {baseline_file} (tolerance {tolerance:.0%})",
        ("baseline", "run"),
    )
    if sequential.get("decision") in ("pass", "moved"):
        from cryhavoc_sim.runner.precision import gate_table

        reference = {r["faction"]: r["wins"] / r["games"] for r in stored["win_rates"] if r["games"]}
        table += (
            "\nThe decision's intervals (the run's confidence sequence against the baseline +- tolerance):\n\n"
            + gate_table(sequential, reference, tolerance)
        )
    else:
        table += (
            f"\nThe decision: a faction moved when run - baseline is beyond +-{tolerance * 100:g} points and"
            " Fisher's exact test, Benjamini-Hochberg corrected, gives p (BH) < 0.05; the 95% interval is"
            " Newcombe's for run - baseline.\n"
        )
    verdict = (
        f"{len(moved)} faction(s) moved: {', '.join(r['faction'] for r in moved)}"
        if moved
        else "No faction moved"
    ) + (how or ".")
    said = notice(run_dir)
    players = run_lineup(run_dir)
    stored_players = stored.get("lineup") if isinstance(stored.get("lineup"), dict) else None
    who = (
        f"Run ({run_dir}): {players.sentence()}\nBaseline ({baseline_file}): "
        + (
            str(stored_players.get("sentence"))
            if stored_players
            else "line-up not recorded (an older baseline)."
        )
        + "\n"
    )
    changed = changes_from_baseline(stored, read_manifest(run_dir))
    if changed:
        who += f"Changed from the baseline (A) in the run (B): {'; '.join(changed)}.\n"
    report = who + "\n" + table + "\n" + verdict + "\n" + (f"\n_{said}_\n" if said else "")
    document = {
        "status": "moved" if moved else "pass",
        "exit_code": 1 if moved else 0,
        "run_dir": str(run_dir),
        "baseline": str(baseline_file),
        "tolerance": tolerance,
        "moved": [r["faction"] for r in moved],
        "factions": rows,
        "lineup": players.as_dict(),
        "baseline_lineup": stored_players,
        **({"precision": sequential} if sequential else {}),
        "content_reconstructed": bool(said),
    }
    return Check([r["faction"] for r in moved], report, document, said)


def changes_from_baseline(stored: dict[str, Any], manifest: dict[str, Any]) -> list[str]:
    """The rule knobs, content values and versions in which a run differs from the run a
    baseline was taken of, both values of each ("rule knobs (start_units: A 4 (default),
    B {"humans": 3})"); nothing for a baseline written before baselines kept them."""
    from cryhavoc_sim.analysis.compare import run_differences

    if "changes" not in stored:
        return []
    raw_config = manifest.get("config")
    config: dict[str, Any] = raw_config if isinstance(raw_config, dict) else {}
    changes = stored["changes"] if isinstance(stored["changes"], dict) else {}

    def run(source: dict[str, Any], tables: dict[str, Any]) -> dict[str, Any]:
        kept = ("game", "content_id", "content_hash", "rules_version")
        return {
            **{k: source.get(k) for k in kept},
            "config": {k: tables.get(k) or {} for k in ("rules", "overrides")},
        }

    return run_differences(run(stored, changes), run(manifest, config))


def baseline_of(run_dir: Path, allow_partial: bool = False) -> dict[str, Any]:
    """What ``cryhavoc-sim baseline`` stores of a finished run: its game, scenario,
    player count, content and rules, line-up, and per-faction win counts."""
    from cryhavoc_sim.storage.reader import read_manifest

    refuse_unfinished(run_dir, allow_partial)
    rows = win_rates(run_dir)
    manifest = read_manifest(run_dir)
    raw_config = manifest.get("config")
    config: dict[str, Any] = raw_config if isinstance(raw_config, dict) else {}
    data = {
        "game": manifest.get("game", "cryhavoc"),
        "scenario": manifest.get("scenario"),
        "players": config.get("players"),
        "content_id": manifest.get("content_id"),
        "rules_version": manifest.get("rules_version"),
        # what `check` names when a run differs: knobs and content values one by one
        "content_hash": manifest.get("content_hash"),
        "changes": {k: config[k] for k in ("rules", "overrides") if k in config},
        "lineup": run_lineup(run_dir).as_dict(),
        # by deals: the check's intervals count the baseline's deals through its design effect
        "statistics": "deals",
        "win_rates": [
            {k: r[k] for k in ("faction", "games", "wins", "win_rate", "deals", "design_effect")}
            for r in rows
        ],
    }
    if not rows:
        raise UserError(f"{run_dir}: holds no finished game, so there is no baseline to store.")
    return data
