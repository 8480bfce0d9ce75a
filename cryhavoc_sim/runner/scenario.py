"""Scenario files: what to simulate (TOML in ``scenarios/``), validated with clear errors.

```toml
[scenario]
name = "quick"            # used in run directory names and every output row
game = "cryhavoc"         # a registered game (cryhavoc_sim/games/); this when absent
games = 200
seed = 1
content = ""              # optional: a content directory (relative to this file) or a shipped set's name
description = ""
decisions = false         # optional: count each player's decisions by request kind, and a search's value gaps (seats.decisions)
win_model = ""            # optional: a win-model file (relative to this file) for seats.win_line
# ... and the game's own fields (for Cry Havoc: games/cryhavoc/scenario.py)

[overrides]               # optional: content numbers by path (`cryhavoc-sim content --numbers`)
"tokens.war_party.*.trogs" = 2
```

This module reads the generic fields; the game named by ``game`` reads the rest of
``[scenario]`` and its own tables (:meth:`GameSpec.parse_setup`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.fields import field_error, get_field
from cryhavoc_sim.games import DEFAULT_GAME, UnknownGame, get_game
from cryhavoc_sim.inputs import read_text
from cryhavoc_sim.runner.rundir import MAX_GAMES

if TYPE_CHECKING:
    from cryhavoc_sim.games.winprob import WinLine

# The shipped scenarios: package data (so an installed wheel has them), and the
# repository's top-level ``scenarios/`` is a link to this directory.
SHIPPED = Path(__file__).resolve().parents[1] / "scenarios"
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
GENERIC_FIELDS = ("name", "game", "games", "seed", "content", "description", "decisions", "win_model")


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario: the generic fields, and ``setup``, the game's own (opaque here)."""

    name: str
    games: int
    seed: int
    game: str
    setup: Any
    content_dir: str | None
    text: str = ""
    path: str = ""
    # [overrides]: content values by path, sorted; applied when the content is loaded.
    overrides: tuple[tuple[str, Any], ...] = ()
    # decisions = true: count each player's decisions by kind (games/decisions.py) and log
    # the searches' value gaps (games/search/gaps.py)
    decisions: bool = False
    # win_model = "file.json": the win model whose lines the run records instead of the
    # game's shipped one (games/winprob.py), held as its checked JSON text so that every
    # worker reads the same model whatever happens to the file
    win_model: str | None = None

    @property
    def override_map(self) -> dict[str, Any]:
        return dict(self.overrides)

    def win_model_of(self, line: WinLine | None = None) -> Any:
        """The win model its games' lines are read with: the scenario's, else the game's
        shipped one; None for a game without a win line. ``line``: the game's win line,
        when the caller has it."""
        if line is None:
            line = get_game(self.game).win_line
        if line is None:
            return None
        if self.win_model is None:
            return line.shipped()
        return _parsed_model(self.game, self.win_model)

    def with_win_model(self, path: Path) -> Scenario:
        """The scenario with the win-model file at ``path`` (checked against the game and
        its content: one sentence otherwise)."""
        from dataclasses import replace

        return replace(self, win_model=_model_text(get_game(self.game), path, self.content_dir))

    def with_overrides(self, games: int | None = None, seed: int | None = None) -> Scenario:
        from dataclasses import replace

        return replace(
            self,
            games=self.games if games is None else games,
            seed=self.seed if seed is None else seed,
        )


def parse_scenario(text: str, path: str = "<scenario>") -> Scenario:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: is not valid TOML ({exc}).") from None
    except RecursionError:
        raise ScenarioError(f"{path}: is nested too deeply to be a scenario file.") from None
    head = doc.get("scenario")
    if not isinstance(head, dict):
        raise ScenarioError(f"{path}: needs a [scenario] table.")
    game_name = head.get("game", DEFAULT_GAME)
    if not isinstance(game_name, str):
        raise field_error(path, "scenario.game", f"must be str, got {game_name!r}")
    try:
        game = get_game(game_name, f"{path}: field 'scenario.game'")
    except UnknownGame as exc:
        raise ScenarioError(str(exc)) from None
    tables = ("scenario", "overrides", *game.scenario_tables)
    unknown = set(doc) - set(tables)
    if unknown:
        raise ScenarioError(
            f"{path}: unknown table(s) {', '.join(sorted(unknown))}; allowed: {', '.join(tables)}."
        )
    allowed = (*GENERIC_FIELDS, *game.scenario_fields)
    for key in head:
        if key not in allowed:
            raise field_error(
                path, f"scenario.{key}", f"is not a scenario field; allowed: {', '.join(sorted(allowed))}"
            )

    def get(key: str, kind: type, default: Any = None) -> Any:
        return get_field(head, "scenario", path, key, kind, default)

    name = get("name", str)
    if not NAME.fullmatch(name) or ".." in name:
        shown = name if len(name) <= 40 else name[:40] + "..."
        raise field_error(
            path,
            "scenario.name",
            f"is {shown!r}; allowed: 1 to 64 letters, digits, '_', '-' and '.', starting with a letter or"
            " digit (it names the run directory)",
        )
    games = get("games", int)
    if not 1 <= games <= MAX_GAMES:
        raise field_error(
            path,
            "scenario.games",
            f"must be between 1 and {MAX_GAMES:,} (split larger studies into runs with other seeds), got {games}",
        )
    seed = get("seed", int, 0)
    if not 0 <= seed < 2**64:
        raise field_error(path, "scenario.seed", f"must be between 0 and 2^64-1, got {seed}")
    get("description", str, "")
    decisions = get("decisions", bool, False)
    win_model = get("win_model", str, "") or None
    content = head.get("content") or None
    if content is not None and not isinstance(content, str):
        raise field_error(path, "scenario.content", f"must be a directory path, got {content!r}")
    if content is not None:  # a directory (relative to this file), or a shipped set's name
        local = Path(path).parent / content if path not in ("<scenario>", "") else Path(content)
        shipped = None if local.exists() else game.shipped_content(content)
        content = shipped or (str(local.resolve()) if path not in ("<scenario>", "") else content)
    setup = game.parse_setup(head, doc, path)
    overrides = _overrides(doc.get("overrides", {}), game, content, path)
    if win_model is not None:
        local = Path(path).parent / win_model if path not in ("<scenario>", "") else Path(win_model)
        win_model = _model_text(game, local, content, f"{path}: field 'scenario.win_model': ")
    return Scenario(name, games, seed, game.name, setup, content, text, path, overrides, decisions, win_model)


def _model_text(game: Any, path: Path, content_dir: str | None, where: str = "") -> str:
    """The win-model file at ``path`` checked against ``game`` (its features) and the
    content it will be read with, as normalised JSON text."""
    from cryhavoc_sim.games.winprob import load_model

    line = game.win_line
    if line is None:
        raise ScenarioError(f"{where}{game.title} records no win-probability line, so it takes no win model.")
    try:
        model = load_model(path, line, game.load_content(content_dir).content_id)
    except ScenarioError as exc:
        raise ScenarioError(f"{where}{exc}") from None
    return str(model.to_json())


_MODELS: dict[tuple[str, str], Any] = {}  # each process parses a scenario's model once


def _parsed_model(game: str, text: str) -> Any:
    from cryhavoc_sim.games.winprob import parse_model

    key = (game, text)
    model = _MODELS.get(key)
    if model is None:
        line = get_game(game).win_line
        assert line is not None  # the text was checked against this game's line
        model = _MODELS[key] = parse_model(text, "the scenario's win model", line)
    return model


def _overrides(raw: Any, game: Any, content_dir: str | None, path: str) -> tuple[tuple[str, Any], ...]:
    """The [overrides] table, checked by loading the content with it (so a path that
    names nothing, or a value the game cannot play, is refused before anything runs)."""
    from cryhavoc_sim.errors import ContentError

    if not isinstance(raw, dict):
        raise ScenarioError(f"{path}: [overrides] must be a table of content paths and values.")
    if not raw:
        return ()
    try:
        game.load_content(content_dir, raw)
    except ContentError as exc:
        raise ScenarioError(f"{path}: [overrides]: {str(exc).rstrip('.')}.") from None
    return tuple(sorted(raw.items()))


def shipped_names() -> list[str]:
    """The names ``run`` accepts for the scenarios shipped with the package."""
    return sorted(p.stem for p in SHIPPED.glob("*.toml"))


def load_scenario(path: str | Path) -> Scenario:
    p = Path(path)
    if not p.exists() and not p.suffix:
        shipped = SHIPPED / f"{p.name}.toml"
        if shipped.exists():
            p = shipped
    try:
        text = read_text(p)  # a regular file of at most 4 MB: a FIFO or /dev/zero is refused
    except FileNotFoundError:
        raise ScenarioError(
            f"{path}: scenario file not found; give a path to a .toml file or the name of a shipped scenario "
            f"({', '.join(shipped_names())})."
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise ScenarioError(f"{path}: scenario file cannot be read ({why}).") from None
    return parse_scenario(text, str(p))
