"""The words card abilities are written in (``data/cards.toml``): the conditions an ability
names in ``when`` and the named effects (``effect``) the primitives (strength, leadership,
cost, test) cannot say. The rules (combat.py) apply them; a test checks that every word
in the data has its handler here and every handler here is used by some card.

Quick rules, King's Decree: "If text on a card counteracts a rule, follow the text."
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cryhavoc_sim.games.warcry.table import Combat, WarCryTable

# A condition on the unit ``unit`` using an ability while combat ``c`` is open.
Condition = Callable[["WarCryTable", int, "Combat"], bool]


def _blocking(s: WarCryTable, unit: int, c: Combat) -> bool:
    return c.blocked and unit == c.def_u


def _attacking(s: WarCryTable, unit: int, c: Combat) -> bool:
    return unit == c.att_u


def _against_blocker(s: WarCryTable, unit: int, c: Combat) -> bool:
    return c.blocked and unit == c.att_u


def _follow_up(s: WarCryTable, unit: int, c: Combat) -> bool:
    return c.follow_up


def _infantry(s: WarCryTable, unit: int, c: Combat) -> bool:
    # D'aggorn's Husk Guard (WC9): "your cavalry may use infantry-only tactics".
    kind = s.card(unit).kind
    return kind == "Infantry" or (kind == "Cavalry" and s.has_static(s.owner(unit), CAVALRY_INFANTRY_TACTICS))


def _attached(keyword: str) -> Condition:
    def check(s: WarCryTable, unit: int, c: Combat) -> bool:
        return any(keyword in s.card(a).keywords for a in s.attachments.get(unit, ()))

    return check


def _more_ready_battle_line(s: WarCryTable, unit: int, c: Combat) -> bool:
    p = s.owner(unit)
    return s.ready_battle_line(p) > s.ready_battle_line(1 - p)


def _no_committed(s: WarCryTable, unit: int, c: Combat) -> bool:
    p = s.owner(unit)
    return not any(u in s.committed for u in s.units(p))


def _not_ranged(s: WarCryTable, unit: int, c: Combat) -> bool:
    return not c.ranged


def _orc(s: WarCryTable, unit: int, c: Combat) -> bool:
    return s.card(unit).race == "Orc"


CONDITIONS: dict[str, Condition] = {
    "blocking": _blocking,
    "attacking": _attacking,
    "against_blocker": _against_blocker,
    "follow_up": _follow_up,
    "infantry": _infantry,
    "weapon_attached": _attached("Weapon"),
    "armor_attached": _attached("Armor"),
    "more_ready_battle_line": _more_ready_battle_line,
    "no_committed": _no_committed,
    "not_ranged": _not_ranged,
    "orc": _orc,
}

# Named effects: each is read by the state at the one place it acts (state.py cites it).
BLOCK_INFANTRY = "block_infantry"  # Riemann's Halberdiers: may block Infantry
NO_ENEMY_SUPPORT = "no_enemy_support"  # Dorgan's Ironshields: no enemy support tactics while it fights
COMMITTED_ALLIES_LEADERSHIP = "committed_allies_leadership"  # King Alrik's Shieldbearers
COMMIT_ON_OTHER_ATTACK = "commit_on_other_attack"  # Brotherhood of Karak Azul
UNSPENT_TP_PENALTY = "unspent_tp_penalty"  # Morzog's Madmob: -1 S per unspent TP
TACTIC_BONUS = "tactic_bonus"  # Carroburg Greatswords: +1 more S when a tactic raises its S
DESTROY_STRATEGY_ON_KILL = "destroy_strategy_on_kill"  # Azyrneth's Bloodpack
CAVALRY_INFANTRY_TACTICS = "cavalry_infantry_tactics"  # D'aggorn's Husk Guard
PROTECT_UNIQUES = "protect_uniques"  # Alrik's Throneguard: your unique units cannot be attacked
PEEK_TOP = "peek_top"  # Bugman's Rangers: look at your top action card, may discard it
PER_COMMITTED_WAR_MACHINE = "per_committed_war_machine"  # Knights of the North Star
DESTROY_ON_WIN = "destroy_on_win"  # Relentless Advance
ROUT_ON_WIN = "rout_on_win"  # Onward!
REROLL_ENEMY = "reroll_enemy"  # Valorous Assault: the enemy rolls its combat roll again
ENEMY_COMMITTED_LEADERSHIP = "enemy_committed_leadership"  # To the Last Man
# Commands (Play a Command: "specific, immediate effects"), on the unit the ability targets
RALLY = "rally"  # Committing, Rally: "turn a card that's been Committed back to its Ready position"
COMMIT_TARGET = "commit_target"  # the target unit Commits
DRAW_ACTION = "draw_action"  # its player draws an Action card

EFFECTS = frozenset(
    {
        BLOCK_INFANTRY,
        NO_ENEMY_SUPPORT,
        COMMITTED_ALLIES_LEADERSHIP,
        COMMIT_ON_OTHER_ATTACK,
        UNSPENT_TP_PENALTY,
        TACTIC_BONUS,
        DESTROY_STRATEGY_ON_KILL,
        CAVALRY_INFANTRY_TACTICS,
        PROTECT_UNIQUES,
        PEEK_TOP,
        PER_COMMITTED_WAR_MACHINE,
        DESTROY_ON_WIN,
        ROUT_ON_WIN,
        REROLL_ENEMY,
        ENEMY_COMMITTED_LEADERSHIP,
        RALLY,
        COMMIT_TARGET,
        DRAW_ACTION,
    }
)
# Named effects a Command acts by (the others act in a Combat or as statics).
COMMAND_EFFECTS = frozenset({"", RALLY, COMMIT_TARGET, DRAW_ACTION})
# Ability costs the state knows how to pay (an attachment's "self" is the unit it is on).
COSTS = frozenset({"", "commit_self", "destroy_self", "commit_other_orc", "discard_card"})
COMMAND_COSTS = frozenset({"", "commit_self", "destroy_self"})
TESTS = frozenset({"", "leadership"})
