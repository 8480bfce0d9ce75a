"""The rulebook's worked examples, each as a test (shared/rules/000_*: the section
named in each test)."""

from __future__ import annotations

from itertools import pairwise

from cryhavoc_sim.games.cryhavoc.engine import actions, battle, movement, scoring
from tests.conftest import cards, clear_board, drive, give, new_game, opt, place, start_battle

H, P, M, T = "humans", "pilgrims", "machines", "trogs"


def kinds(g, *wanted):  # type: ignore[no-untyped-def]
    return [(e.kind, e.region) for e in g.events if e.kind in wanted]


def test_events_b_initiative_change_scouts_example(content):  # type: ignore[no-untyped-def]
    """Events B: 1st Machines, 2nd Pilgrims, 3rd Humans, 4th Trogs; the Trogs play Scouts
    for 2nd: upcoming is Machines, Trogs, Pilgrims, Humans; it applies next Round."""
    g = new_game(content, (M, P, H, T))
    g.round, g.phase = 1, "actions"
    g.actions_taken = dict.fromkeys(g.order(), 0)
    give(g, T, "trogs.scouts")
    drive(
        g,
        actions.Turn(T, 1),
        [
            opt(("initiative", "trogs.scouts")),
            opt(2),
            opt(("action", "recruit")),
            cards(),
            opt(("end", "")),
        ],
    )
    assert g.upcoming == [M, T, P, H]
    assert g.initiative == [M, P, H, T]  # the Initiative track changes only in Events B
    g.round, g.phase = 2, "events"
    drive(g, scoring.EventsPhase(), [])
    assert g.initiative == [M, T, P, H]


def _move_example_state(content):  # type: ignore[no-untyped-def]
    g = new_game(content, (H, P, M), hqs={H: "northern_landing", P: "eastern_landing", M: "western_landing"})
    clear_board(g)
    g.round, g.phase = 1, "actions"
    place(g, "amber_wastes", P, 2)
    place(g, "foglands", H, 1)
    g.regions["feralas_banks"].trog_token = next(
        t for t in content.war_parties if t.trogs == 2 and t.crystals == 0
    )
    g.regions["sapos_deep"].exploration = next(t for t in content.exploration if t.name == "Supply Cache")
    return g


def test_move_example_foglands_feralas_banks_sapos_deep(content):  # type: ignore[no-untyped-def]
    """Move Action example 1: four cards showing five Movement points; two Units into
    Foglands (one Human Unit), two into Feralas Banks (War Party), one into Sapos Deep
    (Exploration). The Exploration token resolves, then the War Party token, then a
    Battle token in each Region, in the order the mover chooses."""
    g = _move_example_state(content)
    hand = (
        "pilgrims.deploy_holos",
        "pilgrims.holo_decoys",
        "pilgrims.phase_strike",
        "pilgrims.harmonic_shield",
    )
    give(g, P, *hand)
    assert sum(content.cards[c].move for c in hand) == 5
    vp = g.players[P].vp
    drive(
        g,
        actions.MoveAction(P),
        [
            cards(*hand),
            opt(("amber_wastes", "foglands")),
            opt(("amber_wastes", "foglands")),
            opt(("eastern_landing", "feralas_banks")),
            opt(("eastern_landing", "feralas_banks")),
            opt(("eastern_landing", "sapos_deep")),
            opt("foglands"),  # battle order: Foglands first
        ],
    )
    assert g.units("foglands", P) == 2 and g.units("feralas_banks", P) == 2 and g.units("sapos_deep", P) == 1
    assert g.units("feralas_banks", T) == 2
    assert g.players[P].vp == vp + 2  # the Supply Cache
    order = [k for k, _ in kinds(g, "exploration", "token_revealed", "battle_declared")]
    assert order == ["exploration", "token_revealed", "battle_declared", "battle_declared"]
    assert g.regions["foglands"].battle == 1 and g.regions["feralas_banks"].battle == 2
    assert g.regions["foglands"].attacker == P and g.regions["foglands"].defender == H
    assert g.regions["sapos_deep"].control == P


def test_move_stops_on_entering_enemy_units_or_trog_tokens(content):  # type: ignore[no-untyped-def]
    """Move Action: a Unit entering a Region with an opponent's Units or a War Party token
    must stop and cannot Move again this turn; more Units may still move in."""
    g = _move_example_state(content)
    seen = []

    def step(move):  # type: ignore[no-untyped-def]
        def answer(d):  # type: ignore[no-untyped-def]
            seen.append(d.options)
            return d.options.index(move)

        return answer

    drive(
        g,
        movement.Move(P, 3),
        [step(("amber_wastes", "foglands")), step(("amber_wastes", "foglands")), step(None)],
    )
    # After the first Unit entered Foglands, no step out of Foglands was offered ...
    assert not any(src == "foglands" for src, _ in seen[1][:-1])
    # ... but the second Unit could still move in; after it, nothing can leave either.
    assert ("amber_wastes", "foglands") in seen[1]
    assert not any(o and o[0] == "foglands" for o in seen[2])
    assert g.units("foglands", P) == 2 and g.regions["foglands"].battle == 1


def test_move_example_scorch_control(content):  # type: ignore[no-untyped-def]
    """Move Action example 2: a card showing two Movement points moves two Units into
    Scorch; no enemy Units or Trog tokens, so the Pilgrims place their Control token."""
    g = new_game(content, (H, P, M), hqs={P: "northern_landing", H: "eastern_landing", M: "western_landing"})
    clear_board(g)
    g.round, g.phase = 1, "actions"
    give(g, P, "pilgrims.holo_decoys")
    drive(
        g,
        actions.MoveAction(P),
        [
            cards("pilgrims.holo_decoys"),
            opt(("northern_landing", "scorch")),
            opt(("northern_landing", "scorch")),
        ],
    )
    assert g.units("scorch", P) == 2
    assert g.regions["scorch"].control == P
    assert not g.regions["scorch"].battle


def test_battle_region_exit_three_pilgrims_block_six_humans(content):  # type: ignore[no-untyped-def]
    """Important Battle Region Rules example: 3 Pilgrims move into a Region with 8 Humans;
    the Humans may move up to 2 Units out, and nobody may move in."""
    g = new_game(content, (H, P, M), hqs={H: "northern_landing", P: "eastern_landing", M: "western_landing"})
    clear_board(g)
    g.round, g.phase = 1, "actions"
    place(g, "foglands", H, 8)
    place(g, "feralas_banks", P, 3)
    drive(g, movement.Move(P, 3), [opt(("feralas_banks", "foglands"))] * 3)
    assert g.regions["foglands"].battle == 1
    assert movement.movable(g, H, "foglands", {}) == 2
    steps = [opt(("foglands", "kalas_gorge")), opt(("foglands", "kalas_gorge"))]
    drive(
        g,
        movement.Move(H, 5),
        [*steps, lambda d: len(d.options) - 1 if d.options[-1] is None else 0],
    )
    assert g.units("foglands", H) == 6
    # Nobody may enter the Battle Region, and the attacker's Units are committed (ruling R8).
    assert all(dst != "foglands" for _, dst in movement.move_options(g, H, {}, set()))
    assert all(src != "foglands" for src, _ in movement.move_options(g, P, {}, set()))


def test_build_example_harvester_and_power_orb_with_five_points(content):  # type: ignore[no-untyped-def]
    """Build example: 2 cards with 5 Building points build the Harvester and the Power
    Orb (2 each) in controlled Regions; the last point activates one of them."""
    g = new_game(content, (H, P, M), hqs={H: "northern_landing", P: "eastern_landing", M: "western_landing"})
    clear_board(g)
    g.round, g.phase = 1, "actions"
    place(g, "glass_lagoon", P, 1)
    g.regions["glass_lagoon"].crystals = 2
    place(g, "sapos_deep", P, 1)
    hand = ("pilgrims.meditation", "pilgrims.crystal_lance")
    give(g, P, *hand)
    assert sum(content.cards[c].build for c in hand) == 5
    h, po = content.structures["pilgrims.harvester"], content.structures["pilgrims.power_orb"]
    assert (h.build_cost, h.activate_cost, po.build_cost, po.activate_cost) == (2, 1, 2, 1)
    vp = g.players[P].vp
    drive(
        g,
        actions.BuildAction(P),
        [
            cards(*hand),
            opt(("build", "pilgrims.harvester", "glass_lagoon")),
            opt(("build", "pilgrims.power_orb", "sapos_deep")),
            opt(("activate", "pilgrims.harvester", "glass_lagoon")),
        ],
    )
    assert (P, "pilgrims.harvester") in g.regions["glass_lagoon"].structures
    assert (P, "pilgrims.power_orb") in g.regions["sapos_deep"].structures
    assert g.regions["glass_lagoon"].crystals == 1  # the Harvester extracted one
    # +1 VP Crystal Lance's discard bonus, +2 VP the Harvester's extraction.
    assert g.players[P].vp == vp + 3


def _battle_example_state(content):  # type: ignore[no-untyped-def]
    g = new_game(content, (H, P, M), hqs={H: "northern_landing", P: "eastern_landing", M: "western_landing"})
    clear_board(g)
    g.round, g.phase = 1, "battle"
    place(g, "feralas_banks", P, 1)
    start_battle(g, "foglands", P, 4, H, 3)
    give(g, P, "pilgrims.deploy_holos", "pilgrims.holo_decoys")  # a card kept: passing is a choice
    give(g, H, "humans.air_support", "humans.outflank_1")
    return g


def test_battle_example_deploy_holos_air_support_outflank(content):  # type: ignore[no-untyped-def]
    """Battle Resolution example (B to G): Pilgrims 3 on Region Control, 1 on Capture
    Prisoners; Humans 3 on Attrition. Deploy Holos, Air Support, pass, Outflank. Humans
    win Region Control on the tie, nobody captures on the tie, one kill each; the Humans
    keep 3 Units in the Region, the Pilgrims retreat 3 to Feralas Banks, which they control."""
    g = _battle_example_state(content)
    vp = {f: g.players[f].vp for f in (H, P)}
    reserve = {f: g.players[f].reserve for f in (H, P)}
    drive(
        g,
        battle.Resolve("foglands"),
        [
            (3, 1, 0),  # attacker places first
            (0, 0, 3),
            opt("pilgrims.deploy_holos"),
            opt(("region_control", "attrition")),
            opt("humans.air_support"),
            opt("capture_prisoners"),
            opt(None),  # the Pilgrims pass, for good
            opt("humans.outflank_1"),
            opt(("attrition", "region_control")),
            opt(("attrition", "region_control")),
            # The Humans hold no more cards: they cannot play, so they pass.
        ],
    )
    s = g.regions["foglands"]
    assert s.control == H and not s.battle
    assert s.crystals == 1  # step A
    assert g.units("foglands", H) == 3 and g.units("foglands", P) == 0
    assert g.units("feralas_banks", P) == 1 + 3
    assert g.players[H].vp == vp[H] + 2 + 1  # Region Control + one kill
    assert g.players[P].vp == vp[P] + 1
    assert g.players[H].prisoners_held == 0 and g.players[P].prisoners_held == 0
    assert g.players[H].reserve == reserve[H] - 1 + 1  # Air Support out, one killed back
    assert g.players[P].reserve == reserve[P] + 1
    objectives = [(e.faction, e.detail) for e in g.events if e.kind == "battle_objective"]
    assert objectives[0] == (H, "region_control") and objectives[1] == (None, "capture_prisoners")


def test_prisoners_buy_back_example(content):  # type: ignore[no-untyped-def]
    """Prisoners example: the Pilgrims return 1 Prisoner held by the Humans and 1 of the
    2 held by the Machines for 4 VP; one Prisoner remains with the Machines."""
    g = new_game(content, (H, P, M))
    g.round, g.phase = 1, "prisoners"
    g.players[P].reserve -= 3
    g.players[H].prisoners = {P: 1}
    g.players[M].prisoners = {P: 2}
    g.players[P].vp = 10
    drive(g, scoring.PrisonersPhase(), [opt(H), opt(M), opt(None)])
    assert g.players[P].vp == 6
    assert g.players[M].prisoners == {P: 1} and g.players[H].prisoners == {}
    assert g.players[H].vp == 1 and g.players[M].vp == 2  # 1 VP per Prisoner held, first


def test_scoring_example_pilgrims_enable_with_machines(content):  # type: ignore[no-untyped-def]
    """Scoring example: the Pilgrims enabled Scoring and control 4 Regions (4 VP) with 8
    Crystals (8 VP); the Machines have 5 Crystals in their three Regions (5 VP)."""
    g = new_game(content, (P, M), hqs={P: "northern_landing", M: "southern_landing"})
    clear_board(g)
    g.round, g.phase = 2, "scoring"
    for r, c in (("foglands", 3), ("feralas_banks", 3), ("scorch", 2)):
        place(g, r, P, 1)
        g.regions[r].crystals = c
    for r, c in (("amber_wastes", 2), ("emerald_canopy", 3)):
        place(g, r, M, 1)
        g.regions[r].crystals = c
    g.scoring_enabled_by = P
    scoring.scoring_phase(g)
    assert len(g.controlled(P)) == 4 and len(g.controlled(M)) == 3
    assert g.players[P].vp == 12 and g.players[M].vp == 5


def test_trog_player_scores_half_crystals_rounded_up(content):  # type: ignore[no-untyped-def]
    """4-player Scoring example: the Trogs control seven Crystals in three Regions: 4 VP."""
    g = new_game(content, (H, P, M, T))
    clear_board(g)
    g.round, g.phase = 5, "scoring"
    g.final_round = True
    for r, c in (("scorch", 2), ("kalas_gorge", 2), ("thornwood", 3)):
        place(g, r, T, 1)
        g.regions[r].crystals = c
    scoring.scoring_phase(g)
    assert g.players[T].vp == 4
    assert scoring.trog_crystal_vp(7) == 4 and scoring.trog_crystal_vp(0) == 0


def _four_points(content):  # type: ignore[no-untyped-def]
    g = new_game(content, (H, P, M), hqs={H: "northern_landing", P: "eastern_landing", M: "western_landing"})
    clear_board(g)
    g.round, g.phase = 1, "actions"
    hand = ("humans.drop_troopers", "humans.outflank_1")
    give(g, H, *hand)
    assert sum(content.cards[c].move for c in hand) == 4
    return g, hand


def test_move_sidebar_example_one_unit_four_times(content):  # type: ignore[no-untyped-def]
    """Move Action sidebar: "The Human player discards two cards showing a total of four
    Movement Points. They may Move one Unit four times, four Units one time, or any
    combination of this." One Unit, four steps through empty Regions."""
    g, hand = _four_points(content)
    path = ["northern_landing", "scorch", "world_caverns", "kalas_gorge", "foglands"]
    drive(g, actions.MoveAction(H), [cards(*hand), *(opt(step) for step in pairwise(path))])
    assert g.units("foglands", H) == 1 and g.units("northern_landing", H) == 3
    assert all(g.units(r, H) == 0 for r in path[1:-1])


def test_move_sidebar_example_four_units_one_time(content):  # type: ignore[no-untyped-def]
    """The same four Movement Points: four Units one step each (here all four of the HQ's
    Units, to four different Regions)."""
    g, hand = _four_points(content)
    targets = ["scorch", "kalas_gorge", "foglands", "cameron_seas"]
    drive(g, actions.MoveAction(H), [cards(*hand), *(opt(("northern_landing", r)) for r in targets)])
    assert all(g.units(r, H) == 1 for r in targets) and g.units("northern_landing", H) == 0


def test_recruit_example_five_points_up_to_five_units(content):  # type: ignore[no-untyped-def]
    """Recruit Action: "The Pilgrim player discards 3 cards with a total of 5 Recruitment
    points. They may add up to 5 Units to their Headquarters Region." (The printed cards
    are not public: three cards of the content that show five Recruitment points.)"""
    g = new_game(content, (H, P, M), hqs={H: "northern_landing", P: "eastern_landing", M: "western_landing"})
    g.round, g.phase = 1, "actions"
    hand = ("pilgrims.phase_strike", "jungle.5", "pilgrims.deploy_holos")
    give(g, P, *hand)
    assert sum(content.cards[c].recruit for c in hand) == 5
    before, reserve = g.units("eastern_landing", P), g.players[P].reserve
    assert reserve >= 5
    _, asked = drive(g, actions.RecruitAction(P), [cards(*hand), opt(5)])
    assert asked[-1].options == (0, 1, 2, 3, 4, 5)  # "up to 5"
    assert g.units("eastern_landing", P) == before + 5 and g.players[P].reserve == reserve - 5
