"""Tuning a faction's heuristic weights against a population, one faction at a time,
then confirming the best on fresh seeds; resumable trial by trial.

```
TUNE_DIR/
  tune_bots.json     the targets file's text; per faction: the base weights' win rate,
                     every finished trial (weights, win rate) and the best; the confirmation
  trials/<faction>/base|t0000/   one ordinary run per trial (population = its policies)
  confirm/<faction>/             the best and the base weights, same fresh deals
  best.toml          the confirmed weights as personality tables (bots/data/personalities.toml)
```

A trial's weights reach the bots as a personality name carrying them
(``heuristic:balanced{attack=1.25,...}``, bots/personalities.py), so every trial is an
ordinary run: parallel, resumable, deterministic. The objective is the faction's win rate
in its seats against every population bot in the others, on the same seeds every trial
(common random numbers). The confirmation plays the best and the base weights on the same
fresh deals against the same bots, and tests each faction's paired difference with an
exact one-sided sign test by deals (the McNemar test where each deal is one game: games
of one deal are not independent); Holm's correction over the factions keeps the
family-wise error at ``alpha``. Determinism: as the calibration (tuning/search.py, :func:`propose`).
"""

from __future__ import annotations

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
from cryhavoc_sim.tuning.bot_targets import STEP, BotTargets, bot_weights
from cryhavoc_sim.tuning.search import propose

TUNE_FILE = "tune_bots.json"
CONFIRM_SEED = 1_000_003  # the confirmation's master seed is the search's plus this: fresh deals


@dataclass
class BotTuneSummary:
    out: Path
    done: int = 0
    played_now: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    stopped: str | None = None
    errors: int = 0
    record: dict[str, Any] = field(default_factory=dict)
    bar: Any = None  # the tuning's one progress bar (None: quiet)


class _Stopped(Exception):
    """A run stopped (interrupted or a worker lost): the record keeps what is done."""


def trial_bot(targets: BotTargets, weights: dict[str, float]) -> str:
    """The bot name playing ``weights`` over the base personality: the heuristic, or the
    targets' search seat with them as its own personality (``paired:16:balanced{...}``)."""
    if not weights:
        return f"{targets.seat}:{targets.base}"
    return f"{targets.seat}:{bot_weights(targets.scenario).weighted(targets.base, weights)}"


def holm(pvalues: dict[str, float], alpha: float) -> dict[str, bool]:
    """Which hypotheses Holm's step-down procedure rejects at family-wise error ``alpha``."""
    order = sorted(pvalues, key=lambda k: (pvalues[k], k))
    out = dict.fromkeys(pvalues, False)
    for i, key in enumerate(order):
        if pvalues[key] > alpha / (len(order) - i):
            break
        out[key] = True
    return out


def paired_test(pairs: list[tuple[bool, bool]], deals: list[int] | None = None) -> dict[str, Any]:
    """Exact one-sided sign test that the first of each pair wins more often, by deals:
    per deal (``deals``: each pair's deal; None: every pair its own) the tuned wins minus
    the base wins, and the deals where the tuned side did better against those where it
    did worse. With one pair a deal it is the exact McNemar test on discordant pairs;
    pairs of one deal are not independent, so a deal counts once."""
    from scipy.stats import binomtest

    keys = list(range(len(pairs))) if deals is None else deals
    net: dict[int, int] = {}
    for (a, b), k in zip(pairs, keys, strict=True):
        net[k] = net.get(k, 0) + int(a) - int(b)
    better = sum(1 for d in net.values() if d > 0)
    worse = sum(1 for d in net.values() if d < 0)
    p = binomtest(better, better + worse, 0.5, alternative="greater").pvalue if better + worse else 1.0
    return {
        "pairs": len(pairs),
        "deals": len(net),
        "tuned_rate": sum(a for a, _ in pairs) / len(pairs) if pairs else 0.0,
        "base_rate": sum(b for _, b in pairs) / len(pairs) if pairs else 0.0,
        "better": better,
        "worse": worse,
        "p": float(p),
    }


def _policies(targets: BotTargets, faction: str, arms: list[tuple[str, str]]) -> list[dict[str, str]]:
    """Every (label, bot of ``faction``) arm against every population bot, in that order."""
    playing = sorted({f for lineup in getattr(targets.scenario.setup, "lineups", ()) for f in lineup})
    out = []
    for label, bot in arms:
        for other in targets.population:
            name = f"{label} vs {other}" if label else other
            out.append({"name": name, "default": other, **dict.fromkeys(playing, other), faction: bot})
    return out


def _play(
    targets: BotTargets,
    faction: str,
    arms: list[tuple[str, str]],
    games: int,
    seed: int,
    run_dir: Path,
    label: str,
    workers: int,
    quiet: bool,
    summary: BotTuneSummary,
) -> Any:
    """Play the arms into ``run_dir`` (completing a partial run); the run's seats."""
    from cryhavoc_sim.storage.reader import load_run

    sc = scenario_with(
        targets.scenario,
        {"scenario.policies": _policies(targets, faction, arms)},
        f"{targets.name}-{faction}-{label}",
        games,
        seed,
        f"{label} of bot tuning {targets.name} ({faction})",
        f"{targets.path} ({faction}, {label})",
    )
    bar = summary.bar
    shown = (lambda _: bar.set_description(f"{faction} {label}")) if bar is not None else None
    options = RunOptions(workers, quiet=quiet, progress=bar)
    if not play_parts([Part(sc, run_dir, config_hash(sc))], options, summary, None, shown):
        raise _Stopped
    return load_run(run_dir).seats


def _rate(seats: Any, faction: str) -> dict[str, Any]:
    import polars as pl

    mine = seats.filter(pl.col("faction") == faction).select("won").collect()
    wins, n = int(mine["won"].sum()), mine.height
    return {"wins": wins, "games": n, "rate": wins / n if n else 0.0}


def _pairs(
    seats: Any, faction: str, width: int, games: Any = None
) -> tuple[list[tuple[bool, bool]], list[int]]:
    """(tuned won, base won) of each deal and population bot, and the deal (seed) of
    each: game ``i`` of the first arm (``i % 2P < P``) and game ``i + P`` of the second
    play the same deal and seats."""
    import polars as pl

    won = dict(seats.filter(pl.col("faction") == faction).select("game_id", "won").collect().iter_rows())
    seed = {} if games is None else dict(games.select("game_id", "seed").collect().iter_rows())
    chosen = [g for g in sorted(won) if g % (2 * width) < width and g + width in won]
    return [(bool(won[g]), bool(won[g + width])) for g in chosen], [int(seed.get(g, -1 - g)) for g in chosen]


def _search(
    targets: BotTargets,
    out: Path,
    index: int,
    faction: str,
    rec: dict[str, Any],
    workers: int,
    quiet: bool,
    summary: BotTuneSummary,
    save: Any,
) -> None:
    """The trials of one faction, each kept in ``rec`` (and saved) as it ends."""
    import optuna

    where = out / "trials" / faction
    if rec["reference"] is None:
        bot = trial_bot(targets, {})
        seats = _play(
            targets,
            faction,
            [("", bot)],
            targets.games,
            targets.seed,
            where / "base",
            "base",
            workers,
            quiet,
            summary,
        )
        rec["reference"] = {"bot": bot, **_rate(seats, faction)}
        save()
    dists: dict[str, optuna.distributions.BaseDistribution] = {
        w.name: optuna.distributions.IntDistribution(int(w.low), int(w.high))
        if w.whole
        else optuna.distributions.FloatDistribution(w.low, w.high, step=STEP)
        for w in targets.parameters
    }
    study = optuna.create_study(direction="maximize")
    for t in rec["trials"]:
        study.add_trial(optuna.trial.create_trial(params=t["weights"], distributions=dists, value=t["rate"]))
    for n in range(len(rec["trials"]), targets.trials):
        trial = propose(study, dists, targets.seed * 97 + index, n, targets.trials)
        weights = {
            w.name: int(trial.params[w.name]) if w.whole else round(float(trial.params[w.name]), 4)
            for w in targets.parameters
        }
        bot = trial_bot(targets, weights)
        if summary.bar is not None:
            summary.bar.write(f"{faction} trial {n + 1}/{targets.trials}: {bot}", file=sys.stdout)
        label = f"t{n:04d}"
        seats = _play(
            targets,
            faction,
            [("", bot)],
            targets.games,
            targets.seed,
            where / label,
            label,
            workers,
            quiet,
            summary,
        )
        found = _rate(seats, faction)
        study.tell(trial, found["rate"])
        rec["trials"].append({"trial": n, "weights": weights, "bot": bot, **found})
        save()
    best = max(rec["trials"], key=lambda t: (t["rate"], -t["trial"]))
    rec["best"] = best["trial"]
    save()


def run_tune_bots(
    targets: BotTargets, out: Path, workers: int = 1, resume: bool = False, quiet: bool = False
) -> BotTuneSummary:
    """Run (or complete) the bot tuning of ``targets`` into ``out``."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    path = out / TUNE_FILE
    record = open_record(
        out, TUNE_FILE, "bot tuning", "targets_text", targets.text, "another targets file", resume
    )
    if record is not None and record.get("scenario_text") != targets.scenario.text:
        raise UserError(
            f"{out}: scenario {targets.scenario.name} changed since the bot tuning began; resuming would"
            " compare trials of one against trials of the other: start a new one with another -o."
        )
    if record is None:
        record = {
            "kind": "cryhavoc-sim tune-bots",
            "name": targets.name,
            "mode": targets.mode,
            "targets_path": targets.path,
            "targets_text": targets.text,
            "scenario_text": targets.scenario.text,
            "population": list(targets.population),
            "seat": targets.seat,
            "factions": {f: {"reference": None, "trials": [], "best": None} for f in targets.factions},
            "confirmation": None,
            "status": "running",
        }
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UserError(f"{out}: cannot create the directory ({exc.strerror or exc}).") from None
    write_json(path, record)
    summary = BotTuneSummary(out, record=record)
    started = time.perf_counter()
    if not quiet:
        summary.bar = _bar(targets, record, workers)
    try:
        for i, f in enumerate(targets.factions):
            _search(
                targets,
                out,
                i,
                f,
                record["factions"][f],
                workers,
                quiet,
                summary,
                lambda: write_json(path, record),
            )
        if record["confirmation"] is None:
            record["confirmation"] = _confirm(targets, out, record, workers, quiet, summary)
        record["status"] = "complete"
        write_json(path, record)
        write_text(out / "best.toml", best_toml(targets, record))
        return summary
    except (_Stopped, KeyboardInterrupt):
        summary.interrupted = True
        return summary
    finally:
        if summary.bar is not None:
            summary.bar.close()
        summary.done = sum(len(r["trials"]) for r in record["factions"].values())
        summary.seconds = time.perf_counter() - started
        if summary.interrupted:
            record["status"] = "interrupted"
            write_json(path, record)


def _bar(targets: BotTargets, record: dict[str, Any], workers: int) -> Any:
    """The estimate (one timed game of the scenario stands for every trial's: the trial
    bots are the same bot reweighted), the small-study warning and the one bar."""
    from cryhavoc_sim.runner.estimate import study_bar

    per_faction = (targets.trials + 1) * targets.games
    confirm = 2 * targets.confirm_games * len(targets.factions)
    total = per_faction * len(targets.factions) + confirm
    done = sum(
        ((r["reference"] is not None) + len(r["trials"])) * targets.games for r in record["factions"].values()
    ) + (confirm if record.get("confirmation") is not None else 0)
    timed = [(targets.scenario, total - done)] if total > done else []
    return study_bar(timed, total, done, workers, targets.games, "trial")


def _confirm(
    targets: BotTargets, out: Path, record: dict[str, Any], workers: int, quiet: bool, summary: BotTuneSummary
) -> dict[str, Any]:
    """Each faction's best against its base weights on fresh deals; Holm over factions."""
    from cryhavoc_sim.analysis.deals import estimate
    from cryhavoc_sim.storage.reader import load_run

    found = {}
    width = len(targets.population)
    for f in targets.factions:
        rec = record["factions"][f]
        best = rec["trials"][rec["best"]]
        arms = [("tuned", best["bot"]), ("base", trial_bot(targets, {}))]
        seats = _play(
            targets,
            f,
            arms,
            2 * targets.confirm_games,
            (targets.seed + CONFIRM_SEED) % 2**31,
            out / "confirm" / f,
            "confirmation",
            workers,
            quiet,
            summary,
        )
        pairs, deals = _pairs(seats, f, width, load_run(out / "confirm" / f).games)
        test = paired_test(pairs, deals)
        tuned: dict[int, list[int]] = {}
        for (a, _), k in zip(pairs, deals, strict=True):
            tuned.setdefault(k, [0, 0])[0] += int(a)
            tuned[k][1] += 1
        rate = estimate([w for w, _ in tuned.values()], [g for _, g in tuned.values()])
        low, high = (rate.low, rate.high) if test["pairs"] else (0.0, 1.0)
        found[f] = {**test, "trial": best["trial"], "bot": best["bot"], "tuned_ci": [low, high]}
    accepted = holm({f: r["p"] for f, r in found.items()}, targets.alpha)
    fair = 1 / targets.players
    for f, r in found.items():
        r["confirmed"] = accepted[f]
        r["fair_share"] = fair
        lo, hi = r["tuned_ci"]
        r["against_share"] = "below" if hi < fair else "above" if lo > fair else "within"
    return {"alpha": targets.alpha, "correction": "holm", "factions": found}


def best_toml(targets: BotTargets, record: dict[str, Any]) -> str:
    """The confirmed weights as personality tables, each with how it was measured."""
    import tomli_w

    lines = [
        f"# Bot tuning {targets.name} ({targets.mode}, the tuned seat {targets.seat}) against"
        f" {', '.join(targets.population)}"
        f" in {targets.scenario.name}; confirmation on fresh seeds, Holm at alpha {targets.alpha:g}.",
    ]
    tables: dict[str, Any] = {}
    for f, r in record["confirmation"]["factions"].items():
        verdict = "confirmed" if r["confirmed"] else "not confirmed"
        lines.append(
            f"# {f}: tuned {r['tuned_rate']:.1%} against base {r['base_rate']:.1%} over {r['pairs']:,}"
            f" paired games ({r['better']} better, {r['worse']} worse, p = {r['p']:.3g}): {verdict}."
        )
        if r["confirmed"]:
            keys = list(record["factions"][f]["trials"][0]["weights"])
            tuned = bot_weights(targets.scenario).changed(f, r["bot"], targets.base, keys)
            tables.setdefault(f, {})["tuned"] = tuned
    return (
        "\n".join(lines) + "\n" + (tomli_w.dumps(tables) if tables else "# No faction's weights confirmed.\n")
    )
