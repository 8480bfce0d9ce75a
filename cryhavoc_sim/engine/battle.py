"""Battle Resolution, steps A to G (rulebook: 4. Battle Resolution)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.content.schema import FactionId, RegionId
from cryhavoc_sim.engine import effects, trogs
from cryhavoc_sim.engine.decisions import Allocate, Choice
from cryhavoc_sim.engine.handlers import stored_playable
from cryhavoc_sim.engine.state import ATT, CP, OBJECTIVES, RC, Battle

if TYPE_CHECKING:
    from cryhavoc_sim.engine.game import Game, Gen


def battle_phase(g: Game) -> Gen[None]:
    """Resolve Battles from the lowest numbered Battle token to the highest."""
    while True:
        pending = sorted((s.battle, r) for r, s in g.regions.items() if s.battle)
        if not pending:
            return
        yield from resolve(g, pending[0][1])


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
    return g.left_of(opponent) if g.is_npc(side) and not g.solo else side


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
            and effects.can_pay(g, side, sk)
        ]
    return out


def _play(g: Game, b: Battle, side: FactionId, decider: FactionId, play: str) -> Gen[None]:
    """Resolve one Tactics play: a card from the hand or the Matrix, or a battle Skill."""
    if play.startswith("skill:"):
        skill = play[len("skill:") :]
        g.players[side].exhausted.add(skill)
        g.log("skill", side, b.region, b.enemy(side), None, skill)
        yield from effects.pay(g, side, skill)
        yield from effects.run(g, side, g.content.skills[skill].effect, source="skill", region=b.region)
        return
    p = g.players[decider]
    if play in p.hand:
        g.discard_card(decider, play)
    else:  # a Matrix card goes to the bottom of its Terrain deck (FAQ)
        p.stored.remove(play)
        g.terrain_decks[g.content.cards[play].deck].insert(0, play)
    g.log("card_played", side, b.region, b.enemy(side), None, play)
    yield from effects.run(g, side, g.content.cards[play].tactic, source="tactic", region=b.region)


def resolve(g: Game, region: RegionId) -> Gen[None]:
    if settle_if_one_sided(g, region):
        return
    s = g.regions[region]
    att, dfn = s.attacker, s.defender
    assert att is not None and dfn is not None
    # A. Add one Crystal to the Battle Region.
    s.crystals += g.rules.battle_crystals
    g.log("crystals_added", None, region, None, g.rules.battle_crystals, "battle")
    b = Battle(region, s.battle, att, dfn, on={att: [0, 0, 0], dfn: [0, 0, 0]})
    b.decider = {att: _decider(g, att, dfn), dfn: _decider(g, dfn, att)}
    g.battle = b
    g.log("battle_start", att, region, dfn, s.battle)
    # B. The attacker places all its Units on the Objectives, then the defender (solo:
    # the player always first).
    first = (dfn, att) if g.solo and att == "trogs" else (att, dfn)
    for side in first:
        n = s.units.get(side, 0)
        split = yield from g.ask(Allocate("place_units", b.decider[side], n, OBJECTIVES, actor=side))
        b.on[side] = list(split)
        g.remove_units(region, side, n)
        g.log("battle_placement", side, region, b.enemy(side), n, "/".join(map(str, split)))
    # The defender's standing Structures (ruling R26: e.g. a Watchtower).
    if s.structures:
        yield from effects.run_passives(g, "defend", region, att)
    # C. Tactics cards alternate, the attacker first; passing is final.
    passed: set[FactionId] = set()
    side = first[0]
    while len(passed) < 2:
        if g.solo and side == "trogs" and side not in passed:
            from cryhavoc_sim.engine.solo import automaton_tactic

            if not (yield from automaton_tactic(g, b)):
                passed.add(side)
                g.log("tactic_pass", side, region)
        elif side not in passed:
            decider = b.decider[side]
            plays = playable_tactics(g, side, decider, region)
            pick = len(plays)
            if plays:
                pick = yield from g.ask(Choice("tactic", decider, (*plays, None), actor=side))
            if pick == len(plays):
                passed.add(side)
                g.log("tactic_pass", side, region)
            else:
                yield from _play(g, b, side, decider, plays[pick])
        side = b.enemy(side)
    # D. Resolve the Objectives, top to bottom unless a card changed the order.
    rc_winner = dfn
    for done, objective in enumerate(b.order):
        later = b.order[done + 1 :]
        if objective == RC:
            rc_winner = _region_control(g, b)
        elif objective == CP:
            yield from _capture(g, b, later)
        else:
            yield from _attrition(g, b, later)
    # E. The Region Control winner's survivors return to the Region.
    loser = b.enemy(rc_winner)
    survivors = b.total(loser)
    home = g.players[rc_winner].hq if g.solo and rc_winner == "trogs" else None
    g.add_units(home or region, rc_winner, b.total(rc_winner))
    b.on[rc_winner] = [0, 0, 0]
    # F. The loser's survivors retreat (they stay on the Objectives until they leave).
    yield from _retreat(g, b, loser, survivors)
    # G. Remove the Battle token.
    s.battle, s.attacker, s.defender = 0, None, None
    g.battle = None
    g.log("battle_end", rc_winner, region, loser, b.number)


def _region_control(g: Game, b: Battle) -> FactionId:
    """Most Units wins; the defender wins ties, also at zero (Battle D, Region Control)."""
    a, d = b.on[b.attacker][RC], b.on[b.defender][RC]
    winner = b.attacker if a > d else b.defender
    g.log("battle_objective", winner, b.region, b.enemy(winner), b.on[winner][RC], "region_control")
    _take_region(g, b.region, winner, cause="battle")
    if not g.is_npc(winner) or g.solo:  # NPC Trogs score none (Clarifications); ruling S5
        g.gain_vp(winner, g.rules.region_control_vp, "battle_control", b.region)
    return winner


def _take_unit(g: Game, b: Battle, victim: FactionId, chooser: FactionId, later: list[int]) -> Gen[int]:
    """Remove one of ``victim``'s Units from an Objective; the taker chooses which
    Objective when it can still matter (an Objective with Units remains unresolved)."""
    where = [i for i in range(3) if b.on[victim][i] > 0]
    pick = where[0]
    if len(where) > 1 and later:
        pick = where[
            (
                yield from g.ask(
                    Choice(
                        "objective_target",
                        chooser,
                        tuple(OBJECTIVES[i] for i in where),
                        actor=b.enemy(victim),
                        context="take_unit",
                    )
                )
            )
        ]
    elif later == [] and ATT in where:
        pick = ATT
    b.on[victim][pick] -= 1
    return pick


def _capture(g: Game, b: Battle, later: list[int]) -> Gen[None]:
    """Most Units takes one enemy Unit from any Objective as a Prisoner; ties capture
    nobody (Battle D, Capture Prisoners)."""
    a, d = b.on[b.attacker][CP], b.on[b.defender][CP]
    if a == d:
        g.log("battle_objective", None, b.region, None, a, "capture_prisoners")
        return
    captor = b.attacker if a > d else b.defender
    victim = b.enemy(captor)
    g.log("battle_objective", captor, b.region, victim, b.on[captor][CP], "capture_prisoners")
    if b.total(victim) == 0:
        return
    yield from _take_unit(g, b, victim, b.decider[captor], later)
    held = g.players[captor].prisoners
    held[victim] = held.get(victim, 0) + 1
    g.log("capture", captor, b.region, victim, 1)


def _attrition(g: Game, b: Battle, later: list[int]) -> Gen[None]:
    """Each Unit on Attrition kills one enemy Unit, simultaneously; 1 VP per kill
    (Battle D, Attrition)."""
    kills = {side: min(b.on[side][ATT], b.total(b.enemy(side))) for side in (b.attacker, b.defender)}
    for side in (b.attacker, b.defender):
        g.log("battle_objective", side, b.region, b.enemy(side), b.on[side][ATT], "attrition")
    for side, n in kills.items():
        victim = b.enemy(side)
        for _ in range(n):
            yield from _take_unit(g, b, victim, b.decider[side], later)
        if n:
            g.to_reserve(victim, n)
            g.log("kill", side, b.region, victim, n, "attrition")
            g.gain_vp(side, n * g.rules.attrition_vp, "attrition", b.region)


def _retreat(g: Game, b: Battle, loser: FactionId, n: int) -> Gen[None]:
    """Retreat to an adjacent non-Battle Region the loser controls, else to the Reserve;
    non-player Trogs leave the board and place a Nest nearby (Battle F, Trog exception)."""
    if n == 0:
        return
    if g.is_npc(loser) and not g.solo:
        b.on[loser] = [0, 0, 0]
        g.to_reserve(loser, n)
        g.log("retreat", loser, b.region, None, n, "reserve")
        spots = trogs.nest_candidates(g, b.region)
        if spots:
            pick = 0
            if len(spots) > 1:
                pick = yield from g.ask(Choice("nest_region", b.decider[loser], tuple(spots), actor=loser))
            trogs.place_nest(g, spots[pick], "trogs_retreat")
        return
    options = [
        r for r in g.neighbours(b.region, loser) if g.regions[r].control == loser and not g.regions[r].battle
    ]
    pick = 0
    if len(options) > 1:
        pick = yield from g.ask(Choice("retreat", b.decider[loser], tuple(options)))
    b.on[loser] = [0, 0, 0]
    if not options:
        g.to_reserve(loser, n)
        g.log("retreat", loser, b.region, None, n, "reserve")
        return
    g.add_units(options[pick], loser, n)
    g.log("retreat", loser, b.region, None, n, options[pick])
