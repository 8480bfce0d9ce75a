"""Battle Resolution, steps A to G (rulebook: 4. Battle Resolution). Each part is a
step (:mod:`cryhavoc_sim.games.cryhavoc.engine.flow`); the Battle's own numbers are ``g.battle``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine import effects, trogs
from cryhavoc_sim.games.cryhavoc.engine.decisions import Allocate, Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step
from cryhavoc_sim.games.cryhavoc.engine.handlers import stored_playable
from cryhavoc_sim.games.cryhavoc.engine.state import ATT, CP, OBJECTIVES, RC, Battle

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


@dataclass(eq=False)
class BattlePhase(Step):
    """Resolve Battles from the lowest numbered Battle token to the highest."""

    pc: int = 0

    def __init__(self, pc: int = 0) -> None:
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        pending = sorted((s.battle, r) for r, s in g.regions.items() if s.battle)
        if not pending:
            g.finish()
            return
        g.call(Resolve(pending[0][1]))


def settle_if_one_sided(g: Game, region: RegionId) -> bool:
    """A Battle Region where one side has no Units left holds no Battle: the Battle token
    goes and the side with Units takes Control (Battle Resolution, opening paragraph)."""
    s = g.regions[region]
    if not s.battle or (g.battle is not None and g.battle.region == region):
        return False
    att, dfn = s.attacker, s.defender
    assert att is not None and dfn is not None
    if s.units.get(att, 0) and s.units.get(dfn, 0):
        return False
    g.log("battle_cancelled", att, region, dfn, s.battle)
    s.battle, s.attacker, s.defender = 0, None, None
    survivor = att if s.units.get(att, 0) else dfn if s.units.get(dfn, 0) else None
    if survivor is not None:
        _take_region(g, region, survivor, cause="no_battle")
    return True


def _take_region(g: Game, region: RegionId, winner: FactionId, cause: str) -> None:
    """Control to ``winner``; non-player Trogs place a Nest instead (Trog exception; solo:
    a Nest takes the place of the minis, who go back to the HQ)."""
    if g.is_npc(winner):
        g.set_control(region, None, cause)
        trogs.place_nest(g, region, "trogs_won")
    else:
        g.set_control(region, winner, cause)


def _decider(g: Game, side: FactionId, opponent: FactionId) -> FactionId:
    # The player to the left of the one fighting the Trogs decides for them (Battle C
    # note); in the solo mode the automaton decides for itself.
    return g.left_of(opponent) if g.role(side) == trogs.NPC else side


def playable_tactics(g: Game, side: FactionId, decider: FactionId, region: RegionId) -> list[str]:
    """Cards with Tactic text; Terrain cards only in a Region of their Terrain (Battle C);
    for a side playing for itself also its Matrix cards and battle-timing Skills."""
    terrain = g.regions[region].terrain
    out = []
    for card in dict.fromkeys(g.players[decider].hand):
        c = g.content.cards[card]
        if c.tactic and (not c.is_terrain or c.deck == terrain):
            out.append(card)
    if decider == side:
        out += stored_playable(g, side, region)
        p = g.players[side]
        out += [
            f"skill:{sk}"
            for sk in p.skills
            if sk not in p.exhausted
            and g.content.skills[sk].timing == "battle"
            and g.content.skills[sk].effect  # none: an ablated Skill, not offered
            and effects.can_pay(g, side, sk)
        ]
    return out


@dataclass(eq=False)
class Play(Step):
    """Resolve one Tactics play: a card from the hand or the Matrix, or a battle Skill."""

    side: FactionId
    decider: FactionId
    play: str
    pc: int = 0

    def __init__(self, side: FactionId, decider: FactionId, play: str, pc: int = 0) -> None:
        self.side = side
        self.decider = decider
        self.play = play
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        assert b is not None
        side, play = self.side, self.play
        if self.pc == 0:
            if play.startswith("skill:"):
                skill = play[len("skill:") :]
                g.players[side].exhausted.add(skill)
                g.log("skill", side, b.region, b.enemy(side), None, skill)
                self.pc = 1
                g.call(effects.Pay(side, skill))
                return
            p = g.players[self.decider]
            if play in p.hand:
                g.discard_card(self.decider, play)
            else:  # a Matrix card goes to the bottom of its Terrain deck (FAQ)
                p.stored.remove(play)
                g.terrain_decks[g.content.cards[play].deck].insert(0, play)
            g.log("card_played", side, b.region, b.enemy(side), None, play)
            self.pc = 2
            g.call(effects.RunEffects(side, g.content.cards[play].tactic, "tactic", b.region))
        elif self.pc == 1:  # the Skill is paid: its effect
            self.pc = 2
            g.call(
                effects.RunEffects(side, g.content.skills[play[len("skill:") :]].effect, "skill", b.region)
            )
        else:
            g.finish()


# Where a Resolve stands (its ``pc``), in the order of the rulebook's steps. The values
# are what a step record holds (copied, fingerprinted), so they never change.
OPEN: Final = 0  # not begun: A, then B's order of placement
PLACING: Final = 1  # B: ask the next side's placement, or go on to the defender's Structures
PLACED: Final = 2  # B: a side's placement was answered
DEFENDED: Final = 3  # the defender's standing Structures have acted: C begins
TACTICS: Final = 4  # C: the next Tactics turn, until both sides have passed
AUTOMATON_PLAYED: Final = 5  # C: the solo automaton's Tactics turn is over
TACTIC_CHOSEN: Final = 6  # C: a Tactics play, or passing, was chosen
PLAYED: Final = 7  # C: the play is resolved
RESOLVING: Final = 8  # D: the next Objective (then E, and F's retreat)
RETREATED: Final = 9  # F: the loser's retreat is done: G


@dataclass(eq=False)
class Resolve(Step):
    """One Battle, steps A to G; ``pc``, where it stands, is one of the named places above
    (:data:`OPEN` to :data:`RETREATED`)."""

    region: RegionId
    first: tuple[FactionId, ...] = ()  # who places first (and plays the first Tactics card)
    k: int = 0  # sides placed so far
    passed: frozenset[FactionId] = frozenset()
    side: FactionId = ""  # whose Tactics turn it is
    plays: tuple[str, ...] = ()
    done: int = 0  # Objectives resolved so far
    rc_winner: FactionId = ""
    pc: int = OPEN

    def __init__(
        self,
        region: RegionId,
        first: tuple[FactionId, ...] = (),
        k: int = 0,
        passed: frozenset[FactionId] = frozenset(),
        side: FactionId = "",
        plays: tuple[str, ...] = (),
        done: int = 0,
        rc_winner: FactionId = "",
        pc: int = OPEN,
    ) -> None:
        self.region = region
        self.first = first
        self.k = k
        self.passed = passed
        self.side = side
        self.plays = plays
        self.done = done
        self.rc_winner = rc_winner
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        region = self.region
        s = g.regions[region]
        pc = self.pc
        if pc == OPEN:
            if settle_if_one_sided(g, region):
                g.finish()
                return
            att, dfn = s.attacker, s.defender
            assert att is not None and dfn is not None
            # A. Add one Crystal to the Battle Region.
            s.crystals += g.rules.battle_crystals
            g.log("crystals_added", None, region, None, g.rules.battle_crystals, "battle")
            fight = Battle(region, s.battle, att, dfn, on={att: [0, 0, 0], dfn: [0, 0, 0]})
            fight.decider = {att: _decider(g, att, dfn), dfn: _decider(g, dfn, att)}
            g.battle = fight
            g.log("battle_start", att, region, dfn, s.battle)
            # B. The attacker places all its Units on the Objectives, then the defender
            # (solo: the player always first).
            self.first = (dfn, att) if g.hooks(att).places_last() else (att, dfn)
            pc = PLACING
        b = g.battle
        assert b is not None
        if pc == PLACED:
            side = self.first[self.k]
            n = s.units.get(side, 0)
            split = answer
            b.on[side] = list(split)
            g.remove_units(region, side, n)
            g.log("battle_placement", side, region, b.enemy(side), n, "/".join(map(str, split)))
            self.k += 1
            pc = PLACING
        if pc == PLACING:
            if self.k < 2:
                side = self.first[self.k]
                self.pc = PLACED
                g.ask(
                    Allocate("place_units", b.decider[side], s.units.get(side, 0), OBJECTIVES, actor=side),
                    always=True,
                )
                return
            # The defender's standing Structures (ruling R26: e.g. a Watchtower).
            self.pc = DEFENDED
            if s.structures:
                g.call(effects.Passives("defend", region, b.attacker))
                return
            pc = DEFENDED
        if pc == DEFENDED:
            # C. Tactics cards alternate, the attacker first; passing is final.
            self.side = self.first[0]
            pc = TACTICS
        elif pc == AUTOMATON_PLAYED:
            if not g.ret:
                self.passed = self.passed | {self.side}
                g.log("tactic_pass", self.side, region)
            self.side = b.enemy(self.side)
            pc = TACTICS
        elif pc == TACTIC_CHOSEN:
            side = self.side
            if answer == len(self.plays):
                self.passed = self.passed | {side}
                g.log("tactic_pass", side, region)
                self.side = b.enemy(side)
                pc = TACTICS
            else:
                self.pc = PLAYED
                g.call(Play(side, b.decider[side], self.plays[answer]))
                return
        elif pc == PLAYED:
            self.side = b.enemy(self.side)
            pc = TACTICS
        if pc == TACTICS:
            while len(self.passed) < 2:
                side = self.side
                own_turn = g.hooks(side).tactics_turn() if side not in self.passed else None
                if own_turn is not None:  # the solo automaton's Tactics
                    self.pc = AUTOMATON_PLAYED
                    g.call(own_turn)
                    return
                if side not in self.passed:
                    decider = b.decider[side]
                    plays = playable_tactics(g, side, decider, region)
                    if plays:
                        self.plays = tuple(plays)
                        self.pc = TACTIC_CHOSEN
                        g.ask(Choice("tactic", decider, (*plays, None), actor=side), always=True)
                        return
                    self.passed = self.passed | {side}
                    g.log("tactic_pass", side, region)
                self.side = b.enemy(side)
            # D. Resolve the Objectives, top to bottom unless a card changed the order.
            self.rc_winner = b.defender
            pc = RESOLVING
        if pc == RESOLVING:
            while self.done < len(b.order):
                objective = b.order[self.done]
                later = tuple(b.order[self.done + 1 :])
                self.done += 1
                if objective == RC:
                    self.rc_winner = _region_control(g, b)
                    continue
                self.pc = RESOLVING
                g.call(Capture(later) if objective == CP else Attrition(later))
                return
            # E. The Region Control winner's survivors return to the Region.
            rc_winner = self.rc_winner
            loser = b.enemy(rc_winner)
            survivors = b.total(loser)
            home = g.hooks(rc_winner).survivors_home(g, rc_winner)
            g.add_units(home or region, rc_winner, b.total(rc_winner))
            b.on[rc_winner] = [0, 0, 0]
            # F. The loser's survivors retreat (they stay on the Objectives until they leave).
            self.pc = RETREATED
            g.call(Retreat(loser, survivors))
            return
        # G. Remove the Battle token (pc is RETREATED).
        s.battle, s.attacker, s.defender = 0, None, None
        g.battle = None
        g.log("battle_end", self.rc_winner, region, b.enemy(self.rc_winner), b.number)
        g.finish()


def _region_control(g: Game, b: Battle) -> FactionId:
    """Most Units wins; the defender wins ties, also at zero (Battle D, Region Control)."""
    a, d = b.on[b.attacker][RC], b.on[b.defender][RC]
    winner = b.attacker if a > d else b.defender
    g.log("battle_objective", winner, b.region, b.enemy(winner), b.on[winner][RC], "region_control")
    _take_region(g, b.region, winner, cause="battle")
    if g.role(winner) != trogs.NPC:  # NPC Trogs score none (Clarifications); ruling S5
        g.gain_vp(winner, g.rules.region_control_vp, "battle_control", b.region)
    return winner


@dataclass(eq=False)
class TakeUnit(Step):
    """Remove one of ``victim``'s Units from an Objective; the taker chooses which
    Objective when it can still matter (an Objective with Units remains unresolved).
    Hands the Objective's index to its caller."""

    victim: FactionId
    chooser: FactionId
    later: tuple[int, ...]
    where: tuple[int, ...] = ()
    pc: int = 0

    def __init__(
        self,
        victim: FactionId,
        chooser: FactionId,
        later: tuple[int, ...],
        where: tuple[int, ...] = (),
        pc: int = 0,
    ) -> None:
        self.victim = victim
        self.chooser = chooser
        self.later = later
        self.where = where
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        assert b is not None
        victim = self.victim
        if self.pc == 0:
            where = tuple(i for i in range(3) if b.on[victim][i] > 0)
            pick = where[0]
            if len(where) > 1 and self.later:
                self.where = where
                self.pc = 1
                g.ask(
                    Choice(
                        "objective_target",
                        self.chooser,
                        tuple(OBJECTIVES[i] for i in where),
                        actor=b.enemy(victim),
                        context="take_unit",
                    ),
                    always=True,
                )
                return
            if not self.later and ATT in where:
                pick = ATT
        else:
            pick = self.where[answer]
        b.on[victim][pick] -= 1
        g.finish(pick)


@dataclass(eq=False)
class Capture(Step):
    """Most Units takes one enemy Unit from any Objective as a Prisoner; ties capture
    nobody (Battle D, Capture Prisoners)."""

    later: tuple[int, ...]
    captor: FactionId = ""
    pc: int = 0

    def __init__(self, later: tuple[int, ...], captor: FactionId = "", pc: int = 0) -> None:
        self.later = later
        self.captor = captor
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        assert b is not None
        if self.pc == 0:
            a, d = b.on[b.attacker][CP], b.on[b.defender][CP]
            if a == d:
                g.log("battle_objective", None, b.region, None, a, "capture_prisoners")
                g.finish()
                return
            captor = self.captor = b.attacker if a > d else b.defender
            victim = b.enemy(captor)
            g.log("battle_objective", captor, b.region, victim, b.on[captor][CP], "capture_prisoners")
            if b.total(victim) == 0:
                g.finish()
                return
            self.pc = 1
            g.call(TakeUnit(victim, b.decider[captor], self.later))
            return
        captor = self.captor
        victim = b.enemy(captor)
        held = g.players[captor].prisoners
        held[victim] = held.get(victim, 0) + 1
        g.log("capture", captor, b.region, victim, 1)
        g.finish()


@dataclass(eq=False)
class Attrition(Step):
    """Each Unit on Attrition kills one enemy Unit, simultaneously; 1 VP per kill
    (Battle D, Attrition)."""

    later: tuple[int, ...]
    kills: tuple[tuple[FactionId, int], ...] = ()
    j: int = 0  # the side whose kills are being taken
    taken: int = 0  # Units taken so far for that side
    pc: int = 0

    def __init__(
        self,
        later: tuple[int, ...],
        kills: tuple[tuple[FactionId, int], ...] = (),
        j: int = 0,
        taken: int = 0,
        pc: int = 0,
    ) -> None:
        self.later = later
        self.kills = kills
        self.j = j
        self.taken = taken
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        assert b is not None
        if self.pc == 0:
            self.kills = tuple(
                (side, min(b.on[side][ATT], b.total(b.enemy(side)))) for side in (b.attacker, b.defender)
            )
            for side in (b.attacker, b.defender):
                g.log("battle_objective", side, b.region, b.enemy(side), b.on[side][ATT], "attrition")
            self.pc = 1
        else:  # a Unit was taken
            self.taken += 1
        while self.j < len(self.kills):
            side, n = self.kills[self.j]
            victim = b.enemy(side)
            if self.taken < n:
                g.call(TakeUnit(victim, b.decider[side], self.later))
                return
            if n:
                g.to_reserve(victim, n)
                g.log("kill", side, b.region, victim, n, "attrition")
                g.gain_vp(side, n * g.rules.attrition_vp, "attrition", b.region)
            self.j += 1
            self.taken = 0
        g.finish()


@dataclass(eq=False)
class Retreat(Step):
    """Retreat to an adjacent non-Battle Region the loser controls, else to the Reserve;
    non-player Trogs leave the board and place a Nest nearby (Battle F, Trog exception)."""

    loser: FactionId
    n: int
    options: tuple[RegionId, ...] = ()
    pc: int = 0

    def __init__(self, loser: FactionId, n: int, options: tuple[RegionId, ...] = (), pc: int = 0) -> None:
        self.loser = loser
        self.n = n
        self.options = options
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        b = g.battle
        assert b is not None
        loser, n = self.loser, self.n
        if self.pc == 0:
            if n == 0:
                g.finish()
                return
            if g.role(loser) == trogs.NPC:
                b.on[loser] = [0, 0, 0]
                g.to_reserve(loser, n)
                g.log("retreat", loser, b.region, None, n, "reserve")
                spots = tuple(trogs.nest_candidates(g, b.region))
                if not spots:
                    g.finish()
                    return
                self.options = spots
                self.pc = 1
                if g.ask(Choice("nest_region", b.decider[loser], spots, actor=loser)):
                    return
                answer = 0  # one option: answered at once
            else:
                self.options = tuple(
                    r
                    for r in g.neighbours(b.region, loser)
                    if g.regions[r].control == loser and not g.regions[r].battle
                )
                self.pc = 2
                if len(self.options) > 1:
                    g.ask(Choice("retreat", b.decider[loser], self.options), always=True)
                    return
                answer = 0
        if self.pc == 1:
            trogs.place_nest(g, self.options[answer], "trogs_retreat")
            g.finish()
            return
        b.on[loser] = [0, 0, 0]
        if not self.options:
            g.to_reserve(loser, n)
            g.log("retreat", loser, b.region, None, n, "reserve")
        else:
            target = self.options[answer]
            g.add_units(target, loser, n)
            g.log("retreat", loser, b.region, None, n, target)
        g.finish()
