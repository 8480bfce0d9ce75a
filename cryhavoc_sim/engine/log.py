"""The event log a game emits as it plays (columns of shared/OUTPUT_CONTRACT.md).

Events are plain tuples in column order; storage turns them into Parquet. The ``vp``
events are a ledger: per faction they sum to the final VP.
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


EVENT_COLUMNS = Event._fields
