"""What a game plugs into the policy trainer (``tuning/policy.py``): its features'
layout, its games, its policy bot, the decisions its policy scores, and an expert that
labels them.

Expert iteration (Anthony, Tian and Barber, 2017) alternates two players of one game:
the *expert* (a search, whose rollouts the apprentice plays once there is one) labels a
sample of the decisions of self-play games with its search (the share of its visits
each candidate answer got), and the *apprentice* (the learned policy, cheap) is fitted
to those labels, then plays the next iteration's games. A game provides the parts that
know its rules; the trainer, the fit and the files are shared.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cryhavoc_sim.games.botspec import BotSpec
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
    """A search of one seat that labels a decision it searches: its value of every
    candidate answer (``labels`` "values": the paired-rollout search rolling each one out
    in the same worlds) or its share of visits of each (``labels`` "shares": ISMCTS)."""

    labels: str

    def label(self, state: Any) -> tuple[Sequence[tuple[Hashable, Answer]], list[float]] | None:
        """(candidates, their values or shares) of the pending decision, or None when
        the search does not search it."""
        ...


class PolicyGame(Protocol):
    """A game's part of the policy trainer."""

    @property
    def layout(self) -> Layout:
        """The game's features (the policy file's header)."""
        ...

    @property
    def default_expert(self) -> str:
        """The search that labels decisions unless told otherwise."""
        ...

    def expert_spec(self, name: str) -> BotSpec:
        """``name`` read once by the game's catalogue into the expert's spec; a
        :class:`~cryhavoc_sim.games.botspec.BotNameError` saying what is allowed when it
        cannot be the expert."""
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

    def expert_labels(self, spec: BotSpec) -> str:
        """What the expert ``spec`` labels a decision with: "values" or "shares"."""
        ...

    def expert(self, player: PlayerId, spec: BotSpec, model: PolicyModel | None, rng: Rng) -> Expert:
        """The search ``spec`` of seat ``player`` on ``rng``, its rollouts played by
        ``model`` in every seat (the game's heuristic when None)."""
        ...


# name -> the module holding the game's ``POLICY_GAME`` class (imported when first asked
# for), as the game registry does (``games/__init__.py``): the trainer imports no game.
REGISTERED: dict[str, str] = {
    "cryhavoc": "cryhavoc_sim.games.cryhavoc.policy_training",
    "cavetroll": "cryhavoc_sim.games.cavetroll.policy_training",
    "warcry": "cryhavoc_sim.games.warcry.policy_training",
}


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
