"""Draw Cards and Actions phases: the turn, and the Recruit, Build/Activate,
Draw-two-keep-one and Enable Scoring Actions (rulebook: 2. Draw Cards, 3. Actions).
The Move Action lives in :mod:`cryhavoc_sim.games.cryhavoc.engine.movement`.

Each multi-step rule is a :class:`~cryhavoc_sim.games.cryhavoc.engine.flow.Step` (its progress is
data), handed each answer it asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import TERRAINS, CardId, FactionId, RegionId, StructureId
from cryhavoc_sim.games.cryhavoc.engine import effects, movement, structures
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice, Subset
from cryhavoc_sim.games.cryhavoc.engine.flow import Step
from cryhavoc_sim.games.cryhavoc.engine.handlers import HANDLERS

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game

ACTIONS = ("move", "recruit", "build", "draw", "enable_scoring")


@dataclass(eq=False)
class DrawPhase(Step):
    """Everyone draws four, then discards down to seven (Draw Cards)."""

    i: int = 0  # the seat discarding next
    pc: int = 0

    def __init__(self, i: int = 0, pc: int = 0) -> None:
        self.i = i
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        order = g.initiative
        if self.pc == 0:
            for f in order:
                if not g.hooks(f).draws_in_draw_phase():
                    continue
                n = g.draw(f, g.rules.draws(f))
                g.log("draw", f, amount=n, detail="draw_phase")
            self.pc = 1
        elif self.pc == 2:  # the answer to the hand-limit request of seat i
            f = order[self.i]
            p = g.players[f]
            picked = answer
            cards = [p.hand[i] for i in picked]
            for card in cards:
                g.discard_card(f, card)
            g.log("discard", f, amount=len(cards), detail="hand_limit", cards=",".join(sorted(cards)))
            self.i += 1
            self.pc = 1
        while self.i < len(order):
            f = order[self.i]
            p = g.players[f]
            excess = len(p.hand) - g.rules.hand_limit_of(f)
            if excess > 0:
                self.pc = 2
                g.ask(Subset("hand_limit", f, tuple(p.hand), excess, excess), always=True)
                return
            self.i += 1
        g.hands_after_draw[g.round] = {f: len(g.players[f].hand) for f in order}
        g.finish()


@dataclass(eq=False)
class ActionsPhase(Step):
    """Rounds of one Action each, in Initiative order (Actions): three, or each faction's
    ``actions_of`` where a scenario gives the knob per faction (the longest sets the rounds)."""

    number: int = 1  # the Action number (1-3) being played
    i: int = 0  # the seat whose turn comes next
    pc: int = 0

    def __init__(self, number: int = 1, i: int = 0, pc: int = 0) -> None:
        self.number = number
        self.i = i
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        if self.pc == 0:
            g.scoring_enabled_by = None
            g.actions_taken = g.actions_by_round[g.round] = dict.fromkeys(g.initiative, 0)
            self.pc = 1
        rules = g.rules
        most = rules.most_actions()
        if self.number > most:
            g.finish()
            return
        order = g.initiative
        while True:
            if self.i >= len(order):
                self.number += 1
                self.i = 0
                if self.number > most:
                    g.finish()
                    return
            f = order[self.i]
            self.i += 1
            if self.number <= rules.actions_of(f):  # a faction with fewer Actions is done
                break
        own_turn = g.hooks(f).turn(self.number)  # the solo automaton's turn
        g.call(own_turn if own_turn is not None else Turn(f, self.number))


def legal_actions(g: Game, f: FactionId) -> list[str]:
    p = g.players[f]
    out = ["move", "recruit", "build"]
    if p.deck or p.discard or any(g.terrain_decks.values()):
        out.append("draw")
    if can_enable_scoring(g, f):
        out.append("enable_scoring")
    return out


def can_enable_scoring(g: Game, f: FactionId) -> bool:
    """Once per Round, never in the final Round, with the one card (Enable Scoring)."""
    if g.scoring_enabled_by is not None or g.final_round:
        return False
    return not g.content.special_cards("enable_scoring").isdisjoint(g.players[f].hand)


# The turn's options, built once: ("action", name) and the end of the turn.
ACTION_OPTIONS = {a: ("action", a) for a in ACTIONS}
END = ("end", "")


@dataclass(eq=False)
class Turn(Step):
    """One turn: Skills and the Initiative card before or after the Action, never during
    (Using Skills; ruling R6 for the Initiative card)."""

    f: FactionId
    number: int
    acted: bool = False
    options: tuple[tuple[str, str], ...] = ()
    skill: str = ""  # the Skill being paid for (pc 3)
    pc: int = 0

    def __init__(
        self,
        f: FactionId,
        number: int,
        acted: bool = False,
        options: tuple[tuple[str, str], ...] = (),
        skill: str = "",
        pc: int = 0,
    ) -> None:
        self.f = f
        self.number = number
        self.acted = acted
        self.options = options
        self.skill = skill
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        p = g.players[f]
        pc = self.pc
        if pc == 0:
            g.new_turn()
        elif pc == 2:  # the turn request was answered
            kind, what = self.options[answer]
            if kind == "end":
                g.finish()
                return
            if kind == "skill":
                p.exhausted.add(what)
                g.log("skill", f, detail=what)
                self.skill = what
                self.pc = 3
                g.call(effects.Pay(f, what))
                return
            self.pc = 1
            if kind == "initiative":
                g.discard_card(f, what)
                g.log("card_played", f, detail=what)
                g.call(effects.ChangeInitiative(f))
            else:
                g.actions_taken[f] += 1
                g.log("action", f, amount=self.number, detail=what)
                self.acted = True
                g.call(ACTION_STEPS[what](f))
            return
        elif pc == 3:  # the Skill is paid: its effect
            self.pc = 1
            g.call(effects.RunEffects(f, g.content.skills[self.skill].effect, "skill"))
            return
        options: list[tuple[str, str]] = []
        skills = g.action_skills[f]
        if skills:
            exhausted = p.exhausted
            options = [("skill", s) for s in skills if s not in exhausted and effects.can_pay(g, f, s)]
        initiative = g.content.special_cards("initiative")
        if not initiative.isdisjoint(p.hand):
            options += [("initiative", c) for c in dict.fromkeys(p.hand) if c in initiative]
        if self.acted:
            if not options:  # only the end of the turn: no decision
                g.finish()
                return
            options.append(END)
        else:
            options += [ACTION_OPTIONS[a] for a in legal_actions(g, f)]
        # Two options at least (an Action, or the end and something else): asked directly.
        self.options = tuple(options)
        self.pc = 2
        g.ask(Choice("turn", f, self.options), always=True)


@dataclass(eq=False)
class Discard(Step):
    """Discard cards for Move/Recruit/Build: points from icons, then bonus icons (Card
    anatomy). Hands the points to its caller."""

    f: FactionId
    action: str
    pc: int = 0

    def __init__(self, f: FactionId, action: str, pc: int = 0) -> None:
        self.f = f
        self.action = action
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        p = g.players[f]
        if self.pc == 0:
            self.pc = 1
            g.ask(Subset("discard", f, tuple(p.hand), 0, len(p.hand), self.action), always=True)
            return
        action = self.action
        cards = [p.hand[i] for i in answer]
        points = 0
        bonus_draw = 0
        for card in cards:
            c = g.content.cards[card]
            points += c.icons(action)
            g.discard_card(f, card)
            if c.bonus == "draw_per_icon":  # Ruling R7: one card per icon of the Action's kind.
                bonus_draw += c.icons(action)
            elif c.bonus == "draw_one":
                bonus_draw += 1
            elif c.bonus == "vp":
                g.gain_vp(f, 1, "card_bonus")
        if cards:
            # Sorted: a canonical order compresses better.
            g.log("discard", f, amount=len(cards), detail=action, cards=",".join(sorted(cards)))
        if bonus_draw:
            g.log("draw", f, amount=g.draw(f, bonus_draw), detail="card_bonus")
        g.finish(points)


@dataclass(eq=False)
class MoveAction(Step):
    f: FactionId
    pc: int = 0

    def __init__(self, f: FactionId, pc: int = 0) -> None:
        self.f = f
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        if self.pc == 0:
            self.pc = 1
            g.call(Discard(self.f, "move"))
        elif self.pc == 1:
            self.pc = 2
            g.call(movement.Move(self.f, g.ret))
        else:
            g.finish()


@dataclass(eq=False)
class RecruitAction(Step):
    """Recruit: one Unit from the Reserve to the HQ per point (Recruit Action)."""

    f: FactionId
    pc: int = 0

    def __init__(self, f: FactionId, pc: int = 0) -> None:
        self.f = f
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        p = g.players[f]
        if self.pc == 0:
            self.pc = 1
            g.call(Discard(f, "recruit"))
            return
        if self.pc == 1:
            most = min(g.ret, p.reserve)
            if most <= 0 or p.hq is None:
                g.finish()
                return
            self.pc = 2
            if g.ask(Choice("recruit_count", f, tuple(range(most + 1)))):
                return
            answer = 0  # one option: answered at once
        n = answer
        if n and p.hq is not None:
            p.reserve -= n
            g.add_units(p.hq, f, n)
            g.log("recruit", f, p.hq, amount=n)
        g.finish()


@dataclass(eq=False)
class BuildAction(Step):
    """Build Structures in Regions controlled at the start of the Action and/or activate
    Structures, each at most once per Action (Build Structure(s) and/or Activate)."""

    f: FactionId
    points: int = 0
    controlled_at_start: frozenset[RegionId] = frozenset()
    activated: frozenset[tuple[StructureId, RegionId]] = frozenset()
    options: tuple[tuple[str, str, str], ...] = ()
    pc: int = 0

    def __init__(
        self,
        f: FactionId,
        points: int = 0,
        controlled_at_start: frozenset[RegionId] = frozenset(),
        activated: frozenset[tuple[StructureId, RegionId]] = frozenset(),
        options: tuple[tuple[str, str, str], ...] = (),
        pc: int = 0,
    ) -> None:
        self.f = f
        self.points = points
        self.controlled_at_start = controlled_at_start
        self.activated = activated
        self.options = options
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        if self.pc == 0:
            self.pc = 1
            g.call(Discard(f, "build"))
            return
        if self.pc == 1:
            self.points = g.ret
            self.controlled_at_start = frozenset(g.controlled(f))
        elif self.pc == 2:  # a build step was chosen
            pick = answer
            if pick == len(self.options):
                g.finish()
                return
            verb, sid, region = self.options[pick]
            st = g.content.structures[sid]
            if verb == "build":
                self.points -= st.build_cost
                structures.place_structure(g, f, region, sid, "build")
            else:
                self.points -= st.activate_cost
                self.activated = self.activated | {(sid, region)}
                g.log("activate", f, region, detail=sid)
                self.pc = 3
                if st.handler:
                    g.call(HANDLERS[sid](f, region))
                else:
                    g.call(effects.RunEffects(f, st.effect, "structure", region))
                return
        if self.points <= 0:
            g.finish()
            return
        options = build_options(g, f, self.points, self.controlled_at_start, self.activated)
        if not options:
            g.finish()
            return
        self.options = tuple(options)
        self.pc = 2
        g.ask(Choice("build_step", f, (*options, None)), always=True)  # two options at least


def build_options(
    g: Game,
    f: FactionId,
    points: int,
    controlled_at_start: frozenset[RegionId],
    activated: frozenset[tuple[StructureId, RegionId]],
) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    left = g.players[f].structures_left
    for sid, n in left.items():
        st = g.content.structures[sid]
        if n <= 0 or st.build_cost > points:
            continue
        for r in controlled_at_start:
            s = g.regions[r]
            # Never in an HQ or a Battle Region; one of each type per Region (Structure rules).
            if s.hq_of is None and not s.battle and all(x != sid for _, x in s.structures):
                out.append(("build", sid, r))
    for r, s in g.regions.items():
        if s.control != f or s.battle:  # no activation without Control or in a Battle Region
            continue
        for owner, sid in s.structures:
            st = g.content.structures[sid]
            if owner == f and st.activatable and st.activate_cost <= points and (sid, r) not in activated:
                out.append(("activate", sid, r))
    out.sort()
    return out


@dataclass(eq=False)
class DrawAction(Step):
    """Draw the top two of the own deck or any Terrain deck; keep one, reshuffle the
    other into that deck (Draw two Tactics cards, keep one; Clarifications). The two
    drawn cards are held by the step until one is kept."""

    f: FactionId
    sources: tuple[str, ...] = ()
    source: str = ""
    drawn: tuple[CardId, ...] = ()
    pc: int = 0

    def __init__(
        self,
        f: FactionId,
        sources: tuple[str, ...] = (),
        source: str = "",
        drawn: tuple[CardId, ...] = (),
        pc: int = 0,
    ) -> None:
        self.f = f
        self.sources = sources
        self.source = source
        self.drawn = drawn
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        p = g.players[f]
        if self.pc == 0:
            self.sources = tuple(
                s
                for s in ("own", *TERRAINS)
                if (s == "own" and (p.deck or p.discard)) or (s != "own" and g.terrain_decks[s])
            )
            self.pc = 1
            if g.ask(Choice("draw_source", f, self.sources)):
                return
            answer = 0  # one option: answered at once
        if self.pc == 1:
            src = self.source = self.sources[answer]
            if src == "own":
                g.ensure_deck(f, 2)
                deck = p.deck
            else:
                deck = g.terrain_decks[src]
            self.drawn = tuple(deck.pop() for _ in range(min(2, len(deck))))
            self.pc = 2
            if len(self.drawn) == 2:
                if g.ask(Choice("keep_one", f, self.drawn)):
                    return
                answer = 0  # one option: answered at once
            else:
                answer = 0
        keep = answer
        deck = p.deck if self.source == "own" else g.terrain_decks[self.source]
        p.hand.append(self.drawn[keep])
        for i, card in enumerate(self.drawn):
            if i != keep:
                deck.append(card)
                g.rng.shuffle(deck)
        g.log("draw", f, amount=1, detail=self.source)
        g.finish()


@dataclass(eq=False)
class EnableScoringAction(Step):
    """Play the Enable Scoring card; it gives no icons (Enable Scoring Action)."""

    f: FactionId
    pc: int = 0

    def __init__(self, f: FactionId, pc: int = 0) -> None:
        self.f = f
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        card = next(c for c in g.players[f].hand if g.content.cards[c].special == "enable_scoring")
        g.discard_card(f, card)
        g.scoring_enabled_by = f
        g.scoring_enabled_rounds.append(g.round)
        g.log("scoring_enabled", f, detail=card)
        g.finish()


ACTION_STEPS: dict[
    str,
    type[MoveAction] | type[RecruitAction] | type[BuildAction] | type[DrawAction] | type[EnableScoringAction],
] = {
    "move": MoveAction,
    "recruit": RecruitAction,
    "build": BuildAction,
    "draw": DrawAction,
    "enable_scoring": EnableScoringAction,
}
