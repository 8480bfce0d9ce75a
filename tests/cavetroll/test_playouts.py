"""Random Cave Troll games, classic set, with the invariants checked at every step
(issue 16's contract test): figures conserved, room capacity, no hero in a pit, nothing
but the Cave Troll in its room once the escapes are done, the gold ledger equal to the
gold; every game ends, and the same seed plays the same game."""

from __future__ import annotations

from collections import Counter

import pytest

from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame
from cryhavoc_sim.rng import stream

CONTENT = load_content()
# figures a colour owns: one per card of the classic deck that places one
OWNED = Counter(
    "chest" if CONTENT.cards[c].kind == "chest" else CONTENT.cards[c].figure
    for c in CONTENT.deck("classic")
    if CONTENT.cards[c].kind != "event"
)


def violations(g: CaveTrollGame) -> list[str]:
    out = []
    cap = CONTENT.numbers["room_capacity"]
    on_board: Counter[tuple[str, str]] = Counter()
    for space, figures in g.board.spaces.items():
        kind = CONTENT.spaces[space].kind
        for f in figures:
            on_board[(f.owner, f.kind)] += 1
            if f.is_hero and kind == "pit":
                out.append(f"hero {f} in pit {space}")
        pushing = any(r.kind == "push" and r.space == space for r in g.pending)  # the Wraith's entry
        if kind == "room" and g.board.characters(space) > cap and not pushing:
            out.append(f"{space} holds {g.board.characters(space)} characters")
        if not g.pending and g.board.has_cave_troll(space) and len(figures) > 1:
            out.append(f"{space}: figures beside the Cave Troll")
    for (owner, kind), n in on_board.items():
        if n > OWNED[kind]:
            out.append(f"{owner} has {n} {kind} on the board, owns {OWNED[kind]}")
    for p in g.players:
        if sum(a for q, _, a in g.ledger if q == p) != g.gold[p]:
            out.append(f"{p}: ledger and gold differ")
    return out


def play(seed: int, players: int) -> CaveTrollGame:
    g = CaveTrollGame.new(CONTENT, players, stream(seed, "game"))
    bot = stream(seed, "bot")
    for _ in range(10_000):
        if g.over:
            return g
        assert g.legal(), "a player with nothing to do"
        # the random player: a kind of answer, then one of its options; it stops early
        # only when nothing else is possible, so games reach their end
        kinds = [k for k in g.kinds() if k != "stop"] or ["stop"]
        while True:
            kind = bot.choice(kinds)
            options = g.options(kind)
            if options:
                break
            kinds.remove(kind)
            kinds = kinds or ["stop"]
        g.apply(bot.choice(options))
        assert not violations(g), violations(g)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant_and_end(players: int) -> None:
    for seed in range(10):
        g = play(seed, players)
        assert g.over and g.winners and set(g.winners) <= set(g.players)
        assert max(g.gold.values()) == g.gold[g.winners[0]]
        assert any(src == "end_bonus" for _, src, _ in g.ledger)


def test_the_same_seed_plays_the_same_game() -> None:
    a, b = play(7, 4), play(7, 4)
    assert a.ledger == b.ledger and a.board.spaces == b.board.spaces


def test_turns_escalate_one_two_three_then_four() -> None:
    g = CaveTrollGame.new(CONTENT, 2, stream(1, "game"))
    seen = []
    for _ in range(5):
        seen.append(g.actions_left)
        g.apply(("stop",))
    assert seen == [1, 2, 3, 4, 4]


def test_the_same_seed_plays_the_same_game_in_another_process() -> None:
    """No set's order reaches the answers: string hashing differs between processes."""
    import os
    import subprocess
    import sys

    code = (
        "from tests.cavetroll.test_playouts import play; g = play(11, 4); "
        "print(g.ledger, sorted((s, f.owner, f.kind) for s, fs in g.board.spaces.items() for f in fs))"
    )
    outs = [
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
        ).stdout
        for seed in ("1", "2")
    ]
    assert outs[0] == outs[1] and outs[0]


def test_stopping_early_is_allowed_unless_the_knob_forbids_it() -> None:
    """Ruling CT1: the 2015 text says a player "can perform four actions", so stopping
    early is an answer; with ``must_use_all_actions`` it is one only when nothing else is."""
    free = CaveTrollGame.new(CONTENT, 2, stream(5, "game"))
    bound = CaveTrollGame.new(CONTENT, 2, stream(5, "game"), must_use_all_actions=True)
    assert ("stop",) in free.legal() and ("stop",) not in bound.legal()
    assert bound.copy().must_use_all_actions
