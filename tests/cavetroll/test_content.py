"""Cave Troll's content as data (issue 16): the shipped set and the one-sentence errors of
a bad board (an unreachable room, a doorway to nowhere, a negative gold value)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.cavetroll.content import DATA, load_content


def test_the_shipped_set_matches_what_is_known() -> None:
    """Research and rulebook: 4 staircases, 3 pits, rooms of 1-5 gold (33 on the 2002
    board), 19 cards per colour and set, 6 artifacts; the reconstruction's 85 gold."""
    c = load_content()
    kinds = [s.kind for s in c.spaces.values()]
    assert kinds.count("staircase") == 4 and kinds.count("pit") == 3 and kinds.count("room") == 33
    assert all(1 <= s.gold <= 5 for s in c.spaces.values() if s.kind == "room")
    assert sum(s.gold for s in c.spaces.values()) == 85
    assert len(c.deck("classic")) == len(c.deck("variant")) == 19
    assert c.deck("classic").count("adventurer") + c.deck("classic").count("adventurer_1") == 9
    assert "knight" in c.deck("classic") and "knight" not in c.deck("variant")
    assert "paladin" in c.deck("variant") and {"treasure_chest", "score_a_room"} <= set(c.deck("variant"))
    # five icons a deck: four board Scorings over four players' decks
    assert sum(c.cards[x].icons for x in c.deck("classic")) == 5
    assert len(c.artifacts) == 6 and c.numbers["chest_bonus"] == 4 and c.numbers["scoring_threshold"] == 5
    assert c.numbers["actions"] == (1, 2, 3, 4)
    # heroes never stand in pits: a pit's neighbours are rooms only
    assert all(
        c.spaces[n].kind == "room" for p, s in c.spaces.items() if s.kind == "pit" for n in c.adjacent[p]
    )
    assert {p.path for p in c.plausible} == {"board.*.gold", "cards.adventurer_1.icons", "artifacts.*.gold"}


def test_every_reconstructed_item_says_so() -> None:
    c = load_content()
    assert all(s.provenance.source == "reconstructed" for s in c.spaces.values() if s.kind == "room")
    assert c.artifacts["chalice_of_life"].provenance.source == "research"
    assert sum(a.provenance.source == "reconstructed" for a in c.artifacts.values()) == 5


def edited(tmp: Path, file: str, old: str, new: str) -> Path:
    d = tmp / "c"
    shutil.copytree(DATA, d)
    text = (d / file).read_text()
    assert old in text, old
    (d / file).write_text(text.replace(old, new, 1))
    return d


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        # R01, R02, R12 and R13 reach a staircase only through the doorway from R01 to S_NW
        ("board.toml", '["R01", "S_NW"],', "", "room 'R01' cannot be reached by a hero from a staircase"),
        (
            "board.toml",
            '["R01", "R02"],',
            '["R01", "R99"],',
            "leads to 'R99', a space the board does not have",
        ),
        (
            "board.toml",
            "gold = 1\n",
            "gold = -2\n",
            "field 'gold' must be between 0 and 99, got -2",
        ),
        (
            "board.toml",
            'kind = "pit"',
            'kind = "lava"',
            "field 'kind' is 'lava'; allowed: room, staircase, pit",
        ),
        (
            "cards.toml",
            "copies = 6",
            "copies = 5",
            "the classic deck holds 18 cards; each colour's deck holds 19",
        ),
        (
            "cards.toml",
            'provenance = "rulebook"',
            'provenance = "hearsay"',
            "field 'provenance' is 'hearsay'",
        ),
        (
            "artifacts.toml",
            "gold = 4\n",
            "gold = 9\n",
            "range [1, 4] leaves out the shipped value 9 of 'artifacts.*.gold'",
        ),
        ("content.toml", "chest_bonus = 4", "chest_bonous = 4", "unknown field 'chest_bonous'"),
    ],
)
def test_a_bad_content_set_is_one_sentence(
    tmp_path: Path, file: str, old: str, new: str, message: str
) -> None:
    d = edited(tmp_path, file, old, new)
    with pytest.raises(ContentError) as err:
        load_content(d)
    text = str(err.value)
    assert text.startswith(str(d / file)) and message in text and "\n" not in text, text
