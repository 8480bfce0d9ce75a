"""Registers the proof game for the tests that ask for it (the ``bluff`` fixture)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cryhavoc_sim import games


@pytest.fixture
def bluff(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The name of the proof game, registered for one test."""
    monkeypatch.setitem(games.REGISTERED, "bluff", "tests.toygame.module")
    yield "bluff"
    games._LOADED.pop("bluff", None)
