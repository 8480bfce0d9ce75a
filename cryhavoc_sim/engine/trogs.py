"""Trog tokens and the non-player Trogs of 2-3 player games (rulebook: Battle
Resolution, Trog exception; Clarifications; 4-player game)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.content.schema import FactionId, RegionId

if TYPE_CHECKING:
    from cryhavoc_sim.engine.game import Game


def reveal(g: Game, region: RegionId, mover: FactionId, ambush: bool = False) -> tuple[int, bool]:
    """Reveal the face-down War Party or Nest token in ``region``: place its Crystals and
    as many of its Trogs as the Trog Reserve holds (Clarifications).

    Returns (Trogs placed, whether an empty reveal costs the mover a Unit). Ruling R9:
    if another player's Units already stand there, only the Crystals are placed.
    """
    s = g.regions[region]
    token = s.trog_token
    assert token is not None
    s.trog_token = None
    s.crystals += token.crystals
    trog = g.players["trogs"]
    want = token.trogs
    if token.kind == "war_party":
        want = max(1, want + g.rules.war_party_trogs_delta)
    if not ambush and any(o not in (mover, "trogs") for o in s.units):
        g.log("token_revealed", mover, region, "trogs", 0, token.id)
        return 0, False
    if g.solo and mover != "trogs":
        # Solo rule 5: Trogs arrive in Battle from their HQ; a Nest also opens a Tunnel.
        hq = trog.hq
        placed = min(want, g.units(hq, "trogs")) if hq else 0
        if placed:
            assert hq is not None
            g.remove_units(hq, "trogs", placed)
        if token.kind == "nest":
            g.set_tunnel(region, True)
    else:
        placed = min(want, trog.reserve)
        trog.reserve -= placed
    g.add_units(region, "trogs", placed)
    g.log("token_revealed", mover, region, "trogs", placed, token.id)
    if token.crystals:
        g.log("crystals_added", None, region, None, token.crystals, token.id)
    return placed, mover != "trogs"


def place_nest(g: Game, region: RegionId, cause: str) -> bool:
    """Put a face-down Nest token from the supply in ``region``, if one is left."""
    s = g.regions[region]
    if not g.nest_supply or s.trog_token is not None:
        return False
    s.trog_token = g.nest_supply.pop()
    g.log("nest_placed", "trogs", region, detail=cause)
    return True


def nest_candidates(g: Game, region: RegionId) -> list[RegionId]:
    """Adjacent uncontrolled Regions where a retreating Trog force may leave a Nest."""
    return [
        n
        for n in g.adj[region]
        if g.regions[n].control is None
        and g.regions[n].trog_token is None
        and g.regions[n].hq_of is None
        and not g.regions[n].battle
        and not g.regions[n].units
    ]
