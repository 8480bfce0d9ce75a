"""The effect vocabulary: every primitive a content file may name, with its parameters.

The engine implements each primitive once (:mod:`cryhavoc_sim.games.cryhavoc.engine.effects`); a test
checks that the two sets match both ways. A parameter spec is either a type (``int``)
or a tuple of allowed string values.
"""

from __future__ import annotations

from typing import Any

OBJECTIVES: tuple[str, ...] = ("region_control", "capture_prisoners", "attrition")

# op -> {param: (spec, default)}; default None means required.
VOCABULARY: dict[str, dict[str, tuple[Any, Any]]] = {
    "gain_vp": {"amount": (int, None)},
    "draw_cards": {"count": (int, None), "deck": (("own", "terrain_here"), "own")},
    "change_initiative": {},
    "add_crystals": {"amount": (int, None), "where": (("this_region", "controlled"), None)},
    "remove_crystals": {"amount": (int, None), "at_least": (int, 1)},
    "extract_crystals": {
        "amount": (int, None),
        "vp_each": (int, 0),
        "where": (("this_region", "controlled"), None),
        "to": (("vp", "stock"), "vp"),
    },
    "convert_stock": {"most": (int, None), "vp_each": (int, 1)},
    "gain_vp_per": {"what": (("controlled_regions", "structures", "prisoners"), None), "per": (int, 1)},
    "recruit": {
        "count": (int, None),
        "where": (("hq", "this_region", "controlled_with_units"), None),
    },
    "gain_control": {"where": (("adjacent_unoccupied",), None)},
    "kill": {
        "count": (int, None),
        "where": (("adjacent_enemy", "any_enemy", "this_region"), None),
        "vp_each": (int, 0),
    },
    "move_structure": {},
    "unit_to_structure": {},
    "structure_to_units": {"units": (int, None)},
    "move_nest": {},
    "trigger_token": {},
    "move": {"points": (int, None)},
    "teleport": {"count": (int, None), "to": (("any", "hq"), None)},
    "place_nest": {"where": (("adjacent_empty", "random_empty"), None), "count": (int, 1)},
    "battle_move_own": {"count": (int, None)},
    "battle_move_enemy": {"count": (int, None)},
    "battle_reinforce": {"count": (int, None)},
    "battle_kill": {"count": (int, None), "vp_each": (int, 0)},
    "battle_reorder": {"order": (list, None)},
}

BATTLE_OPS: frozenset[str] = frozenset(op for op in VOCABULARY if op.startswith("battle_"))
