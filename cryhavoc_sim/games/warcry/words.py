"""What WarCry's events, decks and scores are called: every event kind it logs, each army
deck's colour, and the words the shared report uses (a side is a deck, the score is
Battles won, and how a Battle is won)."""

from __future__ import annotations

from cryhavoc_sim.games.protocol import Vocabulary

EVENT_KINDS = {
    "fields_first": "player chose (or was chosen) to field first in the Battle (round)",
    "muster": "player musters the card detail for amount gold",
    "first_command": "player takes the Battle's first Command with amount Reserve TP plus Scouts",
    "attack": "player attacks: detail is 'attacker -> target'",
    "ranged": "player makes a ranged attack: detail is 'attacker -> target'",
    "block": "player blocks with detail",
    "move": "player moves detail from the Reserve to the Battle Line",
    "strategy": "player plays the Strategy detail",
    "command": "player uses the Command of detail (a Command card, or a unit's or attachment's)",
    "tactic": "player plays the tactic card detail for amount TP",
    "ability": "player uses an ability of detail",
    "support": "player uses the support tactic of the Strategy detail",
    "reaction": "player plays the reaction detail",
    "combat": "a Combat resolves: amount is the attacker's total less the defender's; detail names both",
    "destroyed": "player loses the unit detail (amount: its Strength)",
    "pass": "player passes its Command",
    "retreat": "player retreats: it loses the Battle",
    "battle_won": "player wins the Battle (round), amount 1; detail: how (field, tie, retreat, roll-off)",
    "game_won": "player wins its second Battle (amount) and the game",
}

SIDE_COLOURS = {
    "Empire": "#1f78b4",
    "Dwarf": "#a6cee3",
    "Chaos": "#e31a1c",
    "Orc": "#33a02c",
    "High Elf": "#6a3d9a",
    "Empire Elite": "#ff7f00",
    "Dark Elf": "#b15928",
    "Horde": "#b2df8a",
}

VOCABULARY = Vocabulary(
    side="deck",
    seat="seat",
    score="Battles",
    score_event="battle_won",
    round="Battle",
    side_plural=False,
    score_verb="win",
    source_preposition="by",
    # how a Battle is won (battle_end.py; quick rules, Rout and the end of a Battle)
    sources=(
        ("field", "holding the field"),
        ("tie", "the tie-break Combats"),
        ("retreat", "the other side's retreat"),
        ("roll-off", "a roll-off"),
    ),
    small_counts=True,
)
