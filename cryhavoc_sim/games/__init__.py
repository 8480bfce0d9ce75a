"""The game registry: every game the tool plays is a module registered here by name.

The runner, storage, analysis, report, ladder, soak, bench, notebook API and CLI know a
game only through its :class:`~cryhavoc_sim.games.spec.GameSpec` (``games/spec.py``),
looked up by the name a scenario gives (``game = "cryhavoc"`` when absent); what the game
is, its ``rules`` (``games/state.py``), is what the harness (``games/harness/``) plays.
They import nothing from a game's own package (``cryhavoc_sim/games/<name>/``); a test on
the import graph checks it.

A game registers by adding its name and module path to :data:`REGISTERED`; the module's
last line is its spec, ``GAME = GameSpec(...)``. It is imported only when first asked
for, so a Cry Havoc run never loads another game's code.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, cast

from cryhavoc_sim.errors import UserError

if TYPE_CHECKING:
    from cryhavoc_sim.games.spec import GameSpec

DEFAULT_GAME = "cryhavoc"

# name -> the module holding its ``GAME`` (imported lazily).
REGISTERED: dict[str, str] = {
    "cryhavoc": "cryhavoc_sim.games.cryhavoc.module",
    "cavetroll": "cryhavoc_sim.games.cavetroll.module",
    "warcry": "cryhavoc_sim.games.warcry.module",
}

_LOADED: dict[str, GameSpec] = {}


class UnknownGame(UserError):
    """A scenario, option or run names a game that is not registered."""


def game_names() -> tuple[str, ...]:
    return tuple(sorted(REGISTERED))


def get_game(name: str, where: str = "game") -> GameSpec:
    """The registered game ``name``; one sentence listing the registered games if none."""
    game = _LOADED.get(name)
    if game is not None:
        return game
    path = REGISTERED.get(name) if isinstance(name, str) else None
    if path is None:
        raise UnknownGame(
            f"{where} is {name!r}, which is not a registered game; allowed: {', '.join(game_names())}."
        )
    game = cast("GameSpec", import_module(path).GAME)
    assert game.name == name, f"{path} registers {game.name!r}, not {name!r}"
    _LOADED[name] = game
    return game
