"""A heuristic bot for every faction: cheap, rule-aware evaluations per decision kind,
weighted by a personality (``bots/data/personalities.toml``).

It judges Regions by Crystals, safety and reach; picks the Action its hand does best,
valuing a Move by the whole Move the planner would make (``bots/planner.py``: enough
Units to win each target, or none); pays for an Action only when it will do something,
with the fewest cards that cover it, keeping Tactics it wants; uses a Skill only when
it has a target and is worth its cost; places Units on Battle Objectives knowing the
defender wins ties; spends Tactics to turn Region Control; enables Scoring when it leads
on the board, on its last Action of the Round unless nothing else pays; builds and
activates Structures; buys Prisoners back early; retreats to its strongest Region.
Deciding for the non-player Trogs, it plays them against the attacker. It reads the
game, never changes it, and draws only on its own RNG stream (for tie-breaks).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from cryhavoc_sim.games.cryhavoc.bots.base import objective_move
from cryhavoc_sim.games.cryhavoc.bots.personalities import Personality
from cryhavoc_sim.games.cryhavoc.bots.planner import Plan, Planner, leader_weights, token_trogs
from cryhavoc_sim.games.cryhavoc.content.schema import (
    Card,
    ContentSet,
    Effect,
    FactionId,
    RegionId,
    Structure,
)
from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, Decision, Game, Subset, effects
from cryhavoc_sim.games.cryhavoc.engine.decisions import KINDS
from cryhavoc_sim.games.cryhavoc.engine.movement import enterable, tokens_full
from cryhavoc_sim.games.cryhavoc.engine.scoring import crystal_vp
from cryhavoc_sim.games.cryhavoc.engine.state import ATT, CP, RC
from cryhavoc_sim.rng import Rng

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


# (bot class, id of the content set) -> (that content set, per Structure (build cost, worth of
# its standing effects), per Structure its activation cost or None)
_STRUCTURE_TABLES: dict[
    tuple[type, int], tuple[ContentSet, dict[str, tuple[int, float]], dict[str, int | None]]
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
        self._action_values: dict[str, float] = {}
        self._icons: dict[str, int] = {}  # icons in hand per Action kind, this turn
        self.planner = Planner(persona)
        self._plans: dict[tuple[FactionId, int], Plan] = {}  # this request's Move plans
        self._moving: list[tuple[RegionId, RegionId]] = []  # the Move under way: steps left
        self._moving_points = -1  # the points the next step of that Move should see
        self._teleport: tuple[RegionId, RegionId, float] | None = None  # planned by skill_value
        self._built: tuple[int, int] = (-1, -1)  # the turn of the last Build step taken
        self._builds: dict[str, tuple[int, float]] = {}
        self._survey: tuple[FactionId, list[RegionId], int] | None = None  # this turn's
        self._activations: dict[str, int | None] = {}
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

    def restrict(self, restriction: str) -> None:
        """Plan within ``restriction`` (bots/restrictions.py); the requests themselves
        come filtered by :class:`RestrictedBot`."""
        self.planner.battles = restriction != "no-battles"

    def forget(self) -> None:
        """Drop what the bot keeps for the request under way (values, plans, the Move
        in progress): for a caller that shows it requests out of their order (search)."""
        self._action_values, self._icons, self._survey = {}, {}, None
        self._plans, self._moving, self._moving_points = {}, [], -1
        self._teleport = None

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
        """What a Scoring now would give ``f`` (scoring.crystal_vp, and 1 VP a Region
        for the enabler)."""
        return crystal_vp(g, f) + (len(g.controlled(f)) if enabler else 0)

    def stops(self, g: Game, f: FactionId) -> dict[RegionId, int]:
        """``f``'s Units stopped this turn (read, never created: the bot changes nothing)."""
        return g.turn_stops.get(f) or {}

    def pending(self, g: Game, f: FactionId) -> frozenset[RegionId]:
        """Regions where the Move under way will start a Battle: ``f``'s Units with an
        opponent's, no Battle token yet."""
        return frozenset(
            r for r, s in g.regions.items() if not s.battle and f in s.units and len(s.units) > 1
        )

    def move_plan(self, g: Game, f: FactionId, points: int) -> Plan:
        """The Move ``points`` would make now (planner.py); one per turn and points."""
        key = (f, points)
        plan = self._plans.get(key)
        if plan is None:
            plan = self._plans[key] = self.planner.plan(g, f, points, self.stops(g, f), self.pending(g, f))
        return plan

    def move_opportunity(self, g: Game, f: FactionId, points: int) -> float:
        """What a Move with ``points`` Movement points is worth now (0: it does nothing)."""
        if points <= 0:
            return 0.0
        return self.move_plan(g, f, points).value

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
        return self._best(self.turn_values(d, g))

    def turn_values(self, d: Choice, g: Game) -> list[float]:
        """What each option of the turn request ``d`` is worth (-1 or less: it would do
        nothing); the bot's memory of the request under way starts afresh."""
        f = d.faction
        # Values for the board as this request sees it (and only this one): a Skill
        # used before the Action changes what the Action and other Skills can do.
        self._action_values, self._icons = {}, {}
        self._survey = None
        self._plans, self._moving, self._moving_points = {}, [], -1
        known = self._action_values
        values: list[float] = []
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
        return values

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
        """What ``action`` is worth now; -1 when it would do nothing (never paid for)."""
        w = self.w
        p = g.players[f]
        if action == "enable_scoring":
            mine = self.score_now(g, f, True)
            best = max((self.score_now(g, o, False) for o in g.player_factions if o != f), default=0)
            if mine - best < w.score_lead or mine <= 0:
                return -1.0
            value = 6.0 + mine - best
            if g.actions_taken.get(f, 0) < g.rules.actions_of(f) - 1:
                # Not the last Action of the Round: Scoring comes at the end of it anyway,
                # so an Action worth ``patience`` is played first and the lead is judged
                # again later (an opponent who enables it meanwhile saves this Action).
                value = min(value, w.patience)
            return value
        if action == "move":
            return self.move_plan(g, f, self.usable_points(g, f, "move")).value or -1.0
        if action == "recruit":
            n = min(self.usable_points(g, f, "recruit"), p.reserve)
            if n <= 0 or p.hq is None:
                return -1.0
            on_board = self.survey(g, f)[1]
            return n * w.recruit * (1.0 if on_board < 8 else 0.4)
        if action == "build":
            points = self.usable_points(g, f, "build")
            options = sorted(self.build_options(g, f, points), key=lambda o: -o[1])
            if not options:
                return -1.0
            cost, value = options[0]  # the best, then the best the points left pay for
            second = next((v for c, v in options[1:] if c <= points - cost), 0.0)
            return w.build * (value + second)
        if action == "draw":
            return w.draw + (0.6 if len(p.hand) <= 2 else 0.0)
        return -1.0

    def skill_value(self, g: Game, f: FactionId, skill_id: str) -> float:
        """What using a Skill now is worth, its cost counted; -1 or less when it would do
        nothing (an idle Skill that paid a Unit or a Crystal is a blunder)."""
        skill = g.content.skills[skill_id]
        total = -0.8 * skill.cost_units - 0.6 * skill.cost_crystals
        for e in skill.effect:
            total += self.effect_value(g, f, e, None)
        return total

    def effect_value(self, g: Game, f: FactionId, e: Effect, region: RegionId | None) -> float:
        """What one effect of a Skill (``region`` None) or of a Structure activated in
        ``region`` is worth now: its primitive's worth where it has a target here, -1 or
        less where it would do nothing. One reading for Skills and Structures alike."""
        p = g.players[f]
        op = e.op
        base = OP_VALUE.get(op, -1.0)
        if op == "draw_cards" and len(p.hand) >= 6:
            base = -0.5
        elif op == "recruit" and p.reserve == 0:
            base = -1.0
        elif op == "extract_crystals":
            extract = self.extract_pick(g, f, e, region)
            base = -1.0 if extract is None else extract[1]
        elif op == "add_crystals":
            places = [region] if region is not None else self.crystal_places(g, f)
            base = max((e.int("amount") * self.crystal_hold(g, f, r) for r in places), default=-1.0)
        elif op == "convert_stock":
            base = 1.0 if p.stock >= 2 or (p.stock and g.round >= 4) else -1.0
        elif op == "teleport":
            pick = self.teleport_pick(g, f, e.int("count")) if e.str("to") != "hq" else None
            base = -1.0 if pick is None else pick[2]
        elif op == "kill":
            base = 1.5 if effects.kill_targets(g, f, e, region) else -5.0
        elif op == "gain_vp_per":
            base = float(len(g.controlled(f)) // max(1, e.int("per")))
        elif op == "move":
            base = self.move_opportunity(g, f, e.int("points")) - 0.5
        elif op == "unit_to_structure":
            crowded = [r for r in g.controlled(f) if g.units(r, f) >= 3 and g.regions[r].hq_of is None]
            base = 0.9 if crowded and any(p.structures_left.values()) else -1.0
        elif op == "place_nest":
            base = 1.2 if g.nest_supply and effects.nest_targets(g, f) else -5.0
        elif op == "trigger_token":
            targets = effects.ambush_targets(g, f)
            base = max((self.ambush_value(g, f, r) for r in targets), default=-5.0)
        elif op == "gain_control":
            base = 1.2 if effects.control_targets(g, f, region) else -5.0
        elif op == "structure_to_units" or op == "move_structure" or op == "move_nest":
            base = -1.0
        return base

    # ------------------------------------------------------------------ Crystals
    def rounds_left(self, g: Game) -> int:
        """Rounds still to come after this one: the Event spots not yet resolved (none
        once the final Event is out)."""
        if g.final_round:
            return 0
        left = 0
        for i, stack in enumerate(g.spots):
            if stack and not g.spot_resolved[i]:
                left += 1
        return left

    def crystal_hold(self, g: Game, f: FactionId, r: RegionId) -> float:
        """What one Crystal in ``r`` is worth to ``f`` while it stays there: 1 VP at each
        Scoring still to come in which ``f`` holds ``r`` (Scoring: 1 VP per Crystal in a
        controlled Region). Most Rounds are Scored and the final one always is; a Region
        with more enemy Units next to it than ``f`` keeps in it is held half as long."""
        s = g.regions[r]
        if s.control != f:
            return 0.0
        scorings = 1.0 + 0.8 * self.rounds_left(g)
        if self.threatened(g, f, r):
            scorings *= 0.5
        return scorings * (0.5 if f == "trogs" else 1.0)  # the Trogs score half

    def crystal_places(self, g: Game, f: FactionId) -> list[RegionId]:
        """``f``'s Regions where Crystals may be added or extracted (no HQ)."""
        return [r for r in g.controlled(f) if g.regions[r].hq_of is None]

    def stock_value(self, g: Game, f: FactionId) -> float:
        """What one stored Crystal is worth to ``f``: 1 VP through a Skill that turns the
        store into VP (Crystal Offering), else what Skills that spend it make of it."""
        skills = g.content.skills
        best = 0.0
        for sid in g.players[f].skills:
            for e in skills[sid].effect:
                if e.op == "convert_stock":
                    best = max(best, 0.9 * e.int("vp_each"))  # one Action turns up to ``most``
            if skills[sid].cost_crystals:
                best = max(best, 0.5)
        return best

    def extract_pick(
        self, g: Game, f: FactionId, e: Effect, region: RegionId | None
    ) -> tuple[RegionId, float] | None:
        """The Region an ``extract_crystals`` effect is best used on and its worth: the
        Crystals taken, each worth its VP now (``vp_each``) or a stored Crystal's worth
        (``to = "stock"``), less the Scorings they would have made where they lay."""
        places = [region] if region is not None else self.crystal_places(g, f)
        gain = self.stock_value(g, f) if e.str("to") == "stock" else float(e.int("vp_each"))
        amount = e.int("amount")
        best: tuple[RegionId, float] | None = None
        for r in places:
            n = min(amount, g.regions[r].crystals)
            if n <= 0:
                continue
            worth = n * (gain - self.crystal_hold(g, f, r))
            if best is None or worth > best[1]:
                best = (r, worth)
        return best

    def ambush_value(self, g: Game, f: FactionId, r: RegionId) -> float:
        """Worth of revealing the token in ``r`` (Ambush): its Trogs and the Region when
        nobody stands there; a Battle as the attacker only when the Trogs it surely holds
        (with ``f``'s Units there) outnumber the opponents."""
        s = g.regions[r]
        token = s.trog_token
        if token is None:
            return -5.0
        enemy = sum(k for o, k in s.units.items() if o != f)
        worth = s.crystals * self.w.crystal + 1.0
        if not enemy:
            return 1.0 + worth
        if not self.planner.battles:
            return -5.0  # restricted play: no Battle it starts
        sure = token_trogs(g, token.kind, 1.0 - self.w.token_risk) + s.units.get(f, 0)
        if sure <= enemy:
            return -5.0
        return (worth + g.rules.region_control_vp) * self.w.attack

    def teleport_pick(self, g: Game, f: FactionId, count: int) -> tuple[RegionId, RegionId, float] | None:
        """The best teleport of up to ``count`` Units: (from, to, worth), planned like a
        Move's target (enough Units to win there), or None. Kept for the target requests."""
        stops = self.stops(g, f)
        best: tuple[RegionId, RegionId, float] | None = None
        sources = [
            (r, min(count, s.units.get(f, 0) - stops.get(r, 0) - self.planner.garrison(g, f, r)))
            for r, s in g.regions.items()
            if s.units.get(f, 0) > stops.get(r, 0) and not s.battle
        ]
        full = tokens_full(g)
        leads = leader_weights(g, f)
        for dst, t in g.regions.items():
            if not enterable(g, f, dst, full, frozenset()):
                continue
            target = self.planner.target(g, f, dst, leads)
            if target is None:
                continue
            need, gain = target
            need -= t.units.get(f, 0)
            for src, n in sources:
                if src != dst and n >= need > 0 and (best is None or gain > best[2]):
                    best = (src, dst, gain)
        self._teleport = best
        return best

    # ------------------------------------------------------------------ paying for Actions
    def card_keep_value(self, c: Card) -> float:
        return 2.0 if c.special == "enable_scoring" else (1.0 if c.tactic else 0.0)

    def _discard(self, d: Subset, g: Game) -> tuple[int, ...]:
        return self.discard_choice(g, d.faction, d.action or "move")

    def payable(self, g: Game, f: FactionId, action: str) -> tuple[list[int], list[int]]:
        """The hand's cards (indices) the bot would pay ``action`` with at most, and every
        card's icons of that kind: those with its icons, keeping the best Tactics cards
        that are weak for it (``keep``) and the Enable Scoring card."""
        cards = [g.content.cards[c] for c in g.players[f].hand]
        icons = [c.icons(action) for c in cards]
        useful = [i for i, c in enumerate(cards) if icons[i] > 0 and c.special != "enable_scoring"]
        ranked = [(icons[i], -len(cards[i].tactic), i) for i in useful if cards[i].tactic]
        ranked.sort()  # as a stable sort on (icons, -tactics) would: ties keep hand order
        keepers = [i for _, _, i in ranked[: self.w.keep]]
        chosen = [i for i in useful if i not in keepers] if keepers else useful
        return chosen or useful[:1], icons  # ascending, as ``useful`` is

    def usable_points(self, g: Game, f: FactionId, action: str) -> int:
        """The points the cards ``payable`` names would give ``action``."""
        chosen, icons = self.payable(g, f, action)
        return sum(icons[i] for i in chosen)

    def discard_choice(self, g: Game, f: FactionId, action: str) -> tuple[int, ...]:
        """The cards (indices) to discard for ``action``: of those ``payable`` names, no
        more than the Action will use (a Move's plan, the Reserve for a Recruit, every
        point for a Build, whose Builds chain), the richest first. Nothing, when the
        Action would do nothing: an Action paid for must do something."""
        chosen, icons = self.payable(g, f, action)
        points = sum(icons[i] for i in chosen)
        if action == "move":
            need = len(self.move_plan(g, f, points).steps)
        elif action == "recruit":
            need = g.players[f].reserve if g.players[f].hq is not None else 0
        else:
            need = points if self.build_options(g, f, points) else 0
        if need <= 0:
            return ()
        trimmed, got = [], 0
        for i in sorted(chosen, key=lambda i: -icons[i]):  # stable: hand order breaks ties
            if got >= need:
                break
            trimmed.append(i)
            got += icons[i]
        return tuple(sorted(trimmed))

    def discard_points(self, g: Game, f: FactionId, action: str) -> int:
        """The points ``discard_choice`` would pay for ``action``."""
        cards = g.content.cards
        hand = g.players[f].hand
        return sum(cards[hand[i]].icons(action) for i in self.discard_choice(g, f, action))

    def _hand_limit(self, d: Subset, g: Game) -> tuple[int, ...]:
        cards = [g.content.cards[c] for c in d.items]
        order = sorted(
            range(len(cards)),
            key=lambda i: (self.card_keep_value(cards[i]), cards[i].move + cards[i].recruit + cards[i].build),
        )
        return tuple(sorted(order[: d.min]))

    # ------------------------------------------------------------------ Move, Recruit, Build, Draw
    def _move_step(self, d: Choice, g: Game) -> int:
        """The next step of the Move planned when it began (planner.py), or stopping when
        the plan is done. A Move that finds the board other than planned (a Trap, a
        revealed token) is planned again from where it stands. The options are
        (from, to) steps and, last, None for stopping (movement.move)."""
        options = d.options
        stop = len(options) - 1
        f = d.faction
        if d.points != self._moving_points or not self._moving or self._moving[0] not in options[:stop]:
            self._plans = {}
            self._moving = list(self.move_plan(g, f, d.points).steps)
        if not self._moving or self._moving[0] not in options[:stop]:
            self._moving, self._moving_points = [], -1
            return stop
        step = self._moving.pop(0)
        self._moving_points = d.points - 1
        return options.index(step)

    def _recruit_count(self, d: Choice, g: Game) -> int:
        return len(d.options) - 1

    def build_options(self, g: Game, f: FactionId, points: int) -> list[tuple[int, float]]:
        """(cost, worth) of every Build and Activation ``points`` could pay for that
        would be worth something (``structure_value``)."""
        if points <= 0:
            return []
        if not self._builds:
            self._structure_tables(g)
        table, activations = self._builds, self._activations
        affordable = [
            sid for sid, left in g.players[f].structures_left.items() if left and table[sid][0] <= points
        ]
        out: list[tuple[int, float]] = []
        regions = g.regions
        later = self.later_uses(g)  # once per request, not once per Region and Structure
        guarded = any(table[sid][1] for sid in affordable)
        for r in g.controlled(f):
            s = regions[r]
            if s.hq_of is not None or s.battle:
                continue
            here = {x for _, x in s.structures}
            threat = guarded and self.threatened(g, f, r)  # once per Region
            for sid in affordable:
                if sid not in here:
                    value = self.build_value(sid, s.crystals, later, threat)
                    if value > 0.0:
                        out.append((table[sid][0], value))
            for owner, sid in s.structures:
                if owner == f:
                    act_cost = activations[sid]
                    if act_cost is not None and act_cost <= points:
                        value = self.structure_value(g, f, sid, r, False)
                        if value > 0.0:
                            out.append((act_cost, value))
        return out

    def _structure_tables(self, g: Game) -> None:
        """Per Structure: (build cost, worth of its standing effects) and its activation
        cost (None when it cannot be activated). Made once per bot class and content set
        (they depend on nothing else), shared."""
        content = g.content
        key = (type(self), id(content))
        tables = _STRUCTURE_TABLES.get(key)
        if tables is None or tables[0] is not content:
            builds: dict[str, tuple[int, float]] = {}
            activations: dict[str, int | None] = {}
            for sid, st in content.structures.items():
                builds[sid] = (st.build_cost, self.structure_guard(st))
                activations[sid] = st.activate_cost if st.activatable else None
            tables = _STRUCTURE_TABLES[key] = (content, builds, activations)
        self._builds, self._activations = tables[1], tables[2]

    def structure_guard(self, st: Structure) -> float:
        """Worth of a Structure's standing effects (passives, Tunnels) where they matter."""
        return 0.8 * len(st.passive) + (0.5 if st.tunnel else 0.0)

    def later_uses(self, g: Game) -> float:
        """How much of a Structure's later use is still to come: whole with two Rounds
        or more after this one, half with one, none in the final Round."""
        return min(1.0, 0.5 * self.rounds_left(g))

    def threatened(self, g: Game, f: FactionId, r: RegionId) -> bool:
        """More enemy Units stand in one Region next to ``r`` than ``f`` keeps in it."""
        mine = g.regions[r].units.get(f, 0)
        return any(self.enemies_in(g, n, f) > mine for n in g.adj[r])

    def structure_value(self, g: Game, f: FactionId, sid: str, r: RegionId, build: bool) -> float:
        """A Build of ``sid`` in ``r``: its standing effects where the Region is
        threatened, its later Activations and the Region's Crystals while Rounds remain
        for them, less its cost. An Activation there: its effects read in that Region
        (``effect_value``), so an Artillery with no enemy next to it is worth nothing."""
        if not self._builds:
            self._structure_tables(g)
        if build:
            threat = bool(self._builds[sid][1]) and self.threatened(g, f, r)
            return self.build_value(sid, g.regions[r].crystals, self.later_uses(g), threat)
        st = g.content.structures[sid]
        use = 0.0
        for e in st.effect:
            use += self.effect_value(g, f, e, r)
        if st.handler:  # the Matrix: a Terrain card stored, while there is room (3 at most)
            use += 0.6 if len(g.players[f].stored) < 3 else -1.0
        return use - 0.2 * st.activate_cost

    def build_value(self, sid: str, crystals: int, later: float, threatened: bool) -> float:
        """A Build of ``sid`` (tables made): its standing effects, at full worth where
        its Region is ``threatened``, plus its later Activations and the Region's
        ``crystals`` for the share of the game ``later`` leaves, less its cost."""
        cost, guard = self._builds[sid]
        if guard and not threatened:
            guard *= 0.3
        return guard + later * (0.5 + 0.2 * crystals) - 0.2 * cost

    def _build_step(self, d: Choice, g: Game) -> int:
        """The best Build or Activation; stopping (None, last) only once one is made: a
        Build Action paid for builds something."""
        key = (g.round, g.actions_taken.get(d.faction, 0))
        values = [
            (0.0 if self._built == key else -100.0)
            if o is None
            else self.structure_value(g, d.faction, o[1], o[2], o[0] == "build")
            for o in d.options
        ]
        pick = self._best(values)
        if d.options[pick] is not None:
            self._built = key
        return pick

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
        if ctx == "teleport_from" or ctx == "teleport":
            pick = self._teleport or self.teleport_pick(g, f, 3)
            want = None if pick is None else pick[0 if ctx == "teleport_from" else 1]
            if want in opts:
                return opts.index(want)
            return self._best([float(g.regions[r].units.get(f, 0)) for r in opts])
        if ctx == "trigger_token":
            return self._best([self.ambush_value(g, f, r) for r in opts])
        if ctx == "pay_units":
            return self._best(
                [
                    float(g.regions[r].units.get(f, 0)) + (2.0 if g.regions[r].hq_of == f else 0.0)
                    for r in opts
                ]
            )
        if ctx == "place_nest":
            return self._best([float(sum(self.enemies_in(g, a, f) for a in g.adj[r])) for r in opts])
        if ctx == "move_nest":  # (from, to): a face-down token moved where invaders would come
            return self._best(
                [
                    g.regions[dst].crystals + 0.5 * float(sum(self.enemies_in(g, a, f) for a in g.adj[dst]))
                    for _, dst in opts
                ]
            )
        if ctx == "extract_crystals":
            gain = self.stock_value(g, f)
            return self._best(
                [min(3, g.regions[r].crystals) * (gain - self.crystal_hold(g, f, r)) for r in opts]
            )
        if ctx == "add_crystals":
            return self._best([self.crystal_hold(g, f, r) for r in opts])
        # Crystals decide elsewhere: control, recruit.
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
                [g.units(o[0], f) + self.structure_value(g, f, o[1], o[0], True) for o in d.options]
            )
        return self._best([float(g.regions[o[0]].crystals) for o in d.options])
