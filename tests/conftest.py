"""Shared fixtures: the shipped content, hand-made game states, scripted decisions."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from cryhavoc_sim.games.cryhavoc.content import ContentSet, load_content
from cryhavoc_sim.games.cryhavoc.engine import Choice, Decider, Decision, Game, GameSetup, Outcome
from cryhavoc_sim.games.cryhavoc.engine.flow import Step, advance
from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game as make_game
from cryhavoc_sim.rng import stream

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    # A shell that starts the suite in the background (`make test &`, some CI runners)
    # leaves SIGINT ignored, and every command a test starts would inherit that: the
    # Ctrl-C tests would then run their study to its end and skip, testing nothing.
    signal.signal(signal.SIGINT, signal.default_int_handler)


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
    return make_game(
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


class _Paused(Exception):
    """A partial drive stops at the first decision it has no answer for."""


def drive(
    g: Game, steps: Step | Sequence[Step], answers: Iterable[Answer], partial: bool = False
) -> tuple[Any, list[Decision]]:
    """Run rule ``steps`` (one, or several in turn) on ``g`` with scripted answers, all of
    which must be used; the one way tests drive a rule step. Returns the last step's value
    and the decisions asked. ``partial``: stop at the first decision left unanswered (the
    last one asked, and still ``g.request``)."""
    todo = list(answers)
    asked: list[Decision] = []

    def answer(d: Decision) -> Any:
        asked.append(d)
        if partial and not todo:
            raise _Paused
        assert todo, f"unexpected decision {d}"
        a = todo.pop(0)
        return a(d) if callable(a) else a

    try:
        value = _run(g, steps, answer)
    except _Paused:
        return None, asked
    assert not todo, f"unused answers {todo}; asked {asked}"
    return value, asked


def drive_any(g: Game, steps: Step | Sequence[Step], answer: Callable[[Decision], Any]) -> Any:
    """Run rule ``steps`` on ``g`` answering every decision with ``answer``; the last
    step's value."""
    return _run(g, steps, answer)


def _run(g: Game, steps: Step | Sequence[Step], answer: Callable[[Decision], Any]) -> Any:
    """Each of ``steps`` to its end on a stack of its own (the game's stack is put back
    after), every request answered (validated) by ``answer``."""
    outer = g.stack
    value: Any = None
    try:
        for step in [steps] if isinstance(steps, Step) else steps:
            g.stack = [step]
            advance(g, None)
            while (request := g.request) is not None:
                given = answer(request)
                g.request = None
                advance(g, request.validate(given))
            value = g.ret
    finally:
        g.stack = outer
    return value


def play_out(
    g: Game,
    deciders: Mapping[str, Decider],
    observer: Callable[[Game, Decision | None], None] | None = None,
) -> Outcome:
    """Play ``g`` to its end with the harness's driver loop, ``deciders`` (the game's own
    bots, by faction) answering. ``observer`` sees the game and its pending request before
    every answer and once at the end (request None)."""
    from cryhavoc_sim.games.cryhavoc.state import CryHavocState, DeciderBot
    from cryhavoc_sim.games.harness.driver import play

    state = CryHavocState(g)
    bots = {f: DeciderBot(d) for f, d in deciders.items()}
    play(state, bots, None if observer is None else lambda st: observer(st.game, st.game.request))
    assert g.outcome is not None
    return g.outcome


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


def seat_decider(name: str, faction: str, seed: int) -> Decider:
    """The bot ``name`` in seat ``faction`` of game ``seed`` as the engine's decider
    (``decide(request, game)``), made the one way every game's bots are: the catalogue
    reads the name once (``RULES.bot_spec``), ``RULES.bot`` builds it on the seat's stream
    of the seed recipe (``Seeds(seed).bot(faction)``)."""
    from cryhavoc_sim.games.cryhavoc.rules import RULES
    from cryhavoc_sim.games.cryhavoc.state import DeciderBot
    from cryhavoc_sim.games.harness.play import named_bot
    from cryhavoc_sim.games.harness.seeds import Seeds

    bot = named_bot(RULES, name, faction, Seeds(seed).bot(faction))
    assert isinstance(bot, DeciderBot)
    return bot.decider
