"""Shared fixtures: the shipped content, hand-made game states, scripted decisions."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from pathlib import Path
from typing import Any

import pytest

from cryhavoc_sim.games.cryhavoc.content import ContentSet, load_content
from cryhavoc_sim.games.cryhavoc.engine import Choice, Decision, Game, GameSetup
from cryhavoc_sim.rng import stream


def reconstructed_dir() -> str:
    """The reconstructed content set's directory. The rule tests are written against its
    board, cards and tokens (the calibrated default differs only in invented numbers, by
    the values the last calibration chose), so they read it by name."""
    from cryhavoc_sim.games.cryhavoc.content.loader import shipped_sets

    return str(shipped_sets()["cryhavoc-base-reconstructed"])


@pytest.fixture(scope="session")
def content() -> ContentSet:
    return load_content(reconstructed_dir())


def new_game(
    content: ContentSet,
    factions: tuple[str, ...],
    initiative: tuple[str, ...] | None = None,
    hqs: dict[str, str] | None = None,
    seed: int = 1,
    experience: str = "first_time",
) -> Game:
    return Game(
        content,
        GameSetup(factions, experience, initiative=initiative or factions, hqs=hqs),
        stream(seed, "game"),
    )


def clear_board(g: Game) -> None:
    """Empty every Region of tokens, Crystals and Units except the HQs' own Units."""
    for s in g.regions.values():
        s.trog_token = None
        s.exploration = None
        s.crystals = 0
        for f in list(s.units):
            if s.hq_of != f:
                g.players[f].reserve += s.units.pop(f)


def place(g: Game, region: str, faction: str, n: int, control: bool = True) -> None:
    """Put ``n`` Units of ``faction`` from its Reserve in ``region``."""
    g.players[faction].reserve -= n
    g.add_units(region, faction, n)
    if control:
        g.set_control(region, faction, "test")


def start_battle(
    g: Game, region: str, att: str, n_att: int, dfn: str, n_dfn: int, control: bool = True
) -> None:
    """A Battle in ``region``: ``n_dfn`` defending Units (controlling it unless told
    otherwise), ``n_att`` attackers from the Reserve, the Battle token declared."""
    from cryhavoc_sim.games.cryhavoc.engine import movement

    g.phase = "battle"
    if n_dfn:
        place(g, region, dfn, n_dfn, control=control)
    g.players[att].reserve -= n_att
    g.add_units(region, att, n_att)
    movement.declare_battle(g, region, att)


def give(g: Game, faction: str, *cards: str) -> None:
    """Move named cards into a hand from wherever they are."""
    p = g.players[faction]
    for card in cards:
        for pile in (p.deck, p.discard, *g.terrain_decks.values()):
            if card in pile:
                pile.remove(card)
                break
        p.hand.append(card)


Answer = Any | Callable[[Decision], Any]


def opt(value: Any) -> Callable[[Decision], int]:
    """Answer a Choice with the index of the option equal to ``value``."""

    def pick(d: Decision) -> int:
        assert isinstance(d, Choice), d
        assert value in d.options, f"{value!r} not among {d.kind} options {d.options}"
        return d.options.index(value)

    return pick


def cards(*names: str) -> Callable[[Decision], tuple[int, ...]]:
    """Answer a Subset of hand cards by card ids."""

    def pick(d: Decision) -> tuple[int, ...]:
        items = list(d.items)  # type: ignore[union-attr]
        out = []
        for n in names:
            i = next(i for i, c in enumerate(items) if c == n and i not in out)
            out.append(i)
        return tuple(sorted(out))

    return pick


def drive(gen: Generator[Decision, Any, Any], answers: Iterable[Answer]) -> tuple[Any, list[Decision]]:
    """Run a sub-generator of the engine with scripted answers, all of which must be used.
    Returns the generator's value and the decisions it asked."""
    todo = list(answers)
    asked: list[Decision] = []
    try:
        d = next(gen)
        while True:
            asked.append(d)
            assert todo, f"unexpected decision {d}"
            a = todo.pop(0)
            d = gen.send(a(d) if callable(a) else a)
    except StopIteration as stop:
        assert not todo, f"unused answers {todo}; asked {asked}"
        return stop.value, asked


def drive_any(gen: Generator[Decision, Any, Any], answer: Callable[[Decision], Any]) -> Any:
    """Run a sub-generator answering every decision with ``answer``."""
    try:
        d = next(gen)
        while True:
            d = gen.send(answer(d))
    except StopIteration as stop:
        return stop.value


def assert_same_tables(base: Path, *others: Path) -> None:
    """The games, seats and events shards of run ``base`` are byte for byte those of
    each run in ``others`` (same names, same bytes)."""
    for table in ("games", "seats", "events"):
        names = sorted(p.name for p in (base / table).glob("*.parquet"))
        assert names, table
        for other in others:
            assert names == sorted(p.name for p in (other / table).glob("*.parquet")), (other, table)
            for n in names:
                assert (base / table / n).read_bytes() == (other / table / n).read_bytes(), (other, table, n)
