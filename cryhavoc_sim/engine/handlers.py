"""Registered handlers: behaviour of content items that the effect primitives cannot
express, each under its item's id (a test checks ids and handlers match both ways)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cryhavoc_sim.content.schema import TERRAINS, FactionId, RegionId
from cryhavoc_sim.engine.decisions import Choice

if TYPE_CHECKING:
    from cryhavoc_sim.engine.game import Game, Gen

Handler = Callable[["Game", FactionId, RegionId], "Gen[None]"]
HANDLERS: dict[str, Handler] = {}

MATRIX_CAPACITY = 3


def handler(item_id: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[item_id] = fn
        return fn

    return register


@handler("machines.matrix")
def matrix(g: Game, f: FactionId, region: RegionId) -> Gen[None]:
    """Draw a Terrain card of any Terrain and store it on the Matrix; three at most for
    all Matrices, a fourth means keeping three and putting one at the bottom of its deck
    (FAQ v1.0 on the Matrix)."""
    decks = tuple(t for t in TERRAINS if g.terrain_decks[t])
    if not decks:
        return
    terrain = decks[(yield from g.ask(Choice("draw_source", f, decks)))]
    p = g.players[f]
    card = g.terrain_decks[terrain].pop()
    g.log("card_stored", f, region, amount=len(p.stored) + 1, detail=card)
    if len(p.stored) < MATRIX_CAPACITY:
        p.stored.append(card)
        return
    candidates = (*p.stored, card)
    drop = candidates[(yield from g.ask(Choice("matrix_discard", f, candidates)))]
    p.stored = [c for c in candidates if c != drop]
    g.terrain_decks[g.content.cards[drop].deck].insert(0, drop)
    g.log("card_unstored", f, region, detail=drop)


def stored_playable(g: Game, f: FactionId, region: RegionId) -> list[str]:
    """Matrix cards playable in a Battle of their Terrain where ``f`` has Units."""
    terrain = g.regions[region].terrain
    return [c for c in g.players[f].stored if g.content.cards[c].deck == terrain]
