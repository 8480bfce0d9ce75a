"""A scenario's [bots] table is read one way for every game (games/harness/bots_table.py):
each seat gets its own key's bot, else the table's default, else the game's; every bad key
or value is one sentence naming the field and what is allowed."""

from __future__ import annotations

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.harness.bots_table import bots_table

COLOURS = ("red", "blue")


def test_each_seat_gets_its_key_else_the_default_else_the_games() -> None:
    rules = get_game("cavetroll").rules
    assert bots_table({}, "s.toml", COLOURS, rules, "random") == {"red": "random", "blue": "random"}
    table = {"default": "heuristic", "blue": "random"}
    assert bots_table(table, "s.toml", COLOURS, rules, "random") == {"red": "heuristic", "blue": "random"}


@pytest.mark.parametrize(
    ("raw", "sentence"),
    [
        (3, "s.toml: [bots] must be a table."),
        ({"green": "random"}, "s.toml: field 'bots.green' is not a colour; allowed: default, red, blue."),
        ({"red": 3}, "s.toml: field 'bots.red' is 3, which is not a bot name; allowed: random, "),
        ({"default": "nobody"}, "s.toml: field 'bots.default' is 'nobody', which "),
    ],
)
def test_a_bad_table_is_one_sentence(raw: object, sentence: str) -> None:
    rules = get_game("cavetroll").rules
    with pytest.raises(ScenarioError) as caught:
        bots_table(raw, "s.toml", COLOURS, rules, "random", noun="colour")
    message = str(caught.value)
    assert message.startswith(sentence) and message.count("\n") == 0 and message.endswith(".")


def test_a_faction_is_read_by_the_games_catalogue_for_that_faction() -> None:
    """Cry Havoc reads a name for each faction: a default every faction must accept."""
    rules = get_game("cryhavoc").rules
    factions = ("humans", "machines")
    assert bots_table({"humans": "ismcts:8"}, "s.toml", factions, rules, "random", noun="faction") == {
        "humans": "ismcts:8",
        "machines": "random",
    }
