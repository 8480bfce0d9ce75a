"""Registered handlers: behaviour of content items that the effect primitives cannot
express, each under its item's id (a test checks ids and handlers match both ways)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import TERRAINS, CardId, FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game

MATRIX_CAPACITY = 3


@dataclass(eq=False)
class Handler(Step):
    """A content item's behaviour as a step, for ``f`` in ``region``."""

    f: FactionId
    region: RegionId
    pc: int = 0

    def __init__(self, f: FactionId, region: RegionId, pc: int = 0) -> None:
        self.f = f
        self.region = region
        self.pc = pc


@dataclass(eq=False)
class Matrix(Handler):
    """Draw a Terrain card of any Terrain and store it on the Matrix; three at most for
    all Matrices, a fourth means keeping three and putting one at the bottom of its deck
    (FAQ v1.0 on the Matrix)."""

    decks: tuple[str, ...] = ()
    candidates: tuple[CardId, ...] = ()

    def __init__(
        self,
        f: FactionId,
        region: RegionId,
        decks: tuple[str, ...] = (),
        candidates: tuple[CardId, ...] = (),
        pc: int = 0,
    ) -> None:
        self.f = f
        self.region = region
        self.decks = decks
        self.candidates = candidates
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f, region = self.f, self.region
        p = g.players[f]
        if self.pc == 0:
            self.decks = tuple(t for t in TERRAINS if g.terrain_decks[t])
            if not self.decks:
                g.finish()
                return
            self.pc = 1
            if g.ask(Choice("draw_source", f, self.decks)):
                return
            answer = 0  # one option: answered at once
        if self.pc == 1:
            card = g.terrain_decks[self.decks[answer]].pop()
            g.log("card_stored", f, region, amount=len(p.stored) + 1, detail=card)
            if len(p.stored) < MATRIX_CAPACITY:
                p.stored.append(card)
                g.finish()
                return
            self.candidates = (*p.stored, card)
            self.pc = 2
            if g.ask(Choice("matrix_discard", f, self.candidates)):
                return
            answer = 0  # one option: answered at once
        drop = self.candidates[answer]
        p.stored = [c for c in self.candidates if c != drop]
        g.terrain_decks[g.content.cards[drop].deck].insert(0, drop)
        g.log("card_unstored", f, region, detail=drop)
        g.finish()


# Handlers by content id (a test checks they match the items flagged ``handler = true``).
HANDLERS: dict[str, type[Handler]] = {"machines.matrix": Matrix}


def stored_playable(g: Game, f: FactionId, region: RegionId) -> list[str]:
    """Matrix cards playable in a Battle of their Terrain where ``f`` has Units."""
    terrain = g.regions[region].terrain
    return [c for c in g.players[f].stored if g.content.cards[c].deck == terrain]
