"""Random Cave Troll games, classic and variant sets, with the invariants checked at every
step (issue 16's contract test, ``playout.violations``): figures conserved, room capacity,
no hero in a pit, nothing but the Cave Troll in its room once the escapes are done, the
gold ledger equal to the gold; every game ends, and the same seed plays the same game."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cavetroll.board import Figure
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame
from cryhavoc_sim.games.cavetroll.invariants import violations
from cryhavoc_sim.games.cavetroll.playout import random_game, random_playouts
from cryhavoc_sim.rng import stream

CONTENT = load_content()


def play(seed: int, players: int, card_set: str = "classic") -> CaveTrollGame:
    g, found = random_game(CONTENT, players, seed, card_set)
    assert not found, found
    return g


@pytest.mark.parametrize("card_set", ["classic", "variant"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players: int, card_set: str) -> None:
    for seed in range(10):
        g = play(seed, players, card_set)
        assert g.over and g.winners and set(g.winners) <= set(g.players)
        assert max(g.gold.values()) == g.gold[g.winners[0]]
        assert any(src == "end_bonus" for _, src, _ in g.ledger)


def test_the_invariants_catch_what_they_check() -> None:
    """Each invariant fails on a position that breaks it (the checks can fail)."""
    g = CaveTrollGame.new(CONTENT, 2, stream(1, "game"))
    red, blue = g.players
    assert violations(g) == []
    g.board.put("P_E", Figure(red, "adventurer"))
    assert any("in pit" in v for v in violations(g))
    g.board.remove("P_E", Figure(red, "adventurer"))
    for _ in range(6):
        g.board.put("R12", Figure(blue, "adventurer"))
    assert any("holds 6 characters" in v for v in violations(g))
    g.board.spaces["R12"] = [Figure(blue, "knight"), Figure(blue, "knight")]
    assert any("owns 1" in v for v in violations(g))
    g.board.spaces["R12"] = [Figure(blue, "cave_troll"), Figure(red, "chest")]
    assert violations(g) == []  # a chest may be placed in a Troll's room (Treasure Chest: "any room")
    g.board.spaces["R12"] = [Figure(blue, "cave_troll"), Figure(red, "orc")]
    assert any("beside the Cave Troll" in v for v in violations(g))
    g.board.spaces["R12"] = []
    g.gold[red] += 1
    assert violations(g) == [f"{red}: ledger and gold differ"]


def test_soak_playouts_cover_both_sets_and_every_player_count() -> None:
    done = random_playouts(CONTENT, 5, 0, 6)
    assert {(p.players, p.card_set) for p in done} == {
        (n, s) for n in (2, 3, 4) for s in ("classic", "variant")
    }
    assert all(not p.violations and p.error is None for p in done)


def test_the_same_seed_plays_the_same_game() -> None:
    a, b = play(7, 4), play(7, 4)
    assert a.ledger == b.ledger and a.board.spaces == b.board.spaces


def test_turns_escalate_one_two_three_then_four() -> None:
    g = CaveTrollGame.new(CONTENT, 2, stream(1, "game"))
    seen = []
    for _ in range(5):
        seen.append(g.actions_left)
        g.apply(("stop",))
    assert seen == [1, 2, 3, 4, 4]


def test_the_same_seed_plays_the_same_game_in_another_process() -> None:
    """No set's order reaches the answers: string hashing differs between processes."""
    import os
    import subprocess
    import sys

    code = (
        "from tests.cavetroll.test_playouts import play; g = play(11, 4); "
        "print(g.ledger, sorted((s, f.owner, f.kind) for s, fs in g.board.spaces.items() for f in fs))"
    )
    outs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert outs[0] == outs[1] and outs[0]


def test_stopping_early_is_allowed_unless_the_knob_forbids_it() -> None:
    """Ruling CT1: the 2015 text says a player "can perform four actions", so stopping
    early is an answer; with ``must_use_all_actions`` it is one only when nothing else is."""
    free = CaveTrollGame.new(CONTENT, 2, stream(5, "game"))
    bound = CaveTrollGame.new(CONTENT, 2, stream(5, "game"), must_use_all_actions=True)
    assert ("stop",) in free.legal() and ("stop",) not in bound.legal()
    assert bound.copy().must_use_all_actions


def test_a_copy_sets_every_field_and_shares_no_list_it_writes() -> None:
    """``copy`` builds the object field by field: a field it forgot would be missing. The
    board's spaces are shared until written (copy on write, through ``put``/``remove``):
    a write to either side leaves the other as it was, and ``touched`` names it."""
    from dataclasses import fields

    g = play(3, 3)
    c = g.copy()
    for f in fields(CaveTrollGame):
        getattr(c, f.name)  # raises AttributeError when copy() left it out
    before = list(g.board.spaces["R12"])
    c.board.put("R12", Figure("red", "adventurer"))
    c.hands["red"].append("adventurer")
    assert g.board.spaces["R12"] == before and c.board.spaces["R12"] == [*before, Figure("red", "adventurer")]
    assert c.board.touched == {"R12"} and not g.board.touched
    g.board.put("R13", Figure("blue", "orc"))  # the original writes: the copy keeps its own
    assert Figure("blue", "orc") not in c.board.spaces["R13"]
    assert g.hands["red"] != c.hands["red"] and c.events is None


def test_soak_seeds_where_a_cave_troll_lands_in_a_full_room_keep_the_invariants() -> None:
    """A soak found these: the Cave Troll placed in a room of five ("any room", ruling CT4)
    makes six until the escapes; the check allows it only while they are asked."""
    for seed, players in ((6153204738703095509, 4), (1246327469546142761, 3)):
        play(seed, players)
    g = CaveTrollGame.new(CONTENT, 2, stream(1, "game"))
    red, blue = g.players
    for _ in range(5):
        g.board.put("R12", Figure(blue, "adventurer"))
    g.board.put("R12", Figure(red, "cave_troll"))
    assert any("holds 6" in v for v in violations(g))  # no escapes pending: a violation
