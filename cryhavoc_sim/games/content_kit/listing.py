"""The parts of a content listing every game shares: an item's provenance, the declared
plausible values, the overrides, and the choice between text and JSON. Each game lays out
its own items around them (``cryhavoc-sim content``)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from cryhavoc_sim.games.content_kit.provenance import HasProvenance
from cryhavoc_sim.games.protocol import Plausible


def provenance_fields(item: HasProvenance) -> dict[str, str]:
    """An item's provenance and rationale, as listing fields."""
    return {"provenance": item.provenance.source, "rationale": item.provenance.rationale}


def plausible_rows(plausible: tuple[Plausible, ...]) -> list[dict[str, Any]]:
    """Every declaration with its file, shipped value and range or alternatives."""
    return [
        {
            "path": p.path,
            "file": p.file,
            "shipped": p.shipped(),
            "range": None if p.choices else [p.low, p.high],
            "choices": list(p.choices) or None,
            "rationale": p.rationale,
        }
        for p in plausible
    ]


def allowed(row: dict[str, Any]) -> str:
    """A plausible row's values in words: "1 to 3" or "a | b"."""
    if row["range"]:
        return f"{row['range'][0]} to {row['range'][1]}"
    return " | ".join(map(str, row["choices"]))


def show(listing: dict[str, Any], as_json: bool, render: Callable[[dict[str, Any]], str]) -> str:
    """The listing as JSON (indented) or as the game's text."""
    return json.dumps(listing, indent=2) if as_json else render(listing)
