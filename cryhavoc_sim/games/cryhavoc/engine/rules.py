"""Rule knobs: every number of the rulebook a variant may change, with its default.

A balance study changes these (through a scenario's ``[rules]`` table) and content
data, never engine code. Each default cites the rulebook section it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from cryhavoc_sim.errors import ScenarioError

EXPERIENCE_SKILLS = {"first_time": 0, "experienced": 1, "veteran": 2}
# The factions a per-faction knob names (the Trog player's own start is trog_start_units_4p).
INVADERS = ("humans", "machines", "pilgrims")
# Knobs a scenario may give per faction as a table (``draw_per_round = {machines = 5}``),
# and the factions each may name: the Trog player (four players) draws, keeps a hand and
# takes Actions like the invaders, but starts with its own knob's Units.
PER_FACTION: dict[str, tuple[str, ...]] = {
    "start_units": INVADERS,
    "draw_per_round": (*INVADERS, "trogs"),
    "hand_limit": (*INVADERS, "trogs"),
    "actions_per_round": (*INVADERS, "trogs"),
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Rulebook numbers. Defaults are the printed rules."""

    start_units: int = 4  # Setup 4: 4 Unit miniatures with the HQ token.
    # The knobs of PER_FACTION given per faction, where a scenario gives a table
    # (``start_units = {humans = 3}``): (knob, faction, value) triples, sorted; a faction
    # not named takes the knob's value.
    per_faction: tuple[tuple[str, str, int], ...] = ()
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

    def starting_units(self, faction: str) -> int:
        """Units placed with ``faction``'s HQ (Setup 4; the Trog player's: 4-player game 12)."""
        if faction == "trogs":
            return self.trog_start_units_4p
        return self._of("start_units", faction, self.start_units)

    def draws(self, faction: str) -> int:
        """Cards ``faction`` draws in the Draw Cards phase (2. Draw Cards)."""
        return self._of("draw_per_round", faction, self.draw_per_round)

    def hand_limit_of(self, faction: str) -> int:
        """Cards ``faction`` keeps after drawing (2. Draw Cards)."""
        return self._of("hand_limit", faction, self.hand_limit)

    def actions_of(self, faction: str) -> int:
        """Actions ``faction`` takes in a Round (3. Actions)."""
        return self._of("actions_per_round", faction, self.actions_per_round)

    def most_actions(self) -> int:
        """The most Actions any faction takes in a Round: the Actions phase's length."""
        most = self.actions_per_round
        for knob, _, value in self.per_faction:
            if knob == "actions_per_round" and value > most:
                most = value
        return most

    def _of(self, knob: str, faction: str, default: int) -> int:
        for named, who, value in self.per_faction:
            if named == knob and who == faction:
                return value
        return default

    def as_defaults(self) -> dict[str, Any]:
        """Every knob and its value, as a scenario names them."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "per_faction"}

    def as_mapping(self) -> dict[str, Any]:
        """The knobs that differ from the printed rules, as a scenario's [rules] table
        writes them (a per-faction start as a table); ``from_mapping`` reads it back."""
        base = Rules()
        out: dict[str, Any] = {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "per_faction" and getattr(self, f.name) != getattr(base, f.name)
        }
        for knob, faction, value in self.per_faction:
            out.setdefault(knob, {})
            if not isinstance(out[knob], dict):  # the whole knob changed too: it goes first
                out[knob] = {"all": out[knob]}
            out[knob][faction] = value
        return out

    @classmethod
    def ranges(cls) -> dict[str, tuple[int, int]]:
        """What each whole-number knob may be: values the game can play in bounded time
        whose counts fit the event columns."""
        return dict(KNOB_RANGES)

    @classmethod
    def from_mapping(cls, raw: dict[str, Any], source: str = "[rules]") -> Rules:
        """Build from a scenario table; unknown keys and bad values are a ScenarioError."""
        known = {f.name: f for f in fields(cls) if f.name != "per_faction"}
        base = cls()
        changes: dict[str, Any] = {}
        per_faction: list[tuple[str, str, int]] = []
        for key, value in raw.items():
            if key not in known:
                raise ScenarioError(f"{source}: unknown rule knob {key!r}; allowed: {', '.join(known)}.")
            if isinstance(value, dict):
                if key not in PER_FACTION:
                    raise ScenarioError(
                        f"{source}: rule knob {key!r} is one number for every faction; a table per faction"
                        f" is allowed for {', '.join(PER_FACTION)}."
                    )
                whole, each = _per_faction(key, value, source)
                if whole is not None:
                    changes[key] = whole
                per_faction.extend((key, faction, v) for faction, v in each)
                continue
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
        if per_faction:
            changes["per_faction"] = tuple(sorted(per_faction))
        return replace(base, **changes)


def _per_faction(key: str, table: dict[str, Any], source: str) -> tuple[int | None, list[tuple[str, int]]]:
    """A knob given per faction (``start_units = {humans = 3}``), checked like the whole
    knob: known factions, whole numbers within the knob's range. ``all`` (as
    :meth:`Rules.as_mapping` writes a knob changed both ways) is the value of every faction
    not named; returns it (or None) and the (faction, value) pairs."""
    lo, hi = KNOB_RANGES[key]
    allowed = PER_FACTION[key]
    whole: int | None = None
    out = []
    for faction, value in sorted(table.items()):
        if faction not in (*allowed, "all"):
            extra = " (the Trog player's: trog_start_units_4p)" if faction == "trogs" else ""
            raise ScenarioError(
                f"{source}: rule knob {key!r} names faction {faction!r}; allowed: {', '.join(allowed)}{extra}."
            )
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise ScenarioError(
                f"{source}: rule knob {key!r} for {faction} must be a whole number between {lo} and {hi},"
                f" got {value!r}."
            )
        if faction == "all":
            whole = value
        else:
            out.append((faction, value))
    return whole, out


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

# What each knob means and the section of the Cry Havoc rulebook (shared/rules/000) or the
# ruling (docs/rulings.md) it comes from: the documentation's "What you can change" page
# prints them with each knob's default and range (a test keeps them and Rules in step).
KNOB_DOCS: dict[str, tuple[str, str]] = {
    "start_units": (
        "Units each faction places with its HQ at setup; the rest of its 12 wait in the Reserve."
        " Per faction as a table: `start_units = {humans = 3}` (the others keep the default)",
        "Setup 4",
    ),
    "trog_start_units_4p": ("Units with the Trog player's HQ in World Caverns", "4-player game 12"),
    "trog_tunnels_4p": (
        "Tunnel tokens placed at setup, of the Trogs' 7 (the rest can be Built)",
        "4-player game 13",
    ),
    "draw_per_round": (
        "cards each faction draws in the Draw Cards phase. Per faction as a table:"
        " `draw_per_round = {machines = 5}` (the Trog player too)",
        "2. Draw Cards",
    ),
    "hand_limit": (
        "cards a faction may keep after drawing (it discards down to this). Per faction as a table",
        "2. Draw Cards",
    ),
    "actions_per_round": (
        "Actions each faction takes in a Round. Per faction as a table: a faction with more"
        " takes its extra Actions after the others' last, in Initiative order",
        "3. Actions",
    ),
    "max_rounds": ("Rounds before the game ends (it may end sooner on the Event track)", "End of the game"),
    "battle_tokens": ("Battle tokens: at most this many Battle Regions at once", "Components; Move Action 4"),
    "region_control_vp": ("VP for winning a Battle's Region Control objective", "4. Battle D"),
    "attrition_vp": ("VP per enemy Unit killed by Attrition", "4. Battle D"),
    "prisoner_vp": ("VP per Prisoner held, scored in each Prisoners phase", "5. Prisoners"),
    "prisoner_return_cost": (
        "VP a faction pays to take one of its Units back from its captor",
        "5. Prisoners",
    ),
    "battle_crystals": ("Crystals added to a Battle Region when its Battle starts", "4. Battle A"),
    "events_in_play": ("Event tokens on the Event track's spots, before Enable Final Scoring", "Setup 2"),
    "event_pass": (
        "when a Score token passes an Event spot: `beyond` (VP > spot) or `reach` (VP >= spot)",
        "ruling R3",
    ),
    "event_pass_timing": (
        "whether spots are passed by any VP gain (`any_time`) or only during Scoring",
        "ruling R4",
    ),
    "war_party_trogs_delta": ("added to every War Party token's Trogs (floored at 0)", "Setup 8; ruling R1"),
    "trog_entering_unit_stops": (
        "1: the Trog player's Unit entering a War Party token's Region stops there; 0: it may go on",
        "Move Action; ruling R18",
    ),
}


def knob_reference() -> str:
    """Every [rules] knob as a Markdown table: default, what it may be, meaning, section."""
    base = Rules()
    choices = {"event_pass": "beyond, reach", "event_pass_timing": "any_time, scoring_only"}
    rows = ["| knob | default | may be | what it is | rulebook |", "|---|---|---|---|---|"]
    for f in fields(Rules):
        if f.name == "per_faction":
            continue
        meaning, section = KNOB_DOCS[f.name]
        lo_hi = KNOB_RANGES.get(f.name)
        allowed = f"{lo_hi[0]} to {lo_hi[1]}" if lo_hi else choices[f.name]
        rows.append(f"| `{f.name}` | `{getattr(base, f.name)}` | {allowed} | {meaning} | {section} |")
    return "\n".join(rows) + "\n"
