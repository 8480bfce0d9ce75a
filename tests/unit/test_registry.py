"""The game registry: games by name, one sentence for an unknown one, and a scenario's
``game`` field (Cry Havoc when absent)."""

from __future__ import annotations

import ast

import pytest

from cryhavoc_sim.games import DEFAULT_GAME, UnknownGame, game_names, get_game
from cryhavoc_sim.runner.scenario import parse_scenario

HEAD = '[scenario]\nname = "x"\ngames = 5\nplayers = 3\n'


def test_games_are_found_by_name() -> None:
    assert "cryhavoc" in game_names() and DEFAULT_GAME == "cryhavoc"
    game = get_game("cryhavoc")
    assert game.name == "cryhavoc" and game.title == "Cry Havoc"
    assert game.rules_version.startswith("cryhavoc-rules-")
    assert "vp" in game.event_kinds and "players" in game.scenario_fields


def test_an_unknown_game_is_one_sentence_listing_the_registered_ones() -> None:
    with pytest.raises(
        UnknownGame,
        match=r"^where is 'chess', which is not a registered game; allowed: cavetroll, cryhavoc, warcry\.$",
    ):
        get_game("chess", "where")


def test_a_scenario_names_its_game_or_plays_cry_havoc() -> None:
    implicit = parse_scenario(HEAD)
    explicit = parse_scenario(HEAD.replace("games = 5", 'game = "cryhavoc"\ngames = 5'))
    assert implicit.game == explicit.game == "cryhavoc"
    assert implicit.setup == explicit.setup
    deal = get_game(implicit.game).deal
    assert [deal(implicit.setup, implicit.seed, i) for i in range(6)] == [
        deal(explicit.setup, explicit.seed, i) for i in range(6)
    ]


def written_functions(name: str) -> list[str]:
    """The fields of game ``name``'s spec, and of its content door (``content.<field>``),
    holding a function of the game's own package (a :class:`Later` counts as its
    function): what the game writes besides its data. The shared defaults (one block, no
    measures), the harness's and the content kit's functions and the parts only some
    commands ask for (``extras``) do not count."""
    import dataclasses
    import inspect

    import cryhavoc_sim.games as registry
    from cryhavoc_sim.games.spec import Later

    package = registry.REGISTERED[name].rsplit(".", 1)[0] + "."
    game = get_game(name)
    out = []
    for record, prefix in ((game, ""), (game.content, "content.")):
        for f in dataclasses.fields(record):
            value = getattr(record, f.name)
            where = value.module if isinstance(value, Later) else getattr(value, "__module__", "")
            if (isinstance(value, Later) or inspect.isroutine(value)) and f"{where}.".startswith(package):
                out.append(prefix + f.name)
    return out


def test_every_game_is_one_spec_of_data_and_a_few_functions(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's module is its spec on the last line, at most 100 lines, and a game writes
    at most 12 functions (spec.HOOKS, and its own measure of a state's costs where the
    harness's is not the one its bench follows); the rest is data."""
    from pathlib import Path

    import cryhavoc_sim.games as registry
    from cryhavoc_sim.games.spec import HOOKS, GameSpec

    assert len(HOOKS) <= 12
    monkeypatch.setitem(registry.REGISTERED, "bluff", "tests.toygame.module")  # the proof game too
    monkeypatch.setattr(registry, "_LOADED", {})  # the proof game loaded here goes with it
    assert set(registry.REGISTERED) >= {"cryhavoc", "cavetroll", "warcry", "bluff"}
    for name, path in registry.REGISTERED.items():
        game = get_game(name)
        assert isinstance(game, GameSpec) and game.name == name
        written = written_functions(name)
        spec_level = {w for w in written if not w.startswith("content.")}
        assert {"parse_setup", "deal", "rows", "narrate"} <= spec_level <= {*HOOKS, "costs"}, written
        assert "content.load" in written  # every game loads its own content
        assert len(written) <= 12, f"{name} writes {len(written)} functions: {written}"
        source = Path(__import__(path, fromlist=["GAME"]).__file__ or "")
        text = source.read_text()
        assert len(text.splitlines()) <= 100, f"{source}: {len(text.splitlines())} lines"
        tree = ast.parse(text)
        assert ast.get_docstring(tree), f"{source} opens with no docstring"
        last = tree.body[-1]  # the spec is the module's last statement
        assert isinstance(last, ast.Assign) and [ast.unparse(t) for t in last.targets] == ["GAME"], source
        assert isinstance(last.value, ast.Call) and ast.unparse(last.value.func) == "GameSpec", source
