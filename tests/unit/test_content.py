"""Content loading and validation: the shipped set, and one clear error per kind of mistake."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.content.vocabulary import VOCABULARY
from cryhavoc_sim.games.cryhavoc.engine.effects import PRIMITIVES
from tests.conftest import reconstructed_dir


def test_shipped_content_counts(content):  # type: ignore[no-untyped-def]
    """Components list: 8 Tactics cards per faction, 8 per Terrain; 5 Skills each; 3
    Structures each (5 for the Machines); 6 Events, 12 Exploration, 18 War Party, 12 Nest."""
    for f in ("humans", "pilgrims", "machines", "trogs"):
        assert len(content.deck(f)) == 8
        assert len(content.faction_skills(f)) == 5
        assert len(content.faction_structures(f)) == (5 if f == "machines" else 3)
    for t in ("mountain", "desert", "jungle", "ocean"):
        assert len(content.deck(t)) == 8
    assert (
        len(content.events),
        len(content.exploration),
        len(content.war_parties),
        len(content.nests),
    ) == (6, 12, 18, 12)
    assert content.structures["trogs.tunnels"].tokens == 7


def test_every_deck_has_one_enable_scoring_and_one_initiative_card(content):  # type: ignore[no-untyped-def]
    for f in ("humans", "pilgrims", "machines", "trogs"):
        specials = [content.cards[c].special for c in content.deck(f)]
        assert specials.count("enable_scoring") == 1 and specials.count("initiative") == 1


def test_every_primitive_is_implemented_and_declared():  # type: ignore[no-untyped-def]
    """The content vocabulary and the engine registry match both ways."""
    assert set(VOCABULARY) == set(PRIMITIVES)


def test_every_item_has_provenance(content):  # type: ignore[no-untyped-def]
    counts = content.provenance_counts()
    assert sum(counts.values()) > 100 and counts["reconstructed"] > 0 and content.reconstructed


def test_board_facts_from_the_rulebook(content):  # type: ignore[no-untyped-def]
    """Move Action note: outer Regions opposite each other are adjacent (Sapos Deep and
    Cameron Seas); 4-player Setup: the Trog HQ is World Caverns; three invader HQs."""
    b = content.boards["3-4p"]
    assert "cameron_seas" in b.region("sapos_deep").adjacent
    assert b.region("world_caverns").trog_hq
    assert sum(r.hq for r in b.regions) == 3
    assert sum(r.tunnel for r in b.regions) == 4
    for board in content.boards.values():
        for r in board.regions:
            assert 3 <= len(r.adjacent) <= 6 and (not r.hq or r.crystals == 0)


@pytest.fixture
def copy_dir(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(reconstructed_dir(), target)  # hand-written TOML: edited by text
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        (
            "cards.toml",
            "move = 2\nrecruit = 1\nbuild = 0",
            "move = 7\nrecruit = 1\nbuild = 0",
            "cards.toml: card 'humans.drop_troopers': field 'move' must be between 0 and 3, got 7.",
        ),
        (
            "cards.toml",
            'deck = "humans"',
            'deck = "elves"',
            "field 'deck' is 'elves'; allowed: humans, pilgrims, machines, trogs, mountain, desert, jungle, ocean",
        ),
        (
            "cards.toml",
            'op = "battle_reinforce"',
            'op = "explode"',
            "field 'tactic[0].op' is 'explode'; allowed:",
        ),
        (
            "skills.toml",
            'where = "adjacent_unoccupied"',
            'where = "moon"',
            "field 'effect[0].where' is 'moon'; allowed: adjacent_unoccupied",
        ),
        (
            "board_34p.toml",
            'adjacent = ["world_caverns", "kalas_gorge", "northern_landing", "cameron_seas"]',
            'adjacent = ["world_caverns", "kalas_gorge", "northern_landing", "atlantis"]',
            "names unknown region 'atlantis'",
        ),
        (
            "board_34p.toml",
            'adjacent = ["world_caverns", "kalas_gorge", "northern_landing", "cameron_seas"]',
            'adjacent = ["world_caverns", "kalas_gorge", "northern_landing"]',
            "lists 'scorch' as adjacent but 'scorch' does not list",
        ),
        (
            "tokens.toml",
            "event_spots = [0, 15, 30, 45, 60]",
            "event_spots = [0, 15]",
            "field 'event_spots' must be 5 ascending whole numbers",
        ),
        (
            "board_34p.toml",
            'provenance = "research"',
            'provenance = "hearsay"',
            "field 'provenance' is 'hearsay'; allowed: rulebook, research, reconstructed",
        ),
        (
            "structures.toml",
            "build_cost = 2",
            'build_cost = "two"',
            "field 'build_cost' must be int, got 'two'",
        ),
        ("content.toml", "[content]", "[content", "is not valid TOML"),
    ],
)
def test_malformed_content_names_file_field_and_allowed_values(copy_dir, file, old, new, message):  # type: ignore[no-untyped-def]
    _edit(copy_dir / file, old, new)
    with pytest.raises(ContentError) as err:
        load_content(copy_dir)
    assert message in str(err.value)
    assert file in str(err.value)


def test_missing_file_and_directory(copy_dir):  # type: ignore[no-untyped-def]
    (copy_dir / "skills.toml").unlink()
    with pytest.raises(ContentError, match=r"skills\.toml: content file is missing"):
        load_content(copy_dir)
    with pytest.raises(ContentError, match="does not exist"):
        load_content(copy_dir / "nope")


def test_content_hash_follows_the_files(copy_dir, content):  # type: ignore[no-untyped-def]
    assert load_content(copy_dir).digest == content.digest
    _edit(
        copy_dir / "tokens.toml",
        "event_spots = [0, 15, 30, 45, 60]",
        "event_spots = [0, 16, 30, 45, 60]",
    )
    # (the declared alternatives must hold the shipped spots: content/numbers.py)
    _edit(copy_dir / "tokens.toml", "choices = [[0, 15, 30, 45, 60],", "choices = [[0, 16, 30, 45, 60],")
    changed = load_content(copy_dir)
    assert changed.digest != content.digest and changed.track.event_spots[1] == 16


def test_battle_timing_skills_use_battle_primitives_only(copy_dir):  # type: ignore[no-untyped-def]
    _edit(
        copy_dir / "skills.toml",
        'effect = [{ op = "battle_move_own", count = 2 }]',
        'effect = [{ op = "gain_vp", amount = 2 }]',
    )
    with pytest.raises(ContentError, match="battle-timing skill may use only battle_"):
        load_content(copy_dir)
