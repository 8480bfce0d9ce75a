"""The card pool: the whole base set with its real statistics, the later sets' vanilla
units, and every card's provenance (real in full, real in numbers only, reconstructed)
counted in the content listing."""

from __future__ import annotations

import json
import subprocess
import sys

from cryhavoc_sim.games.warcry.content import load_content

CONTENT = load_content()


def test_the_whole_base_set_is_in_the_pool() -> None:
    # the base set (WarCry, code WC) numbers its 184 cards 1 to 184
    assert all(f"WC{i}" in CONTENT.cards for i in range(1, 185))


def test_base_set_statistics_are_the_databases() -> None:
    # as in shared/content/warcry_card_stats.csv
    archaon = CONTENT.cards["WC1"]
    assert (archaon.cost, archaon.strength, archaon.tactic_points, archaon.leadership) == (8, 6, 6, 6)
    assert archaon.unique and archaon.kind == "Cavalry"
    patrol = CONTENT.cards["WC179"]  # Lathain's Patrol: Long Ranged 6
    assert (patrol.ranged, patrol.range, patrol.abilities) == (6, "long_ranged", ())
    archon = CONTENT.cards["WC31"]  # The Archon of Twilight: a Flyer with Terror 2
    assert (archon.kind, archon.terror, archon.cost) == ("Flyer", 2, 6)
    assert CONTENT.cards["WC80"].keywords == ("Strategy",)  # Hold the Line!


def test_an_ability_not_in_the_research_files_is_marked_reconstructed_with_its_reason() -> None:
    numbers_only = [c for c in CONTENT.cards.values() if c.ability_provenance]
    assert numbers_only and all(
        c.ability_provenance == "reconstructed" and c.ability_rationale for c in numbers_only
    )
    assert CONTENT.cards["WC1"].ability_provenance == "reconstructed"  # Archaon's text is not known
    assert CONTENT.cards["WC2"].ability_provenance == ""  # Azyrneth's Bloodpack's paraphrase is
    actions = [c for c in CONTENT.cards.values() if c.type in ("Tactic", "Command", "Reaction")]
    assert all(c.abilities for c in actions)  # every action card does something


def test_the_later_sets_vanilla_units_are_available() -> None:
    # beside them, three Evil Long Ranged units of later sets with reconstructed abilities
    later = [c for c in CONTENT.cards.values() if not c.id.startswith("WC") and not c.ability_provenance]
    assert len(later) >= 150 and {"SM1", "PW46", "VB21"} <= set(CONTENT.cards)
    assert all(
        c.type == "Unit" and not c.abilities and c.kind in ("Infantry", "Cavalry", "Flyer") for c in later
    )
    assert all(c.provenance.source == "research" for c in later)


def test_the_content_listing_counts_cards_by_source() -> None:
    counts = CONTENT.card_sources()
    assert sum(counts.values()) == len(CONTENT.cards)
    assert counts["real in full"] > 0 and counts["real in numbers only"] > 0
    proc = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", "content", "--game", "warcry", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(proc.stdout)["cards by source"] == counts


def test_the_new_decks_hold_unique_characters_flyers_and_long_ranged_units() -> None:
    new = ("Dark Elf", "Empire Elite", "High Elf", "Horde")
    assert {CONTENT.armies[n].alignment for n in new} == {"Good", "Evil"}
    for name in new:
        cards = [CONTENT.cards[c] for c in CONTENT.armies[name].cards]
        assert any(c.unique and c.is_unit for c in cards), name
        assert any(c.kind == "Flyer" for c in cards), name
        assert any(c.range == "long_ranged" for c in cards), name
        assert CONTENT.armies[name].provenance.source == "reconstructed"
    full = [CONTENT.cards[c] for c in CONTENT.actions["Full"].cards]
    assert {c.type for c in full} == {"Tactic", "Command", "Reaction"}
    assert any(c.type == "Command" and not c.is_strategy for c in full)
