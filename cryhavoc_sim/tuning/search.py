"""The calibration search: Optuna's TPE proposes values, every target's scenario is
played with them, the shortfall from the targets is scored; resumable trial by trial.

```
TUNE_DIR/
  tune.json          the targets file's text, the shipped content's score ("reference"),
                     every finished trial (values, each stage's score and rates, the last
                     stage's score, whether it was stopped early), the confirmation, the best
  trials/t0000/<scenario>/      one ordinary run directory per target per trial (stage 0)
  trials/t0000.s1/<scenario>/   the trial's next stage (successive halving): new deals
  confirm/t0000/<scenario>/     a best trial again, on fresh deals (``confirm``)
  best.toml          the best values as a scenario [overrides] table
  tune.md            the calibration as a page: asked, cost, every trial, the confirmation
  content/<name>/    the content set written with the best values
```

Successive halving: a trial plays its first stage (``first_games`` a target), and each
next stage's new games only while its score, over every game it has played, ranks among
the best 1/``halving`` of the trials that played as many (the trials before it: the rule
of asynchronous successive halving, which needs no trial to wait for another). A trial
stopped early is told to TPE as pruned, with its scores so far.

Determinism: trial ``n``'s proposal comes from a sampler seeded with (seed, n) and
conditioned on trials 0..n-1 only, every trial plays the same seeds at each stage, and
whether it plays on depends on trials 0..n only; so a resumed search proposes, plays and
scores exactly what an uninterrupted one would.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.rng import study_seed
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


def _entry(sides: dict[str, tuple[int, int, Any]]) -> dict[str, Any]:
    """A target's entry from each side's (wins, games, fair share): rates, counts, and
    the pooled player win rate."""
    games = sum(g for _, g, _ in sides.values())
    wins = sum(w for w, _, _ in sides.values())
    return {
        "sides": {
            side: {"rate": w / g if g else 0.0, "fair": fair, "games": g, "wins": w}
            for side, (w, g, fair) in sides.items()
        },
        "win_rate": wins / games if games else 0.0,
        "wins": wins,
        "games": games,
    }


def _rates(run_dir: Path) -> dict[str, Any]:
    """A target run's sides (rate, fair share, wins, games) and its pooled player win rate."""
    from cryhavoc_sim.storage.reader import load_run
    from cryhavoc_sim.sweeps.analyse import cell_tables

    sides, _ = cell_tables(load_run(run_dir))
    return _entry({r["side"]: (r["wins"], r["games"], r["fair_share"]) for r in sides.to_dicts()})


def pooled(parts: list[dict[str, dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    """Each target's rates over the games of several stages (``_rates`` of each, summed)."""
    if len(parts) == 1:
        return parts[0]
    out: dict[str, dict[str, Any]] = {}
    for name in parts[0]:
        runs = [p[name] for p in parts]
        sides = {}
        for side in sorted({s for r in runs for s in r["sides"]}):
            had = [r["sides"][side] for r in runs if side in r["sides"]]
            sides[side] = (sum(h["wins"] for h in had), sum(h["games"] for h in had), had[0]["fair"])
        out[name] = _entry(sides)
    return out


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


def new_games(targets: Targets, stage: int) -> int:
    """The games a target ``stage`` adds (-1, the confirmation: ``games`` on fresh deals)."""
    if stage < 0:
        return targets.games
    games = targets.stage_games
    return games[stage] - (games[stage - 1] if stage else 0)


def seed_of(target: Target, stage: int) -> int:
    """The seed of a target's games in ``stage`` (-1: the confirmation's)."""
    if stage == 0:
        return target.scenario.seed
    if stage < 0:
        return study_seed(target.scenario.seed, "confirm", 0)
    return study_seed(target.scenario.seed, "stage", stage)


def stage_dir(out: Path, label: str, stage: int) -> Path:
    """Where a trial's (or the shipped content's) stage plays."""
    if stage < 0:
        return out / "confirm" / label
    return out / "trials" / (label if stage == 0 else f"{label}.s{stage}")


def _play(
    targets: Targets,
    values: dict[str, Any],
    where: Path,
    label: str,
    workers: int,
    quiet: bool,
    summary: TuneSummary,
    bar: Any = None,
    stage: int = 0,
) -> dict[str, dict[str, Any]] | None:
    """Play every target's scenario of ``stage`` with ``values`` into ``where``; None
    when stopped (a part-played target is no trial's score). ``bar``: the calibration's
    one progress bar."""
    options = RunOptions(workers, quiet=quiet, progress=bar)
    games = new_games(targets, stage)
    found = {}
    what = "confirmation" if stage < 0 else f"stage {stage}" if stage else ""
    for t in targets.targets:
        sc = scenario_with(
            t.scenario,
            values,
            f"{t.name}-{label}",
            games,
            seed_of(t, stage),
            f"{label} of calibration {targets.name}" + (f", {what}" if what else ""),
            f"{targets.path} ({label}, {t.name}{', ' + what if what else ''})",
        )
        run_dir = where / t.name
        shown = (lambda _, name=t.name: bar.set_description(f"{label} {name}")) if bar is not None else None
        skipped = (lambda _: bar.update(games)) if bar is not None else None
        if not play_parts([Part(sc, run_dir, config_hash(sc))], options, summary, None, shown, skipped):
            return None
        found[t.name] = _rates(run_dir)
    return found


def stages_of(entry: dict[str, Any], targets: Targets) -> list[dict[str, Any]]:
    """A trial's (or the reference's) stages; a record of a calibration without halving
    (or of an older version) holds one, its whole score."""
    got: list[dict[str, Any]] = entry.get("stages") or [
        {"games": targets.games, "score": entry["score"], "missed": entry["missed"], "found": entry["found"]}
    ]
    return got


def plays_on(score_now: float, stage: int, earlier: list[dict[str, Any]], targets: Targets) -> bool:
    """Whether a trial scoring ``score_now`` after ``stage`` plays the next stage: its
    score ranks among the best 1/halving of the earlier trials' scores after the same stage
    and its own (ties go to the earlier trials)."""
    # a set proposed again is the same games: counted once, as first played
    scores = [
        st[stage]["score"]
        for t in earlier
        if "played_as" not in t and len(st := stages_of(t, targets)) > stage
    ]
    better = sum(1 for x in scores if x <= score_now)
    keep = -(-(len(scores) + 1) // targets.halving)  # ceil
    return better < keep


def _play_stages(
    targets: Targets,
    values: dict[str, Any],
    out: Path,
    label: str,
    workers: int,
    quiet: bool,
    summary: TuneSummary,
    bar: Any,
    earlier: list[dict[str, Any]] | None,
) -> dict[str, Any] | None:
    """Play ``values`` stage by stage into ``out``'s trial folder ``label``: every stage
    (``earlier`` None: the shipped content's reference) or while the score ranks among the
    best of ``earlier`` trials. Its entry (each stage's games, score, missed, rates over every
    game so far; the last stage's as its own; ``pruned``), or None when stopped."""
    parts: list[dict[str, dict[str, Any]]] = []
    stages: list[dict[str, Any]] = []
    last = len(targets.stage_games) - 1
    for k, games in enumerate(targets.stage_games):
        found = _play(targets, values, stage_dir(out, label, k), label, workers, quiet, summary, bar, k)
        if found is None:
            return None
        parts.append(found)
        now = pooled(parts)
        value, missed = score(targets.targets, now)
        stages.append({"games": games, "score": value, "missed": missed, "found": now})
        if k < last and earlier is not None and not plays_on(value, k, earlier, targets):
            if bar is not None:  # the games it will not play leave the bar's total
                bar.total -= (targets.games - games) * len(targets.targets)
                bar.refresh()
            break
    end = stages[-1]
    return {
        "games": end["games"],
        "score": end["score"],
        "missed": end["missed"],
        "found": end["found"],
        "stages": stages,
        "pruned": end["games"] < targets.games,
    }


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


def propose(
    study: Any, dists: dict[str, Any], seed: int, n: int, trials: int, start: tuple[tuple[str, int], ...] = ()
) -> Any:
    """Trial ``n``'s proposal: TPE seeded with (seed, n), conditioned on the study's
    trials 0..n-1 only (random for the first third, at most 10), so a resumed search
    proposes exactly what an uninterrupted one would; trial 0 takes the ``start`` values
    (the others the sampler's)."""
    import optuna

    startup = max(1, min(10, trials // 3))
    study.sampler = optuna.samplers.TPESampler(seed=(seed * 1_000_003 + n) % 2**32, n_startup_trials=startup)
    if n == 0 and start:
        study.enqueue_trial(dict(start))
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
            "parameters": [
                {
                    "path": p.path,
                    "values": list(p.values),
                    **({"reason": why} if (why := dict(targets.reasons).get(p.path)) else {}),
                }
                for p in targets.parameters
            ],
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
    spent = dict(record.get("cost") or {})  # the parts before this one
    was_complete = record.get("status") == "complete"  # a re-run reads it: no part to count
    bar = None
    if not quiet:  # trials play the targets' bots: one timed game of each target stands for all
        bar = _bar(targets, record, workers)
    try:
        if record["reference"] is None:  # the shipped content, scored the same way
            entry = _play_stages(targets, {}, out, "shipped", workers, quiet, summary, bar, None)
            if entry is None:
                return summary
            record["reference"] = entry
            write_json(record_path, record)
        study, dists = _study(targets, record["trials"])
        for n in range(len(record["trials"]), targets.trials):
            trial = propose(study, dists, targets.seed, n, targets.trials, targets.start)
            indices = {p.path: int(trial.params[p.path]) for p in targets.parameters}
            values = {p.path: p.values[indices[p.path]] for p in targets.parameters}
            if bar is not None:
                bar.write(
                    f"trial {n} (t{n:04d}, {n + 1} of {targets.trials}): "
                    + ", ".join(f"{k} = {json.dumps(v)}" for k, v in values.items()),
                    file=sys.stdout,
                )
            same = earlier_same(record["trials"], values)
            if same is not None:  # the same values play the same games: read, not replayed
                entry = {k: same[k] for k in ENTRY_KEYS} | {
                    "played_as": same.get("played_as", label_of(same))
                }
                if bar is not None:
                    bar.total -= targets.games * len(targets.targets)
                    bar.write(f"  the values of trial {same['trial']}: its games and score", file=sys.stdout)
            else:
                entry = _play_stages(
                    targets, values, out, f"t{n:04d}", workers, quiet, summary, bar, record["trials"]
                )
                if entry is None:
                    return summary
            _tell(study, trial, entry)
            record["trials"].append({"trial": n, "indices": indices, "values": values, **entry})
            write_json(record_path, record)
        if not _confirm(targets, record, out, workers, quiet, summary, bar):
            return summary
        best = chosen(targets, record)
        record["best"] = best["trial"]
        record["status"] = "complete"
        if not was_complete:
            record["cost"] = _cost(spent, summary, started)
        write_json(record_path, record)
        summary.best = best
        summary.reference = record["reference"]
        import tomli_w

        from cryhavoc_sim.runner.results import RECONSTRUCTED_NOTICE
        from cryhavoc_sim.tuning.summary import summary_page

        shipped = {p.path: p.values[p.shipped] for p in targets.parameters if p.shipped is not None}
        write_text(out / "tune.md", summary_page(targets, record, shipped, RECONSTRUCTED_NOTICE))

        fresh = best.get("confirmed")
        said = f"; on fresh deals {fresh['score']:.5f}" if fresh else ""
        write_text(
            out / "best.toml",
            f"# The best values of calibration {targets.name} (trial {best['trial']} of {targets.trials}),"
            f" score {best['score']:.5f}{said}.\n" + tomli_w.dumps({"overrides": best["values"]}),
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
        if summary.interrupted or summary.stopped:
            record["status"] = "interrupted"
            record["cost"] = _cost(spent, summary, started)
            write_json(record_path, record)


def _cost(before: dict[str, Any], summary: TuneSummary, started: float) -> dict[str, Any]:
    """What the calibration has cost over every part so far: games played, wall-clock
    seconds, parts (``before``: the record's cost when this part began)."""
    return {
        "games": before.get("games", 0) + summary.played_now,
        "seconds": round(before.get("seconds", 0.0) + time.perf_counter() - started, 1),
        "parts": before.get("parts", 0) + 1,
    }


def _bar(targets: Targets, record: dict[str, Any], workers: int) -> Any:
    """The calibration's one progress bar: its total as if every trial played every
    stage (a trial stopped early takes its games off), the time left estimated the same way."""
    from cryhavoc_sim.runner.estimate import study_bar

    per_trial = targets.games * len(targets.targets)
    confirming = targets.confirm + 1 if targets.confirm else 0
    runs = targets.trials + 1 + confirming
    done = sum(t.get("games", targets.games) for t in record["trials"]) * len(targets.targets)
    done += per_trial * (record["reference"] is not None) + per_trial * len(record.get("confirm") or {})
    left_trials = targets.trials - len(record["trials"])
    total = per_trial * runs - sum(
        targets.games - t.get("games", targets.games) for t in record["trials"]
    ) * len(targets.targets)
    left = left_trials + (record["reference"] is None) + confirming - len(record.get("confirm") or {})
    timed = [(t.scenario, targets.games * left) for t in targets.targets] if left else []
    return study_bar(timed, total, done, workers, targets.stage_games[0], "target and trial")


def _study(targets: Targets, trials: list[dict[str, Any]]) -> tuple[Any, dict[str, Any]]:
    """An Optuna study holding the recorded trials as they were told (each stage's score
    an intermediate value at its games; pruned or complete), and the parameters' distributions."""
    import optuna

    dists: dict[str, optuna.distributions.BaseDistribution] = {
        p.path: optuna.distributions.IntDistribution(0, len(p.values) - 1)
        if p.numeric
        else optuna.distributions.CategoricalDistribution(list(range(len(p.values))))
        for p in targets.parameters
    }
    study = optuna.create_study(direction="minimize")
    for t in trials:
        steps = {st["games"]: st["score"] for st in stages_of(t, targets)}
        pruned = bool(t.get("pruned"))
        study.add_trial(
            optuna.trial.create_trial(
                params=t["indices"],
                distributions=dists,
                value=t["score"],  # a pruned trial's: its last stage's, as ``tell`` records it
                intermediate_values=steps,
                state=optuna.trial.TrialState.PRUNED if pruned else optuna.trial.TrialState.COMPLETE,
            )
        )
    return study, dists


def _tell(study: Any, trial: Any, entry: dict[str, Any]) -> None:
    """Tell TPE a played trial as :func:`_study` rebuilds it from the record."""
    import optuna

    for st in entry["stages"]:
        trial.report(st["score"], st["games"])
    if entry["pruned"]:
        study.tell(trial, state=optuna.trial.TrialState.PRUNED)
    else:
        study.tell(trial, entry["score"])


ENTRY_KEYS = ("games", "score", "missed", "found", "stages", "pruned")


def label_of(trial: dict[str, Any]) -> str:
    """A trial's name in folders and the record: t0007."""
    return f"t{trial['trial']:04d}"


def earlier_same(trials: list[dict[str, Any]], values: dict[str, Any]) -> dict[str, Any] | None:
    """An earlier trial with ``values`` (TPE proposes a set again, more often the fewer
    values there are): the same values play the same games, so its entry is the new
    trial's too, pruned or not, and its folders hold the games."""
    for t in trials:
        if t["values"] == values and "stages" in t:
            return t
    return None


def played_out(trials: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The trials that played every stage (successive halving stopped none of them)."""
    return [t for t in trials if not t.get("pruned")]


def lowest(trials: list[dict[str, Any]]) -> dict[str, Any]:
    """The trial of every game with the lowest score (the earlier on a tie)."""
    return min(played_out(trials), key=lambda t: (t["score"], t["trial"]))


def finalists(targets: Targets, trials: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The trials the confirmation plays again: the best ``confirm`` of those that played
    every game, by score (then by trial)."""
    full, seen = [], set()
    for t in sorted(played_out(trials), key=lambda t: (t["score"], t["trial"])):
        key = json.dumps(t["values"], sort_keys=True)
        if key not in seen:  # a repeated set is confirmed once
            seen.add(key)
            full.append(t)
    return full[: targets.confirm]


def _confirm(
    targets: Targets,
    record: dict[str, Any],
    out: Path,
    workers: int,
    quiet: bool,
    summary: TuneSummary,
    bar: Any,
) -> bool:
    """Play the shipped content and the finalists on fresh deals, ``games`` a target each,
    into ``record["confirm"]`` (label -> score, missed, rates); False when stopped."""
    if not targets.confirm:
        return True
    done = record.setdefault("confirm", {})
    todo = [("shipped", "shipped", {})] + [
        (label_of(t), t.get("played_as", label_of(t)), t["values"])
        for t in finalists(targets, record["trials"])
    ]
    short = targets.confirm - (len(todo) - 1)  # repeated or stopped trials leave fewer finalists
    if bar is not None and short > 0:
        bar.total -= short * targets.games * len(targets.targets)
        bar.refresh()
    for name, label, values in todo:
        if name in done:
            continue
        if bar is not None:
            bar.write(f"confirming {name} on fresh deals", file=sys.stdout)
        found = _play(targets, values, stage_dir(out, label, -1), label, workers, quiet, summary, bar, -1)
        if found is None:
            return False
        value, missed = score(targets.targets, found)
        done[name] = {"score": value, "missed": missed, "found": found}
        write_json(out / TUNE_FILE, record)
    return True


def chosen(targets: Targets, record: dict[str, Any]) -> dict[str, Any]:
    """The best trial: the finalist with the best score on fresh deals (``confirmed``:
    that score; a tie goes to the better score on the trials' deals), or without a
    confirmation the best score of a trial that played every game."""
    confirm = record.get("confirm")
    if not confirm:
        return lowest(record["trials"])
    best = min(
        finalists(targets, record["trials"]),
        key=lambda t: (confirm[label_of(t)]["score"], t["score"], t["trial"]),
    )
    return {**best, "confirmed": confirm[label_of(best)]}


def write_best(targets: Targets, best: dict[str, Any], out: Path) -> Path:
    """Write the content set of the best trial: OUT/content/<content_name>/, its changed
    items naming the search (the game's own writer)."""
    from cryhavoc_sim.games import get_game

    base = targets.targets[0].scenario
    note = (
        f"cryhavoc-sim tune {Path(targets.path).name}, Optuna TPE, trial {best['trial']} of {targets.trials}"
    )
    widened = [f"{path}: {why}" for path, why in targets.reasons if path in best["values"]]
    if widened:  # the evidence a value beyond the declared range stands on travels with it
        note += "; beyond the declared range: " + "; ".join(widened)
    written: Path = get_game(base.game).write_content(
        base.content_dir, best["values"], out / "content" / targets.content_name, targets.content_name, note
    )
    return written
