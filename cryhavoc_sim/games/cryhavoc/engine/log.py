"""The event log a game emits as it plays (columns of shared/OUTPUT_CONTRACT.md).

Events are plain tuples in column order; storage turns them into Parquet. The ``vp``
events are a ledger: per faction they sum to the final VP.

``cards`` lists the cards of a ``discard`` for the replay account and the contract
tests. It is not written to Parquet: those thousands of distinct lists would cost a
good share of the table (docs/measured.md), and ``cryhavoc-sim replay`` shows them from
the seed.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    seq: int
    round: int
    phase: str
    faction: str | None
    kind: str
    region: str | None
    other_faction: str | None
    amount: int | None
    detail: str | None
    cards: str | None = None  # the cards discarded (sorted, comma-separated)


EVENT_COLUMNS = Event._fields
# The columns of the events table (shared/OUTPUT_CONTRACT.md), a prefix of the tuple.
STORED_EVENT_COLUMNS = EVENT_COLUMNS[: EVENT_COLUMNS.index("cards")]


# Every kind of event, declared once: what its columns mean (faction / other_faction /
# amount / detail). The engine logs only these kinds; analysis and reports read them by
# these names (tests/unit/test_event_kinds.py checks both, in the sources and in games).
EVENT_KINDS: dict[str, str] = {
    "setup": "a seat at setup: faction, its HQ as region, seat number as amount, its Skills as detail",
    "round_start": "a Round begins: amount = Round number",
    "event_revealed": "an Event token resolves: amount = its spot (1-5), detail = token id",
    "event_passed": "a Score token passed an Event spot: amount = the spot, detail = the token ids moved on",
    "initiative": "the Initiative track takes the Upcoming order: detail = the new order",
    "initiative_change": "a faction moves on the Upcoming track: amount = new place, detail = the new order",
    "draw": "cards drawn: amount = how many, detail = why (draw_phase, card_bonus, own, a Terrain, a source)",
    "discard": "cards discarded: amount = how many, detail = the Action paid for or hand_limit",
    "action": "an Action: amount = its number in the Round (1-3), detail = the Action",
    "skill": "a Skill used: detail = Skill id (region and other_faction in a Battle)",
    "card_played": "a card played (Initiative card, a Tactics card): detail = card id",
    "scoring_enabled": "Enable Scoring: faction = enabler, detail = the card",
    "move": "Units moved: region = destination, amount = Units, detail = origin",
    "recruit": "Units recruited: region = where, amount = Units, detail = source when not the Action",
    "build": "a Structure placed: detail = Structure id, or id|cause when not built by the Action",
    "activate": "a Structure activated: region, detail = Structure id",
    "passive": "a Structure's passive effect: faction = owner, other_faction = the enemy, detail = id",
    "structure_moved": "a Structure moved: region = destination, detail = id|origin",
    "structure_removed": "a Structure removed (turned into Units): detail = id",
    "exploration": "an Exploration token resolved: region, detail = token id",
    "token_revealed": "a War Party / Nest token revealed: faction = who revealed it, amount = Trogs placed, detail = token id",
    "nest_placed": "a face-down Nest placed: region, detail = why",
    "nest_moved": "a face-down token moved: region = destination, detail = origin",
    "crystals_added": "Crystals put in a Region: amount, detail = source",
    "crystals_removed": "Crystals taken from a Region: amount, detail = source",
    "crystals_stored": "Crystals stored on a Faction board: amount, detail = source",
    "crystals_spent": "stored Crystals spent: amount, detail = source",
    "unit_lost": "a Unit returned to the Reserve by a rule (no Trogs to place): amount",
    "unit_returned": "a Unit returned to the Reserve to pay a Skill: amount, detail = Skill id",
    "control_gained": "Control taken: other_faction = previous controller, detail = cause",
    "control_lost": "Control lost: other_faction = new controller, detail = cause",
    "battle_declared": "a Battle token placed: faction = attacker, other_faction = defender, amount = token number",
    "battle_cancelled": "a Battle Region left with one side: amount = token number",
    "battle_start": "a Battle is resolved: faction = attacker, other_faction = defender, amount = token number",
    "battle_placement": "Units placed on the Objectives: amount = Units, detail = control/prisoners/attrition",
    "tactic_pass": "a side passes in the Tactics step",
    "objective_move": "a Unit moved between Objectives: other_faction = whose (if the enemy's), detail = from>to",
    "objective_order": "the Objectives' order changed: detail = the new order",
    "reinforce": "a Unit added to an Objective from the Reserve: detail = the Objective",
    "battle_objective": "an Objective resolved: faction = winner (null on a tie), amount = its Units there, detail = the Objective",
    "kill": "Units killed: other_faction = victim, amount, detail = cause",
    "capture": "a Prisoner taken: other_faction = its owner, amount = 1",
    "retreat": "losing Units leave: amount, detail = destination Region or reserve",
    "battle_end": "the Battle token leaves: faction = Region Control winner, other_faction = loser",
    "card_stored": "a Terrain card stored on the Matrix: amount = cards stored, detail = card id",
    "card_unstored": "a Matrix card put back under its Terrain deck: detail = card id",
    "prisoner_return": "a Prisoner bought back: faction = owner, other_faction = captor, amount = 1",
    "vp": "Victory Points: amount = VP gained (negative when paid), detail = source; the ledger",
    "final_scoring": "the final Round's Scoring",
    "game_end": "the game ends: faction = winner, detail = ended_by",
}
