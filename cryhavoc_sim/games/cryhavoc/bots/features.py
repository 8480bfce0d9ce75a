"""The hand-made features of a Cry Havoc position as one player sees it: the inputs of
the learned leaf value (``value_model.py``).

Every feature is read from what ``engine/visibility.py``'s observation shows the player:
the board (Crystals, Control, Units), every player's public holdings (VP, Reserve,
Prisoners, hand sizes, stored Crystals), the Round and how far the Event track has gone.
Never a face-down token, another hand or a deck's order: a test checks that a
determinized copy (everything hidden re-drawn) gives the same features.

Features are relative to the player (its figures, the best opponent's, the lead), so one
model serves every seat, player count and faction; the player count and the faction come
in as indicator features. ``FEATURES_VERSION`` changes whenever the list or a meaning
changes: a model file names the version it was fitted on and is refused under another.
"""

from __future__ import annotations

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Game
from cryhavoc_sim.games.cryhavoc.engine.scoring import crystal_vp

FEATURES_VERSION = "cryhavoc-features-1"
FACTIONS = ("humans", "pilgrims", "machines", "trogs")

FEATURES: tuple[str, ...] = (
    "round",  # the Round being played
    "final_round",  # 1 once the game's last Round is known
    "events_resolved",  # Event spots resolved so far (the track's progress)
    "vp",
    "vp_lead",  # own VP minus the best opponent's
    "standing_lead",  # VP plus what the Regions would score now, against the best opponent's
    "region_vp",  # what the player's Regions would score now (scoring.crystal_vp)
    "region_vp_best_other",
    "regions",  # Regions controlled
    "regions_best_other",
    "units_on_board",
    "units_on_board_best_other",
    "reserve",
    "hand",  # cards in hand (public count)
    "hand_best_other",
    "prisoners_held",
    "prisoners_taken_from_me",  # own Units held as Prisoners by others
    "stock",  # Crystals stored on the Faction board (Pilgrims' Extraction)
    "lead_x_round",  # the standing lead weighs more as the game nears its end
    # Battles not yet fought move Regions and Crystals at the end of the Round: the
    # projection gives each Region with a Battle token to whoever has most Units there
    "projected_lead",  # standing lead with Battle Regions' Crystals to their majority
    "battle_crystals_edge",  # sum over my Battles of Crystals x (my Units - theirs) / Units
    "battles",  # Battles I am in
    "players_2",
    "players_3",
    "players_4",
    "solo",
    *(f"faction_{f}" for f in FACTIONS),
)


def features(g: Game, me: FactionId) -> list[float]:
    """The features of ``g`` as ``me`` sees it, in the order of :data:`FEATURES`."""
    players = g.players
    mine = players[me]
    others = [f for f in g.player_factions if f != me]
    if g.solo and "trogs" in players and "trogs" not in others:
        others.append("trogs")  # the automaton is the opponent to beat
    units = {f: sum(r.units.get(f, 0) for r in g.regions.values()) for f in players}
    regions = {f: len(g.controlled(f)) for f in players}
    region_vp = {f: float(crystal_vp(g, f)) for f in players}

    def best(values: dict[FactionId, float] | dict[FactionId, int]) -> float:
        return float(max((values[o] for o in others), default=0))

    vp = {f: float(p.vp) for f, p in players.items()}
    standing = {f: vp[f] + region_vp[f] for f in players}
    lead = standing[me] - best(standing)
    taken = sum(p.prisoners.get(me, 0) for f, p in players.items() if f != me)
    projected = dict(standing)
    edge = 0.0
    battles = 0
    for r in g.regions.values():
        if not r.battle or (r.crystals == 0 and me not in r.units):
            continue
        present = {f: c for f, c in r.units.items() if c > 0 and f in projected}
        if r.control in projected:  # the Region's Crystals move from its controller
            projected[r.control] -= r.crystals
        if present:
            top = max(present.values())
            leaders = [f for f, c in present.items() if c == top]
            if len(leaders) == 1:
                projected[leaders[0]] += r.crystals
            elif r.control in projected:
                projected[r.control] += r.crystals  # a tie: no change of hands assumed
        elif r.control in projected:
            projected[r.control] += r.crystals
        if me in (r.attacker, r.defender) or r.units.get(me, 0) > 0:
            battles += 1
            total = sum(present.values())
            if total:
                mine_there = present.get(me, 0)
                edge += r.crystals * (2 * mine_there - total) / total
    projected_lead = projected[me] - best(projected)
    n = g.n_players
    return [
        float(g.round),
        1.0 if g.final_round else 0.0,
        float(sum(g.spot_resolved)),
        vp[me],
        vp[me] - best(vp),
        lead,
        region_vp[me],
        best(region_vp),
        float(regions[me]),
        best(regions),
        float(units[me]),
        best(units),
        float(mine.reserve),
        float(len(mine.hand)),
        best({f: len(players[f].hand) for f in players}),
        float(mine.prisoners_held),
        float(taken),
        float(mine.stock),
        lead * g.round,
        projected_lead,
        edge,
        float(battles),
        1.0 if n == 2 else 0.0,
        1.0 if n == 3 else 0.0,
        1.0 if n == 4 else 0.0,
        1.0 if g.solo else 0.0,
        *(1.0 if me == f else 0.0 for f in FACTIONS),
    ]
