"""What a game plugs into the search (:class:`SearchGame`), and the policy that plays a
rollout (:class:`Rollout`).

A game's search is one :class:`SearchGame` object per bot (it may keep a helper bot of
its own). It says which decisions are worth a search and which answers to try (all the
legal ones, or a game's pruned list: Cry Havoc tries a few Battle splits, not every
one); how to re-draw what the searching player cannot see (usually
``state.determinize``); who plays a rollout, for how long (``stage``: a Round, a turn)
and what the position it stops at is worth to the searching player (the leaf value: a
game's evaluation, the result, later a learned model). OpenSpiel's ``ismcts.py`` takes
an ``evaluator`` and a ``resampler`` for the same two roles.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar

from cryhavoc_sim.games.state import Answer, GameState, PlayerId
from cryhavoc_sim.rng import Rng

S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)

# (key, answer): the key names the answer the same way in every determinization (the
# tree's child key, ``GameState.answer_key``), the answer is what ``apply`` takes here.
Candidate = tuple[Hashable, Answer]


class Rollout(Protocol[S_contra]):
    """Who answers in one iteration's simulation, for every seat (the game's heuristic,
    usually): built afresh for each iteration, so memory it keeps never leaks across."""

    def decide(self, state: S_contra) -> Answer:
        """The answer of whoever decides now in the simulation ``state``."""
        ...

    def skip(self, state: S_contra) -> None:
        """The tree answers this decision instead (a bot that remembers what it was asked
        forgets it)."""
        ...


class SearchGame(Protocol[S]):
    """A game's part of one search bot (see the module docstring)."""

    def searched(self, state: S, player: PlayerId) -> bool:
        """Whether ``player``'s pending decision in ``state`` is searched; the others
        (and searched ones with fewer than two candidates) go to :meth:`fallback`."""
        ...

    def candidates(self, state: S) -> Sequence[Candidate]:
        """The answers tried, each with its key, in a fixed order (ties go to the first)."""
        ...

    def fallback(self, state: S) -> Answer:
        """The answer to a decision that is not searched."""
        ...

    def searched_done(self) -> None:
        """A searched decision is answered (what the simulations taught a helper bot is
        forgotten)."""
        ...

    def determinize(self, state: S, player: PlayerId, rng: Rng) -> S:
        """A copy of ``state`` with what ``player`` cannot see re-drawn from ``rng``."""
        ...

    def rollout(self, sim: S, player: PlayerId, rng: Rng) -> Rollout[S]:
        """The rollout policy of one iteration on ``sim`` (its randomness from ``rng``)."""
        ...

    def stage(self, state: S) -> int:
        """A count that only grows as play goes on (the Round, the turn): a rollout stops
        once it has grown by the search's horizon."""
        ...

    def value(self, state: S, player: PlayerId) -> float:
        """The leaf value: what ``state`` (finished or not) is worth to ``player``, in [0, 1]."""
        ...


def root_candidates(game: SearchGame[S], state: S, player: PlayerId) -> Sequence[Candidate] | None:
    """The candidates of ``player``'s pending decision when it is worth a search: searched
    by the game and with at least two candidates; None when the game's fallback answers."""
    if not game.searched(state, player):
        return None
    options = game.candidates(state)
    return options if len(options) >= 2 else None
