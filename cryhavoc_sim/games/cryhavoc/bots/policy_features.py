"""What the learned policy (``policy.py``) reads of a Cry Havoc decision: the context of
the position and, for every candidate answer (``candidates.py``), its descriptor and
attributes (``games/policy/model.py`` says how a table scores them).

Everything is read from what the deciding player sees (``engine/visibility.py``): the
board, every player's public holdings (VP, Reserve, hand sizes), the player's own hand,
a Battle's open placements, and what the player's own heuristic bot makes of the answer
(its value of an Action, the cards it would pay, its Battle split), which reads the same.
Never a face-down token, another hand or a deck's order: a test checks that a
determinized copy gives the same features.

The attributes carry the heuristic's judgement (its value of the answer, whether it would
pick it), so a table of zeros but for ``heuristic_pick`` plays the heuristic bot, and a
fitted table plays it where the search agreed with it and departs where the search
found better. :data:`VERSION` changes whenever a name, a meaning or a descriptor's
spelling changes: a policy file names the version it was fitted on and is refused
under another.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, Decision, Game, Subset
from cryhavoc_sim.games.cryhavoc.engine.scoring import crystal_vp
from cryhavoc_sim.games.cryhavoc.engine.state import RC
from cryhavoc_sim.games.policy.model import Layout

VERSION = "cryhavoc-policy-features-1"
VALUE_RANGE = (-3.0, 12.0)  # a heuristic value is clipped to this (its "never" is -100)

# The player count and mode indicators sum to 1: together they are the constant term.
CONTEXT: tuple[str, ...] = (
    "round",
    "final_round",
    "action",  # the player's Actions taken this Round (0-3)
    "last_action",  # 1 on the player's last Action of the Round
    "hand",
    "reserve",
    "vp_lead",  # own VP minus the best opponent's
    "standing_lead",  # VP plus what the Regions would score, against the best opponent's
    "units",  # own Units on the board
    "regions",  # Regions controlled
    "rounds_left",  # Event spots not yet resolved (0 in the final Round)
    "attacker",  # 1 when the player is the attacker of the Battle under way
    "battle_margin",  # Region Control as it stands for the player in that Battle (> 0: winning)
    "players_2",
    "players_3",
    "players_4",
    "solo",
)

ATTRIBUTES: dict[str, tuple[str, ...]] = {
    # heuristic_value: its worth of the option (clipped); heuristic_best: 1 for its best;
    # does_nothing: the heuristic's -1 or less ("would do nothing")
    "turn": ("heuristic_value", "heuristic_best", "does_nothing"),
    # the cards paid: how many, the Action's points they give, how many carry Tactics
    "discard": ("heuristic_pick", "cards", "points", "tactics"),
    # Units on each Objective, and Region Control against what the opponent has shown
    "place_units": ("heuristic_pick", "control", "capture", "attrition", "control_margin"),
    # gain: the heuristic's gain of a play (Units it turns); passing; passing while winning
    "tactic": ("heuristic_pick", "gain", "passing", "passing_when_winning"),
    # the Region's Crystals, own Units, other Units, a Battle token, own Control
    "target_region": ("heuristic_pick", "crystals", "mine", "enemies", "battle", "own_control"),
    "objective_target": ("heuristic_pick",),
}

LAYOUT = Layout("cryhavoc", VERSION, CONTEXT, ATTRIBUTES)

Candidate = tuple[Hashable, Any]


def context(g: Game, me: FactionId) -> list[float]:
    """The context of ``g`` as ``me`` sees it, in the order of :data:`CONTEXT`."""
    players = g.players
    mine = players[me]
    others = [f for f in g.player_factions if f != me]
    if g.solo and "trogs" in players and "trogs" not in others:
        others.append("trogs")  # the automaton is the opponent to beat
    best_vp = 0.0
    best_standing = 0.0
    first = True
    for o in others:
        vp = float(players[o].vp)
        standing = vp + crystal_vp(g, o)
        if first or vp > best_vp:
            best_vp = vp
        if first or standing > best_standing:
            best_standing = standing
        first = False
    own_vp = float(mine.vp)
    units = 0
    for s in g.regions.values():
        units += s.units.get(me, 0)
    taken = g.actions_taken.get(me, 0) if g.actions_taken else 0
    per_round = g.rules.actions_of(me)
    rounds_left = 0
    if not g.final_round:
        for i, stack in enumerate(g.spots):
            if stack and not g.spot_resolved[i]:
                rounds_left += 1
    attacker = 0.0
    margin = 0.0
    b = g.battle
    if b is not None and me in (b.attacker, b.defender):
        attacker = 1.0 if me == b.attacker else 0.0
        enemy = b.enemy(me)
        margin = float(b.on[me][RC] - b.on[enemy][RC] + (1 if me == b.defender else 0))
    n = g.n_players
    return [
        float(g.round),
        1.0 if g.final_round else 0.0,
        float(taken),
        1.0 if taken == per_round - 1 else 0.0,
        float(len(mine.hand)),
        float(mine.reserve),
        own_vp - best_vp,
        own_vp + crystal_vp(g, me) - best_standing,
        float(units),
        float(len(g.controlled(me))),
        float(rounds_left),
        attacker,
        margin,
        1.0 if n == 2 and not g.solo else 0.0,
        1.0 if n == 3 else 0.0,
        1.0 if n == 4 else 0.0,
        1.0 if g.solo else 0.0,
    ]


def _clip(v: float) -> float:
    low, high = VALUE_RANGE
    return low if v < low else high if v > high else v


def describe(
    helper: HeuristicBot, d: Decision, g: Game, cands: Sequence[Candidate]
) -> tuple[list[str], list[list[float]]]:
    """Each candidate's descriptor and attributes (the kind's :data:`ATTRIBUTES`), read
    with the deciding player's own heuristic bot ``helper``."""
    kind = d.kind
    if kind == "turn":
        assert isinstance(d, Choice)
        return _turn(helper, d, g, cands)
    if kind == "discard":
        assert isinstance(d, Subset)
        return _discard(helper, d, g, cands)
    if kind == "place_units":
        assert isinstance(d, Allocate)
        return _place(helper, d, g, cands)
    assert isinstance(d, Choice)
    if kind == "tactic":
        return _tactic(helper, d, g, cands)
    if kind == "target_region":
        return _target(helper, d, g, cands)
    assert kind == "objective_target", kind
    pick = helper.decide(d, g)
    return (
        [f"{d.context}:{o}" for o, _ in cands],
        [[1.0 if a == pick else 0.0] for _, a in cands],
    )


def _turn(
    helper: HeuristicBot, d: Choice, g: Game, cands: Sequence[Candidate]
) -> tuple[list[str], list[list[float]]]:
    values = helper.turn_values(d, g)
    top = max(values[a] for _, a in cands)
    descs: list[str] = []
    attrs: list[list[float]] = []
    for _, a in cands:
        kind, what = d.options[a]
        descs.append(what if kind == "action" else f"skill:{what}" if kind == "skill" else kind)
        v = values[a]
        attrs.append([_clip(v), 1.0 if v >= top - 1e-9 else 0.0, 1.0 if v <= -1.0 else 0.0])
    return descs, attrs


def _discard(
    helper: HeuristicBot, d: Subset, g: Game, cands: Sequence[Candidate]
) -> tuple[list[str], list[list[float]]]:
    action = d.action or "move"
    heuristic = helper.discard_choice(g, d.faction, action)
    cards = g.content.cards
    descs: list[str] = []
    attrs: list[list[float]] = []
    for _, a in cands:
        label = "heuristic" if a == heuristic else "none" if not a else "every"
        descs.append(f"{action}:{label}")
        points = 0
        tactics = 0
        for i in a:
            c = cards[d.items[i]]
            points += c.icons(action)
            tactics += 1 if c.tactic else 0
        attrs.append([1.0 if a == heuristic else 0.0, float(len(a)), float(points), float(tactics)])
    return descs, attrs


def _place(
    helper: HeuristicBot, d: Allocate, g: Game, cands: Sequence[Candidate]
) -> tuple[list[str], list[list[float]]]:
    b = g.battle
    side = d.actor or d.faction
    role = "attacker" if b is not None and side == b.attacker else "defender"
    theirs = 0
    if b is not None:
        enemy = b.enemy(side)
        shown = b.on.get(enemy)
        placed = shown is not None and sum(shown) > 0
        # the opponent's Region Control as placed, or all its Units while it has not placed
        theirs = shown[RC] if placed and shown is not None else g.regions[b.region].units.get(enemy, 0)
    tie = 1 if role == "defender" else 0
    descs: list[str] = []
    attrs: list[list[float]] = []
    for i, (_, a) in enumerate(cands):
        split = tuple(a)
        n = sum(split)
        label = (
            "heuristic"
            if i == 0
            else "control"
            if split[0] == n
            else "attrition"
            if split[2] == n
            else "capture"
        )
        descs.append(f"{role}:{label}")
        attrs.append(
            [
                1.0 if i == 0 else 0.0,
                float(split[0]),
                float(split[1]),
                float(split[2]),
                float(split[0] - theirs + tie),
            ]
        )
    return descs, attrs


def _tactic(
    helper: HeuristicBot, d: Choice, g: Game, cands: Sequence[Candidate]
) -> tuple[list[str], list[list[float]]]:
    side = d.actor or d.faction
    pick = helper.decide(d, g)
    winning = helper.rc_margin(g, side) > 0 if g.battle is not None else False
    descs: list[str] = []
    attrs: list[list[float]] = []
    for o, a in cands:
        passing = o is None
        gain = 0.0 if passing else helper.play_gain(g, side, str(o))
        descs.append("pass" if passing else str(o))
        attrs.append(
            [1.0 if a == pick else 0.0, gain, 1.0 if passing else 0.0, 1.0 if passing and winning else 0.0]
        )
    return descs, attrs


def _target(
    helper: HeuristicBot, d: Choice, g: Game, cands: Sequence[Candidate]
) -> tuple[list[str], list[list[float]]]:
    f = d.actor or d.faction
    pick = helper.decide(d, g)
    descs: list[str] = []
    attrs: list[list[float]] = []
    for _, a in cands:
        o = d.options[a]  # a Region, (Region, victim) for a kill, (from, to) for a Nest moved
        region = o if isinstance(o, str) else o[1] if d.context == "move_nest" else o[0]
        s = g.regions.get(region) if isinstance(region, str) else None
        descs.append(d.context)
        if s is None:
            attrs.append([1.0 if a == pick else 0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
            continue
        mine = s.units.get(f, 0)
        total = 0
        for k in s.units.values():
            total += k
        attrs.append(
            [
                1.0 if a == pick else 0.0,
                float(s.crystals),
                float(mine),
                float(total - mine),
                1.0 if s.battle else 0.0,
                1.0 if s.control == f else 0.0,
            ]
        )
    return descs, attrs
