"""The effect primitive as a step, the base of every primitive (effects.py, and the
Battle ones in battle_effects.py), and who decides for an actor during a Battle."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import Effect, FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


@dataclass(eq=False)
class Prim(Step):
    """A primitive being applied: for ``actor`` (the player, for primitives that act for
    one), effect ``e``, from ``source``, in ``region``; ``i`` counts repetitions and
    ``options`` holds the options last asked about."""

    actor: FactionId | None
    e: Effect
    source: str
    region: RegionId | None
    i: int = 0
    options: tuple[Any, ...] = ()
    pc: int = 0

    def __init__(
        self,
        actor: FactionId | None,
        e: Effect,
        source: str,
        region: RegionId | None,
        i: int = 0,
        options: tuple[Any, ...] = (),
        pc: int = 0,
    ) -> None:
        self.actor = actor
        self.e = e
        self.source = source
        self.region = region
        self.i = i
        self.options = options
        self.pc = pc

    # A primitive that adds no field is a plain subclass: it inherits this __init__,
    # which mypyc compiles, and the dataclass's field list (Step.copy) and repr. One
    # that adds fields is a dataclass and writes its __init__ out: mypyc cannot compile
    # a dataclass subclass that inherits an explicit __init__ (the C call passes the
    # wrong arguments), and the one dataclasses would generate runs interpreted.

    def pick(
        self, g: Game, kind: str, options: tuple[Any, ...], why: str = "", decider: FactionId | None = None
    ) -> bool:
        """Ask for one of ``options`` (True: wait; False: answered at once, one option).
        The choice is ``self.options[answer]`` when the step runs again."""
        self.options = options
        actor = self.actor
        assert actor is not None
        who = decider if decider is not None else battle_decider(g, actor)
        if kind == "target_region":
            request = Choice(kind, who, options, actor=actor, context=why)
        else:
            request = Choice(kind, who, options, context=why)
        return g.ask(request)

    @property
    def f(self) -> FactionId:
        actor = self.actor
        assert actor is not None
        return actor


def battle_decider(g: Game, actor: FactionId) -> FactionId:
    """Who decides for ``actor``: in a Battle, its decider (the player to the left for
    the non-player Trogs; Battle, Trogs note), else ``actor`` itself."""
    b = g.battle
    return b.decider[actor] if b is not None and actor in b.decider else actor
