"""State costs for ``make bench``: microseconds per clone, determinize, legal answers
and fingerprint of a mid-game state of any game (its soak setup 0 after ``answers``
random answers), the fastest of five batches (a slow phase of the machine only adds)."""

from __future__ import annotations

import timeit
from collections.abc import Callable
from typing import Any

from cryhavoc_sim.games.harness.driver import play
from cryhavoc_sim.games.harness.play import new_game, seat_bots
from cryhavoc_sim.games.harness.seeds import seeds
from cryhavoc_sim.games.state import GameState, Rules
from cryhavoc_sim.rng import stream


def mid_game(rules: Rules[Any], answers: int, setup: Any = None) -> GameState:
    """A state ``answers`` random answers into a game, played by the driver loop (earlier
    if the game ends first: the last state with a pending request)."""
    setup = rules.soak_setup(0) if setup is None else setup

    def fresh() -> tuple[GameState, dict[str, Any]]:
        s = seeds(11, 0)
        state = new_game(rules, rules.default_content(), setup, s, False)
        return state, seat_bots(rules, state, dict.fromkeys(state.players, "random"), s)

    def after(n: int) -> Callable[[GameState], bool]:
        count = iter(range(n + 1))  # the test runs once before each answer: stop at the nth
        return lambda state: next(count, n) >= n

    whole, bots = fresh()
    seen: list[None] = []  # observe sees the state before each answer, and the end once
    play(whole, bots, observe=lambda s: seen.append(None))
    total = len(seen) - 1
    state, bots = fresh()
    return play(state, bots, until=after(min(answers, max(0, total - 1))))


def state_costs(rules: Rules[Any], repeat: int, answers: int = 100, setup: Any = None) -> dict[str, float]:
    """Microseconds per operation on :func:`mid_game`'s state."""
    state = mid_game(rules, answers, setup)
    player = state.current_player
    assert player is not None
    rng = stream(12, "bench")

    def best(op: Callable[[], object]) -> float:
        number = max(1, repeat // 5)
        return min(timeit.repeat(op, number=number, repeat=5)) / number * 1e6

    return {
        "clone": best(state.clone),
        "determinize": best(lambda: state.determinize(player, rng)),
        "legal": best(state.legal_answers),
        "fingerprint": best(state.fingerprint),
    }
