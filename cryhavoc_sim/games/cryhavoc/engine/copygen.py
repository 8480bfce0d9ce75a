"""Writes ``Game._copy``'s body into engine/game.py from the state's declaration
(engine/state.py ``GAME_PARTS``, ``copy_source``): code generated from the one list of
fields, so the copy runs compiled (a loop over field names with getattr and setattr
cost several times the copy: docs/measured.md) without a field listed by hand. Run it
after changing ``GAME_PARTS``: ``python -m cryhavoc_sim.games.cryhavoc.engine.copygen``;
tests/unit/test_state_declaration.py fails while game.py is not current."""

from __future__ import annotations

from pathlib import Path

from cryhavoc_sim.games.cryhavoc.engine.state import copy_source

GAME_PY = Path(__file__).with_name("game.py")
BEGIN, END = "        # BEGIN generated\n", "        # END generated\n"


def generated(text: str) -> str:
    """``text`` (game.py) with the generated block made current."""
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    body = "".join(f"        {line}\n" for line in copy_source())
    return head + BEGIN + body + END + tail


def main() -> None:
    text = GAME_PY.read_text()
    new = generated(text)
    if new != text:
        GAME_PY.write_text(new)
    print(f"{GAME_PY}: {'updated' if new != text else 'current'}")


if __name__ == "__main__":
    main()
