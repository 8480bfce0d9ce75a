"""One test per rule statement of the quick rules (shared/rules/003_*) and per FAQ ruling
adopted (shared/content/warcry_notes.md), on hand-made states."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cryhavoc_sim.games.state import IllegalAnswer
from cryhavoc_sim.games.warcry.state import (
    ACTION_DECK,
    ACTION_DISCARD,
    ACTION_HAND,
    ARMY_HAND,
    BATTLE_LINE,
    RESERVE,
)
from tests.warcry.board import board, dice, give, legal, stack, take, unit

FILL = "Blood of the Martyr"  # drawn at a Combat's start: a Strategy, never a tactic


def attack(s, a: str, t: str, p: int = 0):  # type: ignore[no-untyped-def]
    u, v = unit(s, p, a), unit(s, 1 - p, t)
    s.apply(("attack", u, v))
    return u, v


def test_slaughter_destroys_both_units_on_a_tie() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    stack(s, 0, FILL, "Sudden Attack")
    stack(s, 1, FILL, "Sudden Attack")  # 4 + 4 against 4 + 4
    attack(s, "Altdorf Halberdiers", "Bloodwolf Axemen")
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.units(0) == [] and s.units(1) == []
    assert (s.phase, s.actor) == ("command", 1)  # "The current player's turn is over."


def test_the_winner_rout_checks_and_the_loser_picks_the_follow_up_target() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen", "Deathclaw Brethren"))
    dice(s, 0, 2, 5, 4)  # drawn, combat roll 5, rout roll 4 = the loser's Ld 4: it routs
    dice(s, 1, 2, 1)
    u, v = attack(s, "Altdorf Halberdiers", "Bloodwolf Axemen")
    s.apply(("pass",))
    s.apply(("pass",))
    assert v not in s.units(1)  # "the losing Unit is discarded"
    assert (s.phase, s.actor) == ("follow_up", 0)
    s.apply(("follow_up",))
    assert (s.phase, s.actor) == ("follow_target", 1)  # the loser chooses a Ready unit
    w = unit(s, 1, "Deathclaw Brethren")
    assert s.legal_answers() == (("target", w),)
    dice(s, 0, 2, 5)
    dice(s, 1, 2, 1)
    s.apply(("target", w))
    assert s.combat is not None and s.combat.follow_up
    s.apply(("pass",))
    s.apply(("pass",))
    # no Rout check in a follow-up: the chain ends, the winner commits in its Battle Line
    assert w not in s.units(1) and (s.phase, s.actor) == ("command", 1)
    assert u in s.committed and u in s.zones[0][BATTLE_LINE]


def test_a_roll_below_the_leadership_does_not_rout() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen", "Deathclaw Brethren"))
    dice(s, 0, 2, 5, 3)  # rout roll 3 < Ld 4
    dice(s, 1, 2, 1)
    attack(s, "Altdorf Halberdiers", "Bloodwolf Axemen")
    s.apply(("pass",))
    s.apply(("pass",))
    assert (s.phase, s.actor) == ("command", 1)


def test_a_committed_winner_destroys_nothing_and_both_return_committed() -> None:
    s = board(one=("Middenheim Halberdiers",), two=("Bloodwolf Axemen",))
    v = unit(s, 1, "Bloodwolf Axemen")
    s.committed.add(v)  # a committed unit still defends itself
    dice(s, 0, 2, 1)
    dice(s, 1, 2, 5)
    u, _ = attack(s, "Middenheim Halberdiers", "Bloodwolf Axemen")
    s.apply(("pass",))
    s.apply(("pass",))
    assert u in s.units(0) and v in s.units(1)
    assert u in s.committed and v in s.committed


def test_a_committed_unit_cannot_attack_and_plays_no_tactic() -> None:
    s = board(one=("Altdorf Halberdiers", "Altdorf Swordsmen"), two=("Bloodwolf Axemen",))
    u = unit(s, 0, "Altdorf Halberdiers")
    s.committed.add(u)
    assert all(a[1] != u for a in legal(s) if a[0] == "attack")
    s.phase, s.actor = "command", 1
    give(s, 1, "Sudden Attack")
    give(s, 0, "Sudden Attack")
    s.apply(("attack", unit(s, 1, "Bloodwolf Axemen"), u))
    s.apply(("pass",))
    assert ("card", "Sudden Attack") not in s.legal_answers()  # the committed defender


def test_targets_are_the_battle_line_unless_it_has_no_ready_unit() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",), two_reserve=("Deathclaw Brethren",))
    u, front, back = (
        unit(s, 0, "Altdorf Halberdiers"),
        unit(s, 1, "Bloodwolf Axemen"),
        unit(s, 1, "Deathclaw Brethren"),
    )
    assert s.attack_targets(u) == [front]
    s.committed.add(front)
    assert s.attack_targets(u) == sorted([front, back])


def test_cavalry_attacks_from_the_reserve_infantry_does_not() -> None:
    s = board(
        one=("Altdorf Halberdiers",),
        one_reserve=("Knights of the North Star", "Altdorf Swordsmen"),
        two=("Bloodwolf Axemen",),
    )
    attackers = {a[1] for a in legal(s) if a[0] == "attack"}
    assert unit(s, 0, "Knights of the North Star") in attackers
    assert unit(s, 0, "Altdorf Swordsmen") not in attackers


def test_only_a_faster_unit_blocks() -> None:
    s = board(
        one=("Altdorf Halberdiers", "Knights of the North Star"),
        two=("Bloodwolf Axemen",),
        two_reserve=("Azyrneth's Skullreavers",),
    )
    inf, cav = unit(s, 0, "Altdorf Halberdiers"), unit(s, 0, "Knights of the North Star")
    target, fast = unit(s, 1, "Bloodwolf Axemen"), unit(s, 1, "Azyrneth's Skullreavers")
    assert s.blockers(inf, target) == [fast]  # Cavalry is faster than Infantry (W3: from the Reserve too)
    assert s.blockers(cav, target) == []  # Cavalry cannot block Cavalry
    s.apply(("attack", inf, target))
    assert (s.phase, s.actor) == ("block", 1)
    assert s.legal_answers() == (("block", fast), ("no_block",))


def test_riemanns_halberdiers_may_block_infantry() -> None:
    s = board(
        one=("Bloodwolf Axemen",),
        two=("Altdorf Halberdiers", "Riemann's Halberdiers"),
        armies=("Chaos", "Empire"),
    )
    att, target = unit(s, 0, "Bloodwolf Axemen"), unit(s, 1, "Altdorf Halberdiers")
    assert s.blockers(att, target) == [unit(s, 1, "Riemann's Halberdiers")]


def test_ranged_lines_short_one_ranged_one_or_two() -> None:
    s = board(
        one=("Riemann's Archers", "Reik River Patrol"),
        two=("Bloodwolf Axemen",),
        two_reserve=("Deathclaw Brethren",),
    )
    archers, patrol = unit(s, 0, "Riemann's Archers"), unit(s, 0, "Reik River Patrol")
    front, back = unit(s, 1, "Bloodwolf Axemen"), unit(s, 1, "Deathclaw Brethren")
    assert s.ranged_targets(patrol) == [front]  # Short: one Line away
    assert s.ranged_targets(archers) == sorted([front, back])  # Ranged: one or two (FAQ)
    s.zones[0][BATTLE_LINE].remove(archers)
    s.zones[0][RESERVE].append(archers)
    assert s.ranged_targets(archers) == [front]  # from the Reserve, the enemy Reserve is three away


def test_ranged_commits_then_destroys_and_an_equal_total_wins() -> None:
    s = board(one=("Riemann's Archers",), two=("Bloodwolf Axemen",))
    archers, target = unit(s, 0, "Riemann's Archers"), unit(s, 1, "Bloodwolf Axemen")
    for expected in ("committed", "destroyed"):
        s.phase, s.actor = "command", 0
        s.committed.discard(archers)
        dice(s, 0, 2, 2)  # 6 + 2
        dice(s, 1, 2, 4)  # 4 + 4: equal, the ranged attacker wins (FAQ)
        s.apply(("ranged", archers, target))
        s.apply(("pass",))
        s.apply(("pass",))
        assert archers in s.committed  # the Ranged Unit commits either way
        if expected == "committed":
            assert target in s.committed and target in s.units(1)
        else:
            assert target not in s.units(1)  # already committed: discarded


def test_a_warcry_is_only_a_first_action() -> None:
    s = board(one=("Altdorf Swordsmen",), two=("Bloodwolf Axemen",))
    give(s, 0, "Relentless Advance")
    give(s, 1, "Sudden Attack")
    stack(s, 0, FILL)
    stack(s, 1, FILL)
    attack(s, "Altdorf Swordsmen", "Bloodwolf Axemen")
    assert ("card", "Relentless Advance") in s.legal_answers()
    s.apply(("pass",))
    s.apply(("card", "Sudden Attack"))
    assert ("card", "Relentless Advance") not in s.legal_answers()


def test_terror_lowers_the_opposing_leadership_but_not_a_terror_unit() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("The Bringers of Terror",))
    u, _ = attack(s, "Altdorf Halberdiers", "The Bringers of Terror")
    assert s.leadership(u) == 3 - 3
    s2 = board(one=("The Bringers of Terror",), two=("The Bringers of Terror",), armies=("Chaos", "Chaos"))
    u2, _ = attack(s2, "The Bringers of Terror", "The Bringers of Terror")
    assert s2.leadership(u2) == 4


def test_retreat_loses_the_battle_and_keeps_the_units_that_pass_a_test() -> None:
    s = board(one=("Middenheim Halberdiers", "Altdorf Halberdiers"), two=("Bloodwolf Axemen",))
    weak, strong = unit(s, 0, "Middenheim Halberdiers"), unit(s, 0, "Altdorf Halberdiers")
    rolls = {weak: 3, strong: 3}  # Ld 1 fails on 3, Ld 3 passes
    dice(s, 0, *(rolls[u] for u in sorted((weak, strong))))
    s.apply(("retreat",))
    assert s.wins == [0, 1] and s.units(0) == [strong]
    assert s.phase == "cleanup"


def test_two_passes_end_the_battle_the_higher_total_wins() -> None:
    s = board(one=("Carroburg Greatswords",), two=("Charon Helgor's Deathreapers",))
    assert s.field_value(0) == 4 + 1 and s.field_value(1) == 5 - 5  # Victory +/-
    s.apply(("pass",))
    assert s.phase == "command"
    s.apply(("pass",))
    assert s.wins == [1, 0]


def test_a_side_with_units_beats_a_side_with_none_even_below_zero() -> None:
    s = board(one=("Charon Helgor's Deathreapers",), armies=("Chaos", "Empire"))
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.wins == [1, 0]


def test_ties_are_for_the_weak_a_final_combat() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    dice(s, 0, 4)
    dice(s, 1, 2)  # the roll-off: seat one attacks
    s.apply(("pass",))
    s.apply(("pass",))
    assert (s.phase, s.actor) == ("tie_attacker", 0)
    s.apply(("unit", unit(s, 0, "Altdorf Halberdiers")))
    assert (s.phase, s.actor) == ("tie_defender", 1)
    dice(s, 0, 2, 5)
    dice(s, 1, 2, 1)
    s.apply(("unit", unit(s, 1, "Bloodwolf Axemen")))
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.wins == [1, 0]


def test_an_empty_battle_line_is_filled_from_the_reserve() -> None:
    s = board(one=("Altdorf Halberdiers",), one_reserve=("Altdorf Swordsmen",), two=("Deathclaw Brethren",))
    back = unit(s, 0, "Altdorf Swordsmen")
    s._discard_unit(unit(s, 0, "Altdorf Halberdiers"))
    assert s.zones[0][BATTLE_LINE] == [back] and s.zones[0][RESERVE] == []


def test_first_command_by_reserve_tactic_points_plus_battle_line_scouts() -> None:
    s = board(
        one_reserve=("Riemann's Halberdiers",),
        two=("Azyrneth's Skullreavers",),
        two_reserve=("Deathclaw Brethren",),
    )
    assert s.initiative(0) == 4 and s.initiative(1) == 4 + 1
    s.phase, s.done = "muster", [True, True]
    s._end_muster()
    assert (s.phase, s.actor, s.first_command) == ("command", 1, 1)
    assert all(len(s.zones[p][ACTION_HAND]) == 5 for p in (0, 1))  # Setup: 5 Action cards


def test_a_tied_initiative_is_rolled() -> None:
    s = board(one_reserve=("Altdorf Swordsmen",), two_reserve=("Azyrneth's Deathbringers",))
    s.phase, s.done = "muster", [True, True]
    s.zones[0][ACTION_DECK] += s.zones[0][ACTION_DISCARD]
    dice(s, 0, *(2,) * 5, 1)  # five drawn, then the roll-off: 1 against 5
    dice(s, 1, *(2,) * 5, 5)
    s._end_muster()
    assert s.first_command == 1


def test_a_deck_is_reshuffled_as_soon_as_it_empties() -> None:
    s = board()
    z = s.zones[0]
    z[ACTION_DISCARD], z[ACTION_DECK] = z[ACTION_DECK][:-1], z[ACTION_DECK][-1:]
    s._roll(0)
    assert len(z[ACTION_DECK]) == 30 and z[ACTION_DISCARD] == []


def test_no_roll_possible_fails_the_test() -> None:
    s = board()
    z = s.zones[0]
    z[ACTION_HAND], z[ACTION_DECK] = z[ACTION_DECK], []
    assert s._roll(0) == 0


def test_gold_supply_and_carry_over() -> None:
    s = board(one=("Carroburg Greatswords",), two=("Bloodwolf Axemen",))
    s._end_battle(0)
    while s.phase == "cleanup":
        s.apply(("keep", "battle"))
    assert (s.phase, s.actor) == ("first", 1)  # the loser chooses who fields first
    s.apply(("field_first",))
    assert s.phase == "muster" and s.actor == 1
    assert s.gold == [25 - 5, 25 - 4]  # Battle 2: 25 gold less the carried units' cost
    assert all(len(s.zones[p][ARMY_HAND]) == 5 for p in (0, 1))


def test_muster_offers_only_what_gold_pays_and_one_attachment_per_keyword() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    s.phase, s.actor, s.gold, s.done = "muster", 0, [1, 20], [False, False]
    u = unit(s, 0, "Altdorf Halberdiers")
    for name in ("Sword of Striking", "Sword of Striking", "Carroburg Greatswords"):
        s.zones[0][ARMY_HAND].append(take(s, 0, 0, name))
    assert s.legal_answers() == (("attach", "Sword of Striking", u), ("pass",))
    s.apply(("attach", "Sword of Striking", u))
    assert s.strength(u) == 5 and s.gold[0] == 0 and len(s.zones[0][ARMY_HAND]) == 3  # drew one
    s.actor, s.gold = 0, [5, 20]
    assert ("attach", "Sword of Striking", u) not in s.legal_answers()  # same keyword: Weapon
    with pytest.raises(IllegalAnswer):
        s.apply(("attach", "Sword of Striking", u))


def test_a_passed_player_musters_no_more_and_both_passes_end_the_muster() -> None:
    s = board()
    s.phase, s.actor, s.gold, s.done = "muster", 0, [20, 20], [False, False]
    s.apply(("pass",))
    assert s.actor == 1
    s.zones[1][ARMY_HAND].append(take(s, 1, 0, "Bloodwolf Axemen"))
    s.apply(("unit", "Bloodwolf Axemen", "reserve"))
    assert s.actor == 1  # seat one passed: seat two goes on alone
    s.apply(("pass",))
    assert s.phase == "command"
    assert s.zones[1][BATTLE_LINE] and not s.zones[1][RESERVE]  # an all-Reserve muster falls forward (FAQ)


def test_a_unique_duplicate_discards_the_original_and_refunds_it_in_muster() -> None:
    s = board(two=("Bloodwolf Axemen",), armies=("Chaos", "Chaos"))
    s.cards = tuple(replace(c, unique=True) if c.name == "Bloodwolf Axemen" else c for c in s.cards)
    s.phase, s.actor, s.gold, s.done = "muster", 0, [20, 16], [False, False]
    s.zones[0][ARMY_HAND].append(take(s, 0, 0, "Bloodwolf Axemen"))
    s.apply(("unit", "Bloodwolf Axemen", "battle"))
    assert s.units(1) == [] and s.gold[1] == 20
    s.actor = 0
    s.zones[0][ARMY_HAND].append(take(s, 0, 0, "Bloodwolf Axemen"))
    assert not any(a[0] == "unit" and a[1] == "Bloodwolf Axemen" for a in legal(s))  # FAQ


def test_valorous_assault_makes_the_enemy_roll_again() -> None:
    s = board(one=("Altdorf Halberdiers",), two=("Bloodwolf Axemen",))
    give(s, 1, "Valorous Assault")
    dice(s, 0, 2, 5, 1, 4)  # drawn, roll 5, reroll 1, then a rout roll
    dice(s, 1, 2, 3)
    attack(s, "Altdorf Halberdiers", "Bloodwolf Axemen")
    s.apply(("pass",))
    s.apply(("pass",))
    assert (s.phase, s.actor) == ("react", 1)
    s.apply(("react", "Valorous Assault"))
    assert s.combat is None and s.units(0) == []  # 4 + 1 lost to 4 + 3
