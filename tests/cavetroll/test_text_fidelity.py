"""Cave Troll rules held to the rulebook's clear sentences (004, 2015), one test per
sentence that an independent reading found the engine contradicting (rules version
cavetroll-rules-3): the Thief's action, the Wraith's push on entering, the board scored
after a card is resolved, and the Treasure Chest placed in any room."""

from __future__ import annotations

import dataclasses

from cryhavoc_sim.games.cavetroll.board import Figure
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame, Pending
from cryhavoc_sim.rng import stream

CONTENT = load_content()


def game(players: int = 2, content: object = CONTENT) -> CaveTrollGame:
    g = CaveTrollGame.new(content, players, stream(3, "game"))  # type: ignore[arg-type]
    g.current, g.actions_left = 0, 4
    return g


def test_the_thief_never_lands_where_an_opposing_knight_stands_staircases_included() -> None:
    """Thief: 'Action: Place the Thief on any room or staircase that does not contain
    an opposing Knight.' A Knight on a staircase keeps it out too (ruling CT8)."""
    g = game()
    red, blue = g.players
    g.board.put("R02", Figure(red, "thief"))
    g.board.put("S_NE", Figure(blue, "knight"))
    g.board.put("S_SW", Figure(red, "knight"))  # its own Knight keeps nobody of its own out
    targets = {a[3] for a in g.legal() if a[0] == "act" and a[2] == "thief"}
    assert "S_NE" not in targets
    assert {"S_NW", "S_SW", "S_SE"} <= targets


def test_a_wraith_entering_an_empty_room_stays_there_and_pushes_nobody() -> None:
    """Wraith: 'When the Wraith enters a room, push one character from that room': a
    character already there, never the Wraith itself (ruling CT7: nobody to push,
    nothing happens)."""
    g = game()
    red, _ = g.players
    g.board.put("R02", Figure(red, "wraith"))
    g.apply(("move", "R02", "wraith", "R12"))
    assert not g.pending, "an empty room leaves nobody to push"
    assert Figure(red, "wraith") in g.board.spaces["R12"]
    assert g.player == red and g.actions_left == 3


def test_a_wraith_entering_pushes_one_of_the_others_never_itself() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R02", Figure(red, "wraith"))
    g.board.put("R12", Figure(blue, "adventurer"))
    g.apply(("move", "R02", "wraith", "R12"))
    pushes = g.legal()
    assert pushes and {(p[2], p[3]) for p in pushes} == {(blue, "adventurer")}
    # its Action pushes another character, not itself either
    g.apply(pushes[0])
    g.board.put("R12", Figure(blue, "dwarf"))
    acts = [a for a in g.legal() if a[0] == "act" and a[2] == "wraith"]
    assert acts and all(a[4] == "dwarf" for a in acts)


def test_the_board_is_scored_after_the_cave_troll_card_is_resolved() -> None:
    """Check for Scoring the Board: 'After a card with one or more scoring icons is
    played and resolved, it is placed faceup in the scoring pile'. A Cave Troll card
    with an icon (an override) clears its room before the board is scored: the heroes
    it removes are not paid."""
    cards = dict(CONTENT.cards)
    cards["cave_troll"] = dataclasses.replace(cards["cave_troll"], icons=1)
    content = dataclasses.replace(CONTENT, cards=cards)
    g = game(content=content)
    red, blue = g.players
    g.board.put("R12", Figure(blue, "adventurer"))
    g.board.put("R02", Figure(red, "adventurer"))
    g.pile = 4
    g.hands[red] = ["cave_troll"]
    g.pending.append(Pending("play", red, ""))
    g.apply(("play", 0, "R12"))
    assert g.gold == {red: 0, blue: 0} and g.pile == 4, "nothing is scored while the card resolves"
    g.apply(("escape", "R12", None, None))  # red saves nobody (it has nobody there)
    g.apply(("escape", "R12", None, None))  # blue leaves its Adventurer to the Troll
    assert [f.kind for f in g.board.spaces["R12"]] == ["cave_troll"]
    assert g.pile == 0
    assert g.gold[blue] == 0, "the removed Adventurer is not paid"
    assert g.gold[red] == CONTENT.spaces["R02"].gold
    assert g.ledger == [(red, "board_scoring", CONTENT.spaces["R02"].gold)]


def test_the_treasure_chest_may_be_placed_in_a_cave_trolls_room() -> None:
    """Treasure Chest: 'Place your Treasure Chest figure in any room.' The chest is not
    a character (ruling CT2), so 'Characters cannot enter the Cave Troll's room' does
    not keep it out."""
    g = game()
    blue = g.players[1]
    g.board.put("R12", Figure(blue, "cave_troll"))
    rooms = g.play_options("treasure_chest")
    assert "R12" in rooms
    assert set(rooms) == {s for s, sp in CONTENT.spaces.items() if sp.kind == "room"}
