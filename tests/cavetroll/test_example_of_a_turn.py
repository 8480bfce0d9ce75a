"""The rulebook's "Example of a Turn" (Cave Troll 2015, page 4) on a hand-built board: its
diagram is lost, so the board below is drawn from the text. Red has four actions:

1. An Adventurer cannot go left (a wall before the staircase), nor to the lower-left room
   (five characters), nor to the lower-right room (the blue Cave Troll): it goes up.
2. The Wraith enters a room of five characters and must push one out: the blue Orc, to the
   room on the left.
3. The Wraith's action pushes the blue Thief into the Orc's room.
4. Red's Orc may move to either adjacent room; it goes to the room below.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from cryhavoc_sim.games.cavetroll.board import Board, Figure
from cryhavoc_sim.games.cavetroll.content import DATA, load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame
from cryhavoc_sim.rng import stream

ROOMS = ("A0", "UP", "LL", "LR", "W0", "FULL", "LEFT", "O0", "BELOW")
DOORS = [
    ("ST", "UP"),  # the staircase left of A0 is behind a wall: its doorway is UP's
    ("UP", "A0"),
    ("A0", "LL"),
    ("A0", "LR"),
    ("UP", "W0"),
    ("W0", "FULL"),
    ("FULL", "LEFT"),
    ("W0", "O0"),
    ("O0", "BELOW"),
    ("BELOW", "PIT"),
]


def example_board(tmp: Path) -> Path:
    d = tmp / "example"
    shutil.copytree(DATA, d)
    lines = ["doorways = [" + ", ".join(f'["{a}", "{b}"]' for a, b in DOORS) + "]"]
    spaces = [("ST", "staircase"), ("PIT", "pit")] + [(r, "room") for r in ROOMS]
    for i, (sid, kind) in enumerate(spaces):
        gold = "gold = 2\n" if kind == "room" else ""
        lines.append(
            f'[[space]]\nid = "{sid}"\nkind = "{kind}"\n{gold}grid = [0, {i}]\n'
            'provenance = "reconstructed"\nrationale = "The Example of a Turn, drawn from its text."\n'
        )
    (d / "board.toml").write_text("\n".join(lines))
    return d


def test_the_example_of_a_turn(tmp_path: Path) -> None:
    content = load_content(example_board(tmp_path))
    g = CaveTrollGame.new(content, 2, stream(1, "game"))
    red, blue = g.players
    g.board = Board(content)
    place = {
        "A0": [(red, "adventurer")],
        "LL": [(blue, "adventurer")] * 5,
        "LR": [(blue, "cave_troll")],
        "W0": [(red, "wraith")],
        "FULL": [(blue, "orc"), (blue, "thief")] + [(blue, "adventurer")] * 3,
        "O0": [(red, "orc")],
    }
    for space, figures in place.items():
        for owner, kind in figures:
            g.board.put(space, Figure(owner, kind))
    g.current, g.actions_left, g.turn = 0, 4, 5  # a turn after the escalating ones

    # Action 1: only up
    moves = {a[3] for a in g.legal() if a[:3] == ("move", "A0", "adventurer")}
    assert moves == {"UP"}
    g.apply(("move", "A0", "adventurer", "UP"))

    # Action 2: the Wraith enters the full room and must push one character out
    assert ("move", "W0", "wraith", "FULL") in g.legal()
    g.apply(("move", "W0", "wraith", "FULL"))
    assert g.player == red and all(a[0] == "push" for a in g.legal())
    assert ("push", "FULL", blue, "orc", "LEFT") in g.legal()
    g.apply(("push", "FULL", blue, "orc", "LEFT"))
    assert g.board.characters("FULL") == 5 and Figure(blue, "orc") in g.board.spaces["LEFT"]

    # Action 3: the Wraith's action pushes the blue Thief into the Orc's room
    assert ("act", "FULL", "wraith", blue, "thief", "LEFT") in g.legal()
    g.apply(("act", "FULL", "wraith", blue, "thief", "LEFT"))
    assert {f.kind for f in g.board.spaces["LEFT"]} == {"orc", "thief"}

    # Action 4: the Orc may go to either adjacent room; it goes below
    assert {a[3] for a in g.legal() if a[:3] == ("move", "O0", "orc")} == {"W0", "BELOW"}
    g.apply(("move", "O0", "orc", "BELOW"))
    assert g.player == blue and g.actions_left == 4  # four actions used: blue's turn
