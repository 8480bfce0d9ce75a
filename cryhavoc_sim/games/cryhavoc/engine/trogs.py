"""The Trogs: their tokens, their Tunnels, and the non-player Trogs of 2-3 player
games (rulebook: Battle Resolution, Trog exception; Clarifications; 4-player game; the
solo mode, shared/rules/002_*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, RegionId, Token
from cryhavoc_sim.games.cryhavoc.engine.roles import AUTOMATON as AUTOMATON
from cryhavoc_sim.games.cryhavoc.engine.roles import NPC as NPC
from cryhavoc_sim.games.cryhavoc.engine.roles import PLAYER as PLAYER
from cryhavoc_sim.games.cryhavoc.engine.roles import Role as Role
from cryhavoc_sim.games.cryhavoc.engine.state import RegionState

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game

# Who plays the Trogs (a player, nobody, the solo automaton) and the hooks the rules ask
# are engine/roles.py's; the names are kept here too for the modules that import them
# with the Trog rules.


# ---------------------------------------------------------------- Tunnels
# The Trogs' 7 Tunnel tokens are Structures (Components). A Region holding one is a
# Tunnel Region (RegionState.tunnel, kept by Game.set_tunnel when a Tunnel is built or
# destroyed, engine/structures.py; the 4-player setup places four, engine/setup.py); the
# Trog player moves between Tunnel Regions as if adjacent (Game.neighbours, cached).


# ---------------------------------------------------------------- tokens and Nests


def reveal(g: Game, region: RegionId, mover: FactionId, ambush: bool = False) -> tuple[int, bool]:
    """Reveal the face-down War Party and Nest tokens in ``region`` (one, unless a Nest
    was left on another token: ruling R14): place their Crystals and as many of their
    Trogs as the Trog Reserve holds (Clarifications).

    Returns (Trogs placed, whether an empty reveal costs the mover a Unit). Ruling R9:
    if another player's Units already stand there, only the Crystals are placed.
    """
    s = g.regions[region]
    placed = 0
    while s.trog_token is not None:
        placed += _reveal_one(g, region, take_token(s), mover, ambush)
    blocked = not ambush and any(o not in (mover, "trogs") for o in s.units)
    return placed, mover != "trogs" and not blocked


def take_token(s: RegionState) -> Token:
    """Take the top face-down Trog token off a Region; the next one, if any, comes up."""
    token = s.trog_token
    assert token is not None
    if s.more_tokens:
        s.trog_token, s.more_tokens = s.more_tokens[-1], s.more_tokens[:-1]
    else:
        s.trog_token = None
    return token


def _reveal_one(g: Game, region: RegionId, token: Token, mover: FactionId, ambush: bool) -> int:
    s = g.regions[region]
    g.revealed.append(token.id)
    s.crystals += token.crystals
    trog = g.players["trogs"]
    want = token.trogs
    if token.kind == "war_party":
        want = max(0, want + g.rules.war_party_trogs_delta)  # ruling R1: a token may place none
    placed = 0
    if not ambush and any(o not in (mover, "trogs") for o in s.units):
        pass  # ruling R9: Crystals only
    elif mover != "trogs" and g.trog_hooks.trogs_arrive_from_hq():
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
    return placed


def place_nest(g: Game, region: RegionId, cause: str) -> bool:
    """Put a face-down Nest token from the supply in ``region``, if one is left. Where a
    token lies already, the Nest goes on top of it (ruling R14)."""
    if not g.nest_supply:
        return False
    s = g.regions[region]
    if s.trog_token is not None:
        s.more_tokens = (*s.more_tokens, s.trog_token)
    s.trog_token = g.nest_supply.pop()
    g.log("nest_placed", "trogs", region, detail=cause)
    return True


def nest_candidates(g: Game, region: RegionId) -> list[RegionId]:
    """Where retreating non-player Trogs may leave their Nest: "any adjacent uncontrolled
    Region" (Battle F, Trog exception), that is one without a Control token (Key Terms:
    Control). HQs hold their owner's Control token. Ruling R14."""
    return [n for n in g.adj[region] if g.regions[n].control is None]
