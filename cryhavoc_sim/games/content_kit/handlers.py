"""Content is data; behaviour the data cannot say is code registered under the item's id
(a Cry Havoc Structure with ``handler = true``). The two sets must match both ways: an item
flagged with no handler would do nothing, a handler with no item is dead code."""

from __future__ import annotations

from collections.abc import Iterable


def mismatch(flagged: Iterable[str], registered: Iterable[str], what: str) -> str | None:
    """None when the ids ``flagged`` in the data and the ``registered`` handlers are the
    same set; else one sentence naming the ids on each side (``what``: "Structure")."""
    data, code = set(flagged), set(registered)
    if data == code:
        return None
    parts = []
    if data - code:
        parts.append(f"{what} ids flagged in the data with no handler: {', '.join(sorted(data - code))}")
    if code - data:
        parts.append(f"handlers with no {what} flagged in the data: {', '.join(sorted(code - data))}")
    return "; ".join(parts) + "."
