"""What every Cry Havoc content number means (``content --numbers --explain``; the
documentation's "What you can change" page), with the rulebook section it comes from
(shared/rules/000: the Cry Havoc rulebook). Effect parameters (``effect.count`` and the
like) are said generally: the item's effect list in the content file says what it does."""

from __future__ import annotations

from cryhavoc_sim.games.content_kit.meanings import Meaning

_EFFECT = (
    ("count", "how many of what the effect moves, places, draws or kills"),
    ("amount", "how much the effect gains or costs (VP, Crystals, cards)"),
    ("vp_each", "VP the effect scores for each thing it counts"),
    ("where", "where the effect applies (a Region rule such as adjacent or HQ)"),
    ("deck", "which deck the effect draws from"),
    ("to", "where the effect sends what it moves"),
    ("points", "Building or Move points the effect gives"),
    ("what", "what the effect counts"),
    ("per", "the unit the effect counts by"),
    ("most", "the largest number the effect allows"),
    ("units", "Units the effect needs or moves"),
    ("at_least", "the least number the effect needs to apply"),
)


def _effects(prefix: str, section: str) -> list[Meaning]:
    return [(f"{prefix}.{key}", f"effect parameter: {text}", section) for key, text in _EFFECT]


MEANINGS: tuple[Meaning, ...] = (
    (
        "factions.*.units",
        "Unit miniatures the faction owns: the pool shared by the board, the Reserve and"
        " Prisoners held by others. It is not the starting Units: those are the [rules] knob"
        " start_units (per faction: start_units = {humans = 3})",
        "Components; Setup 4",
    ),
    (
        "factions.*.control_tokens",
        "Control tokens the faction can place on Regions it controls",
        "Components; Control",
    ),
    ("cards.*.*.move", "Move points the card gives when discarded for a Move Action", "Actions: Move"),
    (
        "cards.*.*.recruit",
        "Units the card adds to the HQ when discarded for a Recruit Action",
        "Actions: Recruit",
    ),
    ("cards.*.*.build", "Building points the card gives when discarded for a Build Action", "Actions: Build"),
    (
        "cards.*.*.bonus",
        "the card's bonus (none, draw_per_icon, draw_one, vp), gained when discarded for Move, Recruit or Build",
        "Actions: bonus icons",
    ),
    (
        "cards.*.*.special",
        "the card's special Action (enable_scoring, initiative)",
        "Actions: Enable Scoring",
    ),
    ("cards.*.*.tactic.count", "how many the Tactic moves, protects, kills or draws", "Battle B: Tactics"),
    ("cards.*.*.tactic.vp_each", "VP the Tactic scores for each thing it counts", "Battle B: Tactics"),
    ("cards.*.*.tactic.amount", "how much the Tactic gains or costs", "Battle B: Tactics"),
    ("cards.*.*.tactic.deck", "which deck the Tactic draws from", "Battle B: Tactics"),
    ("skills.*.*.cost_crystals", "Crystals paid to use the Skill", "Skills"),
    ("skills.*.*.cost_units", "Units paid (sent to the Reserve) to use the Skill", "Skills"),
    ("skills.*.*.default", "whether the Skill is the faction's Default Skill (always in play)", "Setup 5c"),
    (
        "default_skill.*",
        "which of the faction's Skills is its Default (always in play), by id: setting it sets"
        " the Skills' default (one a faction)",
        "Setup 5c",
    ),
    ("skills.*.*.timing", "when the Skill may be used", "Skills"),
    *_effects("skills.*.*.effect", "Skills"),
    ("structures.*.*.build_cost", "Building points to Build the Structure", "Actions: Build"),
    (
        "structures.*.*.activate_cost",
        "Building points to activate the Structure (Build Action)",
        "Actions: Build",
    ),
    (
        "structures.*.*.tokens",
        "tokens of this Structure in the faction's box: how many can be built",
        "Components",
    ),
    ("structures.*.*.handler", "the code that resolves the Structure (no number to change)", "Structures"),
    ("structures.*.*.tunnel", "whether the Structure is a Trog Tunnel", "4-player game 13"),
    *_effects("structures.*.*.passive.effect", "Structures"),
    *_effects("structures.*.*.effect", "Structures"),
    ("board_*.*.crystals", "Crystals printed in the Region", "Setup 8; the board"),
    (
        "board_*.*.war_party",
        "whether the Region has a War Party icon (gets a Trog token at setup)",
        "Setup 8",
    ),
    ("board_*.*.exploration", "whether the Region has an Exploration icon", "Setup 8"),
    ("board_*.*.tunnel", "whether the Region has a Tunnel icon", "4-player game 13"),
    ("board_*.*.hq", "whether the Region is an HQ Region", "Setup 4"),
    ("board_*.*.trog_hq", "whether the Region is the Trog HQ (World Caverns)", "4-player game 12"),
    ("board_*.*.opposite", "the Region across the board (2-player placements)", "the board"),
    ("board_*.*.terrain", "the Region's Terrain (which Terrain deck it draws from)", "Setup 3"),
    ("tokens.*.*.trogs", "Trog Units the token places when revealed", "War Party and Exploration tokens"),
    ("tokens.*.*.crystals", "Crystals the token places when revealed", "War Party and Exploration tokens"),
    ("tokens.*.*.scope", "whom the Event affects (each_player or the game)", "Events"),
    *_effects("tokens.*.*.effect", "Events and tokens"),
    (
        "track.event_spots",
        "the VP spots of the Event track (a Score token passing one resolves it)",
        "Events; ruling R3",
    ),
)
