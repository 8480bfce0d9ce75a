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


def policy_game(name: str) -> PolicyGame:
    """A new instance of the game ``name``'s part of the trainer (its spec's extra
    ``policy_game``, imported when first asked for: the trainer imports no game); a
    ScenarioError naming the games that have one otherwise."""
    from cryhavoc_sim.errors import ScenarioError
    from cryhavoc_sim.games import game_names, get_game

    part = get_game(name).extra("policy_game") if name in game_names() else None
    if part is None:
        having = [n for n in game_names() if "policy_game" in get_game(n).extras]
        raise ScenarioError(
            f"game is {name!r}, which has no learned policy yet; allowed: {', '.join(having)}."
        )
    made: PolicyGame = part()
    return made
