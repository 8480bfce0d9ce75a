"""Rule knobs: every number of the rulebook a variant may change, with its default.

A balance study changes these (through a scenario's ``[rules]`` table) and content
data, never engine code. Each default cites the rulebook section it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from cryhavoc_sim.errors import ScenarioError

EXPERIENCE_SKILLS = {"first_time": 0, "experienced": 1, "veteran": 2}


@dataclass(frozen=True, slots=True)
class Rules:
    """Rulebook numbers. Defaults are the printed rules."""

    start_units: int = 4  # Setup 4: 4 Unit miniatures with the HQ token.
    trog_start_units_4p: int = 2  # 4-player game 12: Trog HQ with two Units.
    trog_tunnels_4p: int = 4  # 4-player game 13: 4 Tunnel tokens.
    draw_per_round: int = 4  # Draw Cards: four cards.
    hand_limit: int = 7  # Draw Cards: discard down to seven.
    actions_per_round: int = 3  # Actions: three Actions each.
    max_rounds: int = 5  # End of the game: 5 or fewer Rounds.
    battle_tokens: int = 8  # Components: 8 Battle tokens.
    region_control_vp: int = 2  # Battle D: Region Control scores 2 VP.
    attrition_vp: int = 1  # Battle D: 1 VP per enemy Unit killed.
    prisoner_vp: int = 1  # Prisoners: 1 VP per Prisoner held.
    prisoner_return_cost: int = 2  # Prisoners: lose 2 VP per Prisoner returned.
    battle_crystals: int = 1  # Battle A: add one Crystal.
    events_in_play: int = 4  # Setup 2: four of the six Event tokens.
    # Ruling R3 (docs/rulings.md): when a Score token "passes" an Event spot.
    event_pass: str = "beyond"  # "beyond" (VP > spot) or "reach" (VP >= spot)
    # Ruling R4: whether spots are passed by any VP gain or only during Scoring.
    event_pass_timing: str = "any_time"  # or "scoring_only"
    # Ruling R1: where the War Party Trogs adjustment of variants applies (content
    # numbers plus this delta, floored at 0: a token may place Crystals only).
    war_party_trogs_delta: int = 0
    # Ruling R18: the Trog player's Unit entering a token Region stops (the general Move
    # rule); the Trogs the token places may still move. 0 lets the entering Unit go on.
    trog_entering_unit_stops: int = 1

    @classmethod
    def ranges(cls) -> dict[str, tuple[int, int]]:
        """What each whole-number knob may be: values the game can play in bounded time
        whose counts fit the event columns."""
        return dict(KNOB_RANGES)

    @classmethod
    def from_mapping(cls, raw: dict[str, Any], source: str = "[rules]") -> Rules:
        """Build from a scenario table; unknown keys and bad values are a ScenarioError."""
        known = {f.name: f for f in fields(cls)}
        base = cls()
        changes: dict[str, Any] = {}
        for key, value in raw.items():
            if key not in known:
                raise ScenarioError(f"{source}: unknown rule knob {key!r}; allowed: {', '.join(known)}.")
            default = getattr(base, key)
            if isinstance(default, int) and (not isinstance(value, int) or isinstance(value, bool)):
                raise ScenarioError(f"{source}: rule knob {key!r} must be a whole number, got {value!r}.")
            if isinstance(default, str):
                allowed = {
                    "event_pass": ("beyond", "reach"),
                    "event_pass_timing": ("any_time", "scoring_only"),
                }[key]
                if value not in allowed:
                    raise ScenarioError(
                        f"{source}: rule knob {key!r} is {value!r}; allowed: {', '.join(allowed)}."
                    )
            elif not KNOB_RANGES[key][0] <= value <= KNOB_RANGES[key][1]:
                lo, hi = KNOB_RANGES[key]
                raise ScenarioError(
                    f"{source}: rule knob {key!r} must be between {lo} and {hi}, got {value}."
                )
            changes[key] = value
        return replace(base, **changes)


# Whole-number knobs: the range each may take (validated when a scenario is read).
KNOB_RANGES: dict[str, tuple[int, int]] = {
    "start_units": (1, 12),  # a faction has 12 Units (16 for the Trogs)
    "trog_start_units_4p": (0, 16),
    "trog_tunnels_4p": (0, 7),  # the Trogs' 7 Tunnel tokens
    "draw_per_round": (0, 20),
    "hand_limit": (1, 30),
    "actions_per_round": (1, 10),
    "max_rounds": (1, 20),
    "battle_tokens": (1, 8),  # 8 Battle tokens in the box
    "region_control_vp": (0, 20),
    "attrition_vp": (0, 10),
    "prisoner_vp": (0, 10),
    "prisoner_return_cost": (0, 20),
    "battle_crystals": (0, 10),
    "events_in_play": (0, 4),  # four Event spots before Enable Final Scoring
    "war_party_trogs_delta": (-5, 5),
    "trog_entering_unit_stops": (0, 1),
}
