"""A readable (and JSON) listing of a content set, with every item's provenance."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.content_kit.listing import allowed, plausible_rows, provenance_fields, show
from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet, Effects


def describe(effects: Effects) -> str:
    """An effect list in words, e.g. ``kill(count=1, where=adjacent_enemy)``."""
    return "; ".join(f"{e.op}({', '.join(f'{k}={v}' for k, v in e.args.items())})" for e in effects) or "-"


def content_listing(cs: ContentSet) -> dict[str, Any]:
    return {
        "content_id": cs.content_id,
        "provenance_counts": cs.provenance_counts(),
        "reconstructed": cs.reconstructed,
        "boards": {
            side: [
                {
                    "id": r.id,
                    "name": r.name,
                    "terrain": r.terrain,
                    "crystals": r.crystals,
                    "hq": r.hq,
                    "trog_hq": r.trog_hq,
                    "tunnel": r.tunnel,
                    "exploration": r.exploration,
                    "war_party": r.war_party,
                    "adjacent": list(r.adjacent),
                    **provenance_fields(r),
                }
                for r in b.regions
            ]
            for side, b in cs.boards.items()
        },
        "cards": [
            {
                "id": c.id,
                "name": c.name,
                "deck": c.deck,
                "move": c.move,
                "recruit": c.recruit,
                "build": c.build,
                "bonus": c.bonus,
                "special": c.special,
                "tactic": describe(c.tactic),
                "text": c.text,
                **provenance_fields(c),
            }
            for c in cs.cards.values()
        ],
        "skills": [
            {
                "id": s.id,
                "faction": s.faction,
                "name": s.name,
                "default": s.default,
                "timing": s.timing,
                "cost_crystals": s.cost_crystals,
                "cost_units": s.cost_units,
                "effect": describe(s.effect),
                "text": s.text,
                **provenance_fields(s),
            }
            for s in cs.skills.values()
        ],
        "structures": [
            {
                "id": s.id,
                "faction": s.faction,
                "name": s.name,
                "build_cost": s.build_cost,
                "activate_cost": s.activate_cost,
                "tokens": s.tokens,
                "passive": [{"on": ps.on, "effect": describe(ps.effect)} for ps in s.passive],
                "handler": s.handler,
                "effect": describe(s.effect),
                "text": s.text,
                **provenance_fields(s),
            }
            for s in cs.structures.values()
        ],
        "tokens": [
            {
                "id": t.id,
                "kind": t.kind,
                "name": t.name,
                "trogs": t.trogs,
                "crystals": t.crystals,
                "effect": describe(t.effect),
                "text": t.text,
                **provenance_fields(t),
            }
            for t in (*cs.events, cs.final_event, *cs.exploration, *cs.war_parties, *cs.nests)
        ],
        "track": {"event_spots": list(cs.track.event_spots), **provenance_fields(cs.track)},
        "plausible": plausible_rows(cs.plausible),
        "overrides": dict(cs.overrides),
    }


def render_listing(listing: dict[str, Any]) -> str:
    counts = listing["provenance_counts"]
    lines = [
        f"Content set {listing['content_id']}",
        f"Provenance: {counts['rulebook']} rulebook, {counts['research']} research, {counts['reconstructed']} reconstructed"
        + (f", {counts['calibrated']} reconstructed and calibrated" if counts.get("calibrated") else "")
        + " items.",
    ]
    if listing["reconstructed"]:
        lines.append("RECONSTRUCTED items are invented; results that rest on them are labelled so.")
    tag = {
        "rulebook": "[rulebook]",
        "research": "[research]",
        "reconstructed": "[RECONSTRUCTED]",
        "calibrated": "[RECONSTRUCTED, calibrated]",
    }
    for side, regions in listing["boards"].items():
        lines.append(f"\nBoard {side}: {len(regions)} Regions")
        for r in regions:
            marks = [m for m in ("hq", "trog_hq", "tunnel", "exploration", "war_party") if r[m]]
            lines.append(
                f"  {r['name']:<18} {r['terrain'] or 'no terrain':<10} crystals {r['crystals']}  {' '.join(marks):<28} {tag[r['provenance']]}"
            )
    lines.append("\nTactics cards (move/recruit/build icons)")
    for c in listing["cards"]:
        extra = ", ".join(x for x in (c["bonus"] and f"bonus {c['bonus']}", c["special"]) if x)
        lines.append(
            f"  {c['deck']:<9} {c['name']:<22} {c['move']}/{c['recruit']}/{c['build']} {extra:<22} {c['text']} {tag[c['provenance']]}"
        )
    lines.append("\nSkills")
    for s in listing["skills"]:
        lines.append(
            f"  {s['faction']:<9} {s['name']:<18}{' (Default)' if s['default'] else '          '} {s['text']} {tag[s['provenance']]}"
        )
    lines.append("\nStructures (build/activate cost, tokens)")
    for s in listing["structures"]:
        lines.append(
            f"  {s['faction']:<9} {s['name']:<16} {s['build_cost']}/{s['activate_cost']} x{s['tokens']}  {s['text']} {tag[s['provenance']]}"
        )
    lines.append("\nTokens")
    for t in listing["tokens"]:
        lines.append(f"  {t['kind']:<12} {t['name']:<22} {t['text']} {tag[t['provenance']]}")
    lines.append(
        f"\nScore track Event spots at VP {listing['track']['event_spots']} {tag[listing['track']['provenance']]}"
    )
    lines.append(
        "\nPlausible values of reconstructed numbers (`sweep` varies them; a scenario's [overrides] sets them)"
    )
    for p in listing["plausible"]:
        lines.append(f"  {p['path']}\n      shipped {p['shipped']}; plausible {allowed(p)}. {p['rationale']}")
    if listing["overrides"]:
        lines.append(
            "\nOverridden by the scenario: "
            + ", ".join(f"{k} = {v}" for k, v in listing["overrides"].items())
        )
    return "\n".join(lines)


def listed(content: ContentSet, as_json: bool) -> str:
    """The ``content`` command's listing, as JSON or as text."""
    return show(content_listing(content), as_json, render_listing)
