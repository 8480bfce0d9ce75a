"""A heuristic bot for every faction: cheap, rule-aware evaluations per decision kind,
weighted by a personality (``bots/data/personalities.toml``).

It judges Regions by Crystals, safety and reach; picks the Action its hand does best;
discards the cards with the icons it needs and keeps Tactics it wants; attacks where it
can outnumber; places Units on Battle Objectives knowing the defender wins ties; spends
Tactics to turn Region Control; enables Scoring when it leads on the board; uses Skills
and Structures; buys Prisoners back early; retreats to its strongest Region. Deciding
for the non-player Trogs, it plays them against the attacker. It reads the game, never
changes it, and draws only on its own RNG stream (for tie-breaks).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, cast

from cryhavoc_sim.games.cryhavoc.bots.base import objective_move
from cryhavoc_sim.games.cryhavoc.bots.personalities import Personality
from cryhavoc_sim.games.cryhavoc.content.schema import Card, ContentSet, FactionId, RegionId, Structure
from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, Decision, Game, Subset
from cryhavoc_sim.games.cryhavoc.engine.decisions import KINDS
from cryhavoc_sim.games.cryhavoc.engine.movement import is_trog_player
from cryhavoc_sim.games.cryhavoc.engine.state import ATT, CP, RC
from cryhavoc_sim.rng import Rng

TOKEN_TROGS = 2.2  # expected Trogs behind a face-down token (shipped War Party mix)
OP_VALUE = {  # worth of one use of a primitive, before context
    "gain_vp": 1.0,
    "draw_cards": 0.6,
    "recruit": 0.8,
    "gain_control": 1.2,
    "kill": 1.5,
    "add_crystals": 1.0,
    "extract_crystals": 1.4,
    "convert_stock": 1.0,
    "gain_vp_per": 1.0,
    "move": 0.6,
    "teleport": 0.4,
    "place_nest": 0.4,
    "trigger_token": 0.8,
    "unit_to_structure": 0.9,
}


# (bot class, id of the content set) -> (that content set, build table, activation table)
_STRUCTURE_TABLES: dict[
    tuple[type, int], tuple[ContentSet, dict[str, tuple[int, float]], dict[str, tuple[int | None, float]]]
] = {}

# Each bot class's method per decision kind (unbound: a copied bot stays itself), looked
# up once per class rather than once per bot (four bots a game).
_METHOD_TABLES: dict[type, dict[str, Callable[[Any, Any, Game], Any]]] = {}


class HeuristicBot:
    def __init__(self, faction: FactionId, persona: Personality, rng: Rng | Callable[[], Rng]) -> None:
        """``rng`` is the bot's own stream, or a function making it: the bot draws only
        to break ties, and seeding a generator costs more than most games' tie-breaks."""
        self.faction = faction
        self.w = persona
        self._rng: Rng | None = rng if isinstance(rng, Rng) else None
        self._make_rng = rng
        self.name = f"heuristic:{persona.name}"
        self._turn_key: tuple[int, int] = (-1, -1)
        self._action_values: dict[str, float] = {}
        self._icons: dict[str, int] = {}  # icons in hand per Action kind, this turn
        self._token_need = math.ceil(TOKEN_TROGS + 0.5)
        self._builds: dict[str, tuple[int, float]] = {}
        self._survey: tuple[FactionId, list[RegionId], int] | None = None  # this turn's
        self._activations: dict[str, tuple[int | None, float]] = {}
        cls = type(self)
        methods = _METHOD_TABLES.get(cls)
        if methods is None:
            methods = _METHOD_TABLES[cls] = {
                kind: getattr(cls, f"_{kind}") for kind in KINDS if hasattr(cls, f"_{kind}")
            }
        self._methods = methods

    @property
    def rng(self) -> Rng:
        """The bot's own random stream, made on first use."""
        if self._rng is None:
            make = self._make_rng
            assert not isinstance(make, Rng)
            self._rng = make()
        return self._rng

    # ------------------------------------------------------------------ dispatch
    def decide(self, d: Decision, g: Game) -> Any:
        method = self._methods.get(d.kind)
        if method is not None:
            return method(self, d, g)
        return self._fallback(d)

    def _fallback(self, d: Decision) -> Any:
        if isinstance(d, Choice):
            return 0
        if isinstance(d, Subset):
            return tuple(range(d.min))
        assert isinstance(d, Allocate)
        return (d.total, *([0] * (len(d.slots) - 1)))

    def _best(self, values: list[float]) -> int:
        """The index of the best value; ties (within 1e-9) broken on the bot's own RNG
        (as ``Rng.choice`` draws: one ``random()``)."""
        if len(values) == 1:
            return 0
        top = values[0]
        for v in values:  # explicit loops: mypyc compiles them to C, builtins it calls
            if v > top:
                top = v
        low = top - 1e-9
        ties = [i for i, v in enumerate(values) if v >= low]
        if len(ties) == 1:
            return ties[0]
        return ties[int(self.rng.random() * len(ties))]

    # ------------------------------------------------------------------ board reading
    def enemies_in(self, g: Game, r: RegionId, me: FactionId) -> int:
        units = g.regions[r].units
        total = 0
        for n in units.values():
            total += n
        return total - units.get(me, 0)

    def score_now(self, g: Game, f: FactionId, enabler: bool) -> int:
        regions = g.controlled(f)
        crystals = sum(g.regions[r].crystals for r in regions)
        if f == "trogs":
            crystals = (crystals + 1) // 2
        return crystals + (len(regions) if enabler else 0)

    def step_value(self, g: Game, f: FactionId, dst: RegionId, points_left: int, depth: int = 1) -> float:
        """Worth of moving one more Unit of ``f`` into ``dst`` now; with ``depth`` 1, an
        empty Region worth nothing at once is judged by the best step beyond it."""
        v = self.immediate_value(g, f, dst, points_left)
        if v is not None:
            return v
        return self.lookahead_value(g, f, dst, points_left) if depth else -0.2

    def lookahead_value(self, g: Game, f: FactionId, dst: RegionId, points_left: int) -> float:
        """A Region with nothing to gain at once: 0.3 of the best step from it, if the
        points allow one and none of ``f``'s Units is there yet."""
        if points_left > 1 and g.regions[dst].units.get(f, 0) == 0:
            # step_value without lookahead, for every neighbour in one call
            ahead = self.immediate_values(g, f, g.neighbours(dst, f), points_left - 1, blocked=None)
            return 0.3 * max([0.0, *[-0.2 if v is None else v for v in ahead.values()]])
        return -0.2

    def immediate_value(self, g: Game, f: FactionId, dst: RegionId, points_left: int) -> float | None:
        """What one more Unit in ``dst`` gains at once; None when nothing (own ground)."""
        return self.immediate_values(g, f, (dst,), points_left, blocked=None)[dst]

    def immediate_values(
        self,
        g: Game,
        f: FactionId,
        dsts: Iterable[RegionId],
        points_left: int,
        blocked: float | None = 0.0,
    ) -> dict[RegionId, float | None]:
        """``immediate_value`` of each of ``dsts`` in one call (the bot's hot path: the
        per-call set-up is paid once). A Region no Unit may enter (a Battle, an enemy HQ)
        is worth ``blocked``, unless ``blocked`` is None.

        Units one can see count against the personality's safety margin; a face-down
        Trog token (unless ``f`` is the Trog player, who reveals it) counts as
        ``TOKEN_TROGS`` unseen Trogs. Needs are whole numbers: ceil(enemy + 0.5) is
        enemy + 1 for whole enemy counts, and the token adds ceil(TOKEN_TROGS + 0.5) - 1."""
        w = self.w
        crystal, attack, margin = w.crystal, w.attack, w.margin
        build_up = 0.4 * attack
        trog_player = is_trog_player(g, f)
        token_need = self._token_need
        regions = g.regions
        out: dict[RegionId, float | None] = {}
        for dst in dsts:
            s = regions[dst]
            if blocked is not None:
                hq = s.hq_of
                if s.battle or (hq is not None and hq != f):
                    out[dst] = blocked
                    continue
            units = s.units
            if units:
                mine = units.get(f, 0)
                enemy = -mine
                for n in units.values():
                    enemy += n
            else:
                mine = enemy = 0
            if s.trog_token is not None:
                if trog_player:
                    if not enemy:
                        out[dst] = 1.5 + (s.crystals * crystal + 1.0)
                        continue
                    need = enemy + 1 + margin
                else:
                    need = enemy + token_need + (margin if enemy else 0)
            elif enemy:
                need = enemy + 1 + margin
            else:
                if s.control != f and mine == 0:
                    out[dst] = ((s.crystals * crystal + 1.0) * w.expand) + (
                        0.8 if s.exploration is not None else 0.0
                    )
                else:
                    out[dst] = None
                continue
            if mine >= need:
                out[dst] = -0.5
            elif mine + 1 >= need:
                out[dst] = (s.crystals * crystal + 1.0 + 2.0) * attack
            else:
                out[dst] = build_up if points_left - 1 >= need - mine - 1 else -2.0
        return out

    def move_opportunity(self, g: Game, f: FactionId, points: int) -> float:
        """What ``points`` Movement points could gain now: the best single steps (one per
        own Region and neighbour), each destination judged once, without lookahead."""
        if points <= 0:
            return 0.0
        reach = self.survey(g, f)[0]
        values = self.immediate_values(g, f, set(reach), points)
        gains = [v for n in reach if (v := values[n]) is not None and v > 0]
        if not gains:
            return 0.0
        gains.sort()  # ascending, then reversed: the same order for these positive floats
        gains.reverse()
        total = 0.0
        for v in gains[:points]:
            total += v
        return total

    def survey(self, g: Game, f: FactionId) -> tuple[list[RegionId], int]:
        """One pass over the board for a turn's Action values: the neighbours of ``f``'s
        Regions outside Battles (with repeats: one per Region and neighbour) and the
        number of ``f``'s Units on the board. Kept for one turn request (``_turn``)."""
        if self._survey is not None and self._survey[0] == f:
            return self._survey[1], self._survey[2]
        reach: list[RegionId] = []
        on_board = 0
        trogs = f == "trogs"  # Tunnels may add neighbours
        adj = g.adj
        for r, s in g.regions.items():
            n = s.units.get(f)
            if n:
                on_board += n
                if not s.battle:
                    reach += g.neighbours(r, f) if trogs else adj[r]
        self._survey = (f, reach, on_board)
        return reach, on_board

    def hand_icons(self, g: Game, f: FactionId, action: str) -> int:
        """Icons of ``action``'s kind in the hand (the Enable Scoring card gives none),
        counted for all three kinds in one pass, once per turn."""
        if not self._icons:
            move = recruit = build = 0
            cards = g.content.cards
            for c in g.players[f].hand:
                card = cards[c]
                if card.special != "enable_scoring":
                    move += card.move
                    recruit += card.recruit
                    build += card.build
            self._icons = {"move": move, "recruit": recruit, "build": build}
        return self._icons[action]

    # ------------------------------------------------------------------ the turn
    def _turn(self, d: Choice, g: Game) -> int:
        f = d.faction
        key = (g.round, g.actions_taken.get(f, 0))
        if key != self._turn_key:  # Action values once per turn: Skills change little
            self._turn_key, self._action_values, self._icons = key, {}, {}
        self._survey = None  # the board as this request sees it (and only this one)
        known = self._action_values
        values = []
        for option in d.options:
            kind, what = cast(tuple[str, str], option)  # typed: mypyc compares str in C
            if kind == "action":  # the common case, without a call
                v = known.get(what)
                if v is None:
                    v = known[what] = self.action_value(g, f, what)
                values.append(v)
            elif kind == "end":
                values.append(0.0)
            else:
                values.append(self.turn_value(g, f, kind, what))
        self._survey = None
        pick = self._best(values)
        return pick

    def turn_value(self, g: Game, f: FactionId, kind: str, what: str) -> float:
        if kind == "end":
            return 0.0
        if kind == "skill":
            key = f"skill:{what}"
            if key not in self._action_values:
                self._action_values[key] = self.skill_value(g, f, what)
            return self._action_values[key]
        if kind == "initiative":
            last = g.upcoming[-1] == f
            return 0.5 if g.round >= 3 and not last else -1.0
        if what not in self._action_values:
            self._action_values[what] = self.action_value(g, f, what)
        return self._action_values[what]

    def action_value(self, g: Game, f: FactionId, action: str) -> float:
        w = self.w
        p = g.players[f]
        if action == "enable_scoring":
            mine = self.score_now(g, f, True)
            best = max((self.score_now(g, o, False) for o in g.player_factions if o != f), default=0)
            return 6.0 + mine - best if mine - best >= w.score_lead and mine > 0 else -1.0
        if action == "move":
            return self.move_opportunity(g, f, self.hand_icons(g, f, "move"))
        if action == "recruit":
            n = min(self.hand_icons(g, f, "recruit"), p.reserve)
            if n <= 0:
                return 0.0
            on_board = self.survey(g, f)[1]
            return n * w.recruit * (1.0 if on_board < 8 else 0.4)
        if action == "build":
            pts = self.hand_icons(g, f, "build")
            options = self.build_values(g, f, pts)
            if not options:
                return -1.0
            options.sort()
            options.reverse()
            return w.build * (options[0] + options[1] if len(options) > 1 else options[0])
        if action == "draw":
            return w.draw + (0.6 if len(p.hand) <= 2 else 0.0)
        return -1.0

    def skill_value(self, g: Game, f: FactionId, skill: str) -> float:
        p = g.players[f]
        total = 0.0
        for e in g.content.skills[skill].effect:
            op = e.op
            base = OP_VALUE.get(op, -1.0)
            if op == "draw_cards" and len(p.hand) >= 6:
                base = -0.5
            elif op == "recruit" and p.reserve == 0:
                base = -1.0
            elif op in ("extract_crystals", "add_crystals"):
                mine = [r for r in g.controlled(f) if g.regions[r].hq_of is None]
                if not mine or (op == "extract_crystals" and not any(g.regions[r].crystals for r in mine)):
                    base = -1.0
            elif op == "convert_stock":
                base = 1.0 if p.stock >= 2 or (p.stock and g.round >= 4) else -1.0
            elif op == "teleport":
                base = -1.0 if e.str("to") == "hq" or g.round < 2 else 0.4
            elif op == "kill":
                base = 1.5 if any(self.enemies_in(g, r, f) for r in g.regions) else -1.0
            elif op == "gain_vp_per":
                base = float(len(g.controlled(f)) // max(1, e.int("per")))
            elif op == "move":
                base = self.move_opportunity(g, f, e.int("points")) - 0.5
            elif op == "unit_to_structure":
                crowded = [r for r in g.controlled(f) if g.units(r, f) >= 3 and g.regions[r].hq_of is None]
                base = 0.9 if crowded and any(p.structures_left.values()) else -1.0
            elif op == "structure_to_units" or op == "move_structure" or op == "move_nest":
                base = -1.0
            total += base
        return total

    # ------------------------------------------------------------------ paying for Actions
    def card_keep_value(self, c: Card) -> float:
        return 2.0 if c.special == "enable_scoring" else (1.0 if c.tactic else 0.0)

    def _discard(self, d: Subset, g: Game) -> tuple[int, ...]:
        action = d.action or "move"  # the request says which Action the cards pay for
        cards = [g.content.cards[c] for c in d.items]
        icons = [c.icons(action) for c in cards]
        useful = [i for i, c in enumerate(cards) if icons[i] > 0 and c.special != "enable_scoring"]
        # Keep the best Tactics cards that are weak for this Action.
        ranked = [(icons[i], -len(cards[i].tactic), i) for i in useful if cards[i].tactic]
        ranked.sort()  # as a stable sort on (icons, -tactics) would: ties keep hand order
        keepers = [i for _, _, i in ranked[: self.w.keep]]
        chosen = [i for i in useful if i not in keepers] if keepers else useful
        chosen = chosen or useful[:1]  # ascending, as ``useful`` is
        if action == "recruit":
            need, got, trimmed = g.players[d.faction].reserve, 0, []
            for i in sorted(chosen, key=lambda i: -icons[i]):
                if got >= need:
                    break
                trimmed.append(i)
                got += icons[i]
            return tuple(sorted(trimmed))
        return tuple(chosen)

    def _hand_limit(self, d: Subset, g: Game) -> tuple[int, ...]:
        cards = [g.content.cards[c] for c in d.items]
        order = sorted(
            range(len(cards)),
            key=lambda i: (self.card_keep_value(cards[i]), cards[i].move + cards[i].recruit + cards[i].build),
        )
        return tuple(sorted(order[: d.min]))

    # ------------------------------------------------------------------ Move, Recruit, Build, Draw
    def _move_step(self, d: Choice, g: Game) -> int:
        """The best single step; a one-step lookahead only when no step pays at once.
        The options are (from, to) steps and, last, None for stopping (movement.move)."""
        options = d.options
        stop = len(options) - 1
        # typed: mypyc reads the tuples in C
        dsts = [cast(tuple[str, str], options[i])[1] for i in range(stop)]
        f = d.faction
        points = d.points  # the request says how many Movement points are left
        # What each destination gains at once (None: nothing), judged once per request.
        now = self.immediate_values(g, f, set(dsts), points, blocked=None)
        values: list[float] = []
        for dst in dsts:
            v = now[dst]
            values.append(-0.2 if v is None else v)
        values.append(-0.0001)
        pick = self._best(values)
        if values[pick] <= 0:  # nothing pays at once: look one step ahead
            flat: dict[RegionId, float] = {}
            for r, v in now.items():
                flat[r] = self.lookahead_value(g, f, r, points) if v is None else v
            values = [flat[dst] for dst in dsts]
            values.append(-0.0001)
            pick = self._best(values)
        if values[pick] > 0:
            return pick
        return stop

    def _recruit_count(self, d: Choice, g: Game) -> int:
        return len(d.options) - 1

    def build_values(self, g: Game, f: FactionId, points: int) -> list[float]:
        """Worth of every Build and Activation ``points`` could pay for."""
        if points <= 0:
            return []
        if not self._builds:
            self._structure_tables(g)
        table, activations = self._builds, self._activations
        builds: dict[str, float] = {}
        for sid, left in g.players[f].structures_left.items():
            if left:
                cost, value = table[sid]
                if cost <= points:
                    builds[sid] = value
        out: list[float] = []
        regions = g.regions
        for r in g.controlled(f):
            s = regions[r]
            if s.hq_of is not None or s.battle:
                continue
            bonus = 0.3 * s.crystals
            if not s.structures:
                out += [v + bonus for v in builds.values()]
                continue
            here = {x for _, x in s.structures}
            out += [v + bonus for sid, v in builds.items() if sid not in here]
            for owner, sid in s.structures:
                if owner == f:
                    act_cost, act_value = activations[sid]
                    if act_cost is not None and act_cost <= points:
                        out.append(act_value)
        return out

    def _structure_tables(self, g: Game) -> None:
        """Per Structure: (build cost, worth of a build) and (activation cost or None when
        it cannot be activated, worth of an activation), before the Region counts. Made
        once per bot class and content set (they depend on nothing else), shared."""
        content = g.content
        key = (type(self), id(content))
        tables = _STRUCTURE_TABLES.get(key)
        if tables is None or tables[0] is not content:
            builds: dict[str, tuple[int, float]] = {}
            activations: dict[str, tuple[int | None, float]] = {}
            for sid, st in content.structures.items():
                builds[sid] = (st.build_cost, self.structure_base(st, build=True))
                act_cost = st.activate_cost if st.activatable else None
                activations[sid] = (act_cost, self.structure_base(st, build=False))
            tables = _STRUCTURE_TABLES[key] = (content, builds, activations)
        self._builds, self._activations = tables[1], tables[2]

    def structure_base(self, st: Structure, build: bool) -> float:
        """A Structure's worth before its Region counts (kept in ``_structure_tables``)."""
        if build:
            guard = 0.8 * len(st.passive) + (0.5 if st.tunnel else 0.0)
            return 0.6 + guard - 0.2 * st.build_cost
        use = sum(OP_VALUE.get(e.op, 0.5) for e in st.effect) + (0.6 if st.handler else 0.0)
        return use - 0.2 * st.activate_cost

    def structure_value(self, g: Game, sid: str, r: RegionId, build: bool) -> float:
        if not self._builds:
            self._structure_tables(g)
        if build:
            return self._builds[sid][1] + 0.3 * g.regions[r].crystals
        return self._activations[sid][1]

    def _build_step(self, d: Choice, g: Game) -> int:
        values = [
            0.0 if o is None else self.structure_value(g, o[1], o[2], o[0] == "build") for o in d.options
        ]
        return self._best(values)

    def _draw_source(self, d: Choice, g: Game) -> int:
        if "own" in d.options:
            return d.options.index("own")
        terrains = [g.regions[r].terrain for r in g.controlled(d.faction)]
        return self._best([float(terrains.count(t)) for t in d.options])

    def _keep_one(self, d: Choice, g: Game) -> int:
        cards = [g.content.cards[c] for c in d.options]
        return self._best([c.move + c.recruit + c.build + self.card_keep_value(c) for c in cards])

    # ------------------------------------------------------------------ Battles
    def _place_units(self, d: Allocate, g: Game) -> tuple[int, ...]:
        b = g.battle
        side = d.actor or d.faction
        n = d.total
        if b is None or n == 0:
            return (n, 0, 0)
        enemy = b.enemy(side)
        if side == b.attacker:
            theirs = g.regions[b.region].units.get(enemy, 0)
            if n > theirs:
                rc = theirs + 1
                rest = n - rc
                cp = 1 if rest >= 2 else 0
                return (rc, cp, rest - cp)
            return (0, 0, n)
        a_rc, a_cp, _ = b.on[enemy]
        rc = a_rc if n >= a_rc else 0
        rest = n - rc
        cp = a_cp + 1 if rest >= a_cp + 1 and rest - (a_cp + 1) >= 0 else 0
        return (rc, cp, rest - cp)

    def rc_margin(self, g: Game, side: FactionId) -> int:
        """> 0: ``side`` wins Region Control as things stand."""
        b = g.battle
        assert b is not None
        mine, theirs = b.on[side][RC], b.on[b.enemy(side)][RC]
        return mine - theirs + (1 if side == b.defender else 0)

    def play_gain(self, g: Game, side: FactionId, play: str) -> float:
        b = g.battle
        assert b is not None
        if play.startswith("skill:"):
            effects = g.content.skills[play[6:]].effect
        else:
            effects = g.content.cards[play].tactic
        enemy = b.enemy(side)
        gain = 0.0
        for e in effects:
            c = e.int("count", 1)
            if e.op == "battle_reinforce":
                gain += min(c, g.players[side].reserve)
            elif e.op == "battle_move_own":
                gain += min(c, b.on[side][CP] + b.on[side][ATT])
            elif e.op in ("battle_move_enemy", "battle_kill"):
                gain += min(c, b.on[enemy][RC])
            elif e.op == "gain_vp":
                gain += 0.1
        return gain

    def _tactic(self, d: Choice, g: Game) -> int:
        side = d.actor or d.faction
        passing = len(d.options) - 1
        margin = self.rc_margin(g, side)
        if margin > 0 and not self.w.fight:
            return passing
        gains = [-1.0 if o is None else self.play_gain(g, side, o) for o in d.options]
        pick = self._best(gains)
        if gains[pick] <= 0 or (margin > 0 and gains[pick] < 1):
            return passing
        return pick

    def _objective_move(self, d: Choice, g: Game) -> int:
        winning = self.rc_margin(g, d.actor or d.faction) > 0
        return len(d.options) - 1 if winning else objective_move(d, end=1)

    def _objective_move_enemy(self, d: Choice, g: Game) -> int:
        winning = self.rc_margin(g, d.actor or d.faction) > 0
        return len(d.options) - 1 if winning else objective_move(d, end=0)

    def _objective_target(self, d: Choice, g: Game) -> int:
        side = d.actor or d.faction
        opts = list(d.options)
        if d.context == "battle_reinforce":
            want = "region_control" if self.rc_margin(g, side) <= 0 else "attrition"
            return opts.index(want)
        if d.context == "take_unit":  # Region Control is settled by now: thin their Attrition
            return opts.index("attrition") if "attrition" in opts else 0
        losing = self.rc_margin(g, side) <= 0
        if losing and "region_control" in opts:
            return opts.index("region_control")
        return opts.index("attrition") if "attrition" in opts else 0

    def _battle_order(self, d: Choice, g: Game) -> int:
        return 0

    def _retreat(self, d: Choice, g: Game) -> int:
        f = d.faction
        return self._best([g.regions[r].units.get(f, 0) + g.regions[r].crystals * 0.5 for r in d.options])

    def _nest_region(self, d: Choice, g: Game) -> int:
        return self._best([float(sum(g.regions[r].units.values())) for r in d.options])

    # ------------------------------------------------------------------ Prisoners, effects
    def _buy_back(self, d: Choice, g: Game) -> int:
        if g.round <= self.w.buy_back and not g.final_round:
            return 0
        return len(d.options) - 1

    def _initiative_position(self, d: Choice, g: Game) -> int:
        return len(d.options) - 1 if g.round >= 3 else 0

    def _count(self, d: Choice, g: Game) -> int:
        return len(d.options) - 1

    def _matrix_discard(self, d: Choice, g: Game) -> int:
        return 0

    def _target_region(self, d: Choice, g: Game) -> int:
        f = d.actor or d.faction
        ctx = d.context
        opts = d.options
        if ctx == "kill":
            return self._best([self.kill_value(g, f, r, victim) for r, victim in opts])
        if ctx == "pay_units" or ctx == "teleport_from":
            return self._best(
                [
                    float(g.regions[r].units.get(f, 0)) + (2.0 if g.regions[r].hq_of == f else 0.0)
                    for r in opts
                ]
            )
        if ctx == "teleport":
            return self._best([self.step_value(g, f, r, 4) for r in opts])
        if ctx == "place_nest":
            return self._best([float(sum(self.enemies_in(g, a, f) for a in g.adj[r])) for r in opts])
        # Crystals decide elsewhere: control, add, extract, recruit.
        return self._best([g.regions[r].crystals + (0.5 if g.regions[r].control != f else 0.0) for r in opts])

    def kill_value(self, g: Game, f: FactionId, r: RegionId, victim: FactionId) -> float:
        s = g.regions[r]
        lone = 1.0 if s.units.get(victim, 0) == 1 else 0.0
        leader = (
            0.5
            if not g.is_npc(victim) and g.players[victim].vp >= max(p.vp for p in g.players.values())
            else 0.0
        )
        return 1.0 + lone + leader + (1.0 if s.battle else 0.0) + 0.2 * s.crystals

    def _structure_target(self, d: Choice, g: Game) -> int:
        f = d.faction
        if d.context == "unit_to_structure":
            return self._best(
                [g.units(o[0], f) + self.structure_value(g, o[1], o[0], True) for o in d.options]
            )
        return self._best([float(g.regions[o[0]].crystals) for o in d.options])
