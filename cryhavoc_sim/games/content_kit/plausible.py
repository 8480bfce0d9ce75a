"""Plausible declarations: next to what it reconstructs, a content file says which values
are plausible, and ``sweep`` varies them::

    [[plausible]]
    path = "tokens.war_party.*.trogs"   # an address or a pattern
    range = [1, 3]                      # whole numbers, both ends included
    rationale = "why these values are plausible"

or ``choices = [...]`` for a reconstructed choice and its alternatives. A declaration must
name values of the set and hold their shipped values.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.content_kit.addresses import PickSlot, Slot, addresses, kind, plain
from cryhavoc_sim.games.content_kit.overrides import matching, shown
from cryhavoc_sim.games.content_kit.spec import ContentSpec
from cryhavoc_sim.games.protocol import Plausible

FIELDS = ("path", "range", "choices", "rationale")


def declared(spec: ContentSpec, base: Path, docs: Mapping[str, Any]) -> list[Plausible]:
    """The ``[[plausible]]`` declarations of every file, checked against the files'
    own values (``docs`` before any override)."""
    table = addresses(docs, spec.tables)
    out: list[Plausible] = []
    seen: set[str] = set()
    for file in spec.plausible_files:
        label = spec.label(base, file)
        raw = docs.get(file, {}).get("plausible", [])
        if not isinstance(raw, list):
            raise ContentError(f"{label}: plausible must be an array of tables ([[plausible]]).")
        for i, entry in enumerate(raw):
            out.append(_declaration(f"{label}: plausible[{i}]", file, entry, table, docs, seen))
    return out


def _declaration(
    where: str, file: str, entry: Any, table: Mapping[str, Slot], docs: Mapping[str, Any], seen: set[str]
) -> Plausible:
    if not isinstance(entry, dict):
        raise ContentError(f"{where} must be a table.")
    unknown = set(entry) - set(FIELDS)
    if unknown:
        raise ContentError(
            f"{where}: unknown field(s) {', '.join(sorted(unknown))}; allowed: {', '.join(FIELDS)}."
        )
    path, rationale = entry.get("path"), entry.get("rationale")
    if not isinstance(path, str) or not path:
        raise ContentError(f"{where}: field 'path' must name content numbers, got {path!r}.")
    if path in seen:
        raise ContentError(f"{where}: path {shown(path)} is declared twice.")
    seen.add(path)
    if not isinstance(rationale, str) or not rationale:
        raise ContentError(f"{where}: field 'rationale' is required (why these values are plausible).")
    found = matching(table, path, f"{where}: field 'path'")
    if not found:
        raise ContentError(f"{where}: path {shown(path)} names no number of the content.")
    current = tuple(table[a].get(docs) for a in found)
    low = high = None
    choices: tuple[Any, ...] = ()
    if ("range" in entry) == ("choices" in entry):
        raise ContentError(f"{where}: give exactly one of 'range' = [low, high] or 'choices' = [...].")
    if "range" in entry:
        r = entry["range"]
        whole = (
            isinstance(r, list)
            and len(r) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in r)
        )
        if not whole or r[0] >= r[1]:
            raise ContentError(
                f"{where}: field 'range' must be [low, high], whole numbers with low < high, got {r!r}."
            )
        if any(kind(c) != "a whole number" for c in current):
            raise ContentError(
                f"{where}: a range needs whole numbers, but {shown(path)} names {kind(current[0])}."
            )
        low, high = r
        outside = [c for c in current if not low <= c <= high]
        if outside:
            raise ContentError(
                f"{where}: range {r} leaves out the shipped value {outside[0]} of {shown(path)}."
            )
    else:
        c = entry["choices"]
        if (
            not isinstance(c, list)
            or len(c) < 2
            or any(not (plain(x) and kind(x) == kind(current[0])) for x in c)
        ):
            raise ContentError(
                f"{where}: field 'choices' must list 2 or more alternatives, each {kind(current[0])}, got {c!r}."
            )
        choices = tuple(c)
        for a in found:  # a choice among items names one of them
            slot = table[a]
            if isinstance(slot, PickSlot):
                wrong = [x for x in choices if x not in slot.ids]
                if wrong:
                    ids = ", ".join(repr(i) for i in slot.ids)
                    raise ContentError(f"{where}: choice {wrong[0]!r} is not one of {a}'s: {ids}.")
        outside = [v for v in current if v not in choices]
        if outside:
            raise ContentError(
                f"{where}: choices leave out the shipped value {outside[0]!r} of {shown(path)}."
            )
    return Plausible(path, file, low, high, choices, rationale, current)
