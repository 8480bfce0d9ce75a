"""Who played a run: the bots in each side's seats, the bots' and the rules' versions and
the player counts, in one sentence that every result carries. A win rate measures the
players behind it as much as the game, so a report, the end-of-run line, ``compare`` and
``check`` say which players they speak for, and call a run whose seats were not played by
the same bot a *mixed line-up*: there a side's win rate says how its player did against
the others, not how the side does when every seat is played equally well."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import polars as pl


@dataclass(frozen=True, slots=True)
class LineUp:
    """The bots of a run's player seats (by side) and of the sides the rules play."""

    bots: dict[str, tuple[str, ...]]  # side -> the bots that played its player seats
    rules_played: dict[str, tuple[str, ...]]  # side -> its non-player bots (npc Trogs, automaton)
    bots_version: str
    rules_version: str
    players: tuple[int, ...]  # player counts of the run's games

    @property
    def every_seat(self) -> str | None:
        """The one bot of every player seat, or None when seats differ (mixed)."""
        names = {b for bots in self.bots.values() for b in bots}
        return names.pop() if len(names) == 1 else None

    @property
    def mixed(self) -> bool:
        return bool(self.bots) and self.every_seat is None

    def short(self) -> str:
        """A few words for figure titles: "heuristic in every seat" or "mixed line-up"."""
        one = self.every_seat
        return f"{one} in every seat" if one is not None else "mixed line-up"

    def sentence(self) -> str:
        """The line-up in words, with the versions and player counts."""
        counts = "/".join(str(n) for n in self.players) or "?"
        versions = f"bots {self.bots_version}, rules {self.rules_version}, {counts}-player games"
        npc = "".join(
            f"; {side}: non-player ({', '.join(bots)})" for side, bots in sorted(self.rules_played.items())
        )
        one = self.every_seat
        if one is not None:
            return f"Played by {one} in every seat ({versions}{npc})."
        by_bot: dict[tuple[str, ...], list[str]] = {}
        for side, bots in sorted(self.bots.items()):
            by_bot.setdefault(bots, []).append(side)
        parts = "; ".join(f"{', '.join(sides)}: {' or '.join(bots)}" for bots, sides in by_bot.items())
        return (
            f"Mixed line-up: {parts} ({versions}{npc}). Its win rates compare players as much as"
            " sides: they are not a verdict on balance, which needs every seat played equally well."
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "bots": {side: list(bots) for side, bots in self.bots.items()},
            "rules_played": {side: list(bots) for side, bots in self.rules_played.items()},
            "every_seat": self.every_seat,
            "mixed": self.mixed,
            "bots_version": self.bots_version,
            "rules_version": self.rules_version,
            "players": list(self.players),
            "sentence": self.sentence(),
        }


def lineup(run: Any) -> LineUp:
    """The line-up of ``run`` (a ``storage.reader.Run``), read from its seats and games."""
    seats = run.seats.select("faction", "bot", "is_npc").unique().sort("faction", "bot").collect()
    players: dict[str, set[str]] = {}
    npc: dict[str, set[str]] = {}
    for side, bot, is_npc in seats.iter_rows():
        (npc if is_npc else players).setdefault(side, set()).add(str(bot))
    counts = run.games.select(pl.col("n_players").unique().sort()).collect()["n_players"].to_list()
    m = run.manifest
    return LineUp(
        {side: tuple(sorted(b)) for side, b in players.items()},
        {side: tuple(sorted(b)) for side, b in npc.items() if side not in players},
        str(m.get("bots_version") or "unrecorded"),
        str(m.get("rules_version") or "unrecorded"),
        tuple(int(n) for n in counts if n is not None),
    )
