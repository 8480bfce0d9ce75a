"""The heuristic bot's reading of the board for Moves: a whole Move planned at once, the
Trogs a face-down token may hold, and who leads.

A Move is worth making only as a whole. A Battle is fought by the Units that arrive in
the one Move that starts it: when the Move ends its Battle token is down and nobody may
enter the Region any more (Move Action, Important), and the defender wins ties (Battle
Resolution D). So the planner picks the Regions it can take with the Units and points it
has, sends enough Units to each at once, and never sends the first Unit of a stack it
cannot finish. A Region with enemy Units or a face-down token is a target only when the
Units that arrive outnumber what may be there (a token counted at a high quantile of
the tokens of its kind not yet revealed, never at its average).

Every rule the planner mirrors (which Regions may be entered, which Units may leave)
comes from :mod:`cryhavoc_sim.games.cryhavoc.engine.movement`, so a plan is legal step
by step; the bot still checks each step against the request's options.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cryhavoc_sim.games.cryhavoc.bots.personalities import Personality
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine import Game
from cryhavoc_sim.games.cryhavoc.engine.movement import (
    enterable,
    is_stop,
    is_trog_player,
    movable,
    tokens_full,
)
from cryhavoc_sim.games.cryhavoc.engine.scoring import crystal_vp

Step = tuple[RegionId, RegionId]


@dataclass(slots=True)
class Plan:
    """The steps of a Move, one Unit one step each, in the order to play them, and what
    the Move is worth (the sum of its targets' gains)."""

    steps: list[Step] = field(default_factory=list)
    value: float = 0.0
    targets: list[RegionId] = field(default_factory=list)


def token_trogs(g: Game, kind: str, quantile: float) -> int:
    """The Trogs a face-down token of ``kind`` (war_party, nest) holds at ``quantile``:
    the smallest count that at least that share of the tokens of its kind not yet
    revealed stay at or under. What every player knows (engine/visibility.py)."""
    pool = g.content.war_parties if kind == "war_party" else g.content.nests
    seen = set(g.revealed)
    counts = sorted(t.trogs for t in pool if t.id not in seen) or sorted(t.trogs for t in pool)
    if not counts:
        return 0
    i = min(len(counts) - 1, max(0, int(quantile * len(counts) + 0.999999) - 1))
    return counts[i]


def standings(g: Game) -> dict[FactionId, float]:
    """Each player's VP plus what its Regions would score now (scoring.crystal_vp): the
    measure of who is running away with the game."""
    return {f: float(g.players[f].vp + crystal_vp(g, f)) for f in g.player_factions}


def leader_weights(g: Game, me: FactionId) -> dict[FactionId, float]:
    """How much hurting each other player is worth to ``me`` beyond the board: 0 but for
    the player ahead of everyone (me included), whose weight is its lead over the next
    best in fives of points, at most 2. Players absent from the table weigh 0."""
    table = standings(g)
    out: dict[FactionId, float] = {}
    for other, score in table.items():
        rest = [v for f, v in table.items() if f != other]
        lead = score - max(rest) if rest else 0.0
        if other != me and lead > 0:
            out[other] = min(2.0, lead / 5.0)
    return out


def leader_weight(g: Game, me: FactionId, other: FactionId | None) -> float:
    """``leader_weights`` of one player (0 for None and the non-player Trogs)."""
    return 0.0 if other is None else leader_weights(g, me).get(other, 0.0)


class Planner:
    """Plans Moves for one bot (its personality's weights)."""

    def __init__(self, w: Personality) -> None:
        self.w = w
        self.battles = True  # False under the no-battles restriction (bots/restrictions.py)
        # token_trogs per kind, for the revealed tokens counted (it only grows in a game)
        self._tokens: dict[str, tuple[int, int]] = {}

    def token_need(self, g: Game, kind: str) -> int:
        """``token_trogs`` at this personality's ``token_risk``, once per reveal."""
        seen = len(g.revealed)
        known = self._tokens.get(kind)
        if known is None or known[0] != seen:
            known = self._tokens[kind] = (seen, token_trogs(g, kind, self.w.token_risk))
        return known[1]

    def garrison(self, g: Game, f: FactionId, r: RegionId) -> int:
        """Units ``f`` keeps in ``r``: ``guard`` of them where a player's Units stand next
        to a Region worth keeping (Crystals or Structures; an HQ cannot be entered)."""
        guard = self.w.guard
        if guard <= 0:
            return 0
        s = g.regions[r]
        if s.hq_of is not None or (not s.crystals and not s.structures):
            return 0
        for n in g.adj[r]:
            for o, k in g.regions[n].units.items():
                if o != f and k and not g.is_npc(o):
                    return guard
        return 0

    def target(
        self, g: Game, f: FactionId, r: RegionId, leads: dict[FactionId, float]
    ) -> tuple[int, float] | None:
        """(Units ``f`` wants in ``r`` when the Move ends, worth of having them there),
        or None when ``r`` is not worth a Move. ``leads``: ``leader_weights(g, f)``."""
        w = self.w
        s = g.regions[r]
        enemy = 0
        defender: FactionId | None = None
        top = 0
        for o, k in s.units.items():
            if o != f:
                enemy += k
                if k > top:
                    top, defender = k, o
        worth = s.crystals * w.crystal + 1.0
        token = s.trog_token
        if token is not None:
            if is_trog_player(g, f):
                if not enemy:  # the Trog player reveals its own token: Trogs for free
                    return 1, 1.5 + worth
            else:
                enemy += self.token_need(g, token.kind)
                if defender is None:
                    defender = "trogs"
        if enemy and not self.battles:
            return None  # restricted play: this Move would start a Battle
        if not enemy:
            if s.control == f:
                return None
            gain = worth * w.expand + (0.8 if s.exploration is not None else 0.0)
            if s.control is not None:
                gain += w.hunt * leads.get(s.control, 0.0)
            return 1, gain
        need = enemy + 1 + w.margin
        gain = (worth + g.rules.region_control_vp) * w.attack
        if defender is not None:
            gain += w.hunt * leads.get(defender, 0.0)
        if token is not None and g.role("trogs") == "player" and not is_trog_player(g, f):
            # Revealing a War Party puts the Trog player's Units on the board: worth it
            # only to a leader-hunter when the Trogs lead, and never cheap.
            gain -= w.feed
        return need, gain

    def plan(
        self,
        g: Game,
        f: FactionId,
        points: int,
        stopped: dict[RegionId, int],
        pending: frozenset[RegionId] = frozenset(),
    ) -> Plan:
        """The best Move with ``points`` Movement points (see the module docstring)."""
        out = Plan()
        if points <= 0:
            return out
        regions = g.regions
        avail: dict[RegionId, int] = {}
        for r, s in regions.items():
            if f in s.units:
                n = movable(g, f, r, stopped) - self.garrison(g, f, r)
                if n > 0:
                    avail[r] = n
        if not avail:
            return out
        full = tokens_full(g, pending)

        # Who can reach each Region: (source, None) in one step, (source, via) in two.
        routes: dict[RegionId, list[tuple[RegionId, RegionId | None]]] = {}
        for src in avail:
            for n1 in g.neighbours(src, f):
                if not enterable(g, f, n1, full, pending):
                    continue
                routes.setdefault(n1, []).append((src, None))
                if points >= 2 and not is_stop(g, f, n1):
                    for n2 in g.neighbours(n1, f):
                        if n2 != src and enterable(g, f, n2, full, pending):
                            routes.setdefault(n2, []).append((src, n1))
        leads = leader_weights(g, f)
        ranked: list[tuple[float, RegionId, int, float]] = []
        for r, ways in routes.items():
            t = self.target(g, f, r, leads)
            if t is None:
                continue
            need, gain = t
            more = need - regions[r].units.get(f, 0)
            if more <= 0 or gain <= 0:
                continue
            direct = any(via is None for _, via in ways)
            ranked.append((gain / (more * (1 if direct else 2)), r, more, gain))
        ranked.sort(key=lambda x: (-x[0], x[1]))
        left = points
        for _, r, more, gain in ranked:
            if more > left:
                continue
            ways = sorted(routes[r], key=lambda x: (x[1] is not None, x[0]))
            steps: list[Step] = []
            used: dict[RegionId, int] = {}
            cost = moved = 0
            for src, via in ways:
                step_cost = 1 if via is None else 2
                while moved < more and avail[src] - used.get(src, 0) > 0 and cost + step_cost <= left:
                    used[src] = used.get(src, 0) + 1
                    cost += step_cost
                    moved += 1
                    steps += [(src, r)] if via is None else [(src, via), (via, r)]
                if moved >= more:
                    break
            if moved < more:
                continue
            for src, k in used.items():
                avail[src] -= k
            left -= cost
            out.steps += steps
            out.value += gain
            out.targets.append(r)
            if left <= 0:
                break
        return out
