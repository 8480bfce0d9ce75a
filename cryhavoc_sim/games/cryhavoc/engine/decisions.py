"""Decision requests: what the engine asks a bot, and the check of each answer.

The engine never calls a bot. It poses a request (``Game.request``); the harness's driver
loop hands it to the bot of ``request.faction`` (the decider, who may be deciding for the
non-player Trogs) and applies the answer; the engine validates it before using it.

Three shapes cover every decision of the rules:

- :class:`Choice`: pick one of ``options``; the answer is an index.
- :class:`Subset`: pick between ``min`` and ``max`` distinct ``items``; the answer is a
  sorted tuple of indices.
- :class:`Allocate`: split ``total`` Units over ``slots``; the answer is a tuple of
  non-negative counts summing to ``total``.

Requests are plain (not frozen) slotted dataclasses: a frozen one costs several times as
much to build, and the engine builds hundreds a game (docs/measured.md). Bots read them,
never change them; the engine keeps its own copy of the options it indexes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game

# Every kind of decision the engine asks for.
KINDS = (
    "turn",  # a Skill, the Initiative card, an Action, or end of turn
    "discard",  # cards to discard for Move / Recruit / Build
    "hand_limit",  # cards to discard down to the hand limit
    "move_step",  # one Unit one step, or stop
    "recruit_count",  # how many Units to recruit
    "build_step",  # build or activate a Structure, or stop
    "draw_source",  # own deck or a Terrain deck
    "keep_one",  # which of two drawn cards to keep
    "battle_order",  # which Region takes the next Battle token
    "place_units",  # Units on the three Battle Objectives
    "tactic",  # a Tactics card to play, or pass
    "objective_move",  # one of your Units from one Objective to another, or stop
    "objective_move_enemy",  # an enemy Unit from one Objective to another, or stop
    "objective_target",  # an Objective to reinforce / kill on / capture from
    "retreat",  # where losing Units retreat
    "nest_region",  # where retreating Trogs leave a Nest
    "buy_back",  # a Prisoner to buy back, or stop
    "target_region",  # the Region an effect applies to
    "initiative_position",  # the new place on the Upcoming Initiative track
    "count",  # how many (Units to teleport, Crystals to spend, ...)
    "matrix_discard",  # which stored card leaves a full Matrix
    "pay_units",  # where a Unit returns from to pay a Skill's cost
    "structure_target",  # which Structure to move, convert or build
)


class IllegalDecision(Exception):
    """A bot answered with something the request does not allow (a bot bug)."""


@dataclass(slots=True)
class Choice:
    kind: str
    faction: FactionId
    options: tuple[Any, ...]
    actor: FactionId | None = None  # on whose behalf, when not the decider
    context: str = ""  # what asks: the effect primitive or Skill, when that matters
    points: int = 0  # move_step: the Movement points left in this Move

    def __init__(
        self,
        kind: str,
        faction: FactionId,
        options: tuple[Any, ...],
        actor: FactionId | None = None,
        context: str = "",
        points: int = 0,
    ) -> None:
        # Written out: mypyc compiles it (a dataclass-made one runs interpreted).
        self.kind = kind
        self.faction = faction
        self.options = options
        self.actor = actor
        self.context = context
        self.points = points

    def validate(self, answer: Any) -> int:
        if type(answer) is not int or not 0 <= answer < len(self.options):
            raise IllegalDecision(
                f"{self.kind}: answer {answer!r} is not an index into {len(self.options)} options"
            )
        return answer


@dataclass(slots=True)
class Subset:
    kind: str
    faction: FactionId
    items: tuple[Any, ...]
    min: int
    max: int
    action: str = ""  # discard: the Action the cards pay for (move, recruit, build)

    def __init__(
        self, kind: str, faction: FactionId, items: tuple[Any, ...], min: int, max: int, action: str = ""
    ) -> None:
        self.kind = kind
        self.faction = faction
        self.items = items
        self.min = min
        self.max = max
        self.action = action

    def validate(self, answer: Any) -> tuple[int, ...]:
        if not isinstance(answer, tuple) or any(not isinstance(i, int) for i in answer):
            raise IllegalDecision(f"{self.kind}: answer {answer!r} is not a tuple of indices")
        if list(answer) != sorted(set(answer)) or (
            answer and not 0 <= answer[0] <= answer[-1] < len(self.items)
        ):
            raise IllegalDecision(f"{self.kind}: answer {answer!r} is not sorted distinct indices")
        if not self.min <= len(answer) <= self.max:
            raise IllegalDecision(f"{self.kind}: {len(answer)} items chosen, allowed {self.min}..{self.max}")
        return answer


@dataclass(slots=True)
class Allocate:
    kind: str
    faction: FactionId
    total: int
    slots: tuple[str, ...]
    actor: FactionId | None = None

    def __init__(
        self,
        kind: str,
        faction: FactionId,
        total: int,
        slots: tuple[str, ...],
        actor: FactionId | None = None,
    ) -> None:
        self.kind = kind
        self.faction = faction
        self.total = total
        self.slots = slots
        self.actor = actor

    def validate(self, answer: Any) -> tuple[int, ...]:
        if (
            not isinstance(answer, tuple)
            or len(answer) != len(self.slots)
            or any(not isinstance(n, int) or n < 0 for n in answer)
            or sum(answer) != self.total
        ):
            raise IllegalDecision(
                f"{self.kind}: {answer!r} does not split {self.total} over {len(self.slots)} slots"
            )
        return answer


Decision = Choice | Subset | Allocate


class Decider(Protocol):
    """Anything that answers decision requests (every one of the game's bots); the
    harness plays it through ``games/cryhavoc/state.py``'s ``DeciderBot``."""

    def decide(self, decision: Decision, game: Game) -> Any: ...
