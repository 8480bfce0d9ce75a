"""The variant game's seven abilities (rulebook 2015, Variant Abilities), one test or more
each, played through ``CaveTrollGame`` on hand-set positions of the shipped board
(R01-R02-R12-R13-P_N-R22-R21; R32-R33-R34 with P_N above R33)."""

from __future__ import annotations

from cryhavoc_sim.games.cavetroll.board import Board, Figure
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame, Pending
from cryhavoc_sim.rng import stream

CONTENT = load_content()


def game(players: int = 2) -> CaveTrollGame:
    g = CaveTrollGame.new(CONTENT, players, stream(3, "game"), "variant")
    g.current, g.actions_left = 0, 4
    return g


def test_the_variant_deck_places_the_variant_characters() -> None:
    """The Variant Game: the seven star cards replace the seven diamond cards; the figure
    stands as its variant ability (the Dwarf's figure is the Giant Slayer)."""
    deck = CONTENT.deck("variant")
    assert len(deck) == 19 and "knight" not in deck and "paladin" in deck
    assert (
        CONTENT.cards["giant_slayer"].figure == "dwarf"
        and CONTENT.cards["giant_slayer"].placed == "giant_slayer"
    )
    assert CONTENT.cards["knight"].placed == "knight" and CONTENT.cards["treasure_chest"].placed == "chest"


def test_the_giant_slayer_gains_one_gold_entering_an_empty_room_once_a_turn() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R01", Figure(red, "giant_slayer"))
    g.board.put("R12", Figure(red, "chest"))  # a chest is no character: R12 is empty (CT13)
    g.apply(("move", "R01", "giant_slayer", "R02"))
    assert g.gold[red] == 1 and g.ledger == [(red, "giant_slayer", 1)]
    g.apply(("move", "R02", "giant_slayer", "R12"))
    assert g.gold[red] == 1  # once per turn
    g.apply(("stop",))
    g.apply(("stop",))  # blue's turn passes; red's next turn
    g.board.put("R13", Figure(blue, "adventurer"))
    g.apply(("move", "R12", "giant_slayer", "R13"))
    assert g.gold[red] == 1  # R13 holds a character: not empty
    g.apply(("move", "R13", "giant_slayer", "R12"))
    assert g.gold[red] == 2  # a new turn, an empty room


def test_the_giant_slayer_removes_itself_to_remove_a_rampaging_troll() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R12", Figure(red, "giant_slayer"))
    g.board.put("R12", Figure(blue, "rampaging_troll"))
    assert ("act", "R12", "giant_slayer", blue) in g.legal()
    g.apply(("act", "R12", "giant_slayer", blue))
    assert g.board.spaces["R12"] == [] and g.removed[red] == ["giant_slayer"]


def test_the_paladin_shields_heroes_of_its_room_from_grunt_and_banshee() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R12", Figure(red, "adventurer"))
    g.board.put("R12", Figure(blue, "grunt"))
    g.current = 1
    assert ("act", "R12", "grunt") in g.legal()
    g.board.put("R12", Figure(red, "paladin"))
    assert ("act", "R12", "grunt") not in g.legal()  # shielded
    g.board.put("R02", Figure(blue, "banshee"))
    assert not any(a[:3] == ("act", "R02", "banshee") for a in g.legal())  # nobody to pull


def test_the_paladin_sends_an_opposing_banshee_of_its_space_to_any_pit() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R33", Figure(red, "paladin"))
    g.board.put("R33", Figure(blue, "banshee"))
    pits = {a[4] for a in g.legal() if a[:3] == ("act", "R33", "paladin")}
    assert pits == {"P_N", "P_W", "P_E"}
    g.apply(("act", "R33", "paladin", blue, "P_W"))
    assert Figure(blue, "banshee") in g.board.spaces["P_W"] and g.board.spaces["R33"] == [
        Figure(red, "paladin")
    ]


def test_the_berserker_shares_the_gold_of_a_room_it_does_not_control_remainder_lost() -> None:
    """R33 is worth 5: blue controls with two heroes; red's Berserker takes half, 2 each,
    one lost. A tie scores nobody, Berserker or not (CT9)."""
    b = Board(CONTENT)
    for f in (Figure("blue", "adventurer"), Figure("blue", "adventurer"), Figure("red", "berserker")):
        b.put("R33", f)
    assert b.score_room("R33") == [("blue", 2), ("red", 2)]
    b.put("R33", Figure("green", "berserker"))
    assert b.score_room("R33") == [("blue", 1), ("green", 1), ("red", 1)]
    b.remove("R33", Figure("blue", "adventurer"))
    assert b.score_room("R33") == []  # blue 1, red 1, green 1: a tie
    own = Board(CONTENT)
    for f in (Figure("red", "adventurer"), Figure("red", "berserker")):
        own.put("R33", f)
    assert own.score_room("R33") == [("red", 5)]  # its controller's own Berserker shares with nobody


def test_the_berserker_enters_a_room_of_five_only_when_none_of_its_owner_is_there() -> None:
    b = Board(CONTENT)
    for _ in range(5):
        b.put("R33", Figure("blue", "adventurer"))
    assert b.can_enter(Figure("red", "berserker"), "R33")
    assert not b.can_enter(Figure("red", "adventurer"), "R33")
    b.put("R33", Figure("red", "berserker"))
    assert not b.can_enter(Figure("green", "berserker"), "R33")  # six: not exactly five
    b.remove("R33", Figure("red", "berserker"))
    b.remove("R33", Figure("blue", "adventurer"))
    b.put("R33", Figure("red", "grunt"))
    assert not b.can_enter(Figure("red", "berserker"), "R33")  # one of red's is there


def test_the_assassin_removes_one_lone_grunt_or_hero_but_not_an_assassin() -> None:
    g = game(3)
    red, blue, green = g.players
    for f in (
        Figure(red, "assassin"),
        Figure(blue, "adventurer"),
        Figure(blue, "adventurer"),  # two blue: not lone
        Figure(green, "assassin"),  # lone, but an Assassin
    ):
        g.board.put("R33", f)
    assert not any(a[:3] == ("act", "R33", "assassin") for a in g.legal())
    g.board.put("R34", Figure(red, "assassin"))
    g.board.put("R34", Figure(green, "grunt"))
    g.board.put("R34", Figure(blue, "paladin"))
    targets = {a[3:] for a in g.legal() if a[:3] == ("act", "R34", "assassin")}
    assert targets == {(green, "grunt"), (blue, "paladin")}
    g.apply(("act", "R34", "assassin", blue, "paladin"))
    assert g.removed[blue] == ["paladin"]


def test_the_rampaging_troll_moves_once_a_turn() -> None:
    g = game()
    red = g.players[0]
    g.board.put("R21", Figure(red, "rampaging_troll"))
    g.apply(("move", "R21", "rampaging_troll", "R22"))
    assert not any(a[:3] == ("move", "R22", "rampaging_troll") for a in g.legal())


def test_the_rampaging_troll_pushes_two_then_removes_every_other_figure() -> None:
    g = game()
    red, blue = g.players
    for f in (
        Figure(red, "rampaging_troll"),
        Figure(red, "adventurer"),
        Figure(blue, "adventurer"),
        Figure(blue, "paladin"),
        Figure(blue, "chest"),
    ):
        g.board.put("R33", f)
    g.apply(("act", "R33", "rampaging_troll"))
    assert g.player == red and all(a[0] == "push" for a in g.legal())
    assert not any(a[2:4] == (red, "rampaging_troll") for a in g.legal())  # never itself
    g.apply(("push", "R33", red, "adventurer", "R32"))
    g.apply(("push", "R33", blue, "paladin", "R34"))
    assert g.board.spaces["R33"] == [Figure(red, "rampaging_troll")]
    assert g.removed[blue] == ["adventurer"] and Figure(blue, "paladin") in g.board.spaces["R34"]


def test_the_grunt_removes_every_opposing_adventurer_of_its_room() -> None:
    g = game()
    red, blue = g.players
    for f in (
        Figure(red, "grunt"),
        Figure(red, "adventurer"),
        Figure(blue, "adventurer"),
        Figure(blue, "adventurer"),
    ):
        g.board.put("R33", f)
    g.board.put("R33", Figure(blue, "berserker"))
    g.apply(("act", "R33", "grunt"))
    kinds = sorted((f.owner, f.kind) for f in g.board.spaces["R33"])
    assert kinds == [(blue, "berserker"), (red, "adventurer"), (red, "grunt")]


def test_the_banshee_moves_up_to_two_spaces() -> None:
    g = game()
    red = g.players[0]
    g.board.put("R21", Figure(red, "banshee"))
    moves = {a[3] for a in g.legal() if a[:3] == ("move", "R21", "banshee")}
    assert moves == {"R20", "R22", "R10", "P_N", "R32"}


def test_the_banshee_pulls_an_opposing_character_not_into_five_but_a_berserker() -> None:
    g = game()
    red, blue = g.players
    g.board.put("R33", Figure(red, "banshee"))
    g.board.put("R32", Figure(blue, "adventurer"))
    g.board.put("R34", Figure(blue, "berserker"))
    assert ("act", "R33", "banshee", "R32", blue, "adventurer") in g.legal()
    for _ in range(4):
        g.board.put("R33", Figure(red, "adventurer"))
    pulls = [a for a in g.legal() if a[:3] == ("act", "R33", "banshee")]
    assert pulls == [("act", "R33", "banshee", "R34", blue, "berserker")]  # five there: only a Berserker
    g.apply(pulls[0])
    assert Figure(blue, "berserker") in g.board.spaces["R33"] and g.board.characters("R33") == 6


def test_no_variant_game_has_classic_abilities() -> None:
    """A variant game places variant kinds only, so the Knight's block, the Dwarf's
    doubling and the Cave Troll never apply (The Variant Game)."""
    g = game()
    red = g.players[0]
    g.hands[red] = ["rampaging_troll"]
    g.pending.append(Pending("play", red, ""))
    targets = {a[2] for a in g.legal()}
    assert targets == {"P_N", "P_W", "P_E"}  # a monster: on a pit (CT4), not in a room
