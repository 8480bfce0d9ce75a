"""Cave Troll's board rules (rulebook 2015: Movement, Scoring a Room, Classic Abilities),
one test per rule statement of shared/content/cave_troll_notes.md that needs no turn."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.cavetroll.board import Board, Figure
from cryhavoc_sim.games.cavetroll.content import CaveTrollContent, load_content


@pytest.fixture(scope="module")
def content() -> CaveTrollContent:
    return load_content()


def board(content: CaveTrollContent, **rooms: list[tuple[str, str]]) -> Board:
    b = Board(content)
    for space, figures in rooms.items():
        for owner, kind in figures:
            b.put(space, Figure(owner, kind))
    return b


def test_dwarves_double_the_printed_gold_and_not_the_chest(content: CaveTrollContent) -> None:
    """A 3-gold room with a chest and 2 Dwarves scores 3 x 4 + 4 = 16 (Dwarf; Treasure
    Chest: 'the increased value provided by the treasure chest is not doubled')."""
    assert content.spaces["R12"].gold == 3
    b = board(content, R12=[("red", "dwarf"), ("blue", "dwarf"), ("red", "chest"), ("red", "adventurer")])
    assert b.room_value("R12") == 16
    assert b.score_room("R12") == [("red", 16)]  # red: Dwarf and Adventurer against blue's Dwarf


def test_a_dwarf_doubles_whoever_controls_the_room(content: CaveTrollContent) -> None:
    b = board(content, R12=[("blue", "dwarf"), ("red", "adventurer"), ("red", "adventurer")])
    assert b.score_room("R12") == [("red", 6)]


def test_a_tie_scores_nobody_and_the_barbarian_counts_two_at_scoring(content: CaveTrollContent) -> None:
    tied = board(content, R12=[("red", "barbarian"), ("blue", "adventurer"), ("blue", "adventurer")])
    assert tied.controller("R12") is None and tied.score_room("R12") == []
    ahead = board(content, R12=[("red", "barbarian"), ("red", "adventurer"), ("blue", "adventurer")])
    ahead.put("R12", Figure("blue", "adventurer"))
    assert ahead.controller("R12") == "red"  # 3 against 2
    # at all other times the Barbarian is one character
    assert ahead.characters("R12") == 4


def test_rooms_hold_five_characters_and_a_chest_is_not_one(content: CaveTrollContent) -> None:
    b = board(content, R12=[("red", "adventurer")] * 4 + [("blue", "chest")])
    hero = Figure("blue", "adventurer")
    assert b.can_enter(hero, "R12")  # four characters and a chest (ruling CT2)
    b.put("R12", Figure("red", "orc"))
    assert not b.can_enter(hero, "R12")
    assert b.can_enter(Figure("blue", "wraith"), "R12", ignore_capacity=True)  # the Wraith's entry
    # staircases and pits hold any number
    for _ in range(8):
        b.put("S_NW", Figure("red", "adventurer"))
    assert b.can_enter(hero, "S_NW")


def test_heroes_never_enter_pits_and_monsters_may(content: CaveTrollContent) -> None:
    b = Board(content)
    assert not b.can_enter(Figure("red", "knight"), "P_N")
    assert b.can_enter(Figure("red", "orc"), "P_N")


def test_the_knights_room_is_closed_to_opposing_characters_but_knights(content: CaveTrollContent) -> None:
    b = board(content, R12=[("red", "knight")])
    assert not b.can_enter(Figure("blue", "adventurer"), "R12")
    assert not b.can_enter(Figure("blue", "wraith"), "R12")
    assert b.can_enter(Figure("blue", "knight"), "R12")
    assert b.can_enter(Figure("red", "adventurer"), "R12")


def test_nobody_enters_the_cave_trolls_room(content: CaveTrollContent) -> None:
    b = board(content, R12=[("red", "cave_troll")])
    for who in (Figure("red", "adventurer"), Figure("blue", "knight"), Figure("blue", "wraith")):
        assert not b.can_enter(who, "R12", ignore_capacity=True)


def test_the_board_scores_every_room_with_heroes_and_only_those(content: CaveTrollContent) -> None:
    b = board(
        content,
        R12=[("red", "adventurer")],
        R13=[("blue", "orc"), ("blue", "chest")],  # no hero: not scored
        R22=[("red", "adventurer"), ("blue", "adventurer")],  # tie: nobody
        R33=[("blue", "thief")],
    )
    assert b.score_board() == [("R12", "red", 3), ("R33", "blue", 5)]
    c = b.copy()
    c.remove("R33", Figure("blue", "thief"))
    assert b.score_board()[-1] == ("R33", "blue", 5) and c.score_board() == [("R12", "red", 3)]
