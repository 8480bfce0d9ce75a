"""Decisions that matter: per player and request kind, how many decisions the player was
asked and how many of them had more than one legal answer (TAG's decision points: a
request with one legal answer is no decision). Logged only when a scenario asks
(``decisions = true``), into ``seats.decisions``; off, nothing is counted and the driver
loop runs as before. The counter only reads the states it is shown (the driver loop's
observer), so the games are the same with it and without it."""

from __future__ import annotations

from typing import Any


class DecisionCounter:
    """The driver loop's observer that counts decisions (see the module docstring)."""

    __slots__ = ("counts",)

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, list[int]]] = {}  # player -> kind -> [asked, with a choice]

    def __call__(self, state: Any) -> None:
        player = state.current_player
        if player is None:
            return
        mine = self.counts.setdefault(player, {})
        seen = mine.get(state.kind)
        if seen is None:
            seen = mine[state.kind] = [0, 0]
        seen[0] += 1
        if len(state.legal_answers()) > 1:
            seen[1] += 1

    def rows(self) -> dict[str, list[dict[str, Any]]]:
        """Per player: one {kind, asked, choices} per request kind, in kind order."""
        return {
            p: [{"kind": k, "asked": v[0], "choices": v[1]} for k, v in sorted(kinds.items())]
            for p, kinds in self.counts.items()
        }
