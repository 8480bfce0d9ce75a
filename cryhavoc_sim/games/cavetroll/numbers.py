"""Cave Troll's content as ``cryhavoc-sim content`` lists it: every item with its
provenance and every invented number with its plausible range."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.cavetroll.content import CaveTrollContent
from cryhavoc_sim.games.content_kit.listing import provenance_fields, show


def content_listing(content: CaveTrollContent) -> dict[str, Any]:
    """Everything a user may want to check of a set, as plain data."""
    return {
        "content_id": content.content_id,
        "reconstructed": content.reconstructed,
        "provenance": content.provenance_counts(),
        "numbers": dict(content.numbers),
        "overrides": [list(o) for o in content.overrides],
        "rooms": [
            {"id": s.id, "gold": s.gold, **provenance_fields(s)}
            for s in content.spaces.values()
            if s.kind == "room"
        ],
        "spaces": {
            k: sum(1 for s in content.spaces.values() if s.kind == k) for k in ("room", "staircase", "pit")
        },
        "doorways": len(content.doorways),
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "kind": c.kind,
                "set": c.set,
                "copies": c.copies,
                "icons": c.icons,
                "figure": c.figure,
                **provenance_fields(c),
            }
            for c in content.cards.values()
        ],
        "artifacts": [
            {"id": a.id, "name": a.name, "effect": a.effect, "gold": a.gold, **provenance_fields(a)}
            for a in content.artifacts.values()
        ],
        "plausible": [
            {"path": p.path, "range": p.describe(), "shipped": p.shipped(), "rationale": p.rationale}
            for p in content.plausible
        ],
    }


def render_listing(listing: dict[str, Any]) -> str:
    prov = ", ".join(f"{k} {v}" for k, v in listing["provenance"].items())
    lines = [
        f"Cave Troll content {listing['content_id']}",
        f"  items by source: {prov}",
    ]
    if listing["reconstructed"]:
        lines.append(
            "  RECONSTRUCTED: results rest on invented numbers (below, with their plausible ranges)."
        )
    lines.append("  numbers: " + ", ".join(f"{k} = {v}" for k, v in listing["numbers"].items()))
    if listing["overrides"]:
        lines.append("  overrides: " + ", ".join(f"{p} = {v}" for p, v in listing["overrides"]))
    sp = listing["spaces"]
    lines.append(
        f"  board: {sp['room']} rooms, {sp['staircase']} staircases, {sp['pit']} pits, {listing['doorways']} doorways"
    )
    gold: dict[int, int] = {}
    for r in listing["rooms"]:
        gold[r["gold"]] = gold.get(r["gold"], 0) + 1
    lines.append("  room gold: " + ", ".join(f"{n} rooms of {g}" for g, n in sorted(gold.items())))
    lines.append("  cards (per colour):")
    for c in listing["cards"]:
        lines.append(
            f"    {c['name']:<18} {c['kind']:<8} set {c['set']:<8} x{c['copies']:<2} icons {c['icons']}  [{c['provenance']}]"
        )
    lines.append("  artifacts:")
    for a in listing["artifacts"]:
        lines.append(
            f"    {a['name']:<22} {a['effect']:<15} gold {a['gold']}  [{a['provenance']}] {a['rationale']}"
        )
    lines.append("  invented numbers a sweep varies:")
    for p in listing["plausible"]:
        lines.append(f"    {p['path']}: {p['range']} (shipped {p['shipped']}) - {p['rationale']}")
    return "\n".join(lines)


def listed(content: CaveTrollContent, as_json: bool) -> str:
    """The ``content`` command's listing, as JSON or as text."""
    return show(content_listing(content), as_json, render_listing)
