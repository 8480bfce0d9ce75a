"""What a game plugs into the policy trainer (``tuning/policy.py``): its features'
layout, its games, its policy bot, the decisions its policy scores, and an expert that
labels them.

Expert iteration (Anthony, Tian and Barber, 2017) alternates two players of one game:
the *apprentice* (the learned policy, cheap) plays self-play games, and at a sample of
its decisions the *expert* (a search whose rollouts the apprentice plays) measures what
every candidate answer is worth; the next apprentice is fitted to those values. A game
provides the parts that know its rules; the trainer, the fit and the files are shared.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cryhavoc_sim.games.policy.model import Layout, PolicyModel
from cryhavoc_sim.games.state import Answer, Bot, GameState, PlayerId
from cryhavoc_sim.rng import Rng


@dataclass(frozen=True, slots=True)
class Scored:
    """A decision as the policy sees it: its table (``<side>.<kind>``), the candidate
    answers (key, answer), each candidate's descriptor and attributes, and the context."""

    table: str
    candidates: Sequence[tuple[Hashable, Answer]]
    descriptors: list[str]
    attributes: list[list[float]]
    context: list[float]


class Expert(Protocol):
    """A search that measures every candidate of a decision in the same worlds."""

    def values(self, state: Any, options: Sequence[tuple[Hashable, Answer]], worlds: int) -> list[float]: ...


class PolicyGame(Protocol):
    """A game's part of the policy trainer."""

    @property
    def layout(self) -> Layout:
        """The game's features (the policy file's header)."""
        ...

    @property
    def expert_name(self) -> str:
        """What labels the decisions, in a few words (recorded in the policy file)."""
        ...

    def setup(self, master_seed: int, index: int) -> tuple[int, Any]:
        """Game ``index``'s seed and setup: the trainer's games cycle through the
        game's player counts and modes."""
        ...

    def new_state(self, setup: Any, seed: int) -> GameState:
        """The game ``setup`` on its seed's game stream, not logging events."""
        ...

    def duel(self, master_seed: int, deal: int) -> tuple[int, Any]:
        """Two-player deal ``deal``'s seed and setup (a match between two policies)."""
        ...

    def bots(
        self, state: GameState, models: Mapping[PlayerId, PolicyModel | None], seed: int
    ) -> dict[PlayerId, Bot[Any]]:
        """Every seat's bot: the seat's policy in ``models`` (the game's heuristic for
        None), each on its own stream of ``seed``, and the game's own deciders."""
        ...

    def scored(self, state: GameState) -> Scored | None:
        """The pending decision as the policy sees it, or None when the policy does not
        score it (another kind, a single candidate, a non-player side)."""
        ...

    def expert(self, player: PlayerId, model: PolicyModel | None, rng: Rng) -> Expert:
        """The expert of seat ``player``: a search whose rollouts ``model`` plays (the
        heuristic when None), on ``rng``."""
        ...


# name -> the module holding the game's ``POLICY_GAME`` class (imported when first asked
# for), as the game registry does (``games/__init__.py``): the trainer imports no game.
REGISTERED: dict[str, str] = {"cryhavoc": "cryhavoc_sim.games.cryhavoc.policy_training"}


def policy_game(name: str) -> PolicyGame:
    """A new instance of the game ``name``'s part of the trainer; a ScenarioError naming
    the games that have one otherwise."""
    from importlib import import_module

    from cryhavoc_sim.errors import ScenarioError

    path = REGISTERED.get(name) if isinstance(name, str) else None
    if path is None:
        raise ScenarioError(
            f"game is {name!r}, which has no learned policy yet; allowed: {', '.join(sorted(REGISTERED))}."
        )
    made: PolicyGame = import_module(path).POLICY_GAME()
    return made
