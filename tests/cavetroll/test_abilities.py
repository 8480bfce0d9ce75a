"""Cave Troll's classic abilities and scoring pile, played through ``CaveTrollGame`` on
hand-set positions (rulebook 2015: Classic Abilities; Check for Scoring the Board;
Winning the Game)."""

from __future__ import annotations

from cryhavoc_sim.games.cavetroll.board import Figure
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame, Pending
from cryhavoc_sim.rng import stream

CONTENT = load_content()


def game(players: int = 2) -> CaveTrollGame:
    g = CaveTrollGame.new(CONTENT, players, stream(3, "game"))
    g.current, g.actions_left = 0, 4
    return g


def test_the_cave_troll_lets_each_player_save_one_character_then_clears_the_room() -> None:
    """Cave Troll: 'Each player may move one of his characters from that room to an
    adjacent space; all other figures are removed' (the chest and the placer's own too),
    the current player first (ruling CT3)."""
    g = game()
    red, blue = g.players
    for f in (
        Figure(red, "adventurer"),
        Figure(red, "knight"),
        Figure(blue, "adventurer"),
        Figure(blue, "chest"),
    ):
        g.board.put("R12", f)
    g.hands[red] = ["cave_troll"]
    g.pending.append(Pending("play", red, ""))
    g.apply(("play", 0, "R12"))
    assert g.player == red and ("escape", "R12", "knight", "R02") in g.legal()
    g.apply(("escape", "R12", "knight", "R02"))
    assert g.player == blue
    g.apply(("escape", "R12", None, None))  # blue saves nobody
    assert [f.kind for f in g.board.spaces["R12"]] == ["cave_troll"]
    assert Figure(red, "knight") in g.board.spaces["R02"]
    assert not g.board.can_enter(Figure(blue, "knight"), "R12")


def test_the_knight_removes_every_orc_where_it_enters() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R02", Figure(red, "knight"))
    g.board.put("R12", Figure(blue, "orc"))
    g.board.put("R12", Figure(red, "orc"))
    g.board.put("R12", Figure(blue, "adventurer"))
    g.apply(("move", "R02", "knight", "R12"))
    assert sorted(f.kind for f in g.board.spaces["R12"]) == ["adventurer", "knight"]  # opposing heroes stay


def test_the_wraith_entering_a_room_pushes_one_character_out() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R22", Figure(red, "wraith"))
    for kind in ("adventurer", "barbarian", "thief", "dwarf", "orc"):
        g.board.put("R12", Figure(blue, kind))
    moves = g.legal()
    assert ("move", "R22", "wraith", "R12") not in moves  # a wall: R22 and R12 are not joined
    g.board.remove("R22", Figure(red, "wraith"))
    g.board.put("R02", Figure(red, "wraith"))
    assert ("move", "R02", "wraith", "R12") in g.legal()  # a full room: the Wraith may enter
    g.apply(("move", "R02", "wraith", "R12"))
    pushes = g.legal()
    assert pushes and all(p[0] == "push" for p in pushes)
    assert not any(p[3] == "barbarian" for p in pushes)  # the Barbarian cannot be pushed
    assert not any(p[4].startswith("P_") and p[3] != "orc" for p in pushes)  # no hero into a pit
    g.apply(("push", "R12", blue, "thief", "R02"))
    assert g.board.characters("R12") == 5 and Figure(blue, "thief") in g.board.spaces["R02"]


def test_five_icons_score_the_board_four_do_not() -> None:
    g = game()
    red = g.players[0]
    g.board.put("R12", Figure(red, "adventurer"))
    g.pile = 3
    g.hands[red] = ["adventurer_1", "adventurer_1"]
    g.pending.append(Pending("play", red, ""))
    g.apply(("play", 0, "S_NW"))
    assert g.pile == 4 and g.gold[red] == 0
    g.pending.append(Pending("play", red, ""))
    g.apply(("play", 0, "S_NW"))
    assert g.pile == 0 and g.gold[red] == 3 and g.ledger == [(red, "board_scoring", 3)]


def test_the_player_whose_deck_runs_out_gains_three_then_the_board_is_scored() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R33", Figure(blue, "adventurer"))
    g.decks[red], g.hands[red] = ["adventurer"], []
    g.held[blue] = ["golden_idol"]
    g.apply(("draw",))
    g.apply(("play", 0, "S_NW"))
    assert g.over
    assert (red, "end_bonus", 3) in g.ledger and (blue, "final_scoring", 5) in g.ledger
    assert (blue, "unused_artifacts", CONTENT.artifacts["golden_idol"].gold) in g.ledger
    assert g.winners == (blue,)


def test_artifacts_act_then_leave_the_game() -> None:
    """Play an Artifact: reveal, resolve, return to the box (no gold at the end). The
    Chalice of Life (research) brings a removed hero back to a staircase; the other
    effects are reconstructed (content artifacts.toml)."""
    g = game()
    red, blue = g.players
    g.board.put("R12", Figure(red, "knight"))
    g.board.put("R12", Figure(blue, "orc"))
    g.current = 1  # blue acts: its Orc removes red's Knight
    g.apply(("act", "R12", "orc", red, "knight"))
    assert g.removed[red] == ["knight"] and Figure(red, "knight") not in g.board.spaces["R12"]
    g.current, g.actions_left = 0, 4
    g.held[red] = ["chalice_of_life", "boots_of_speed", "wand_of_banishing"]
    assert ("artifact", 0, "knight", "S_NW") in g.legal()
    g.apply(("artifact", 0, "knight", "S_NW"))
    assert Figure(red, "knight") in g.board.spaces["S_NW"] and g.removed[red] == []
    left = g.actions_left
    g.apply(("artifact", 0))  # Boots of Speed: one more action this turn
    assert g.actions_left == left
    g.apply(("artifact", 0, "R12", blue, "orc"))  # the Wand removes the Orc
    assert g.board.spaces["R12"] == [] and g.held[red] == []
