"""Scenario overrides and sweep values: set content values by address (or by a pattern
naming several, :mod:`~cryhavoc_sim.games.content_kit.patterns`) in the parsed files,
before the game's loader checks them, so a value the game cannot play is refused with the
loader's own sentence."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.content_kit import patterns
from cryhavoc_sim.games.content_kit.addresses import Slot, Table, addresses, kind, plain
from cryhavoc_sim.games.content_kit.spec import ContentSpec

# A scenario or a sweep cell sets a handful; a calibrated set a few dozen.
MAX_OVERRIDES = 1000


def shown(path: str) -> str:
    """A path as a sentence quotes it: cut to 80 characters (a path may be anything)."""
    return repr(path if len(path) <= 80 else path[:77] + "...")


def matching(table: Mapping[str, Slot], path: str, what: str) -> list[str]:
    """The addresses ``path`` names; a pattern too large is a :class:`ContentError`
    (``what`` names it: "override 'x.{a,b}...'")."""
    try:
        return patterns.matching(table, path)
    except patterns.PatternTooLarge as exc:
        raise ContentError(f"{what} {exc}") from None


def apply_overrides(spec: ContentSpec, docs: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``docs`` with every override set; a path that names nothing, a pattern
    too large, or a value of the wrong kind is a :class:`ContentError` naming the path."""
    if not overrides:
        return docs
    if len(overrides) > MAX_OVERRIDES:
        raise ContentError(f"{len(overrides):,} overrides; a content set takes at most {MAX_OVERRIDES:,}.")
    for path in overrides:  # every pattern bounded before any is matched
        try:
            patterns.check(path)
        except patterns.PatternTooLarge as exc:
            raise ContentError(f"override {shown(path)} {exc}") from None
    out = copy.deepcopy(docs)
    for t in spec.tables:  # a single table a file leaves out is set all the same
        if isinstance(t, Table) and isinstance(out.get(t.file), dict):
            out[t.file].setdefault(t.key, {})
    table = addresses(out, spec.tables)
    # Overrides are applied in their order but a content id hashes them sorted: two that
    # set one value differently (overlapping patterns, a choice and a flag it sets) would
    # give one id to different content, so they are refused.
    written: dict[tuple[Any, ...], tuple[str, Any]] = {}
    for path, value in overrides.items():
        found = matching(table, path, f"override {shown(path)}")
        if not found:
            raise ContentError(
                f"override {shown(path)} names no number of {spec.noun}; `{spec.numbers_command}` lists the paths"
            )
        for address in found:
            slot = table[address]
            old = slot.get(out)
            if not (plain(value) and kind(old) == kind(value)):
                raise ContentError(
                    f"override {shown(path)} must be {kind(old)} (as {address} is), got {value!r}"
                )
            try:
                writes = slot.writes(value)
            except ContentError as exc:  # a choice among items names one of them
                raise ContentError(f"override {shown(path)} {exc}") from None
            for place, v in writes:
                first, was = written.setdefault(place, (path, v))
                if first != path and was != v:
                    raise ContentError(
                        f"overrides {shown(first)} and {shown(path)} set {address} differently; give one of them"
                    )
            slot.set(out, copy.deepcopy(value))
    return out


def content_values(
    spec: ContentSpec, docs: dict[str, Any], overrides: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every addressable value of ``docs`` after ``overrides``: what a sweep may set and
    ``cryhavoc-sim content --numbers`` lists."""
    out = apply_overrides(spec, docs, overrides or {})
    return {address: slot.get(out) for address, slot in addresses(out, spec.tables).items()}
