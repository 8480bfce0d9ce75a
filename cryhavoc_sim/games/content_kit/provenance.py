"""Where a content item comes from, said by every item and counted beside every result.

``rulebook`` and ``research`` items are printed facts; ``reconstructed`` ones are invented
(with a rationale saying why they are plausible); ``calibrated`` ones were reconstructed,
then chosen inside their declared range by a search (``cryhavoc-sim tune``), which their
rationale names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from cryhavoc_sim.errors import ContentError

PROVENANCES: tuple[str, ...] = ("rulebook", "research", "reconstructed", "calibrated")
INVENTED: tuple[str, ...] = ("reconstructed", "calibrated")


@dataclass(frozen=True, slots=True)
class Provenance:
    source: str
    rationale: str


class HasProvenance(Protocol):
    @property
    def provenance(self) -> Provenance: ...


def read_provenance(where: str, table: dict[str, Any]) -> Provenance:
    """An item's ``provenance`` and ``rationale`` fields, checked: a known source, and a
    rationale (text) wherever the item is not printed in the rulebook."""
    source = table.get("provenance")
    if not isinstance(source, str) or source not in PROVENANCES:
        shown = "is missing" if source is None else f"is {source!r}"
        raise ContentError(f"{where}: field 'provenance' {shown}; allowed: {', '.join(PROVENANCES)}.")
    rationale = table.get("rationale", "")
    if not isinstance(rationale, str):
        raise ContentError(f"{where}: field 'rationale' must be text, got {rationale!r}.")
    if source != "rulebook" and not rationale:
        raise ContentError(f"{where}: field 'rationale' is required when provenance is {source!r}.")
    return Provenance(source, rationale)


def provenance_counts(items: Iterable[HasProvenance]) -> dict[str, int]:
    """How many items rest on each kind of source, every kind named (0 when none)."""
    counts = dict.fromkeys(PROVENANCES, 0)
    for item in items:
        counts[item.provenance.source] += 1
    return counts


def rests_on_invention(counts: dict[str, int]) -> bool:
    """Whether results on a set with these counts rest on invented numbers."""
    return sum(counts.get(k, 0) for k in INVENTED) > 0
