"""Bots: strength on the ladder, personalities as data, determinism, and decisions for
the non-player Trogs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality, personality_names
from cryhavoc_sim.games.cryhavoc.bots.registry import bot_names
from cryhavoc_sim.games.cryhavoc.engine import GameSetup
from cryhavoc_sim.games.cryhavoc.engine import new_game as make_game
from cryhavoc_sim.games.cryhavoc.engine.invariants import InvariantObserver
from cryhavoc_sim.rng import game_seed, stream
from cryhavoc_sim.runner.ladder import ladder_matches, ladder_table
from tests.conftest import clear_board, drive, new_game, play_out, seat_decider, start_battle


def test_heuristic_beats_random_in_80_percent_of_two_player_games_of_each_faction(content):  # type: ignore[no-untyped-def]
    """Issue #4: seats rotated, enough games that the 95% Wilson lower bound clears 80%."""
    rows = ladder_table(ladder_matches(None, ["random", "heuristic"], rounds=40, seed=2016))
    for row in rows:
        if row["bot"] == "heuristic":
            assert row["games"] == (480 if row["faction"] == "all" else 160)
            assert float(row["ci_low"]) >= 0.80, row  # type: ignore[arg-type]


@pytest.mark.parametrize("persona", ["aggressive", "economic"])
def test_every_personality_beats_random(content, persona):  # type: ignore[no-untyped-def]
    rows = ladder_table(ladder_matches(None, ["random", f"heuristic:{persona}"], rounds=10, seed=3))
    overall = next(r for r in rows if r["bot"] == f"heuristic:{persona}" and r["faction"] == "all")
    assert float(overall["win_rate"]) >= 0.80, overall  # type: ignore[arg-type]


def test_personalities_are_data_with_at_least_two_per_faction():  # type: ignore[no-untyped-def]
    for f in ("humans", "pilgrims", "machines", "trogs"):
        names = personality_names(f)
        assert {"aggressive", "economic"} <= set(names)
        assert personality(f, "aggressive").attack > personality(f, "economic").attack
        assert f"heuristic:{names[0]}" in bot_names(f)
    with pytest.raises(ScenarioError, match="unknown for humans; allowed"):
        personality("humans", "reckless")


def test_heuristic_games_keep_every_invariant_and_are_deterministic(content):  # type: ignore[no-untyped-def]
    factions = ("humans", "pilgrims", "machines", "trogs")
    for i in range(30):
        seed = game_seed(11, i)
        logs = []
        for _ in range(2):
            g = make_game(content, GameSetup(factions, "veteran"), stream(seed, "game"))
            obs = InvariantObserver()
            play_out(g, {f: seat_decider("heuristic", f, seed) for f in factions}, obs)
            assert not obs.violations, obs.violations[:3]
            logs.append(g.events)
        assert logs[0] == logs[1]


def test_bots_never_touch_the_games_random_streams():  # type: ignore[no-untyped-def]
    """Bots get their own stream; the game's (decks, dice) is never theirs to draw on."""
    for path in Path("cryhavoc_sim/games/cryhavoc/bots").glob("*.py"):
        text = path.read_text()
        assert not re.search(r"\bg(ame)?\.rng\b", text), path


def test_heuristic_decides_for_npc_trogs_against_the_attacker(content):  # type: ignore[no-untyped-def]
    """Battle C note: the player left of the Trogs' opponent decides for them, and plays
    them against the attacker: tie Region Control (the defender wins ties), then the rest."""
    g = new_game(
        content,
        ("humans", "pilgrims", "machines"),
        hqs={"humans": "northern_landing", "pilgrims": "eastern_landing", "machines": "western_landing"},
    )
    clear_board(g)
    g.round = 1
    start_battle(g, "scorch", "humans", 2, "trogs", 3, control=False)
    from cryhavoc_sim.games.cryhavoc.engine import battle

    _, asked = drive(g, battle.Resolve("scorch"), [(1, 0, 1)], partial=True)  # the Humans attack:
    d = asked[1]  # 1 on Region Control, 1 on Attrition
    assert d.kind == "place_units" and d.actor == "trogs" and d.faction == g.left_of("humans")
    decider = seat_decider("heuristic", d.faction, 1)
    assert decider.decide(d, g) == (1, 1, 1)  # tie Region Control, win Prisoners, one kill


def test_ismcts_beats_the_heuristic_bot_and_for_every_faction(content):  # type: ignore[no-untyped-def]
    """Issue 13: 2-player games, factions and seats rotated (each pairing both ways), the
    search bot at its default budget wins more than 55% (95% Wilson lower bound; on the
    default content: on the reconstructed set its rate against bots version 3 is near
    65%, measured with 192 games), and
    playing each faction it wins more often than the heuristic bot does with that faction
    in the same line-ups (so a faction's own strength neither hides nor fakes it)."""
    rows = ladder_table(ladder_matches(None, ["heuristic", "ismcts"], rounds=8, seed=2013))
    by = {(r["bot"], r["faction"]): r for r in rows}
    overall = by[("ismcts", "all")]
    assert overall["games"] == 96 and float(overall["ci_low"]) > 0.55, overall  # type: ignore[arg-type]
    for f in ("humans", "pilgrims", "machines"):
        mine, theirs = by[("ismcts", f)], by[("heuristic", f)]
        assert float(mine["win_rate"]) > float(theirs["win_rate"]), (mine, theirs)  # type: ignore[arg-type]


def test_ismcts_is_deterministic_and_leaves_the_game_alone(content):  # type: ignore[no-untyped-def]
    """Its own stream only: the same seed gives the same game, and searching (clones,
    determinizations, rollouts) never moves the real game's RNG or state."""
    factions = ("humans", "machines")
    seed = game_seed(5, 1)
    logs = []
    for _ in range(2):
        g = make_game(content, GameSetup(factions, "experienced"), stream(seed, "game"))
        bots = {
            "humans": seat_decider("ismcts:6", "humans", seed),
            "machines": seat_decider("heuristic", "machines", seed),
        }
        play_out(g, bots)
        logs.append(g.events)
    assert logs[0] == logs[1]
    g = make_game(content, GameSetup(factions, "experienced"), stream(seed, "game"))
    g.start()
    while g.request is not None and g.request.faction != "humans":
        g.apply(seat_decider("heuristic", g.request.faction, seed).decide(g.request, g))
    before, state = g.rng.getstate(), g.clone()
    seat_decider("ismcts:6", "humans", seed).decide(g.request, g)  # type: ignore[arg-type]
    from cryhavoc_sim.games.cryhavoc.engine.visibility import observation

    assert g.rng.getstate() == before and observation(g, "humans") == observation(state, "humans")
