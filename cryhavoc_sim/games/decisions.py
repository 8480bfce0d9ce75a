"""Decisions that matter: per player and request kind, how many decisions the player was
asked and how many of them had more than one legal answer (TAG's decision points: a
request with one legal answer is no decision), and of those a search answered, how much
the answer mattered (the gap between the search's values of its choice and of the second
best, ``games/search/gaps.py``). Logged only when a scenario asks (``decisions = true``),
into ``seats.decisions``; off, nothing is counted and the driver loop runs as before. The
counter only reads the states it is shown (the driver loop's observer) and the searches'
own totals, so the games are the same with it and without it."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.search.gaps import SearchGaps


class DecisionCounter:
    """The driver loop's observer that counts decisions (see the module docstring)."""

    __slots__ = ("counts", "gaps")

    def __init__(self) -> None:
        self.counts: dict[str, dict[str, list[int]]] = {}  # player -> kind -> [asked, with a choice]
        self.gaps = SearchGaps()  # the searched decisions (open it with search.gaps.logging_gaps)

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
        """Per player: one {kind, asked, choices, searched, gap_sum, over_1pt, over_5pt}
        per request kind, in kind order."""
        return {
            p: [
                {"kind": k, "asked": v[0], "choices": v[1], **self.gaps.of(p, k)}
                for k, v in sorted(kinds.items())
            ]
            for p, kinds in self.counts.items()
        }
