"""The solo variant's Trog automaton: its choices by the variant's written rules
(shared/rules/002_*), answering the decision requests the engine makes to ``"trogs"``.

Movement, Build sites: the five priority rules, evaluated in order until one decides:
1. a defenseless Region (moving in, the Trogs would hold the majority of Units);
2. the most Crystals; 3. nearest the Trog HQ; 4. nearest enemy Units, or enemy Control
where no Units are; (5. War Party tokens, resolved by the engine).
Battles: Units on the first Objective they can win (a tie is enough as defender, and
only for Territory Control), then the next; Tactics by the engine's draws; Prisoners from
the Objective not yet resolved.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from cryhavoc_sim.games.cryhavoc.bots.base import objective_move
from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, Decision, Game, Subset
from cryhavoc_sim.games.cryhavoc.engine.state import CP, RC

TROGS = "trogs"
FAR = 99


class AutomatonBot:
    name = "automaton"

    def decide(self, d: Decision, g: Game) -> Any:
        method = getattr(self, f"_{d.kind}", None)
        if method is not None:
            return method(d, g)
        if isinstance(d, Choice):
            return 0
        if isinstance(d, Subset):
            return tuple(range(d.min))
        assert isinstance(d, Allocate)
        return (d.total, 0, 0)

    # ------------------------------------------------------------------ distances
    def distances(self, g: Game, sources: list[str]) -> dict[str, int]:
        dist = dict.fromkeys(sources, 0)
        queue = deque(sources)
        while queue:
            r = queue.popleft()
            for n in g.neighbours(r, TROGS):
                if n not in dist:
                    dist[n] = dist[r] + 1
                    queue.append(n)
        return dist

    def priority(self, g: Game, region: str, reach: int) -> tuple[int, int, int, int]:
        """Sort key (higher first) of a Region by rules 1-4; ``reach`` Trogs could join."""
        s = g.regions[region]
        enemy = sum(n for f, n in s.units.items() if f != TROGS)
        mine = s.units.get(TROGS, 0)
        defenseless = 1 if mine + reach > enemy else 0
        hq = g.players[TROGS].hq
        home = self.distances(g, [hq]) if hq else {}
        targets = [r for r, t in g.regions.items() if any(f != TROGS for f in t.units)]
        targets = targets or [r for r, t in g.regions.items() if t.control not in (None, TROGS)]
        near = self.distances(g, targets) if targets else {}
        return (defenseless, s.crystals, -home.get(region, FAR), -near.get(region, FAR))

    # ------------------------------------------------------------------ Movement
    def _move_step(self, d: Choice, g: Game) -> int:
        points = int(d.context or "1")
        moves = [o for o in d.options if o is not None]
        stop = len(d.options) - 1
        useful = []
        for src, dst in moves:
            s = g.regions[dst]
            enemy = sum(n for f, n in s.units.items() if f != TROGS)
            held = s.control == TROGS and s.units.get(TROGS, 0) > enemy
            if dst == g.players[TROGS].hq or (held and not enemy):
                continue  # nothing to gain there
            reach = min(points, sum(g.units(r, TROGS) for r in g.neighbours(dst, TROGS)))
            useful.append((self.priority(g, dst, reach), g.units(src, TROGS), src, dst))
        if not useful:
            return stop
        # every point is spent (How to Play: "Trogs execute everything on every card"; the
        # rules are taken in order "until a rule is satisfied", rules 3-4 when 1-2 are not)
        best = max(useful)
        return d.options.index((best[2], best[3]))

    # ------------------------------------------------------------------ Battles
    def _place_units(self, d: Allocate, g: Game) -> tuple[int, ...]:
        b = g.battle
        assert b is not None
        enemy = b.enemy(TROGS)
        left = d.total
        split = [0, 0, 0]
        for i in range(3):
            need = b.on[enemy][i] + (0 if i == RC and b.defender == TROGS else 1)
            if left >= need:
                split[i] = need
                left -= need
        split[2] += left
        return tuple(split)

    def _objective_target(self, d: Choice, g: Game) -> int:
        opts = list(d.options)
        b = g.battle
        if d.context == "take_unit" and b is not None:
            # Prisoners come from the Objective not yet resolved: Territory Control if
            # Shifted Priorities put Prisoners first, otherwise Attrition.
            want = "region_control" if b.order.index(CP) < b.order.index(RC) else "attrition"
            return opts.index(want) if want in opts else 0
        return opts.index("region_control") if "region_control" in opts else 0

    def _objective_move(self, d: Choice, g: Game) -> int:
        return objective_move(d, end=1)

    def _objective_move_enemy(self, d: Choice, g: Game) -> int:
        return objective_move(d, end=0)

    # ------------------------------------------------------------------ the rest
    def _target_region(self, d: Choice, g: Game) -> int:
        if d.context == "kill":
            return 0
        keys = [self.priority(g, r, 0) for r in d.options]
        return keys.index(max(keys))

    def _initiative_position(self, d: Choice, g: Game) -> int:
        return 0  # the Trogs always choose to go first

    def _buy_back(self, d: Choice, g: Game) -> int:
        return len(d.options) - 1

    def _count(self, d: Choice, g: Game) -> int:
        return len(d.options) - 1
