"""One rule per test, each on a small hand-made state, citing its rulebook section."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cryhavoc.engine import IllegalDecision, actions, battle, movement, scoring
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice, Decision
from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game as make_game
from cryhavoc_sim.games.cryhavoc.engine.trogs import NPC
from cryhavoc_sim.rng import stream
from tests.conftest import cards, clear_board, drive, drive_any, give, new_game, opt, place, start_battle

H, P, M, T = "humans", "pilgrims", "machines", "trogs"
HQS = {H: "northern_landing", P: "eastern_landing", M: "western_landing"}


@pytest.fixture
def g3(content):  # type: ignore[no-untyped-def]
    g = new_game(content, (H, P, M), hqs=HQS)
    clear_board(g)
    g.round, g.phase = 1, "actions"
    return g


def test_setup_hqs_units_control_and_initiative(content):  # type: ignore[no-untyped-def]
    """Setup 4, 7, 8: HQs at random among the HQ Regions with 4 Units and a Control
    token; Upcoming Initiative equals Initiative; War Party tokens on their icons."""
    g = new_game(content, (H, P, M), seed=5)
    hqs = {g.players[f].hq for f in (H, P, M)}
    assert hqs == {r.id for r in g.board.regions if r.hq}
    for f in (H, P, M):
        assert g.units(g.players[f].hq, f) == 4 and g.regions[g.players[f].hq].control == f
        assert g.players[f].reserve == 8 and g.players[f].control_left == 7
    assert g.upcoming == g.initiative
    assert g.role(T) == NPC and g.is_npc(T) and g.players[T].reserve == 16
    for r in g.board.regions:
        assert (g.regions[r.id].trog_token is not None) == r.war_party


def test_setup_four_players_trog_hq_and_tunnels(content):  # type: ignore[no-untyped-def]
    """4-player game 12-13: Trog HQ in World Caverns with two Units, no War Party token
    there, Tunnel tokens on the Tunnel Regions; Tunnels are adjacent for the Trogs."""
    g = new_game(content, (H, P, M, T))
    assert g.players[T].hq == "world_caverns" and g.units("world_caverns", T) == 2
    assert g.regions["world_caverns"].trog_token is None and g.regions["world_caverns"].crystals == 0
    tunnels = sorted(r for r, s in g.regions.items() if s.tunnel)
    assert len(tunnels) == 4
    assert "glass_lagoon" in g.neighbours("kalas_gorge", T)
    assert "glass_lagoon" not in g.neighbours("kalas_gorge", H)


def test_setup_starting_units_per_faction_as_a_designer_writes_it(content):  # type: ignore[no-untyped-def]
    """Setup 4 with a per-faction [rules] start_units: "give the Humans one fewer
    starting Unit" is ``start_units = {humans = 3}``; the others keep 4 and every
    faction keeps its 12 Units (the rest wait in the Reserve)."""
    from cryhavoc_sim.games.cryhavoc.engine.game import GameSetup
    from cryhavoc_sim.runner.scenario import parse_scenario

    scenario = parse_scenario(
        '[scenario]\nname = "fewer"\ngames = 1\nseed = 1\nplayers = 4\n[bots]\ndefault = "random"\n'
        "[rules]\nstart_units = { humans = 3 }\n"
    )
    rules = scenario.setup.rules
    g = make_game(content, GameSetup((H, P, M, T), "first_time"), stream(1, "game"), rules)
    assert g.units(g.players[H].hq, H) == 3 and g.players[H].reserve == 9
    for f in (P, M):
        assert g.units(g.players[f].hq, f) == 4 and g.players[f].reserve == 8
    assert g.units(g.players[T].hq, T) == 2  # the Trog player's own knob: trog_start_units_4p
    assert rules.as_mapping() == {"start_units": {"humans": 3}}
    assert type(rules).from_mapping(rules.as_mapping()) == rules  # saved games read it back


def test_draws_hand_limit_and_actions_per_faction_as_a_designer_writes_them(tmp_path):  # type: ignore[no-untyped-def]
    """2. Draw Cards and 3. Actions with per-faction [rules]: the Machines draw five and
    keep eight, the Humans take a fourth Action after the others' third, the Trog player
    keeps five; every other faction plays the printed numbers (four, seven, three)."""
    import polars as pl

    from cryhavoc_sim.api import simulate
    from cryhavoc_sim.runner.scenario import parse_scenario

    text = (
        '[scenario]\nname = "per_faction"\ngames = 2\nseed = 3\nplayers = 4\n[bots]\ndefault = "heuristic"\n'
        "[rules]\ndraw_per_round = { machines = 5 }\nhand_limit = { machines = 8, trogs = 5 }\n"
        "actions_per_round = { humans = 4 }\n"
    )
    rules = parse_scenario(text).setup.rules
    assert (rules.draws(M), rules.draws(H), rules.hand_limit_of(M), rules.hand_limit_of(T)) == (5, 4, 8, 5)
    assert (rules.actions_of(H), rules.actions_of(P), rules.most_actions()) == (4, 3, 4)
    assert type(rules).from_mapping(rules.as_mapping()) == rules  # saved games read it back
    path = tmp_path / "s.toml"
    path.write_text(text)
    run = simulate(path, out=tmp_path / "run")
    events = run.events.collect()
    drawn = events.filter((pl.col("kind") == "draw") & (pl.col("detail") == "draw_phase"))
    assert set(drawn.filter(pl.col("faction") == M)["amount"]) <= {5, 4, 3, 2, 1, 0}
    assert 5 in set(drawn.filter(pl.col("faction") == M)["amount"])
    assert max(drawn.filter(pl.col("faction") != M)["amount"]) == 4
    actions = events.filter(pl.col("kind") == "action").group_by("game_id", "round", "faction").len()
    per = {f: set(actions.filter(pl.col("faction") == f)["len"]) for f in (H, P, M, T)}
    assert per[H] == {4} and per[P] == per[M] == per[T] == {3}, per


def test_per_faction_numbers_keep_the_engine_s_invariants(content):  # type: ignore[no-untyped-def]
    """The engine's end-of-game checks read each faction's own numbers: a hand after the
    Draw within its own limit, its own count of Actions every Round."""
    from dataclasses import replace

    from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
    from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
    from cryhavoc_sim.games.cryhavoc.engine.game import GameSetup
    from cryhavoc_sim.games.cryhavoc.engine.invariants import InvariantObserver, game_violations
    from cryhavoc_sim.games.cryhavoc.engine.rules import Rules
    from tests.conftest import play_out

    per = (("actions_per_round", H, 2), ("draw_per_round", P, 6), ("hand_limit", P, 5), ("hand_limit", T, 9))
    rules = replace(Rules(), per_faction=per)
    g = make_game(content, GameSetup((H, P, M, T), "experienced"), stream(4, "game"), rules)
    bots = {f: HeuristicBot(f, personality(f, "balanced"), stream(4, f)) for f in (H, P, M, T)}
    observer = InvariantObserver()
    play_out(g, bots, observer)
    assert observer.violations == []
    assert all(taken[H] == 2 and taken[M] == 3 for taken in g.actions_by_round.values())
    assert max(h[P] for h in g.hands_after_draw.values()) <= 5
    # the same checks catch a faction that broke its own numbers
    g.actions_by_round[1][H] = 3
    assert any("humans took 3 Actions" in v for v in game_violations(g))


@pytest.mark.parametrize(
    ("line", "fragment"),
    [
        ("max_rounds = { humans = 3 }", "a table per faction is allowed for start_units, draw_per_round"),
        ("hand_limit = { trogs = 0 }", "'hand_limit' for trogs must be a whole number between 1 and 30"),
        ("start_units = { trogs = 3 }", "allowed: humans, machines, pilgrims (the Trog player's"),
        (
            "actions_per_round = { elves = 2 }",
            "names faction 'elves'; allowed: humans, machines, pilgrims, trogs",
        ),
    ],
)
def test_a_bad_per_faction_knob_is_one_sentence(line: str, fragment: str) -> None:
    from cryhavoc_sim.errors import ScenarioError
    from cryhavoc_sim.runner.scenario import parse_scenario

    with pytest.raises(ScenarioError, match="rule knob") as err:
        parse_scenario(
            f'[scenario]\nname = "bad"\ngames = 1\nseed = 1\nplayers = 4\n[bots]\ndefault = "random"\n[rules]\n{line}\n'
        )
    assert fragment in str(err.value) and str(err.value).count(". ") == 0, str(err.value)


@pytest.mark.parametrize(("level", "n"), [("first_time", 1), ("experienced", 2), ("veteran", 3)])
def test_setup_skills_by_experience(content, level, n):  # type: ignore[no-untyped-def]
    """Setup 5c: Default only; Default + 1 random; Default + 2 random."""
    g = new_game(content, (H, P), experience=level)
    for f in (H, P):
        skills = g.players[f].skills
        assert len(skills) == n and content.skills[skills[0]].default


def test_draw_phase_hand_limit_seven(content):  # type: ignore[no-untyped-def]
    """Draw Cards: draw four, then discard down to seven."""
    g = new_game(content, (H, P))
    g.round, g.phase = 1, "draw"
    g.draw(H, 4)  # 4 in hand + 4 drawn = 8 (the 8-card deck is exhausted)
    _, asked = drive(g, actions.DrawPhase(), [lambda d: (0,)])
    assert asked[0].kind == "hand_limit" and asked[0].faction == H
    assert len(g.players[H].hand) == 7 and len(g.players[P].hand) == 4


def test_draw_reshuffles_discard_when_deck_runs_out(content):  # type: ignore[no-untyped-def]
    """Draw Cards note: an empty deck is replaced by the shuffled discard pile."""
    g = new_game(content, (H, P))
    p = g.players[H]
    p.discard, p.deck = p.deck, []
    assert g.draw(H, 3) == 3 and len(p.deck) == 5 and not p.discard


def test_draw_two_keep_one_from_any_terrain_deck(g3):  # type: ignore[no-untyped-def]
    """Draw two, keep one: any Terrain deck, whatever the player controls; the other card
    is reshuffled into that deck."""
    g = g3
    before = len(g.terrain_decks["ocean"])
    drive(g, actions.DrawAction(H), [opt("ocean"), 0])
    assert len(g.terrain_decks["ocean"]) == before - 1
    assert content_deck(g, g.players[H].hand[-1]) == "ocean"


def content_deck(g, card):  # type: ignore[no-untyped-def]
    return g.content.cards[card].deck


def test_bonus_icons_when_discarded_for_an_action(g3):  # type: ignore[no-untyped-def]
    """Card anatomy: draw one per symbol, draw one, or gain 1 VP when discarded for
    Move, Recruit or Build (never for Enable Scoring)."""
    g = g3
    give(g, P, "pilgrims.meditation", "pilgrims.crystal_lance")
    hand = len(g.players[P].hand)
    points = drive(g, actions.Discard(P, "build"), [cards("pilgrims.meditation", "pilgrims.crystal_lance")])[
        0
    ]
    assert points == 5
    assert g.players[P].vp == 1  # Crystal Lance: 1 VP
    assert len(g.players[P].hand) == hand - 2 + 2  # Meditation: one card per Build icon


def test_recruit_limited_by_reserve(g3):  # type: ignore[no-untyped-def]
    """Recruit: one Unit per point from the Reserve to the HQ; an empty Reserve stops it."""
    g = g3
    g.players[H].reserve = 1
    give(g, H, "humans.regroup")
    _, asked = drive(g, actions.RecruitAction(H), [cards("humans.regroup"), opt(1)])
    assert asked[-1].options == (0, 1)
    assert g.units("northern_landing", H) == 5 and g.players[H].reserve == 0


def test_structures_not_in_hq_or_battle_one_per_type_activation_needs_control(g3):  # type: ignore[no-untyped-def]
    """Structure rules: never in an HQ or a Battle Region; one of each type per Region;
    a Structure in a Region its owner lost cannot be activated."""
    g = g3
    place(g, "scorch", H, 1)
    opts = actions.build_options(g, H, 9, frozenset(g.controlled(H)), frozenset())
    built = {(v, r) for v, _, r in opts}
    assert ("build", "northern_landing") not in built and ("build", "scorch") in built
    g.regions["scorch"].structures += ((H, "humans.artillery"),)
    opts = actions.build_options(g, H, 9, frozenset({"scorch"}), frozenset())
    assert ("build", "humans.artillery", "scorch") not in opts
    assert ("activate", "humans.artillery", "scorch") in opts
    g.set_control("scorch", P, "test")
    assert ("activate", "humans.artillery", "scorch") not in actions.build_options(
        g, H, 9, frozenset(), frozenset()
    )


def test_enable_scoring_once_per_round_and_never_in_final_round(g3):  # type: ignore[no-untyped-def]
    """Enable Scoring: the one card, once per Round; never in the final Round."""
    g = g3
    give(g, H, "humans.planetary_claim")
    give(g, P, "pilgrims.resonance_field")
    assert actions.can_enable_scoring(g, H)
    drive(g, actions.EnableScoringAction(H), [])
    assert g.scoring_enabled_by == H and not actions.can_enable_scoring(g, P)
    g.scoring_enabled_by = None
    g.final_round = True
    assert not actions.can_enable_scoring(g, P)


def test_move_never_into_enemy_hq(g3):  # type: ignore[no-untyped-def]
    """Move Action, Important: never into an enemy's Headquarters Region."""
    g = g3
    place(g, "kalas_gorge", P, 2)
    dests = {d for s, d in movement.move_options(g, P, {}, set()) if s == "kalas_gorge"}
    assert "northern_landing" not in dests and "scorch" in dests


def test_move_through_without_control_or_exploration(g3):  # type: ignore[no-untyped-def]
    """Clarifications: Units may pass through Regions; no Control or Exploration where
    they do not end their move."""
    g = g3
    g.regions["scorch"].exploration = g.content.exploration[0]
    drive(
        g,
        movement.Move(H, 2),
        [opt(("northern_landing", "scorch")), opt(("scorch", "world_caverns"))],
    )
    assert g.regions["scorch"].control is None and g.regions["scorch"].exploration is not None
    assert g.regions["world_caverns"].control == H


def test_war_party_without_trogs_left_costs_a_unit_and_no_battle(g3, content):  # type: ignore[no-untyped-def]
    """Clarifications: no Trogs left: place the Crystals, no Battle, the mover returns a Unit."""
    g = g3
    g.players[T].reserve = 0
    token = content.war_parties[0]
    g.regions["scorch"].trog_token = token
    drive(
        g,
        movement.Move(H, 2),
        [opt(("northern_landing", "scorch")), opt(("northern_landing", "scorch"))],
    )
    assert g.units("scorch", H) == 1 and not g.regions["scorch"].battle
    assert g.regions["scorch"].crystals == token.crystals and g.regions["scorch"].control == H


def test_war_party_with_too_few_trogs_places_what_exists(g3, content):  # type: ignore[no-untyped-def]
    g = g3
    g.players[T].reserve = 1
    g.regions["scorch"].trog_token = next(t for t in content.war_parties if t.trogs == 3)
    drive(g, movement.Move(H, 1), [opt(("northern_landing", "scorch"))])
    assert g.units("scorch", T) == 1 and g.regions["scorch"].battle == 1


def test_region_control_tie_and_empty_go_to_defender_no_prisoner_on_tie(g3):  # type: ignore[no-untyped-def]
    """Battle D: the defender wins Region Control ties, also when neither placed Units;
    a Capture Prisoners tie captures nobody."""
    g = g3
    place(g, "feralas_banks", P, 1)
    start_battle(g, "foglands", P, 2, H, 2)
    drive(g, battle.Resolve("foglands"), [(0, 1, 1), (0, 1, 1)])
    assert g.regions["foglands"].control == H
    assert g.players[H].prisoners_held == 0 and g.players[P].prisoners_held == 0
    assert g.players[H].vp == 2 + 1 and g.players[P].vp == 1


def test_capture_takes_one_unit_from_any_objective(g3):  # type: ignore[no-untyped-def]
    """Battle D: most Units on Capture Prisoners takes one enemy Unit, from any Objective;
    Prisoners do not return to the Reserve."""
    g = g3
    start_battle(g, "foglands", P, 3, H, 2)
    drive(g, battle.Resolve("foglands"), [(1, 2, 0), (1, 0, 1), opt("attrition")])
    assert g.players[P].prisoners == {H: 1}
    assert g.regions["foglands"].control == H  # tie 1-1 on Region Control
    # Attrition: the Human Unit on Attrition was captured first, so nobody is killed.
    assert not [e for e in g.events if e.kind == "kill"]


def test_attrition_is_simultaneous_and_scores_per_kill(g3):  # type: ignore[no-untyped-def]
    g = g3
    start_battle(g, "foglands", P, 3, H, 3)
    drive(g, battle.Resolve("foglands"), [(0, 0, 3), (1, 0, 2)])
    # Pilgrims kill 3, Humans kill 2, both counted before removal.
    assert g.players[P].vp == 3 and g.players[H].vp == 2 + 2
    assert g.units("foglands", H) == 0 and g.regions["foglands"].control == H


def test_loser_retreats_to_reserve_without_adjacent_controlled_region(g3):  # type: ignore[no-untyped-def]
    """Battle F: no adjacent non-Battle Region under the loser's Control: to the Reserve."""
    g = g3
    start_battle(g, "foglands", P, 2, H, 3)
    reserve = g.players[P].reserve
    drive(g, battle.Resolve("foglands"), [(2, 0, 0), (3, 0, 0)])
    assert g.players[P].reserve == reserve + 2


def test_battle_without_one_side_gives_control_without_battle(g3):  # type: ignore[no-untyped-def]
    """Battle Resolution: a side eliminated before resolution: no Battle, Control to the other."""
    g = g3
    start_battle(g, "foglands", P, 2, H, 1)
    g.remove_units("foglands", H, 1)
    g.to_reserve(H, 1)
    drive(g, battle.Resolve("foglands"), [])
    assert g.regions["foglands"].control == P and not g.regions["foglands"].battle
    assert g.regions["foglands"].crystals == 0  # no step A either


def test_npc_trogs_win_region_control_place_a_nest_no_control(g3, content):  # type: ignore[no-untyped-def]
    """Trog exception / Clarifications: Trogs winning Region Control place a Nest, not a
    Control token, and score nothing; the player left of their opponent decides for them."""
    g = g3
    g.nest_supply = list(content.nests)
    start_battle(g, "scorch", H, 1, T, 2)
    _, asked = drive(g, battle.Resolve("scorch"), [(1, 0, 0), (2, 0, 0)])
    assert asked[1].faction == g.left_of(H) and asked[1].actor == T
    assert g.regions["scorch"].control is None and g.regions["scorch"].trog_token is not None
    assert g.players[T].vp == 0 and g.units("scorch", T) == 2


def test_npc_trogs_retreat_leaves_board_and_nests_adjacent(g3, content):  # type: ignore[no-untyped-def]
    g = g3
    g.nest_supply = list(content.nests)
    start_battle(g, "scorch", H, 3, T, 1)
    drive(g, battle.Resolve("scorch"), [(3, 0, 0), (0, 1, 0), opt("kalas_gorge")])
    assert g.units("scorch", T) == 0 and g.players[T].reserve == 16
    assert g.regions["kalas_gorge"].trog_token is not None and g.regions["scorch"].control == H


def test_trog_prisoners_score_nothing_and_cost_two_to_return(g3):  # type: ignore[no-untyped-def]
    """Clarifications: Prisoners held by the Trogs give nobody VP; 2 VP to return."""
    g = g3
    g.phase = "prisoners"
    g.players[T].prisoners = {H: 1}
    g.players[H].reserve -= 1
    g.players[H].vp = 2
    drive(g, scoring.PrisonersPhase(), [opt(T)])
    assert g.players[H].vp == 0 and g.players[T].prisoners == {} and g.players[T].vp == 0


def test_cannot_buy_back_without_enough_vp(g3):  # type: ignore[no-untyped-def]
    g = g3
    g.players[M].prisoners = {H: 1}
    g.players[H].reserve -= 1
    g.players[H].vp = 1
    drive(g, scoring.PrisonersPhase(), [])
    assert g.players[M].prisoners == {H: 1}


def test_final_round_scores_crystals_only(g3):  # type: ignore[no-untyped-def]
    """End of the Game: Scoring always enabled in the final Round, Crystals only."""
    g = g3
    place(g, "scorch", H, 1)
    g.regions["scorch"].crystals = 3
    g.final_round = True
    g.scoring_enabled_by = None
    scoring.scoring_phase(g)
    assert g.players[H].vp == 3


def test_no_scoring_when_not_enabled(g3):  # type: ignore[no-untyped-def]
    g = g3
    place(g, "scorch", H, 1)
    g.regions["scorch"].crystals = 3
    scoring.scoring_phase(g)
    assert g.players[H].vp == 0


def test_passed_event_spots_stack_and_end_the_game_early(content):  # type: ignore[no-untyped-def]
    """Events A / End of the Game: a Score token passing unresolved Event spots stacks
    them on the next unresolved one, so the game ends sooner."""
    g = new_game(content, (H, P))
    g.round = 1
    g.spot_resolved[0] = True
    spots = content.track.event_spots
    g.gain_vp(H, spots[3] + 1, "test")  # passes spots 2, 3 and 4
    assert [len(s) for s in g.spots] == [1, 0, 0, 0, 4]
    g.round, g.phase = 2, "events"
    drive_any(g, scoring.EventsPhase(), lambda d: 0)
    assert g.final_round
    revealed = [e.detail for e in g.events if e.kind == "event_revealed"]
    assert revealed[-1] == "event.enable_final_scoring" and len(revealed) == 4


def test_winner_ties_to_prisoners_then_later_initiative(content):  # type: ignore[no-untyped-def]
    """End of the Game: most VP; ties to most Prisoners, then later in Initiative order."""
    g = new_game(content, (H, P, M), initiative=(H, P, M))
    for f in (H, P, M):
        g.players[f].vp = 10
    assert scoring.ranking(g)[0] == M
    g.players[H].prisoners = {P: 1}
    assert scoring.ranking(g)[0] == H


def test_engine_rejects_illegal_answers(g3):  # type: ignore[no-untyped-def]
    """The engine checks every answer (decision protocol)."""

    def beyond(d: Decision) -> int:
        assert isinstance(d, Choice)
        return len(d.options)

    with pytest.raises(IllegalDecision):
        drive_any(g3, actions.DrawAction(H), beyond)


# ----------------------------------------------------------------- rules version 5


def test_four_player_setup_takes_the_four_tunnels_from_the_seven_tokens(content):  # type: ignore[no-untyped-def]
    """Components: 7 Tunnel tokens; 4-player game 13: four of them go on the board (the
    Tunnel-icon Regions and the Trog HQ), so 3 are left to Build."""
    from cryhavoc_sim.games.cryhavoc.engine.invariants import state_violations

    g = new_game(content, (H, P, M, T))
    placed = sorted(r for r, s in g.regions.items() if (T, "trogs.tunnels") in s.structures)
    assert placed == sorted(r.id for r in g.board.regions if r.tunnel) and len(placed) == 4
    assert "world_caverns" in placed
    assert (
        g.players[T].structures_left["trogs.tunnels"] == content.structures["trogs.tunnels"].tokens - 4 == 3
    )
    assert sorted(r for r, s in g.regions.items() if s.tunnel) == placed
    assert state_violations(g) == []


def test_build_tunnels_stops_after_the_three_left(content):  # type: ignore[no-untyped-def]
    """With the four pre-placed, the Build options offer Tunnels only while tokens are left."""
    g = new_game(content, (H, P, M, T))
    g.round, g.phase = 1, "actions"
    for r in ("scorch", "mirror_lake", "emerald_canopy", "foglands"):
        g.set_control(r, T, "test")
    options = actions.build_options(g, T, 9, frozenset(g.controlled(T)), frozenset())
    assert any(sid == "trogs.tunnels" for _, sid, _ in options)
    g.players[T].structures_left["trogs.tunnels"] = 0
    options = actions.build_options(g, T, 9, frozenset(g.controlled(T)), frozenset())
    assert not any(sid == "trogs.tunnels" for _, sid, _ in options)


def test_a_stopped_unit_cannot_move_again_this_turn_by_a_skill(g3, content):  # type: ignore[no-untyped-def]
    """Move Action: a Unit entering a Region with a Trog token "must stop moving and
    cannot Move again this turn": a Skill's Move later in the same turn cannot take it on;
    the next turn it can."""
    from cryhavoc_sim.games.cryhavoc.engine import effects

    g = g3
    g.players[T].reserve = 0  # the token places nobody: no Battle, Control to the mover
    g.regions["scorch"].trog_token = content.war_parties[0]
    drive(g, movement.Move(H, 2), [opt(("northern_landing", "scorch")), opt(("northern_landing", "scorch"))])
    assert g.units("scorch", H) == 1 and g.regions["scorch"].control == H and not g.regions["scorch"].battle
    march = content.skills["humans.forced_march"].effect
    _, asked = drive(g, effects.RunEffects(H, march, "skill"), [lambda d: len(d.options) - 1])
    assert not any(src == "scorch" for src, _ in asked[0].options[:-1])
    g.new_turn()
    _, asked = drive(g, effects.RunEffects(H, march, "skill"), [lambda d: len(d.options) - 1])
    assert any(src == "scorch" for src, _ in asked[0].options[:-1])


def test_the_turn_starts_with_no_unit_stopped(g3):  # type: ignore[no-untyped-def]
    """The stop lasts for the turn in which the Unit moved, no longer."""
    g = g3
    g.turn_stops = {H: {"scorch": 1}}
    drive(g, actions.Turn(P, 1), [], partial=True)
    assert g.turn_stops == {}


def test_a_stopped_unit_cannot_teleport_this_turn(content):  # type: ignore[no-untyped-def]
    """The same for the Pilgrims' Teleport: a Move of Units that are stopped this turn."""
    from cryhavoc_sim.games.cryhavoc.engine import effects

    g = new_game(content, (H, P, M), hqs=HQS)
    clear_board(g)
    g.round, g.phase = 1, "actions"
    place(g, "scorch", P, 2)
    g.turn_stops = {P: {"scorch": 2}}
    g.players[P].stock = 3
    teleport = content.skills["pilgrims.teleport"].effect
    asked: list[Choice] = []

    def answer(d):  # type: ignore[no-untyped-def]
        asked.append(d)
        return d.options.index("scorch") if "scorch" in d.options and d.context == "teleport_from" else 0

    drive_any(g, effects.RunEffects(P, teleport, "skill"), answer)
    assert g.units("scorch", P) == 2  # both stopped: the HQ's Units went instead
    assert not any(d.context == "teleport_from" and "scorch" in d.options for d in asked)
    g.turn_stops = {P: {"scorch": 1}}
    asked.clear()
    drive_any(g, effects.RunEffects(P, teleport, "skill"), answer)
    counts = [d for d in asked if d.kind == "count"]
    assert g.units("scorch", P) == 1 and (not counts or counts[0].options == (1,))


def test_discarded_terrain_cards_join_the_players_discard_pile(g3):  # type: ignore[no-untyped-def]
    """Introduction, Draw two keep one: a Terrain card drawn into a hand belongs to it; paid
    for an Action it goes to that player's discard pile and comes back with its reshuffle."""
    g = g3
    card = g.terrain_decks["ocean"][-1]
    give(g, H, card)
    deck_size = len(g.terrain_decks["ocean"])
    drive(g, actions.Discard(H, "move"), [cards(card)])
    assert card in g.players[H].discard and len(g.terrain_decks["ocean"]) == deck_size
    p = g.players[H]
    p.deck = []
    g.draw(H, len(p.discard))
    assert card in p.hand


def test_hand_limit_discards_keep_terrain_cards_with_the_player(content):  # type: ignore[no-untyped-def]
    """Draw Cards: down to seven; a Terrain card discarded there goes to the discard pile."""
    g = new_game(content, (H, P))
    g.round, g.phase = 1, "draw"
    card = g.terrain_decks["desert"][-1]
    give(g, H, card)
    give(g, H, *g.players[H].deck[:4])

    def answer(d):  # type: ignore[no-untyped-def]
        first = d.items.index(card) if d.faction == H else d.min
        return tuple(sorted({first, *[i for i in range(d.min + 1) if i != first][: d.min - 1]}))

    drive_any(g, actions.DrawPhase(), answer)
    assert card in g.players[H].discard


def test_retreating_npc_trogs_may_nest_in_any_adjacent_uncontrolled_region(g3, content):  # type: ignore[no-untyped-def]
    """Battle F, Trog exception: "place a Trog Nest token face down in any adjacent
    uncontrolled Region": Units or a face-down token there do not matter, a Control token
    does (ruling R14)."""
    from cryhavoc_sim.games.cryhavoc.engine import trogs

    g = g3
    place(g, "kalas_gorge", P, 1, control=False)  # Units, no Control
    g.regions["cameron_seas"].trog_token = content.war_parties[0]  # a token
    g.set_control("world_caverns", M, "test")  # controlled
    spots = trogs.nest_candidates(g, "scorch")
    assert spots == ["kalas_gorge", "cameron_seas"]
    assert g.regions["northern_landing"].control == H  # an HQ holds its Control token
    assert all(g.regions[r].control is None for r in spots)


def test_a_nest_left_on_a_token_is_revealed_with_it(g3, content):  # type: ignore[no-untyped-def]
    """Both face-down tokens of a Region are revealed when a Unit Moves in (Move step 2)."""
    from cryhavoc_sim.games.cryhavoc.engine import trogs

    g = g3
    war_party = next(t for t in content.war_parties if t.trogs == 1)
    g.regions["scorch"].trog_token = war_party
    g.nest_supply = list(content.nests)
    assert trogs.place_nest(g, "scorch", "trogs_retreat")
    nest = g.regions["scorch"].trog_token
    assert g.regions["scorch"].more_tokens == (war_party,)
    drive(g, movement.Move(H, 1), [opt(("northern_landing", "scorch"))])
    s = g.regions["scorch"]
    assert s.trog_token is None and not s.more_tokens
    assert s.crystals == war_party.crystals + nest.crystals
    want = 1 + max(1, nest.trogs) if nest.trogs else 1
    assert g.units("scorch", T) == min(want, 16) and s.battle
    revealed = [e.detail for e in g.events if e.kind == "token_revealed"]
    assert revealed == [nest.id, war_party.id]


def test_the_trog_role_is_one_notion(content):  # type: ignore[no-untyped-def]
    """Who plays the Trogs follows from the player count and mode (rulebook: 4-player
    game; Battle Resolution, Trog exception; solo rules) and every rule asks ``g.role``."""
    from cryhavoc_sim.games.cryhavoc.engine import GameSetup
    from cryhavoc_sim.games.cryhavoc.engine.trogs import AUTOMATON, PLAYER

    four = new_game(content, (H, P, M, T), seed=5)
    three = new_game(content, (H, P, M), seed=5)
    two = new_game(content, (H, P), seed=5)
    solo = make_game(content, GameSetup((H,), mode="solo"), stream(5, "game"))
    assert [g.trog_role for g in (four, three, two, solo)] == [PLAYER, NPC, NPC, AUTOMATON]
    for g in (four, three, two, solo):
        assert all(g.role(f) == PLAYER for f in g.players if f != T)
        assert g.player_factions == [f for f in g.players if g.role(f) == PLAYER]
        assert g.solo == (g.trog_role == AUTOMATON)
    # a clone keeps the role
    assert solo.clone().trog_role == AUTOMATON and three.clone().trog_role == NPC
