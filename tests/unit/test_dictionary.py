"""docs/data.md is generated from the declared schema and the games' event kinds, and
current: regenerate it with ``python -m cryhavoc_sim.storage.dictionary``."""

from __future__ import annotations

from cryhavoc_sim.storage import dictionary
from cryhavoc_sim.storage.schema import MEANINGS, TABLES


def test_every_column_has_a_meaning() -> None:
    assert {t: set(c) for t, c in TABLES.items()} == {t: set(m) for t, m in MEANINGS.items()}


def test_the_data_dictionary_is_current() -> None:
    text = dictionary.render()
    assert "| battle_start |" in text and "| other_player | str |" in text
    assert dictionary.DOC.read_text() == text, "run: python -m cryhavoc_sim.storage.dictionary"
