"""The ladder loop: seat-rotated two-player games between two bot kinds. A game names
its rotation (the setups of one rotation, which seat bot A and bot B take, their sides
and who goes first); game ``first_index + k`` takes the seed recipe's streams of
(ladder seed, index). A game that has not ended after ``LIMIT`` answers (nothing in Cave
Troll's rules forces a player to draw: its ruling CT17) is stopped and counts as no win
for either bot; the duel says so."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.games.harness.driver import GameDidNotEnd
from cryhavoc_sim.games.harness.play import play_game
from cryhavoc_sim.games.harness.seeds import seeds
from cryhavoc_sim.games.protocol import Duel
from cryhavoc_sim.games.state import Rules

LIMIT = 20_000  # answers: a few hundred make a game of any registered game


@dataclass(frozen=True, slots=True)
class Pairing:
    """One game of a rotation: the setup, the seats of bot A and bot B, the sides they
    play (what the ladder's table reads), and whether A goes first."""

    setup: Any
    seat_a: str
    seat_b: str
    side_a: str
    side_b: str
    a_first: bool


def duels(
    rules: Rules[Any],
    content: Any,
    rotation: Sequence[Pairing],
    bot_a: str,
    bot_b: str,
    rounds: int,
    seed: int,
    first_index: int,
    record_events: bool = False,
) -> Iterator[Duel]:
    """``rounds`` rotations of two-player games between ``bot_a`` and ``bot_b``."""
    index = first_index
    for _ in range(rounds):
        for p in rotation:
            names = {p.seat_a: bot_a, p.seat_b: bot_b}
            try:
                state = play_game(rules, content, p.setup, seeds(seed, index), names, record_events, LIMIT)
            except GameDidNotEnd:
                index += 1
                yield Duel(p.side_a, p.side_b, p.a_first, None, stopped=True)
                continue
            index += 1
            won = state.winners
            winner = None if len(won) != 1 else p.side_a if won[0] == p.seat_a else p.side_b
            yield Duel(p.side_a, p.side_b, p.a_first, winner)
