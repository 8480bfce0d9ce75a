"""One scenario test per Skill and per Structure (issue #3), each on a small hand-made
4-player state, checking the item's effect. Board: shipped 3-4 player side."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cryhavoc.engine import battle, effects, movement, structures
from cryhavoc_sim.games.cryhavoc.engine.handlers import HANDLERS
from tests.conftest import clear_board, drive, new_game, opt, place, start_battle

H, P, M, T = "humans", "pilgrims", "machines", "trogs"
HQS = {H: "northern_landing", P: "eastern_landing", M: "western_landing"}


@pytest.fixture
def g(content):  # type: ignore[no-untyped-def]
    game = new_game(content, (H, P, M, T), hqs=HQS)
    clear_board(game)
    game.round, game.phase = 1, "actions"
    return game


def use_skill(g, f, sid, answers):  # type: ignore[no-untyped-def]
    steps = [effects.Pay(f, sid), effects.RunEffects(f, g.content.skills[sid].effect, "skill")]
    return drive(g, steps, answers)


def activate(g, f, sid, region, answers, build=True):  # type: ignore[no-untyped-def]
    if build:
        structures.place_structure(g, f, region, sid, "build")
    st = g.content.structures[sid]
    step = HANDLERS[sid](f, region) if st.handler else effects.RunEffects(f, st.effect, "structure", region)
    return drive(g, step, answers)


# ------------------------------------------------------------------ Humans
def test_skill_humans_scouting_takes_unoccupied_region_even_enemy_or_trog_token(g):  # type: ignore[no-untyped-def]
    g.set_control("foglands", P, "test")
    g.regions["kalas_gorge"].trog_token = g.content.war_parties[0]
    _, asked = use_skill(g, H, "humans.scouting", [opt("foglands")])
    assert g.regions["foglands"].control == H and "kalas_gorge" in asked[0].options


def test_skill_humans_veteran_forces_adds_units_where_they_stand(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", H, 1)
    use_skill(g, H, "humans.veteran_forces", [opt("scorch")])
    assert g.units("scorch", H) == 3


def test_skill_humans_recon_forces_draws_two(g):  # type: ignore[no-untyped-def]
    use_skill(g, H, "humans.recon_forces", [])
    assert len(g.players[H].hand) == 2


def test_skill_humans_forced_march_is_a_free_move(g):  # type: ignore[no-untyped-def]
    use_skill(g, H, "humans.forced_march", [opt(("northern_landing", "scorch"))] * 2)
    assert g.units("scorch", H) == 2 and g.regions["scorch"].control == H


def test_skill_humans_frontier_survey_scores_regions(g):  # type: ignore[no-untyped-def]
    for r in ("scorch", "kalas_gorge", "foglands", "cameron_seas"):
        place(g, r, H, 1)
    use_skill(g, H, "humans.frontier_survey", [])
    assert g.players[H].vp == 5 // 2


def test_structure_humans_airfield_controls_without_units(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", H, 1)
    _, asked = activate(g, H, "humans.airfield", "scorch", [opt("cameron_seas")])
    assert g.regions["cameron_seas"].control == H and not g.units("cameron_seas", H)
    assert "world_caverns" not in asked[0].options and "northern_landing" not in asked[0].options


def test_structure_humans_artillery_kills_next_door(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", H, 1)
    place(g, "kalas_gorge", P, 2)
    activate(g, H, "humans.artillery", "scorch", [opt(("kalas_gorge", P))])
    assert g.units("kalas_gorge", P) == 1 and g.players[H].vp == 1 and not g.regions["kalas_gorge"].battle


def test_structure_humans_watchtower_recruits_and_defends(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", H, 1)
    activate(g, H, "humans.watchtower", "scorch", [])
    assert g.units("scorch", H) == 2
    start_battle(g, "scorch", P, 3, H, 0)
    drive(g, battle.Resolve("scorch"), [(3, 0, 0), (2, 0, 0), opt("region_control")])
    assert g.regions["scorch"].control == H  # 3 against 2 + 1 from the Watchtower: a tie


# ------------------------------------------------------------------ Pilgrims
def test_skill_pilgrims_extraction_stores_crystals(g):  # type: ignore[no-untyped-def]
    place(g, "glass_lagoon", P, 1)
    g.regions["glass_lagoon"].crystals = 3
    use_skill(g, P, "pilgrims.extraction", [])
    assert g.players[P].stock == 2 and g.regions["glass_lagoon"].crystals == 1 and g.players[P].vp == 0


def test_skill_pilgrims_crystal_offering_spends_stock_for_vp(g):  # type: ignore[no-untyped-def]
    g.players[P].stock = 3
    use_skill(g, P, "pilgrims.crystal_offering", [opt(3)])
    assert g.players[P].stock == 0 and g.players[P].vp == 3


def test_skill_pilgrims_teleport_costs_a_crystal_never_into_an_enemy_hq(g):  # type: ignore[no-untyped-def]
    assert not effects.can_pay(g, P, "pilgrims.teleport")
    g.players[P].stock = 1
    _, asked = use_skill(g, P, "pilgrims.teleport", [opt("scorch"), opt(3)])
    assert "northern_landing" not in asked[0].options
    assert g.players[P].stock == 0 and g.units("scorch", P) == 3 and g.regions["scorch"].control == P


def test_skill_pilgrims_teleport_into_enemy_units_starts_a_battle(g):  # type: ignore[no-untyped-def]
    g.players[P].stock = 1
    place(g, "scorch", H, 1)
    use_skill(g, P, "pilgrims.teleport", [opt("scorch"), opt(2)])
    assert g.regions["scorch"].battle == 1 and g.regions["scorch"].attacker == P


def test_skill_pilgrims_withdraw_returns_units_to_hq(g):  # type: ignore[no-untyped-def]
    place(g, "sapos_deep", P, 2)
    use_skill(g, P, "pilgrims.withdraw", [opt("sapos_deep"), opt(2)])
    assert g.units("eastern_landing", P) == 6 and not g.units("sapos_deep", P)


def test_skill_pilgrims_crystal_ward_is_played_in_battle(g):  # type: ignore[no-untyped-def]
    g.players[P].skills.append("pilgrims.crystal_ward")
    g.players[P].stock = 1
    start_battle(g, "foglands", P, 2, H, 1)
    drive(
        g,
        battle.Resolve("foglands"),
        [
            (0, 0, 2),
            (1, 0, 0),
            opt("skill:pilgrims.crystal_ward"),
            opt(("attrition", "region_control")),
            opt(("attrition", "region_control")),
        ],
    )
    assert g.regions["foglands"].control == P and g.players[P].stock == 0


def test_structure_pilgrims_harvester_extracts_for_vp(g):  # type: ignore[no-untyped-def]
    place(g, "glass_lagoon", P, 1)
    g.regions["glass_lagoon"].crystals = 2
    activate(g, P, "pilgrims.harvester", "glass_lagoon", [])
    assert g.regions["glass_lagoon"].crystals == 1 and g.players[P].vp == 2


def test_structure_pilgrims_power_orb_draws_and_scores(g):  # type: ignore[no-untyped-def]
    place(g, "sapos_deep", P, 1)
    activate(g, P, "pilgrims.power_orb", "sapos_deep", [])
    assert len(g.players[P].hand) == 1 and g.players[P].vp == 1


def test_structure_pilgrims_crystal_spire_grows_crystals(g):  # type: ignore[no-untyped-def]
    place(g, "sapos_deep", P, 1)
    activate(g, P, "pilgrims.crystal_spire", "sapos_deep", [])
    assert g.regions["sapos_deep"].crystals == 1


# ------------------------------------------------------------------ Machines
def test_skill_machines_reconfigure_turns_a_unit_into_a_structure(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 2)
    reserve = g.players[M].reserve
    use_skill(g, M, "machines.reconfigure", [opt(("scorch", "machines.factory"))])
    assert (M, "machines.factory") in g.regions["scorch"].structures
    assert g.units("scorch", M) == 1 and g.players[M].reserve == reserve + 1
    assert g.players[M].structures_left["machines.factory"] == 2


def test_skill_machines_disassemble_turns_a_structure_into_units(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 1)
    structures.place_structure(g, M, "scorch", "machines.factory", "build")
    use_skill(g, M, "machines.disassemble", [])
    assert not g.regions["scorch"].structures and g.units("scorch", M) == 3
    assert g.players[M].structures_left["machines.factory"] == 3


def test_skill_machines_relocation_moves_a_structure(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 1)
    place(g, "kalas_gorge", M, 1)
    structures.place_structure(g, M, "scorch", "machines.shredder", "build")
    use_skill(g, M, "machines.relocation", [])
    assert (M, "machines.shredder") in g.regions["kalas_gorge"].structures and not g.regions[
        "scorch"
    ].structures


def test_skill_machines_orbital_targeting_kills_next_to_their_regions(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 1)
    place(g, "kalas_gorge", H, 2)
    use_skill(g, M, "machines.orbital_targeting", [opt(("kalas_gorge", H))])
    assert g.units("kalas_gorge", H) == 1 and g.players[M].vp == 1


def test_skill_machines_assembly_line_recruits_to_hq(g):  # type: ignore[no-untyped-def]
    use_skill(g, M, "machines.assembly_line", [])
    assert g.units("western_landing", M) == 6


def test_structure_machines_matrix_stores_three_and_plays_in_matching_battles(g):  # type: ignore[no-untyped-def]
    place(g, "glass_lagoon", M, 1)
    structures.place_structure(g, M, "glass_lagoon", "machines.matrix", "build")
    for _ in range(3):
        activate(g, M, "machines.matrix", "glass_lagoon", [opt("ocean")], build=False)
    assert len(g.players[M].stored) == 3
    first = g.players[M].stored[0]
    activate(g, M, "machines.matrix", "glass_lagoon", [opt("ocean"), opt(first)], build=False)
    assert len(g.players[M].stored) == 3 and g.terrain_decks["ocean"][0] == first
    # In an Ocean Battle the Machines may play a stored card; it goes to the deck bottom.
    start_battle(g, "mirror_lake", M, 2, H, 2)
    card = g.players[M].stored[0]
    drive(
        g,
        battle.Resolve("mirror_lake"),
        [(1, 0, 1), (1, 0, 1), opt(card), lambda d: len(d.options) - 1],
    )
    assert card not in g.players[M].stored and g.terrain_decks["ocean"][0] == card
    # Not in a Battle of another Terrain.
    assert battle.playable_tactics(g, M, M, "scorch") == []


def test_structure_machines_orbital_sniper_kills_anywhere(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 1)
    place(g, "sapos_deep", H, 1)
    activate(g, M, "machines.orbital_sniper", "scorch", [opt(("sapos_deep", H))])
    assert not g.units("sapos_deep", H) and g.players[M].vp == 1


def test_structure_machines_shredder_kills_next_door(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 1)
    place(g, "cameron_seas", P, 1)
    activate(g, M, "machines.shredder", "scorch", [opt(("cameron_seas", P))])
    assert not g.units("cameron_seas", P)


def test_structure_machines_factory_recruits_on_site(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 1)
    activate(g, M, "machines.factory", "scorch", [])
    assert g.units("scorch", M) == 3


def test_structure_machines_bulwark_recruits_and_defends(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", M, 1)
    activate(g, M, "machines.bulwark", "scorch", [])
    assert g.units("scorch", M) == 2
    start_battle(g, "scorch", H, 4, M, 0)
    drive(g, battle.Resolve("scorch"), [(4, 0, 0), (2, 0, 0), opt("region_control"), opt("region_control")])
    assert g.regions["scorch"].control == M  # 4 against 2 + 2 from the Bulwark


# ------------------------------------------------------------------ Trogs
def test_skill_trogs_nest_call_costs_a_unit_and_places_a_nest(g):  # type: ignore[no-untyped-def]
    use_skill(g, T, "trogs.nest_call", [opt("scorch")])
    assert g.units("world_caverns", T) == 1 and g.regions["scorch"].trog_token is not None
    assert g.regions["scorch"].trog_token.kind == "nest"


def test_skill_trogs_nest_shift_moves_a_token_without_triggering(g):  # type: ignore[no-untyped-def]
    token = g.content.nests[0]
    g.regions["scorch"].trog_token = token
    use_skill(g, T, "trogs.nest_shift", [opt(("scorch", "kalas_gorge"))])
    assert g.regions["kalas_gorge"].trog_token is token and g.regions["scorch"].trog_token is None
    assert not g.units("kalas_gorge", T)


def test_skill_trogs_ambush_reveals_a_token_under_enemy_units(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", H, 1)
    g.regions["scorch"].trog_token = next(t for t in g.content.war_parties if t.trogs == 2)
    use_skill(g, T, "trogs.ambush", [])
    s = g.regions["scorch"]
    assert s.units[T] == 2 and s.battle and s.attacker == T and s.defender == H
    assert g.units("world_caverns", T) == 1  # the cost


def test_skill_trogs_tunnel_run_travels_by_tunnels(g):  # type: ignore[no-untyped-def]
    place(g, "kalas_gorge", T, 1)
    use_skill(g, T, "trogs.tunnel_run", [opt(("kalas_gorge", "glass_lagoon")), lambda d: len(d.options) - 1])
    assert g.units("glass_lagoon", T) == 1 and g.regions["glass_lagoon"].control == T


def test_skill_trogs_brood_recruits_to_hq(g):  # type: ignore[no-untyped-def]
    use_skill(g, T, "trogs.brood", [])
    assert g.units("world_caverns", T) == 4


def test_structure_trogs_tunnels_make_regions_adjacent_for_trogs(g):  # type: ignore[no-untyped-def]
    place(g, "cameron_seas", T, 1)
    assert "glass_lagoon" not in g.neighbours("cameron_seas", T)
    structures.place_structure(g, T, "cameron_seas", "trogs.tunnels", "build")
    assert "glass_lagoon" in g.neighbours("cameron_seas", T) and "glass_lagoon" not in g.neighbours(
        "cameron_seas", H
    )
    assert not g.content.structures["trogs.tunnels"].activatable


def test_structure_trogs_trap_kills_adjacent_and_ambushes_entering_units(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", T, 1)
    place(g, "kalas_gorge", H, 1)
    activate(g, T, "trogs.trap", "scorch", [opt(("kalas_gorge", H))])
    assert not g.units("kalas_gorge", H) and g.players[T].vp == 1
    place(g, "cameron_seas", P, 2)
    g.remove_units("scorch", T, 1)
    g.to_reserve(T, 1)
    drive(g, movement.Move(P, 2), [opt(("cameron_seas", "scorch"))] * 2)
    assert g.units("scorch", P) == 1  # the Trap took one of the two entering Units


def test_structure_trogs_brooding_pool_recruits_on_site(g):  # type: ignore[no-untyped-def]
    place(g, "scorch", T, 1)
    activate(g, T, "trogs.brooding_pool", "scorch", [])
    assert g.units("scorch", T) == 3


def test_every_skill_and_structure_has_a_scenario_test(content):  # type: ignore[no-untyped-def]
    names = " ".join(n for n in globals() if n.startswith("test_"))
    for item in (*content.skills, *content.structures):
        faction, short = item.split(".")
        assert f"{faction}_{short}" in names, f"no scenario test for {item}"
