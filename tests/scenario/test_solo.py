"""The solo variant (shared/rules/002_*): setup, the automaton's turn, its five priority
rules, its Battle placement (the variant's own example), Rule 5 and how to win."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot
from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, GameSetup, movement
from cryhavoc_sim.games.cryhavoc.engine import new_game as make_game
from cryhavoc_sim.games.cryhavoc.engine.invariants import InvariantObserver
from cryhavoc_sim.rng import game_seed, stream
from tests.conftest import (
    clear_board,
    drive,
    drive_any,
    new_game,
    opt,
    place,
    play_out,
    seat_decider,
    start_battle,
)

H, T = "humans", "trogs"


def solo(content, faction=H, difficulty=2, seed=1):  # type: ignore[no-untyped-def]
    return make_game(
        content,
        GameSetup((faction,), mode="solo", difficulty=difficulty, hqs={faction: "northern_landing"}),
        stream(seed, "game"),
    )


def test_solo_setup(content):  # type: ignore[no-untyped-def]
    """Setup: 3-4 player side without the outer Regions and the unused HQs; Trog HQ in the
    centre with two Units and a Tunnel; the player's HQ with 4 Units; Skills by difficulty."""
    g = solo(content, difficulty=3)
    assert set(g.regions) == {
        "world_caverns",
        "scorch",
        "kalas_gorge",
        "emerald_canopy",
        "glass_lagoon",
        "mirror_lake",
        "thornwood",
        "northern_landing",
    }
    assert (
        g.units("world_caverns", T) == 2
        and g.regions["world_caverns"].tunnel
        and g.players[T].hq == "world_caverns"
    )
    assert g.units("northern_landing", H) == 4 and len(g.players[H].skills) == 3
    assert set(g.players[T].structures_left) == {"trogs.trap", "trogs.brooding_pool"}
    assert set(g.initiative) == {H, T} and len(g.players[T].deck) == 8
    assert len(solo(content, difficulty=1).players[H].skills) == 1


def test_solo_battle_example_placement(content):  # type: ignore[no-untyped-def]
    """The variant's example: the Humans place 1 Unit on each Objective; the Trogs (3
    Units, defending) place 1 on Territory Control (a tie wins), 2 on Prisoners (2 are
    needed to win there), none on Attrition."""
    g = solo(content)
    clear_board(g)
    g.round = 1
    start_battle(g, "scorch", H, 3, T, 3)
    from cryhavoc_sim.games.cryhavoc.engine import battle

    _, asked = drive(g, battle.Resolve("scorch"), [(1, 1, 1)], partial=True)
    assert asked[0].faction == H
    d = asked[1]
    assert isinstance(d, Allocate) and d.faction == T
    assert AutomatonBot().decide(d, g) == (1, 2, 0)


def test_solo_player_places_first_even_when_the_trogs_attack(content):  # type: ignore[no-untyped-def]
    g = solo(content)
    clear_board(g)
    g.round = 1
    start_battle(g, "scorch", T, 3, H, 2)
    from cryhavoc_sim.games.cryhavoc.engine import battle

    d = drive(g, battle.Resolve("scorch"), [], partial=True)[1][0]
    assert d.faction == H and d.kind == "place_units"


def _move_choice(g, src, dsts, points=1):  # type: ignore[no-untyped-def]
    options = (*[(src, d) for d in dsts], None)
    return Choice("move_step", T, options, context=str(points))


def _picked(g, choice):  # type: ignore[no-untyped-def]
    return choice.options[AutomatonBot().decide(choice, g)][1]


@pytest.fixture
def board4(content):  # type: ignore[no-untyped-def]
    """The full 3-4 player board (the rules only read distances and counts)."""
    g = new_game(
        content,
        ("humans", "pilgrims", "machines", "trogs"),
        hqs={"humans": "northern_landing", "pilgrims": "eastern_landing", "machines": "western_landing"},
    )
    clear_board(g)
    return g


def test_priority_rule_1_defenseless_region_first(board4):  # type: ignore[no-untyped-def]
    """Rule 1 beats rule 2: the Trogs go where they would hold the majority (4 Trogs into
    a Region with 2 Human minis), not to the richer Region they cannot take."""
    g = board4
    place(g, "kalas_gorge", T, 4)
    place(g, "scorch", H, 2)
    g.regions["scorch"].crystals = 1
    place(g, "foglands", "pilgrims", 6)
    g.regions["foglands"].crystals = 3
    assert _picked(g, _move_choice(g, "kalas_gorge", ["scorch", "foglands"], points=4)) == "scorch"


def test_priority_rule_2_most_crystals(board4):  # type: ignore[no-untyped-def]
    g = board4
    place(g, "kalas_gorge", T, 1)
    g.regions["scorch"].crystals = 1
    g.regions["foglands"].crystals = 3
    assert _picked(g, _move_choice(g, "kalas_gorge", ["scorch", "foglands"])) == "foglands"


def test_priority_rule_3_nearest_the_trog_hq(board4):  # type: ignore[no-untyped-def]
    g = board4
    place(g, "kalas_gorge", T, 1)
    g.regions["scorch"].crystals = g.regions["foglands"].crystals = 2  # scorch is next to the HQ
    assert _picked(g, _move_choice(g, "kalas_gorge", ["foglands", "scorch"])) == "scorch"


def test_the_last_movement_point_is_spent_even_where_no_rule_1_or_2_region_is(board4):  # type: ignore[no-untyped-def]
    """How to Play: "Trogs execute everything on every card", the priority rules taken in
    order "until a rule is satisfied" (the rule 2 example moves Trogs though rule 1
    "could not be met"). With one point left and no defenseless Region, no Crystals in
    reach, the Trogs still move, where rules 3-4 say."""
    g = board4
    place(g, "kalas_gorge", T, 1)
    place(g, "scorch", H, 2)  # neither is defenseless for one Trog
    place(g, "foglands", "pilgrims", 2)
    choice = _move_choice(g, "kalas_gorge", ["scorch", "foglands"], points=1)
    assert choice.options[AutomatonBot().decide(choice, g)] is not None


def test_priority_rule_4_nearest_enemy_units(board4):  # type: ignore[no-untyped-def]
    g = board4
    for r in ("scorch", "emerald_canopy"):
        g.regions[r].crystals = 1
    place(g, "feralas_banks", "pilgrims", 1)  # next to Emerald Canopy, two steps from Scorch
    g.players["humans"].reserve += g.regions["northern_landing"].units.pop("humans")
    assert _picked(g, _move_choice(g, "world_caverns", ["scorch", "emerald_canopy"])) == "emerald_canopy"


def test_priority_rule_5_war_party_becomes_a_nest_then_an_ambush(content):  # type: ignore[no-untyped-def]
    """Rule 5: Trogs moving onto a War Party add its Crystals and minis, all Trog minis go
    to the Reserve and a Nest takes their place; a player moving in then fights the
    Nest's Trogs, taken from the HQ, and a Tunnel is placed."""
    g = solo(content)
    clear_board(g)
    g.round, g.phase = 1, "actions"
    g.nest_supply = sorted(content.nests, key=lambda t: t.trogs)  # the last is a 3-Trog Nest
    token = next(t for t in content.war_parties if t.trogs == 2 and t.crystals == 1)
    g.regions["scorch"].trog_token = token
    reserve = g.players[T].reserve
    drive(g, movement.Move(T, 1), [opt(("world_caverns", "scorch"))])
    s = g.regions["scorch"]
    assert s.crystals == 1 and not s.units and g.players[T].reserve == reserve + 1
    assert s.trog_token is not None and s.trog_token.kind == "nest" and s.trog_token.trogs == 3
    g.add_units("world_caverns", T, 2)
    g.players[T].reserve -= 2
    drive(g, movement.Move(H, 1), [opt(("northern_landing", "scorch"))])
    assert g.units("scorch", T) == 3 and g.units("world_caverns", T) == 0  # from the HQ
    assert s.battle == 1 and s.tunnel


def test_automaton_turn_resolves_move_recruit_build_then_text(content):  # type: ignore[no-untyped-def]
    from cryhavoc_sim.games.cryhavoc.engine import solo as solo_rules

    g = solo(content)
    clear_board(g)
    g.round, g.phase = 1, "actions"
    g.actions_taken = {H: 0, T: 0}
    g.players[T].deck = ["trogs.sacred_ground"]  # 1 Move, 1 Recruit, Enable Scoring text
    g.regions["scorch"].crystals = 3
    drive(g, solo_rules.AutomatonTurn(1), [opt(("world_caverns", "scorch"))])
    assert g.units("scorch", T) == 1 and g.regions["scorch"].control == T
    assert g.units("world_caverns", T) == 1 + 1  # one left, one recruited
    assert g.scoring_enabled_by == T


def test_desert_cards_chain_a_second_card(content):  # type: ignore[no-untyped-def]
    from cryhavoc_sim.games.cryhavoc.engine import solo as solo_rules

    g = solo(content)
    g.round, g.phase = 1, "actions"
    g.actions_taken = {H: 0, T: 0}
    assert solo_rules.desert_draw(g, 1) == 1
    desert = g.players[T].discard[-1]
    g.players[T].deck = ["trogs.scouts", desert]
    g.players[T].discard = []
    drive_any(g, solo_rules.AutomatonTurn(1), lambda d: AutomatonBot().decide(d, g))
    played = [e.detail for e in g.events if e.kind == "card_played"]
    assert played[-2:] == [desert, "trogs.scouts"] and g.upcoming[0] == T


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_solo_games_run_five_rounds_and_name_a_winner(content, difficulty):  # type: ignore[no-untyped-def]
    """How to win: after five Rounds, the player needs more points than the Trogs."""
    for i in range(10):
        for f in ("humans", "pilgrims", "machines"):
            seed = game_seed(difficulty, i)
            g = make_game(content, GameSetup((f,), mode="solo", difficulty=difficulty), stream(seed, "game"))
            obs = InvariantObserver()
            o = play_out(g, {f: seat_decider("random", f, seed), T: AutomatonBot()}, obs)
            assert not obs.violations, obs.violations[:3]
            assert o.rounds_played == 5 and o.ended_by == "five_rounds"
            assert o.winner == (f if o.vp[f] > o.vp[T] else T)


def test_the_automaton_moving_onto_a_nest_reveals_it_by_the_base_rule(content):  # type: ignore[no-untyped-def]
    """Ruling S11: rule 5 is for a War Party token ("when Trogs move into a Region with a
    Trog War Party token"); on a Nest the variant's "follow all rules for Cry Havoc"
    applies (000, 4-player game, Movement: "immediately reveal the token and place all
    Crystals and Trog Units as usual"), from the Trog Reserve: the Trogs hold the Region,
    no Unit goes back to the Reserve and no new Nest is placed."""
    g = solo(content)
    clear_board(g)
    g.round, g.phase = 1, "actions"
    nest = max(content.nests, key=lambda t: t.trogs)
    g.regions["scorch"].trog_token = nest
    reserve, supply = g.players[T].reserve, len(g.nest_supply)
    drive(g, movement.Move(T, 1), [opt(("world_caverns", "scorch"))])
    s = g.regions["scorch"]
    assert s.units.get(T, 0) == 1 + nest.trogs and s.control == T
    assert s.trog_token is None and len(g.nest_supply) == supply
    assert g.players[T].reserve == reserve - nest.trogs
    assert s.crystals == nest.crystals


def test_a_trog_card_with_a_draw_bonus_makes_the_automaton_resolve_a_second_card(content):  # type: ignore[no-untyped-def]
    """Ruling S12: "Trogs execute everything on every card" (002, How to Play), the draw
    bonus too, as the Note says of a Desert card ("due to the Desert's draw bonus")."""
    from cryhavoc_sim.games.cryhavoc.engine import solo as solo_rules

    frenzy = content.cards["trogs.frenzy"]
    assert frenzy.bonus == "draw_one" and frenzy.deck == "trogs"
    g = solo(content)
    clear_board(g)
    g.round, g.phase = 1, "actions"
    g.actions_taken = {H: 0, T: 0}
    g.players[T].deck = ["trogs.sacred_ground", "trogs.frenzy"]  # Frenzy on top, then another
    bot = AutomatonBot()
    drive_any(g, solo_rules.AutomatonTurn(1), lambda d: bot.decide(d, g))
    played = [e.detail for e in g.events if e.kind == "card_played" and e.faction == T]
    assert played[-2:] == ["trogs.frenzy", "trogs.sacred_ground"] and not g.players[T].deck


@pytest.mark.parametrize(("shifted", "taken_from"), [(False, "attrition"), (True, "region_control")])
def test_automaton_takes_prisoners_from_the_objective_not_yet_resolved(content, shifted, taken_from):  # type: ignore[no-untyped-def]
    """002, Changes to the Battle, Prisoner Objective: "Trogs always capture Prisoners from
    the Objective that has not been resolved yet. If Shifted Priorities is played, Trogs
    capture Prisoners from Territory Control. Otherwise, Trogs capture Prisoners from
    Attrition." """
    from cryhavoc_sim.games.cryhavoc.engine.state import ATT, CP, RC, Battle

    g = solo(content)
    g.battle = Battle(
        "scorch", 1, H, T, {H: [0, 0, 0], T: [0, 0, 0]}, order=[CP, RC, ATT] if shifted else [RC, CP, ATT]
    )
    d = Choice("objective_target", T, ("region_control", "attrition"), actor=T, context="take_unit")
    assert d.options[AutomatonBot().decide(d, g)] == taken_from
