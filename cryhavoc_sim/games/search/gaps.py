"""How much a searched decision mattered, logged as the search plays: for every decision
a search answers (``ismcts.py``, ``paired.py``, in every game), the search's value of the
answer it chose and of the second best, and the gap between them (TAG logs the same
from the search its bots do anyway). A gap of 0.05 means the search thought the second
best answer worth five points of the leaf value (a win probability, or the game's
evaluation on the same 0-to-1 scale) less than its choice: a decision that matters.

What each search calls the two values:

- the paired-rollout search: the mean value over the worlds of the candidates in its last
  round of halving, which were all rolled out in the very same worlds; the chosen one is
  the best of them, so the gap is never negative;
- ISMCTS: the mean value of the root's children, the most visited (its answer) against
  the best mean among the others tried; a most-visited answer whose mean trails another
  one's (UCB1 leaves that only when the budget ends before it is settled) counts as a gap
  of 0. A search that tried only one answer logs nothing.

Off unless a scenario asks (``decisions = true``): the runner (``runner/play.py``) opens a
:class:`SearchGaps` in :data:`SEARCH_GAPS` around the game, and the searches read that
one variable once a searched decision; off, they read None and do nothing else. A
context variable, so each thread that plays games has its own. Logging only reads the
search's own totals: the games are the same with it and without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

# gaps above these (in the leaf value's units, win probability) are counted apart
MATTERS = 0.05  # "a decision that matters"
CLOSE = 0.01  # above this, the second best is measurably worse


class SearchGaps:
    """Per player and request kind: the searched decisions, their summed gap, and how many
    had a gap above :data:`CLOSE` and above :data:`MATTERS`."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        # player -> kind -> [searched, gap sum, gaps over CLOSE, gaps over MATTERS]
        self.seen: dict[str, dict[str, list[float]]] = {}

    def record(self, player: str, kind: str, chosen: float, second: float) -> None:
        """A searched decision of ``player`` of request kind ``kind``: the values of the
        chosen answer and of the second best."""
        gap = chosen - second
        if not gap > 0.0:  # ISMCTS's most visited behind on mean, or a tie
            gap = 0.0
        mine = self.seen.setdefault(player, {})
        row = mine.get(kind)
        if row is None:
            row = mine[kind] = [0, 0.0, 0, 0]
        row[0] += 1
        row[1] += gap
        if gap > CLOSE:
            row[2] += 1
        if gap > MATTERS:
            row[3] += 1

    def of(self, player: str, kind: str) -> dict[str, int | float]:
        """The columns of ``seats.decisions`` for ``player``'s ``kind``: zeros when none
        was searched."""
        row = self.seen.get(player, {}).get(kind, [0, 0.0, 0, 0])
        return {
            "searched": int(row[0]),
            "gap_sum": float(row[1]),
            "over_1pt": int(row[2]),
            "over_5pt": int(row[3]),
        }


SEARCH_GAPS: ContextVar[SearchGaps | None] = ContextVar("search_gaps", default=None)


@contextmanager
def logging_gaps(gaps: SearchGaps) -> Iterator[SearchGaps]:
    """Searches in this thread log their decisions into ``gaps`` until the block ends."""
    token = SEARCH_GAPS.set(gaps)
    try:
        yield gaps
    finally:
        SEARCH_GAPS.reset(token)
