"""Game setup (rulebook: Setup, steps 1-11, and the 4-player game, steps 12-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.games.cryhavoc.content.schema import TERRAINS
from cryhavoc_sim.games.cryhavoc.engine.state import PlayerState
from cryhavoc_sim.games.cryhavoc.engine.structures import place_structure

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


def setup_game(g: Game) -> None:
    content, rules, rng, spec = g.content, g.rules, g.rng, g.setup_spec
    # Step 2: four of the six Event tokens face down on the four Event spots; the
    # fifth spot holds Enable Final Scoring.
    events = list(content.events)
    rng.shuffle(events)
    g.spots = [[t] for t in events[: rules.events_in_play]] + [[content.final_event]]
    g.spot_resolved = [False] * len(g.spots)
    # Step 3: shuffled Terrain decks.
    for terrain in TERRAINS:
        deck = list(content.deck(terrain))
        rng.shuffle(deck)
        g.terrain_decks[terrain] = deck
    # Steps 4-5: factions, HQs at random among the HQ Regions, Skills, decks, Reserve.
    hq_regions = [r.id for r in g.board.regions if r.hq and r.id in g.regions]
    invaders = [f for f in spec.factions if f != "trogs"]
    if spec.hqs is not None:
        hq_of = dict(spec.hqs)
    else:
        rng.shuffle(hq_regions)
        hq_of = dict(zip(invaders, hq_regions, strict=False))
    for f in spec.factions:
        kit = content.factions[f]
        p = PlayerState(faction=f, total_units=kit.units, control_left=kit.control_tokens)
        skills = content.faction_skills(f)
        default = [s.id for s in skills if s.default]
        others = [s.id for s in skills if not s.default]
        rng.shuffle(others)
        extra = g.trog_hooks.extra_skills(spec)
        p.skills = default + others[:extra]
        p.deck = list(content.deck(f))
        rng.shuffle(p.deck)
        p.structures_left = {s.id: s.tokens for s in content.faction_structures(f)}
        g.players[f] = p
    for f, region in hq_of.items():
        place_hq(g, f, region, rules.starting_units(f))
    # 4-player game, steps 12-13: the Trog HQ in World Caverns with two Units; 4 of the
    # Trogs' 7 Tunnel tokens on the Tunnel icons (the Trog HQ among them), leaving 3 to
    # Build (Components: 7 Tunnel tokens).
    trog_hq = next((r.id for r in g.board.regions if r.trog_hq), None)
    if g.trog_hooks.set_up_trogs(g, trog_hq):
        pass  # the solo automaton's own setup (engine/solo.py)
    elif "trogs" in spec.factions:
        assert trog_hq is not None
        place_hq(g, "trogs", trog_hq, rules.starting_units("trogs"))
        place_tunnels(g, rules.trog_tunnels_4p)
    else:
        # 2-3 players: the Trogs are a non-player faction with all their Units in reserve.
        kit = content.factions["trogs"]
        g.players["trogs"] = PlayerState(
            faction="trogs", total_units=kit.units, reserve=kit.units, control_left=0
        )
    for f in spec.factions:
        p = g.players[f]
        p.reserve = p.total_units - sum(s.units.get(f, 0) for s in g.regions.values())
    # Step 7: random Initiative; the Upcoming track starts the same.
    if spec.initiative is not None:
        order = list(spec.initiative)
    else:
        order = list(spec.factions) + (["trogs"] if g.trog_hooks.seated_apart() else [])
        rng.shuffle(order)
    g.initiative = order
    g.upcoming = list(order)
    g.seats = tuple(order)
    # Step 8: War Party and Exploration tokens face down on their icons (none in the
    # Trog HQ in a 4-player game); the rest form a supply.
    war = list(content.war_parties)
    rng.shuffle(war)
    for reg in g.board.regions:
        if reg.id in g.regions and reg.war_party and not (reg.trog_hq and g.regions[reg.id].hq_of) and war:
            g.regions[reg.id].trog_token = war.pop()
    exploration = list(content.exploration)
    rng.shuffle(exploration)
    for reg in g.board.regions:
        if reg.id in g.regions and reg.exploration and exploration:
            g.regions[reg.id].exploration = exploration.pop()
    g.exploration_supply = exploration
    nests = list(content.nests)
    rng.shuffle(nests)
    g.nest_supply = nests
    # Step 9: Crystals as printed (done when the Region states were made).
    for seat, f in enumerate(g.seats, start=1):
        g.log("setup", f, g.players[f].hq, None, seat, ",".join(g.players[f].skills))


def place_hq(g: Game, faction: str, region: str, units: int) -> None:
    """A faction's HQ in ``region`` with ``units`` Units and its Control token (Setup 4-5)."""
    p = g.players[faction]
    p.hq = region
    s = g.regions[region]
    s.hq_of = faction
    s.crystals = 0  # No Crystals in an HQ (Clarifications).
    g.add_units(region, faction, units)
    g.set_control(region, faction, "setup")


def place_tunnels(g: Game, count: int) -> None:
    """4-player game, step 13: Tunnel tokens from the Trogs' own supply on the Regions with
    the Tunnel icon, as many as the supply and ``count`` allow. They are Tunnel Structures
    like the built ones (the same tokens), placed, not built (ruling R34)."""
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
