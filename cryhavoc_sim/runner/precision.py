"""Runs that stop when the answer is known: ``run --precision`` and ``check --precision``.

The run is planned for ``--max-games`` games in chunks that are whole blocks
(:meth:`GameSpec.block_size`): a block is one deal played from every seat, or one deal
of each line-up the scenario cycles through, so the observations of a confidence
sequence are whole deals (the games of one deal are not independent) that share one
mean. A *look* happens at the end of every chunk of the
unbroken prefix of finished chunks, in game-index order, whichever worker finished
first; at each look every side's confidence sequence
(:mod:`cryhavoc_sim.analysis.sequential`) is computed over the blocks of the prefix and
the rule decides whether to stop there. The first look that stops is therefore a
function of the seed alone: a re-run, at any worker count, stops at the same game. Chunks
already played beyond it are discarded, so the run holds exactly the games before it.

Rules:

- :class:`Precision`: every side's interval is at most +-``target``.
- :class:`Gate`: every side's interval lies inside its baseline rate +- tolerance
  ("pass"), or some side's lies wholly outside it ("moved"); or every interval is at
  most +-``target`` (the data will not decide sooner; the ordinary test then decides).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.analysis.sequential import Bound, bounds
from cryhavoc_sim.errors import UserError

# (winners, sides) of a game: every side that won (several in a shared win, none when no
# one won) and every side that played; None: it raised
Outcome = tuple[tuple[str, ...], tuple[str, ...]] | None

PRECISION_RANGE = (0.001, 0.25)  # +-0.1 to +-25 points


def precision_problem(target: float) -> str | None:
    """Why ``--precision target`` cannot be played (a sentence), or None."""
    lo, hi = PRECISION_RANGE
    if lo <= target <= hi:
        return None
    return f"--precision {target} is out of range; allowed: {lo} to {hi} (0.01 = +-1 point)."


# The cap of a --precision run without --max-games.
PRECISION_CAP = 200_000


def capped(scenario: Any, cap: int, target: float | None = None) -> Any:
    """A precision run's scenario: exactly ``cap`` games (``--max-games 10000`` plays at
    most 10,000, not the 9,999 of whole 3-game blocks; the looks count whole blocks, so
    a last partial block is played and kept but no look ends inside it). A cap under one
    block is a UserError, and so is a ``target`` (the --precision) that no precision run
    could reach: the observations are whole blocks of deals, and however many games a
    deal has, only more blocks buy precision (a lower cap is not an error: the run stops
    at it and says so)."""
    from cryhavoc_sim.analysis.sequential import narrowest
    from cryhavoc_sim.games import get_game

    block = get_game(scenario.game).block_size(scenario.setup)
    if cap < block:
        raise UserError(
            f"--max-games {cap} is less than one block of {scenario.name} ({block} games: every seat and"
            f" line-up once); allowed: at least {block}."
        )
    if target is not None:
        most = max(cap, PRECISION_CAP)  # a run capped lower just stops at its cap and says so
        floor = narrowest(most // block)
        if target < floor:
            raise UserError(
                f"--precision {target:g} is finer than the deals of {scenario.name} can resolve: they come in"
                f" blocks of {block} games (every seat, line-up and policy of a deal), and a confidence"
                f" sequence over the {most // block:,} blocks of {most:,} games is never narrower than"
                f" +-{floor:.3g}; ask for --precision {math.ceil(floor * 1000) / 1000:g} or more."
            )
    return scenario.with_overrides(games=cap)


@dataclass(frozen=True)
class Precision:
    """Stop when every side's interval is at most +-``target``."""

    target: float
    confidence: float = 0.95

    def decide(self, found: Sequence[Bound]) -> str | None:
        """ "precise" when it stops, else None."""
        if found and all(b.half_width <= self.target for b in found):
            return "precise"
        return None

    def describe(self) -> dict[str, Any]:
        return {"rule": "precision", "target": self.target, "confidence": self.confidence}


@dataclass(frozen=True)
class Gate:
    """Stop when the balance gate can decide against ``baseline`` (side -> rate)."""

    baseline: dict[str, float]
    tolerance: float
    target: float
    confidence: float = 0.95

    def verdicts(self, found: Sequence[Bound]) -> dict[str, str]:
        """Per side: "pass" (inside the band), "moved" (outside it) or "open"."""
        out = {}
        for b in found:
            ref = self.baseline.get(b.side)
            if ref is None:
                out[b.side] = "open"
            elif ref - self.tolerance <= b.low and b.high <= ref + self.tolerance:
                out[b.side] = "pass"
            elif b.high < ref - self.tolerance or b.low > ref + self.tolerance:
                out[b.side] = "moved"
            else:
                out[b.side] = "open"
        return out

    def decide(self, found: Sequence[Bound]) -> str | None:
        if not found:
            return None
        v = self.verdicts(found)
        if "moved" in v.values():
            return "moved"
        if all(x == "pass" for x in v.values()):
            return "pass"
        if all(b.half_width <= self.target for b in found):
            return "precise"
        return None

    def describe(self) -> dict[str, Any]:
        return {
            "rule": "gate",
            "target": self.target,
            "tolerance": self.tolerance,
            "baseline": self.baseline,
            "confidence": self.confidence,
        }


Rule = Precision | Gate


def blocks_of(outcomes: Sequence[Outcome], block: int) -> list[dict[str, tuple[int, int]]]:
    """Per whole block of ``outcomes`` (in game order): side -> (wins, games)."""
    out = []
    for start in range(0, len(outcomes) - block + 1, block):
        tally: dict[str, list[int]] = {}
        for o in outcomes[start : start + block]:
            if o is None:
                continue
            winners, sides = o
            for s in sides:
                t = tally.setdefault(s, [0, 0])
                t[1] += 1
                t[0] += s in winners
        out.append({s: (w, g) for s, (w, g) in tally.items()})
    return out


@dataclass
class Looks:
    """The looks of one run: fed finished chunks in any order, it looks at the end of
    every chunk of the unbroken prefix, in order, until the rule stops."""

    rule: Rule
    block: int
    edge: int = 0
    outcomes: list[Outcome] = field(default_factory=list)
    pending: dict[int, tuple[int, Sequence[Outcome]]] = field(default_factory=dict)
    stopped_at: int | None = None
    decision: str | None = None
    last: list[Bound] = field(default_factory=list)
    looks: int = 0

    def add(self, start: int, stop: int, outcomes: Sequence[Outcome]) -> bool:
        """Take a finished chunk; True once the rule has stopped the run."""
        if self.stopped_at is not None:
            return True
        self.pending[start] = (stop, outcomes)
        while self.edge in self.pending and self.stopped_at is None:
            stop_, outs = self.pending.pop(self.edge)
            self.outcomes.extend(outs)
            self.edge = stop_
            self.looks += 1
            self.last = bounds(blocks_of(self.outcomes, self.block), self.rule.confidence)
            self.decision = self.rule.decide(self.last)
            if self.decision is not None:
                self.stopped_at = self.edge
        return self.stopped_at is not None

    def record(self, max_games: int) -> dict[str, Any]:
        """The manifest's ``precision`` entry."""
        return {
            **self.rule.describe(),
            "method": "PrPl-EB confidence sequence over blocks (Waudby-Smith and Ramdas 2024), Bonferroni over sides",
            "block_games": self.block,
            "max_games": max_games,
            "looks": self.looks,
            "stopped_at": self.stopped_at,
            "decision": self.decision,
            "bounds": [
                {
                    "side": b.side,
                    "games": b.games,
                    "blocks": b.blocks,
                    "wins": b.wins,
                    "rate": b.rate,
                    "low": b.low,
                    "high": b.high,
                }
                for b in self.last
            ],
        }


def kept_outcomes(run_dir: Path, chunks: dict[int, int]) -> dict[int, list[Outcome]]:
    """The (winners, sides) of every game of kept chunks (start -> stop), read from the
    shards (a resumed precision run looks at them as if just played): the sides that
    won are the seats' ``won`` flags, so a shared win counts for each of its sides."""
    import polars as pl

    if not chunks:
        return {}
    seats = (
        pl.read_parquet(run_dir / "seats" / "*.parquet")
        .filter(~pl.col("is_npc"))
        .group_by("game_id")
        .agg(
            pl.col("faction").sort_by("seat"), pl.col("faction").filter(pl.col("won")).sort().alias("winners")
        )
    )
    by_id = {
        r["game_id"]: (tuple(r["winners"] or ()), tuple(r["faction"] or ()))
        for r in seats.iter_rows(named=True)
    }
    return {start: [by_id.get(g) for g in range(start, stop)] for start, stop in chunks.items()}


def stopped(run_dir: Path) -> dict[str, Any]:
    """The manifest's record of a stopping rule (where it stopped and every interval)."""
    from cryhavoc_sim.storage.reader import read_manifest

    record: dict[str, Any] = read_manifest(run_dir).get("precision") or {}
    return record


INTERVAL_NAME = "95% confidence sequence, valid at every look"


def stop_sentence(p: dict[str, Any]) -> str:
    """Where a precision run stopped and why, naming the one interval it quotes."""
    target = f"+-{p.get('target', 0) * 100:g} points"
    looks = f"{p.get('looks', 0)} looks"
    if p.get("stopped_at") is None:
        head = f"Reached --max-games ({p.get('max_games'):,}) before every interval was within {target}"
    elif p.get("decision") in ("pass", "moved"):
        head = f"The gate decided ({p['decision']}) at game {p['stopped_at']:,}"
    else:
        head = f"Stopped at game {p['stopped_at']:,}: every interval within {target}"
    block = p.get("block_games")
    over = f" over whole blocks of {block} games, each one or more whole deals" if block and block > 1 else ""
    return f"{head} (intervals: confidence sequences{over}, 95% at every look, {looks})."


def rate_line(p: dict[str, Any]) -> str:
    """Each side's rate with its confidence-sequence interval, highest first: the one
    interval a precision run quotes (the rule stopped on it)."""
    cells = ", ".join(
        f"{b['side']} {b['rate']:.1%} ({b['low']:.1%}-{b['high']:.1%}, n={b['games']})".replace("%-", "-", 1)
        for b in sorted(p.get("bounds", []), key=lambda b: (-b["rate"], b["side"]))
    )
    return f"Win rates ({INTERVAL_NAME}; games counted): {cells}"


def gate_table(p: dict[str, Any], baseline: dict[str, float], tolerance: float) -> str:
    """The intervals ``check --precision`` decided on, as a Markdown table: per side the
    baseline band, the run's confidence-sequence interval and what the gate reads."""
    rule = Gate(baseline, tolerance, float(p.get("target", 0.0)))
    block = max(1, int(p.get("block_games") or 1))
    found = [
        Bound(
            str(b["side"]),
            int(b["games"]) // block,
            int(b["games"]),
            int(b["wins"]),
            float(b["rate"]),
            float(b["low"]),
            float(b["high"]),
        )
        for b in p.get("bounds", [])
    ]
    said = rule.verdicts(found)
    words = {"pass": "inside the band", "moved": "outside the band (moved)", "open": "overlaps its edge"}
    out = [
        "| side | baseline +- tolerance | run (confidence sequence, 95% at every look) | reads |",
        "|---|---|---|---|",
    ]
    for b in sorted(found, key=lambda b: b.side):
        ref = baseline.get(b.side)
        band = f"{max(0.0, ref - tolerance):.1%}-{min(1.0, ref + tolerance):.1%}" if ref is not None else "-"
        out.append(
            f"| {b.side} | {band} | {b.rate:.1%} ({b.low * 100:.1f}-{b.high:.1%}) | {words[said[b.side]]} |"
        )
    return "\n".join(out) + "\n"
