"""The event log a game emits as it plays (columns of shared/OUTPUT_CONTRACT.md).

Events are plain tuples in column order; storage turns them into Parquet. The ``vp``
events are a ledger: per faction they sum to the final VP.

``cards`` lists the cards of a ``discard`` for the replay account and the contract
tests. It is not written to Parquet: those thousands of distinct lists cost about 125
bytes a game (13% of the table), and ``cryhavoc-sim replay`` shows them from the seed.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    seq: int
    round: int
    phase: str
    faction: str | None
    kind: str
    region: str | None
    other_faction: str | None
    amount: int | None
    detail: str | None
    cards: str | None = None  # the cards discarded (sorted, comma-separated)


EVENT_COLUMNS = Event._fields
# The columns of the events table (shared/OUTPUT_CONTRACT.md), a prefix of the tuple.
STORED_EVENT_COLUMNS = EVENT_COLUMNS[: EVENT_COLUMNS.index("cards")]
