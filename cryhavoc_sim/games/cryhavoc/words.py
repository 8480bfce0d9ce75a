"""The words and colours Cry Havoc's report uses: the sources of the VP ledger as the
rulebook names them, and each faction's colour."""

from __future__ import annotations

from cryhavoc_sim.games.protocol import Vocabulary

VOCABULARY = Vocabulary(
    sources=(
        ("battle_control", "Region Control in Battles"),
        ("attrition", "Attrition kills"),
        ("prisoners", "Prisoners held"),
        ("prisoner_return", "Prisoners bought back"),
        ("scoring_regions", "Regions at Scoring"),
        ("scoring_crystals", "Crystals at Scoring"),
        ("card_bonus", "card bonuses"),
        ("tactic", "Tactics"),
        ("skill", "Skills"),
        ("structure", "Structures"),
        ("exploration", "Exploration tokens"),
        ("event", "Events"),
    )
)

SIDE_COLOURS = {"humans": "#d9a400", "pilgrims": "#2f6fb3", "machines": "#c0392b", "trogs": "#3a8f3a"}
