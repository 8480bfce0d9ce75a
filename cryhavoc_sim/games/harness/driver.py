"""The driver loop, the one every service plays games with (after OpenSpiel's
``evaluate_bots``): hand the pending request to the deciding seat's bot, apply its
answer (the state validates it), until the game is over."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from cryhavoc_sim.games.state import Bot, GameState

S = TypeVar("S", bound=GameState)

MAX_ANSWERS = 100_000  # a game that has not ended by then is a bot or rules bug


class GameDidNotEnd(RuntimeError):
    """A game that ran past its answer limit (a bot that never lets it end)."""


def play(
    state: S,
    bots: Mapping[str, Bot[Any]],
    observe: Callable[[S], None] | None = None,
    limit: int = MAX_ANSWERS,
    until: Callable[[S], bool] | None = None,
) -> S:
    """Play ``state`` to its end with ``bots`` (by seat) and return it. ``observe`` (the
    soak's invariant checks) sees the state before every answer and once at the end;
    ``until`` (the bench's mid-game states) stops play, before the next answer, at the
    first state it holds for. More than ``limit`` answers raise :class:`GameDidNotEnd`."""
    # The seats' decide methods and apply, bound once: the loop runs a few hundred times
    # a game and is most of what the harness adds to a game's own cost.
    decide = {player: bot.decide for player, bot in bots.items()}
    apply = state.apply
    answers = 0
    if observe is None and until is None:
        while (player := state.current_player) is not None:
            answers += 1
            if answers > limit:
                raise GameDidNotEnd(f"the game did not end in {limit} answers")
            apply(decide[player](state))
        return state
    while (player := state.current_player) is not None:
        if until is not None and until(state):
            return state
        answers += 1
        if answers > limit:
            raise GameDidNotEnd(f"the game did not end in {limit} answers")
        if observe is not None:
            observe(state)
        apply(decide[player](state))
    if observe is not None:
        observe(state)
    return state
