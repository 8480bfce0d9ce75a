"""Whether two runs played the same games: a variant that changes nothing in play (a
knob whose floor the content already sits on, an override of a number no rule reads) gives
the same seats and events on the same seeds, and a win-rate comparison of "+0.0%, no
difference beyond chance" would hide that it was never a different game.

Each game is reduced to one digest of what happened in it (its outcome columns, its seats
and, where both runs logged them, its events), run-level columns left out (run id, scenario
and variant names, content id, rules version); games are matched by their index and seed
(the seed recipe derives a game's deal from (master seed, game index); seats rotated over one
deal share its seed). Digests are compared within one process
(polars' row hash), never stored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl

# Columns that name the run rather than say what happened in a game.
_RUN_COLUMNS = ("run_id", "scenario", "variant", "content_id", "rules_version", "game_id")


@dataclass(frozen=True, slots=True)
class SameGames:
    """Games matched on their seed and how many of them played identically."""

    matched: int  # games with the same seed in both runs
    identical: int  # of those, games with the same outcome, seats and events
    games_a: int
    games_b: int
    events: bool  # whether events were compared (both runs logged them)

    @property
    def all_identical(self) -> bool:
        """Every game of both runs matched and played the same."""
        return self.matched > 0 and self.identical == self.matched == self.games_a == self.games_b

    def sentence(self, a: str = "A", b: str = "B") -> str | None:
        """The finding in words, or None when no matched game played the same."""
        what = "outcome, seats and events" if self.events else "outcome and seats (no events logged)"
        if self.all_identical:
            return (
                f"{a} and {b} played identical games: all {self.matched:,} games, on the same seeds,"
                f" have the same {what}. Whatever differs between the runs changed nothing in play,"
                " so their win rates cannot differ."
            )
        if self.identical:
            return (
                f"{self.identical:,} of the {self.matched:,} games played on the same seeds in {a} and {b}"
                f" have the same {what}: the difference between the runs touched only the others."
            )
        return None


def game_digests(run: Any, events: bool = True) -> pl.DataFrame:
    """(game_id, seed, digest) per game of ``run`` (a ``storage.reader.Run``); the digest covers
    the games row's outcome, the game's seats and, with ``events``, its events."""
    games = run.games.select(pl.exclude(*_RUN_COLUMNS), pl.col("game_id"))
    outcome = games.select("game_id", "seed", pl.struct(pl.exclude("game_id", "seed")).hash().alias("g"))
    seats = (
        run.seats.select("game_id", pl.struct(pl.exclude(*_RUN_COLUMNS)).hash().alias("h"), "seat", "player")
        .sort("game_id", "player")
        .group_by("game_id", maintain_order=True)
        .agg(pl.col("h").hash().alias("s"))  # a list's hash: order and values
    )
    frame = outcome.join(seats, on="game_id", how="left")
    parts = ["g", "s"]
    if events:
        logged = (
            run.events.select("game_id", "seq", pl.struct(pl.exclude(*_RUN_COLUMNS)).hash().alias("h"))
            .sort("game_id", "seq")
            .group_by("game_id", maintain_order=True)
            .agg(pl.col("h").hash().alias("e"))
        )
        frame = frame.join(logged, on="game_id", how="left")
        parts.append("e")
    out: pl.DataFrame = frame.select("game_id", "seed", pl.struct(parts).hash().alias("digest")).collect()
    return out


def same_games(run_a: Any, run_b: Any) -> SameGames:
    """How many games of ``run_a`` and ``run_b`` share an index and a seed, and how many of those
    played identically."""
    events = _logged(run_a) and _logged(run_b)  # else compare like with like: outcome and seats
    a, b = game_digests(run_a, events), game_digests(run_b, events)
    joined = a.join(b, on=["game_id", "seed"], suffix="_b")
    identical = int((joined["digest"] == joined["digest_b"]).sum())
    return SameGames(joined.height, identical, a.height, b.height, events)


def _logged(run: Any) -> bool:
    return bool(run.events.select(pl.len()).collect().item())


def play_digest(run: Any) -> int:
    """One number for every game a run played (index, seed and digest of each): equal for
    two runs that played identical games, within one process. A sweep's cells share their
    seeds, so cells whose factor values change nothing in play have equal digests."""
    digests = game_digests(run, _logged(run)).sort("game_id")
    return hash(tuple(zip(digests["game_id"], digests["seed"], digests["digest"], strict=True)))
