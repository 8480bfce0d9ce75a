"""The calibration search: Optuna's TPE proposes values, every target's scenario is
played with them, the shortfall from the targets is scored; resumable trial by trial.

```
TUNE_DIR/
  tune.json          the targets file's text, the shipped content's score ("reference"),
                     every finished trial (values, score, each target's rates) and the best
  trials/t0000/<scenario>/   one ordinary run directory per target per trial
  best.toml          the best values as a scenario [overrides] table
  content/<name>/    the content set written with the best values (tune --write)
```

Determinism: trial ``n``'s proposal comes from a sampler seeded with (seed, n) and
conditioned on trials 0..n-1 only, and every trial plays the same seeds; so a resumed
search proposes, plays and scores exactly what an uninterrupted one would.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.executor import RunOptions
from cryhavoc_sim.runner.plan import config_hash
from cryhavoc_sim.studies.play import Part, play_parts, scenario_with
from cryhavoc_sim.studies.record import open_record, write_json, write_text
from cryhavoc_sim.tuning.targets import Target, Targets

TUNE_FILE = "tune.json"
EVEN_WEIGHT = 0.01  # weight of the distance from fair shares among sets that meet every target


@dataclass
class TuneSummary:
    out: Path
    trials: int
    done: int = 0
    played_now: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    stopped: str | None = None
    errors: int = 0
    best: dict[str, Any] | None = None
    reference: dict[str, Any] | None = None
    record: dict[str, Any] = field(default_factory=dict)


def _rates(run_dir: Path) -> dict[str, Any]:
    """A target run's sides (rate, fair share) and its pooled player win rate."""
    from cryhavoc_sim.storage.reader import load_run
    from cryhavoc_sim.sweeps.analyse import cell_tables

    sides, _ = cell_tables(load_run(run_dir))
    rows = sides.to_dicts()
    games = sum(r["games"] for r in rows)
    wins = sum(r["wins"] for r in rows)
    return {
        "sides": {
            r["side"]: {"rate": r["win_rate"], "fair": r["fair_share"], "games": r["games"]} for r in rows
        },
        "win_rate": wins / games if games else 0.0,
    }


def score(targets: tuple[Target, ...], found: dict[str, dict[str, Any]]) -> tuple[float, list[str]]:
    """(score, what is missed): the sum of squared shortfalls (0 when every target is
    met) plus EVEN_WEIGHT x each faction's squared distance from its fair share."""
    total = 0.0
    missed = []
    for t in targets:
        r = found[t.name]
        if t.fair_within is not None:
            for side, s in sorted(r["sides"].items()):
                if s["fair"] is None:
                    continue
                gap = abs(s["rate"] - s["fair"])
                total += EVEN_WEIGHT * gap**2
                if gap > t.fair_within:
                    total += (gap - t.fair_within) ** 2
                    missed.append(f"{t.name}: {side} {s['rate']:.1%} against a fair share of {s['fair']:.0%}")
        if t.win_rate is not None:
            lo, hi = t.win_rate
            rate = r["win_rate"]
            short = max(0.0, lo - rate) + max(0.0, rate - hi)
            if short > 0:
                total += short**2
                missed.append(f"{t.name}: win rate {rate:.1%} outside {lo:.0%}-{hi:.0%}")
        if t.harder_than is not None:
            rate, other = r["win_rate"], found[t.harder_than]["win_rate"]
            if rate >= other:
                total += (rate - other + 0.01) ** 2
                missed.append(f"{t.name}: won {rate:.1%}, not less often than {t.harder_than} ({other:.1%})")
    return total, missed


def _play(
    targets: Targets,
    values: dict[str, Any],
    where: Path,
    label: str,
    workers: int,
    quiet: bool,
    summary: TuneSummary,
    bar: Any = None,
) -> dict[str, dict[str, Any]] | None:
    """Play every target's scenario with ``values`` into ``where``; None when stopped
    (a part-played target is no trial's score). ``bar``: the calibration's one progress bar."""
    options = RunOptions(workers, quiet=quiet, progress=bar)
    found = {}
    for t in targets.targets:
        sc = scenario_with(
            t.scenario,
            values,
            f"{t.name}-{label}",
            targets.games,
            t.scenario.seed,
            f"{label} of calibration {targets.name}",
            f"{targets.path} ({label}, {t.name})",
        )
        run_dir = where / t.name
        shown = (lambda _, name=t.name: bar.set_description(f"{label} {name}")) if bar is not None else None
        skipped = (lambda _: bar.update(targets.games)) if bar is not None else None
        if not play_parts([Part(sc, run_dir, config_hash(sc))], options, summary, None, shown, skipped):
            return None
        found[t.name] = _rates(run_dir)
    return found


def target_identity(targets: Targets) -> dict[str, dict[str, Any]]:
    """What each target plays, as a resume compares it: its scenario's text and the
    content set it reads (directory and digest of the content with its overrides). The
    targets file names a scenario; editing that scenario, or its content, between an
    interruption and the resume would score trials of one against a reference of another."""
    from cryhavoc_sim.games import get_game

    out = {}
    for t in targets.targets:
        sc = t.scenario
        content = get_game(sc.game).load_content(sc.content_dir, sc.override_map)
        out[t.name] = {"scenario_text": sc.text, "content": sc.content_dir, "content_hash": content.digest}
    return out


def _changed(old: Any, new: dict[str, dict[str, Any]]) -> str | None:
    """What differs between a record's targets and the file's now, in a few words."""
    if not isinstance(old, dict):
        return "the record does not say what its targets played (a calibration of an older version)"
    if sorted(old) != sorted(new):
        return f"its targets were {', '.join(sorted(map(str, old)))[:200]}"
    for name, now in new.items():
        was = old[name] if isinstance(old[name], dict) else {}
        if was.get("scenario_text") != now["scenario_text"]:
            return f"target {name}'s scenario changed"
        if was.get("content") != now["content"] or was.get("content_hash") != now["content_hash"]:
            return f"target {name}'s content set changed"
    return None


def propose(study: Any, dists: dict[str, Any], seed: int, n: int, trials: int) -> Any:
    """Trial ``n``'s proposal: TPE seeded with (seed, n), conditioned on the study's
    trials 0..n-1 only (random for the first third, at most 10), so a resumed search
    proposes exactly what an uninterrupted one would."""
    import optuna

    startup = max(1, min(10, trials // 3))
    study.sampler = optuna.samplers.TPESampler(seed=(seed * 1_000_003 + n) % 2**32, n_startup_trials=startup)
    return study.ask(dists)


def run_tune(
    targets: Targets, out: Path, workers: int = 1, resume: bool = False, quiet: bool = False
) -> TuneSummary:
    """Run (or complete) the calibration search of ``targets`` into ``out``."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    record_path = out / TUNE_FILE
    record = open_record(
        out, TUNE_FILE, "calibration", "targets_text", targets.text, "another targets file", resume
    )
    identity = target_identity(targets)
    if record is not None:
        changed = _changed(record.get("played"), identity)
        if changed:
            raise UserError(
                f"{out}: {changed} since the calibration began; resuming would score trials of one"
                " against a reference of the other: start a new calibration with another -o."
            )
    if record is None:
        record = {
            "kind": "cryhavoc-sim tune",
            "name": targets.name,
            "targets_path": targets.path,
            "targets_text": targets.text,
            "parameters": [{"path": p.path, "values": list(p.values)} for p in targets.parameters],
            "targets": [t.describe() for t in targets.targets],
            "played": identity,
            "reference": None,
            "trials": [],
            "status": "running",
        }
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot create the directory ({exc.strerror or exc}).") from None
    write_json(record_path, record)
    summary = TuneSummary(out, targets.trials, record=record)
    started = time.perf_counter()
    bar = None
    if not quiet:  # trials play the targets' bots: one timed game of each target stands for all
        from cryhavoc_sim.runner.estimate import study_bar

        per_trial = targets.games * len(targets.targets)
        left = targets.trials + 1 - len(record["trials"]) - (record["reference"] is not None)
        total = per_trial * (targets.trials + 1)
        timed = [(t.scenario, targets.games * left) for t in targets.targets] if left else []
        bar = study_bar(timed, total, total - per_trial * left, workers, targets.games, "target and trial")
    try:
        if record["reference"] is None:  # the shipped content, scored the same way
            found = _play(targets, {}, out / "trials" / "shipped", "shipped", workers, quiet, summary, bar)
            if found is None:
                return summary
            value, missed = score(targets.targets, found)
            record["reference"] = {"score": value, "missed": missed, "found": found}
            write_json(record_path, record)
        dists: dict[str, optuna.distributions.BaseDistribution] = {
            p.path: optuna.distributions.IntDistribution(0, len(p.values) - 1)
            if p.numeric
            else optuna.distributions.CategoricalDistribution(list(range(len(p.values))))
            for p in targets.parameters
        }
        study = optuna.create_study(direction="minimize")
        for t in record["trials"]:
            study.add_trial(
                optuna.trial.create_trial(params=t["indices"], distributions=dists, value=t["score"])
            )
        for n in range(len(record["trials"]), targets.trials):
            trial = propose(study, dists, targets.seed, n, targets.trials)
            indices = {p.path: int(trial.params[p.path]) for p in targets.parameters}
            values = {p.path: p.values[indices[p.path]] for p in targets.parameters}
            if bar is not None:
                bar.write(
                    f"trial {n + 1}/{targets.trials}: "
                    + ", ".join(f"{k} = {json.dumps(v)}" for k, v in values.items()),
                    file=sys.stdout,
                )
            found = _play(
                targets, values, out / "trials" / f"t{n:04d}", f"t{n:04d}", workers, quiet, summary, bar
            )
            if found is None:
                return summary
            value, missed = score(targets.targets, found)
            study.tell(trial, value)
            record["trials"].append(
                {
                    "trial": n,
                    "indices": indices,
                    "values": values,
                    "score": value,
                    "missed": missed,
                    "found": found,
                }
            )
            write_json(record_path, record)
        best = min(record["trials"], key=lambda t: (t["score"], t["trial"]))
        record["best"] = best["trial"]
        record["status"] = "complete"
        write_json(record_path, record)
        summary.best = best
        summary.reference = record["reference"]
        import tomli_w

        write_text(
            out / "best.toml",
            f"# The best values of calibration {targets.name} (trial {best['trial']} of {targets.trials}),"
            f" score {best['score']:.5f}.\n" + tomli_w.dumps({"overrides": best["values"]}),
        )
        return summary
    except KeyboardInterrupt:  # between two runs (a run catches its own and says so)
        summary.interrupted = True
        return summary
    finally:
        if bar is not None:
            bar.close()
        summary.done = len(record["trials"])
        summary.seconds = time.perf_counter() - started
        if summary.interrupted:
            record["status"] = "interrupted"
            write_json(record_path, record)


def write_best(targets: Targets, best: dict[str, Any], out: Path) -> Path:
    """Write the content set of the best trial: OUT/content/<content_name>/, its changed
    items naming the search (the game's own writer)."""
    from cryhavoc_sim.games import get_game

    base = targets.targets[0].scenario
    note = (
        f"cryhavoc-sim tune {Path(targets.path).name}, Optuna TPE, trial {best['trial']} of {targets.trials}"
    )
    written: Path = get_game(base.game).write_content(
        base.content_dir, best["values"], out / "content" / targets.content_name, targets.content_name, note
    )
    return written
