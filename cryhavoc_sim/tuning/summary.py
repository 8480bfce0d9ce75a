"""A calibration's record read as a page: ``TUNE_DIR/tune.md``, written when it completes.

What a designer reads before trusting a calibrated set: what was asked (targets, the bots
that judged it, the numbers it could move), what it cost, where the shipped content
stood, every trial (how far it got under successive halving, its score, what it changed),
the confirmation on fresh deals, and the chosen set's rates and misses.
"""

from __future__ import annotations

import json
from typing import Any

from cryhavoc_sim.tuning.targets import Targets


def _values(values: dict[str, Any], shipped: dict[str, Any]) -> str:
    """The values a trial set that differ from the shipped ones, briefly."""
    moved = [f"`{k}` = {json.dumps(v)}" for k, v in values.items() if shipped.get(k) != v]
    return ", ".join(moved) or "as shipped"


def side_rates(r: dict[str, Any]) -> str:
    """One target's sides' rates, the highest first: "humans 52.1%, machines ..."."""
    return ", ".join(
        f"{s} {v['rate']:.1%}" for s, v in sorted(r["sides"].items(), key=lambda x: -x[1]["rate"])
    )


def _rates(found: dict[str, Any]) -> str:
    """Each target's sides' rates (or its player's win rate), on one line."""
    parts = []
    for name, r in found.items():
        rates = side_rates(r) if len(r.get("sides") or {}) > 1 else f"won {r['win_rate']:.1%}"
        parts.append(f"{name}: {rates}")
    return "; ".join(parts)


def summary_page(targets: Targets, record: dict[str, Any], shipped: dict[str, Any], notice: str) -> str:
    """The page (markdown) of a complete calibration ``record`` of ``targets``; ``shipped``:
    each parameter's shipped value (where it has one)."""
    trials = record["trials"]
    cost = record.get("cost") or {}
    lines = [
        f"# Calibration {targets.name}",
        "",
        f"From `{targets.path}`. {notice}",
        "",
        "## What it asked",
        "",
        *(f"- {t.describe()}" for t in targets.targets),
        "",
        "The bots: each target's rung in every seat where it names one (above), else its scenario's own.",
        f"Numbers it could move ({len(targets.parameters)}): "
        + ", ".join(f"`{p.path}`" for p in targets.parameters)
        + ".",
    ]
    reasons = [f"- `{path}` beyond its declared values: {why}" for path, why in targets.reasons]
    if reasons:
        lines += ["", "Beyond the declared plausible values, with the evidence given:", *reasons]
    games = "; ".join(f"{g:,}" for g in targets.stage_games)
    lines += [
        "",
        "## What it cost",
        "",
        f"{targets.trials} trials, games a target after each stage: {games} (successive halving by"
        f" {targets.halving} where there are several), {max(0, len(record.get('confirm') or {}) - 1)} confirmed on fresh deals."
        + (
            f" {cost['games']:,} games in {cost['seconds'] / 60:.1f} minutes of wall-clock time"
            f" over {cost.get('parts', 1)} part(s)."
            if cost
            else ""
        ),
        "",
        "## The shipped content",
        "",
        f"Score {record['reference']['score']:.4f} ({record['reference'].get('games', targets.games):,} games a"
        f" target): {_rates(record['reference']['found'])}.",
        "Misses: " + ("; ".join(record["reference"]["missed"]) or "none") + ".",
        "",
        "## Trials",
        "",
        "| trial | games a target | score | misses | values (those moved from the shipped content) |",
        "|---|---|---|---|---|",
    ]
    for t in trials:
        again = f" (the values of {t['played_as']})" if "played_as" in t else ""
        stopped = " (stopped)" if t.get("pruned") else ""
        lines.append(
            f"| {t['trial']} | {t.get('games', targets.games):,}{stopped} | {t['score']:.4f} | {len(t['missed'])} |"
            f" {_values(t['values'], shipped)}{again} |"
        )
    confirm = record.get("confirm") or {}
    if confirm:
        by_label = {f"t{t['trial']:04d}": t for t in trials}
        lines += [
            "",
            "## On fresh deals",
            "",
            f"The best {len(confirm) - 1} trials and the shipped content, {targets.games:,} games a target on deals"
            " no trial played: the score a trial earned on the deals it was chosen on flatters it (the winner's curse).",
            "",
            "| set | score on the trials' deals | on fresh deals | rates on fresh deals |",
            "|---|---|---|---|",
        ]
        for label, c in confirm.items():
            own = record["reference"]["score"] if label == "shipped" else by_label[label]["score"]
            lines.append(f"| {label} | {own:.4f} | {c['score']:.4f} | {_rates(c['found'])} |")
    best = trials[record["best"]] if "best" in record else None
    if best is not None:
        fresh = confirm.get(f"t{best['trial']:04d}")
        shown = fresh or best
        where = " on fresh deals" if fresh else ""
        lines += [
            "",
            "## The chosen set",
            "",
            f"Trial {best['trial']}: {_values(best['values'], shipped)}.",
            "",
            f"Rates{where}: {_rates(shown['found'])}.",
            "",
            f"Misses{where}: " + ("; ".join(shown["missed"]) or "none: every target is met") + ".",
        ]
        shipped_fresh = confirm.get("shipped")
        if fresh and shipped_fresh and shipped_fresh["score"] <= fresh["score"]:
            lines += [
                "",
                f"**No trial beat the shipped content** on fresh deals ({shipped_fresh['score']:.4f} against"
                f" {fresh['score']:.4f}): the chosen set is written for reading, not to replace it.",
            ]
    return "\n".join(lines) + "\n"
