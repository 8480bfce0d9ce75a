"""Content as data: the shipped cards and decks, provenance, and the deck validator's
one-sentence refusals (quick rules, Deck Construction)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.warcry.content import DATA, load_content


def test_the_shipped_decks_are_thirty_cards_and_labelled_reconstructed() -> None:
    c = load_content()
    assert sorted(c.armies) == [
        "Chaos",
        "Dark Elf",
        "Dwarf",
        "Empire",
        "Empire Elite",
        "High Elf",
        "Horde",
        "Orc",
    ]
    assert sorted(c.actions) == ["Base", "Full"]
    assert all(len(d.cards) == 30 for d in [*c.armies.values(), *c.actions.values()])
    assert c.reconstructed and "reconstructed" in (DATA / "decks.toml").read_text()
    assert all("fan database" in card.source for card in c.cards.values())
    assert {c.armies[n].alignment for n in ("Empire", "Dwarf")} == {"Good"}


def test_the_statistics_are_the_databases() -> None:
    card = load_content().cards["WC134"]  # Bugman's Rangers, as in shared/content/warcry_card_stats.csv
    assert (card.cost, card.strength, card.tactic_points, card.leadership, card.scout) == (4, 4, 3, 4, 2)
    assert load_content().cards["WC92"].die == 1  # Onward!


def _copy(tmp_path: Path, old: str, new: str) -> Path:
    shutil.copy(DATA / "cards.toml", tmp_path / "cards.toml")
    text = (DATA / "decks.toml").read_text()
    assert old in text
    (tmp_path / "decks.toml").write_text(text.replace(old, new, 1))
    return tmp_path


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        (
            'card = "WC157", copies = 3',
            'card = "WC999", copies = 3',
            "card 'WC999' unknown; allowed: a card id",
        ),
        (
            'card = "WC157", copies = 3',
            'card = "WC157", copies = 31',
            "31 copies of 'WC157'; allowed: at most 3",
        ),
        ('card = "WC157", copies = 3', 'card = "WC157", copies = 2', "29 cards; allowed: at least 30"),
        (
            'card = "WC157", copies = 3',
            'card = "WC4", copies = 3',
            "allowed: one alignment (Good or Evil) plus Neutral",
        ),
        (
            'card = "WC157", copies = 3',
            'card = "WC108", copies = 3',
            "is a Tactic; allowed here: Unit, Attachment",
        ),
    ],
)
def test_a_bad_deck_is_refused_in_one_sentence(tmp_path: Path, old: str, new: str, words: str) -> None:
    with pytest.raises(ContentError) as err:
        load_content(str(_copy(tmp_path, old, new)))
    message = str(err.value)
    assert words in message and "decks.toml: army.Empire" in message
    assert message.count(". ") == 0 and "\n" not in message


def test_a_rule_knob_is_overridden_or_refused() -> None:
    assert load_content(overrides={"rules.tp_refresh": "combat"}).knobs["tp_refresh"] == "combat"
    with pytest.raises(ContentError, match="allowed: chain, combat"):
        load_content(overrides={"rules.tp_refresh": "battle"})
    with pytest.raises(ContentError, match="names nothing"):
        load_content(overrides={"rules.gold": 3})


def test_every_record_says_where_it_comes_from() -> None:
    c = load_content()
    assert all(
        card.provenance.source == "research" and "fan database" in card.provenance.rationale
        for card in c.cards.values()
    )
    decks = [*c.armies.values(), *c.actions.values()]
    assert all(
        d.provenance.source == "reconstructed" and "not a real starter list" in d.provenance.rationale
        for d in decks
    )
    assert c.provenance_counts() == {
        "rulebook": 0,
        "research": len(c.cards),
        "reconstructed": 10,
        "calibrated": 0,
    }
    assert c.reconstructed


@pytest.mark.parametrize(
    ("file", "old", "new", "words"),
    [
        (
            "cards.toml",
            'provenance = "research"\n',
            "",
            "cards.toml: card 'WC2': field 'provenance' is missing",
        ),
        (
            "cards.toml",
            'provenance = "research"',
            'provenance = "rumour"',
            "allowed: rulebook, research, reconstructed, calibrated",
        ),
        (
            "decks.toml",
            'provenance = "reconstructed"\nrationale',
            "rationale",
            "decks.toml: army.Empire: field 'provenance' is missing",
        ),
        ("cards.toml", 'id = "WC3"', 'id = "WC2"', "card id 'WC2' appears twice"),
    ],
)
def test_a_record_without_a_known_provenance_is_refused(
    tmp_path: Path, file: str, old: str, new: str, words: str
) -> None:
    for name in ("cards.toml", "decks.toml"):
        text = (DATA / name).read_text()
        (tmp_path / name).write_text(text.replace(old, new, 1) if name == file else text)
    with pytest.raises(ContentError) as err:
        load_content(str(tmp_path))
    assert words in str(err.value) and "\n" not in str(err.value)


def test_the_digest_is_the_files_bytes_and_the_overrides(tmp_path: Path) -> None:
    shipped = load_content()
    assert load_content().content_id == shipped.content_id  # stable
    assert load_content(overrides={"rules.tp_refresh": "combat"}).content_id != shipped.content_id
    for name in ("cards.toml", "decks.toml"):
        shutil.copy(DATA / name, tmp_path / name)
    assert load_content(str(tmp_path)).content_id == shipped.content_id  # the same bytes elsewhere
    (tmp_path / "decks.toml").write_text((DATA / "decks.toml").read_text() + "\n# a comment\n")
    assert load_content(str(tmp_path)).content_id != shipped.content_id


def test_a_content_set_read_again_is_not_parsed_again_unless_its_bytes_changed(tmp_path: Path) -> None:
    for name in ("cards.toml", "decks.toml"):
        shutil.copy(DATA / name, tmp_path / name)
    first = load_content(str(tmp_path))
    assert load_content(str(tmp_path)) is first
    assert load_content(str(tmp_path), {"rules.tp_refresh": "combat"}).knobs["tp_refresh"] == "combat"
    (tmp_path / "decks.toml").write_text((DATA / "decks.toml").read_text() + "\n# a comment\n")
    again = load_content(str(tmp_path))
    assert again is not first and again.content_id != first.content_id
