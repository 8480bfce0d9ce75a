"""The shipped decks' card effects (data/cards.toml over effects.py), one test each, and
the check that the words in the data and the handlers match both ways."""

from __future__ import annotations

import inspect
from typing import Any

from cryhavoc_sim.games.warcry import battle_end, combat, commands, muster, table
from cryhavoc_sim.games.warcry import effects as fx
from cryhavoc_sim.games.warcry.state import ACTION_DECK, ACTION_DISCARD, ACTION_HAND, STRATEGIES, WarCryState
from tests.warcry.board import CONTENT, attach, board, dice, give, legal, stack, take, unit

FILL = "Blood of the Martyr"


def fight(s: WarCryState, a: str, t: str, p: int = 0) -> tuple[int, int]:
    """Seat ``p`` attacks ``t`` with ``a``; each player draws a Strategy (never a tactic)."""
    u, v = unit(s, p, a), unit(s, 1 - p, t)
    s.phase, s.actor = "command", p
    stack(s, 0, FILL)
    stack(s, 1, FILL)
    s.apply(("attack", u, v))
    if s.phase == "block":
        s.apply(("no_block",))
    return u, v


def abilities(s: WarCryState, u: int) -> list[tuple[Any, ...]]:
    return [a for a in legal(s) if a[0] == "ability" and a[1] == u]


def test_every_word_in_the_data_has_a_handler_and_every_handler_is_used() -> None:
    abs_ = [a for c in CONTENT.cards.values() for a in c.abilities]
    used_when = {w for a in abs_ for w in a.when}
    used_effects = {a.effect for a in abs_} - {""}
    assert used_when == set(fx.CONDITIONS)
    assert used_effects == set(fx.EFFECTS)
    assert {a.cost for a in abs_} <= fx.COSTS and {a.test for a in abs_} <= fx.TESTS
    rules = (table, muster, commands, combat, battle_end)  # where the rules act
    source = "".join(inspect.getsource(m) for m in rules) + inspect.getsource(fx)
    constants = {v: k for k, v in vars(fx).items() if isinstance(v, str) and v in fx.EFFECTS}
    for effect in fx.EFFECTS:  # each named effect is read where it acts
        assert f"fx.{constants[effect]}" in source or constants[effect] in inspect.getsource(fx._infantry), (
            effect
        )


def test_every_action_card_and_unit_with_rules_text_has_an_ability() -> None:
    actions = [c for c in CONTENT.cards.values() if c.type in ("Tactic", "Command", "Reaction")]
    assert actions and all(c.abilities for c in actions)


def test_sudden_attack_crushing_blow_and_tactic_points() -> None:
    s = board(one=("Altdorf Swordsmen",), two=("Bloodwolf Axemen",))
    give(s, 0, "Sudden Attack", "Crushing Blow")
    fight(s, "Altdorf Swordsmen", "Bloodwolf Axemen")
    assert ("card", "Crushing Blow") not in legal(s)  # costs 4 TP, the Swordsmen have 3
    s.apply(("card", "Sudden Attack"))
    assert s.combat is not None and s.combat.mod == [1, 0]


def test_countercharge_and_knights_of_sigmars_blood_only_while_blocking() -> None:
    s = board(
        one=("Bloodwolf Axemen",),
        two=("Altdorf Halberdiers",),
        two_reserve=("Knights of Sigmar's Blood",),
        armies=("Chaos", "Empire"),
    )
    give(s, 1, "Countercharge")
    knights = unit(s, 1, "Knights of Sigmar's Blood")
    stack(s, 0, FILL)
    stack(s, 1, FILL)
    s.apply(("attack", unit(s, 0, "Bloodwolf Axemen"), unit(s, 1, "Altdorf Halberdiers")))
    s.apply(("block", knights))
    s.apply(("pass",))
    assert ("card", "Countercharge") in legal(s) and ("ability", knights, 0) in legal(s)
    s.apply(("ability", knights, 0))
    assert s.combat is not None and s.combat.mod == [0, 2]


def test_its_not_over_infantry_only_and_daggorns_husk_guard_opens_it_to_cavalry() -> None:
    s = board(one=("The Destroyer",), two=("Altdorf Halberdiers",), armies=("Chaos", "Empire"))
    give(s, 0, "It's Not Over...")
    fight(s, "The Destroyer", "Altdorf Halberdiers")
    assert ("card", "It's Not Over...") not in legal(s)
    s2 = board(
        one=("The Destroyer", "D'aggorn's Husk Guard"),
        two=("Altdorf Halberdiers",),
        armies=("Chaos", "Empire"),
    )
    give(s2, 0, "It's Not Over...")
    fight(s2, "The Destroyer", "Altdorf Halberdiers")
    assert ("card", "It's Not Over...") in legal(s2)


def test_effective_planning_adds_strength_and_leadership() -> None:
    s = board(one=("Altdorf Swordsmen",), two=("Bloodwolf Axemen",))
    give(s, 0, "Effective Planning")
    u, _ = fight(s, "Altdorf Swordsmen", "Bloodwolf Axemen")
    s.apply(("card", "Effective Planning"))
    assert s.combat is not None and s.combat.mod == [1, 0] and s.leadership(u) == 3 + 1


def test_relentless_advance_destroys_a_ready_target_of_a_ranged_attack() -> None:
    s = board(one=("Riemann's Archers",), two=("Bloodwolf Axemen",))
    give(s, 0, "Relentless Advance")
    archers, target = unit(s, 0, "Riemann's Archers"), unit(s, 1, "Bloodwolf Axemen")
    stack(s, 0, FILL)
    stack(s, 1, FILL)
    s.apply(("ranged", archers, target))
    s.apply(("card", "Relentless Advance"))
    dice(s, 0, 4)
    dice(s, 1, 1)  # 6 + 4 against 4 + 1
    s.apply(("pass",))
    s.apply(("pass",))
    assert target not in s.units(1)  # destroyed, not merely committed


def test_onward_routs_without_a_check() -> None:
    s = board(one=("Altdorf Swordsmen",), two=("Bloodwolf Axemen", "Deathclaw Brethren"))
    give(s, 0, "Onward!")
    fight(s, "Altdorf Swordsmen", "Bloodwolf Axemen")
    s.apply(("card", "Onward!"))
    dice(s, 0, 5)
    dice(s, 1, 1)  # 3 + 5 against 4 + 1; no rout roll is made
    s.apply(("pass",))
    s.apply(("pass",))
    assert (s.phase, s.actor) == ("follow_up", 0)


def test_blood_of_the_martyr_support_and_to_the_last_man() -> None:
    s = board(one=("Altdorf Halberdiers", "Altdorf Swordsmen"), two=("Bloodwolf Axemen",))
    martyr = take(s, 0, ACTION_DECK, "Blood of the Martyr")
    last = take(s, 1, ACTION_DECK, "To the Last Man")
    s.zones[0][STRATEGIES].append(martyr)
    s.zones[1][STRATEGIES].append(last)
    halberdiers = unit(s, 0, "Altdorf Halberdiers")
    s.committed.add(unit(s, 0, "Altdorf Swordsmen"))
    assert s.leadership(unit(s, 0, "Altdorf Swordsmen")) == 3 - 2  # the enemy's committed units
    s.committed.clear()
    fight(s, "Altdorf Halberdiers", "Bloodwolf Axemen")
    assert ("strategy", martyr, 0) in legal(s)
    s.apply(("strategy", martyr, 0))
    assert s.combat is not None and s.combat.mod == [1, 0] and halberdiers not in s.committed


def test_middenheim_halberdiers_commit_to_support_plus_two() -> None:
    s = board(one=("Altdorf Halberdiers", "Middenheim Halberdiers"), two=("Bloodwolf Axemen",))
    helper = unit(s, 0, "Middenheim Halberdiers")
    fight(s, "Altdorf Halberdiers", "Bloodwolf Axemen")
    s.apply(("ability", helper, 0))
    assert s.combat is not None and s.combat.mod == [2, 0] and helper in s.committed
    s.apply(("pass",))
    assert abilities(s, helper) == []


def test_altdorf_swordsmen_support_needs_a_leadership_test() -> None:
    for roll, gain in ((3, 3), (4, 0)):  # the supported Altdorf Halberdiers have Ld 3
        s = board(one=("Altdorf Halberdiers", "Altdorf Swordsmen"), two=("Bloodwolf Axemen",))
        fight(s, "Altdorf Halberdiers", "Bloodwolf Axemen")
        dice(s, 0, roll)
        s.apply(("ability", unit(s, 0, "Altdorf Swordsmen"), 0))
        assert s.combat is not None and s.combat.mod == [gain, 0]


def test_carroburg_greatswords_gain_one_more_from_a_tactic() -> None:
    s = board(one=("Carroburg Greatswords",), two=("Bloodwolf Axemen",))
    give(s, 0, "Sudden Attack")
    fight(s, "Carroburg Greatswords", "Bloodwolf Axemen")
    s.apply(("card", "Sudden Attack"))
    assert s.combat is not None and s.combat.mod == [2, 0]


def test_azyrneths_bloodpack_destroys_a_strategy_when_it_kills() -> None:
    s = board(one=("Azyrneth's Bloodpack",), two=("Middenheim Halberdiers",), armies=("Chaos", "Empire"))
    strat = take(s, 1, ACTION_DECK, "To the Last Man")
    s.zones[1][STRATEGIES].append(strat)
    fight(s, "Azyrneth's Bloodpack", "Middenheim Halberdiers")
    dice(s, 0, 5, 1)
    dice(s, 1, 1)
    s.apply(("pass",))
    s.apply(("pass",))
    assert s.zones[1][STRATEGIES] == [] and strat in s.zones[1][ACTION_DISCARD]


def test_deathbringers_against_a_blocker_and_the_bringers_of_terror() -> None:
    s = board(
        one=("Azyrneth's Deathbringers",),
        two=("Altdorf Halberdiers",),
        two_reserve=("Knights of the North Star",),
        armies=("Chaos", "Empire"),
    )
    att = unit(s, 0, "Azyrneth's Deathbringers")
    stack(s, 0, FILL)
    stack(s, 1, FILL)
    s.apply(("attack", att, unit(s, 1, "Altdorf Halberdiers")))
    s.apply(("block", unit(s, 1, "Knights of the North Star")))
    s.apply(("ability", att, 0))
    assert s.combat is not None and s.combat.mod == [4, 0]


def test_deathreapers_warcry_and_ugbogs_big_rumbler_while_attacking() -> None:
    for army, name, gain in (("Chaos", "Charon Helgor's Deathreapers", 5), ("Orc", "Ugbog's Big Rumbler", 3)):
        s = board(one=(name,), two=("Altdorf Halberdiers",), armies=(army, "Empire"))
        u, _ = fight(s, name, "Altdorf Halberdiers")
        s.apply(("ability", u, 0))
        assert s.combat is not None and s.combat.mod == [gain, 0]
        s2 = board(one=("Altdorf Halberdiers",), two=(name,), armies=("Empire", army))
        _, v = fight(s2, "Altdorf Halberdiers", name)
        s2.apply(("pass",))
        assert abilities(s2, v) == []  # not while defending


def test_the_destroyer_and_ogdrags_arrer_boyz_only_on_a_follow_up() -> None:
    s = board(
        one=("The Destroyer",),
        two=("Altdorf Halberdiers", "Middenheim Halberdiers"),
        armies=("Chaos", "Empire"),
    )
    u, _ = fight(s, "The Destroyer", "Altdorf Halberdiers")
    assert abilities(s, u) == []
    s.combat.follow_up = True  # type: ignore[union-attr]
    assert abilities(s, u) == [("ability", u, 0)]
    s2 = board(
        one=("Azfang's Boyz", "Ogdrag's 'Arrer Boyz"), two=("Altdorf Halberdiers",), armies=("Orc", "Empire")
    )
    fight(s2, "Azfang's Boyz", "Altdorf Halberdiers")
    archers = unit(s2, 0, "Ogdrag's 'Arrer Boyz")
    assert abilities(s2, archers) == []
    s2.combat.follow_up = True  # type: ignore[union-attr]
    assert abilities(s2, archers) == [("ability", archers, 0)]


def test_dorgans_ironshields_forbid_the_enemys_support() -> None:
    s = board(
        one=("Altdorf Halberdiers", "Middenheim Halberdiers"),
        two=("Dorgan's Ironshields",),
        armies=("Empire", "Dwarf"),
    )
    fight(s, "Altdorf Halberdiers", "Dorgan's Ironshields")
    assert abilities(s, unit(s, 0, "Middenheim Halberdiers")) == []


def test_bugmans_rangers_look_at_the_top_card_and_may_discard_it() -> None:
    s = board(one=("Bugman's Rangers",), two=("Bloodwolf Axemen",), armies=("Dwarf", "Chaos"))
    u, _ = fight(s, "Bugman's Rangers", "Bloodwolf Axemen")
    dice(s, 0, 1)
    top = s.zones[0][ACTION_DECK][-1]
    s.apply(("ability", u, 0))
    assert (s.phase, s.actor, s.known_top[0]) == ("peek", 0, top)
    assert s.observation("one")[-1] == "Onward!"  # type: ignore[index]  # the player sees it; the other does not
    s.apply(("discard_top",))
    assert top in s.zones[0][ACTION_DISCARD] and (s.phase, s.actor) == ("tactic", 1)


def test_king_alriks_shieldbearers_committed_raise_leadership() -> None:
    s = board(one=("King Alrik's Shieldbearers", "Iron Brotherhood"), armies=("Dwarf", "Chaos"))
    iron = unit(s, 0, "Iron Brotherhood")
    assert s.leadership(iron) == 3
    s.committed.add(unit(s, 0, "King Alrik's Shieldbearers"))
    assert s.leadership(iron) == 4


def test_brotherhood_of_karak_azul_commits_when_another_unit_attacks() -> None:
    s = board(
        one=("Iron Brotherhood", "Brotherhood of Karak Azul"),
        two=("Bloodwolf Axemen",),
        armies=("Dwarf", "Chaos"),
    )
    fight(s, "Iron Brotherhood", "Bloodwolf Axemen")
    assert unit(s, 0, "Brotherhood of Karak Azul") in s.committed


def test_gripnirs_stormguard_with_a_weapon() -> None:
    s = board(one=("Gripnir's Stormguard",), two=("Bloodwolf Axemen",), armies=("Dwarf", "Chaos"))
    u = unit(s, 0, "Gripnir's Stormguard")
    attach(s, u, "Sword of Striking")
    assert s.strength(u) == 6
    fight(s, "Gripnir's Stormguard", "Bloodwolf Axemen")
    assert abilities(s, u) == [("ability", u, 0)]  # the weapon one; no armour attached


def test_gitnobs_gitz_destroy_themselves_for_three() -> None:
    s = board(one=("Azfang's Boyz", "Gitnob's Gitz"), two=("Altdorf Halberdiers",), armies=("Orc", "Empire"))
    gitz = unit(s, 0, "Gitnob's Gitz")
    fight(s, "Azfang's Boyz", "Altdorf Halberdiers")
    s.apply(("ability", gitz, 0))
    assert s.combat is not None and s.combat.mod == [3, 0] and gitz not in s.units(0)


def test_azfangs_boyz_commit_another_orc() -> None:
    s = board(one=("Azfang's Boyz", "Gitnob's Gitz"), two=("Altdorf Halberdiers",), armies=("Orc", "Empire"))
    u, _ = fight(s, "Azfang's Boyz", "Altdorf Halberdiers")
    gitz = unit(s, 0, "Gitnob's Gitz")
    assert ("ability", u, 0, gitz) in legal(s)
    s.apply(("ability", u, 0, gitz))
    assert s.combat is not None and s.combat.mod == [3, 0] and gitz in s.committed


def test_morzogs_madmob_lose_one_per_unspent_tactic_point() -> None:
    s = board(one=("Morzog's Madmob",), two=("Altdorf Halberdiers",), armies=("Orc", "Empire"))
    give(s, 0, "Crushing Blow")
    fight(s, "Morzog's Madmob", "Altdorf Halberdiers")
    assert s.combat is not None and s.total(s.combat, 0) == 5 - 5
    s.apply(("card", "Crushing Blow"))
    assert s.total(s.combat, 0) == 5 + 3 - 1


def test_mulguks_smashas_and_big_gulgogs_maulers_conditions() -> None:
    s = board(
        one=("Mulguk's Smashas", "Big Gulgog's Maulers"),
        two=("Altdorf Halberdiers",),
        armies=("Orc", "Empire"),
    )
    mulguk, maulers = unit(s, 0, "Mulguk's Smashas"), unit(s, 0, "Big Gulgog's Maulers")
    fight(s, "Mulguk's Smashas", "Altdorf Halberdiers")
    assert abilities(s, mulguk) == [("ability", mulguk, 0)]  # 2 ready in the Battle Line against 1
    s2 = board(
        one=("Big Gulgog's Maulers", "Mulguk's Smashas"),
        two=("Altdorf Halberdiers",),
        armies=("Orc", "Empire"),
    )
    maulers = unit(s2, 0, "Big Gulgog's Maulers")
    s2.committed.add(unit(s2, 0, "Mulguk's Smashas"))
    fight(s2, "Big Gulgog's Maulers", "Altdorf Halberdiers")
    assert abilities(s2, maulers) == []  # a unit of yours is committed


def test_urgucks_manglers_discard_for_an_orcs_leadership() -> None:
    s = board(
        one=("Azfang's Boyz", "Urguck's Manglers"), two=("Altdorf Halberdiers",), armies=("Orc", "Empire")
    )
    give(s, 0, "Sudden Attack")
    u, _ = fight(s, "Azfang's Boyz", "Altdorf Halberdiers")
    helper = unit(s, 0, "Urguck's Manglers")
    assert ("ability", helper, 0, "Sudden Attack") in legal(s)
    s.apply(("ability", helper, 0, "Sudden Attack"))
    assert s.leadership(u) == 3 + 1 and all(
        s.cards[c].name != "Sudden Attack" for c in s.zones[0][ACTION_HAND]
    )


def test_knights_of_the_north_star_count_committed_war_machines() -> None:
    s = board(one=("Knights of the North Star",), two=("Bloodwolf Axemen",))
    u, _ = fight(s, "Knights of the North Star", "Bloodwolf Axemen")
    s.apply(("ability", u, 0))
    assert s.combat is not None and s.combat.mod == [0, 0]  # no war machine in these decks
