"""The Trogs: their role in a game, their tokens, and the non-player Trogs of 2-3 player
games (rulebook: Battle Resolution, Trog exception; Clarifications; 4-player game; the
solo mode, shared/rules/002_*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, RegionId, Token
from cryhavoc_sim.games.cryhavoc.engine.state import RegionState

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game

# The Trogs' role, one notion for the whole engine (``g.trog_role``; ``g.role(faction)``
# is PLAYER for every other faction):
PLAYER = "player"  # a 4-player game: a player like the others (rulebook: 4-player game)
NPC = "npc"  # 2-3 players: the non-player Trogs (Battle Resolution, Trog exception)
AUTOMATON = "automaton"  # the solo mode: the Trog automaton plays them (shared/rules/002_*)
TROG_ROLES = (PLAYER, NPC, AUTOMATON)


def trog_role(n_players: int, mode: str) -> str:
    """Who plays the Trogs in a game of ``n_players`` invading players in ``mode``."""
    if mode == "solo":
        return AUTOMATON
    return PLAYER if n_players == 4 else NPC


# ---------------------------------------------------------------- Tunnels
# The Trogs' 7 Tunnel tokens are Structures (Components). A Region holding one is a
# Tunnel Region (RegionState.tunnel, kept by Game.set_tunnel when a Tunnel is built or
# destroyed, engine/effects.py); the Trog player moves between Tunnel Regions as if
# adjacent (Game.neighbours, cached, from tunnel_neighbours below).


def place_tunnels(g: Game, count: int) -> None:
    """4-player game, step 13: Tunnel tokens from the Trogs' own supply on the Regions with
    the Tunnel icon, as many as the supply and ``count`` allow. They are Tunnel Structures
    like the built ones (the same tokens), placed, not built (ruling R34)."""
    from cryhavoc_sim.games.cryhavoc.engine.effects import place_structure

    tunnel = next(
        (sid for sid in g.players["trogs"].structures_left if g.content.structures[sid].tunnel), None
    )
    if tunnel is None:
        return
    for reg in g.board.regions:
        if count <= 0 or g.players["trogs"].structures_left[tunnel] <= 0:
            break
        if reg.tunnel and reg.id in g.regions:
            place_structure(g, "trogs", reg.id, tunnel, "setup")
            count -= 1


def tunnel_neighbours(g: Game, region: RegionId) -> tuple[RegionId, ...]:
    """4-player game, Movement: from a Tunnel Region the Trog player may move to every
    other Tunnel Region as if adjacent (the solo automaton too: solo rules)."""
    base = g.adj[region]
    return base + tuple(r for r, s in g.regions.items() if s.tunnel and r != region and r not in base)


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
    elif g.trog_role == AUTOMATON and mover != "trogs":
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
