"""The game registry: games by name, one sentence for an unknown one, and a scenario's
``game`` field (Cry Havoc when absent)."""

from __future__ import annotations

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


def test_every_game_is_one_spec_of_data_and_a_few_functions() -> None:
    """A game's module is its spec on the last line, at most 100 lines, and a game writes
    at most 12 functions (the rest is data)."""
    from pathlib import Path

    import cryhavoc_sim.games as registry
    from cryhavoc_sim.games.spec import HOOKS, GameSpec

    assert len(HOOKS) <= 12
    for name, path in registry.REGISTERED.items():
        game = get_game(name)
        assert isinstance(game, GameSpec) and game.name == name
        source = Path(__import__(path, fromlist=["GAME"]).__file__ or "")
        lines = source.read_text().splitlines()
        assert len(lines) <= 100, f"{source}: {len(lines)} lines"
        assert lines[0].startswith('"""') and any(line.startswith("GAME = GameSpec(") for line in lines)
