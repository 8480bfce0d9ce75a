"""Draw Cards and Actions phases: the turn, and the Recruit, Build/Activate,
Draw-two-keep-one and Enable Scoring Actions (rulebook: 2. Draw Cards, 3. Actions).
The Move Action lives in :mod:`cryhavoc_sim.engine.movement`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.content.schema import TERRAINS, FactionId
from cryhavoc_sim.engine import effects, movement
from cryhavoc_sim.engine.decisions import Choice, Subset
from cryhavoc_sim.engine.handlers import HANDLERS

if TYPE_CHECKING:
    from cryhavoc_sim.engine.game import Game, Gen

ACTIONS = ("move", "recruit", "build", "draw", "enable_scoring")


def draw_phase(g: Game) -> Gen[None]:
    """Everyone draws four, then discards down to seven (Draw Cards)."""
    for f in g.order():
        if g.solo and f == "trogs":  # the automaton draws one card per turn instead
            continue
        n = g.draw(f, g.rules.draw_per_round)
        g.log("draw", f, amount=n, detail="draw_phase")
    for f in g.order():
        p = g.players[f]
        excess = len(p.hand) - g.rules.hand_limit
        if excess > 0:
            picked = yield from g.ask(Subset("hand_limit", f, tuple(p.hand), excess, excess))
            cards = [p.hand[i] for i in picked]
            for card in cards:
                g.discard_card(f, card)
            g.log("discard", f, amount=excess, detail="hand_limit", cards=",".join(sorted(cards)))
    g.hands_after_draw[g.round] = {f: len(g.players[f].hand) for f in g.order()}


def actions_phase(g: Game) -> Gen[None]:
    """Three rounds of one Action each, in Initiative order (Actions)."""
    g.scoring_enabled_by = None
    g.actions_taken = g.actions_by_round[g.round] = dict.fromkeys(g.order(), 0)
    for number in range(1, g.rules.actions_per_round + 1):
        for f in g.order():
            if g.solo and f == "trogs":
                from cryhavoc_sim.engine.solo import automaton_turn

                yield from automaton_turn(g, number)
            else:
                yield from turn(g, f, number)


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


def turn(g: Game, f: FactionId, number: int) -> Gen[None]:
    """One turn: Skills and the Initiative card before or after the Action, never during
    (Using Skills; ruling R6 for the Initiative card)."""
    p = g.players[f]
    g.new_turn()
    initiative = g.content.special_cards("initiative")
    skills = g.action_skills[f]
    acted = False
    while True:
        options: list[tuple[str, str]] = []
        if skills:
            exhausted = p.exhausted
            options = [("skill", s) for s in skills if s not in exhausted and effects.can_pay(g, f, s)]
        if not initiative.isdisjoint(p.hand):
            options += [("initiative", c) for c in dict.fromkeys(p.hand) if c in initiative]
        if acted:
            if not options:  # only the end of the turn: no decision
                return
            options.append(END)
        else:
            options += [ACTION_OPTIONS[a] for a in legal_actions(g, f)]
        # Two options at least (an Action, or the end and something else): asked
        # directly, as in Game.ask, without its generator (the hottest request).
        request = Choice("turn", f, tuple(options))
        kind, what = options[request.validate((yield request))]
        if kind == "end":
            return
        if kind == "skill":
            p.exhausted.add(what)
            g.log("skill", f, detail=what)
            yield from effects.pay(g, f, what)
            yield from effects.run(g, f, g.content.skills[what].effect, source="skill")
        elif kind == "initiative":
            g.discard_card(f, what)
            g.log("card_played", f, detail=what)
            yield from effects.change_initiative(g, f)
        else:
            g.actions_taken[f] += 1
            g.log("action", f, amount=number, detail=what)
            yield from ACTION_HANDLERS[what](g, f)
            acted = True


def discard_for(g: Game, f: FactionId, action: str) -> Gen[int]:
    """Discard cards for Move/Recruit/Build: points from icons, then bonus icons (Card anatomy)."""
    p = g.players[f]
    request = Subset("discard", f, tuple(p.hand), 0, len(p.hand))
    picked = request.validate((yield request))  # a Subset is always asked (Game.ask)
    cards = [p.hand[i] for i in picked]
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
    return points


def move_action(g: Game, f: FactionId) -> Gen[None]:
    points = yield from discard_for(g, f, "move")
    yield from movement.move(g, f, points)


def recruit_action(g: Game, f: FactionId) -> Gen[None]:
    """Recruit: one Unit from the Reserve to the HQ per point (Recruit Action)."""
    points = yield from discard_for(g, f, "recruit")
    p = g.players[f]
    most = min(points, p.reserve)
    if most <= 0 or p.hq is None:
        return
    n = yield from g.ask(Choice("recruit_count", f, tuple(range(most + 1))))
    if n:
        p.reserve -= n
        g.add_units(p.hq, f, n)
        g.log("recruit", f, p.hq, amount=n)


def build_action(g: Game, f: FactionId) -> Gen[None]:
    """Build Structures in Regions controlled at the start of the Action and/or activate
    Structures, each at most once per Action (Build Structure(s) and/or Activate)."""
    points = yield from discard_for(g, f, "build")
    controlled_at_start = set(g.controlled(f))
    activated: set[tuple[str, str]] = set()
    while points > 0:
        options = build_options(g, f, points, controlled_at_start, activated)
        if not options:
            return
        request = Choice("build_step", f, (*options, None))  # two options at least
        pick = request.validate((yield request))
        if pick == len(options):
            return
        verb, sid, region = options[pick]
        st = g.content.structures[sid]
        if verb == "build":
            points -= st.build_cost
            effects.place_structure(g, f, region, sid, "build")
        else:
            points -= st.activate_cost
            activated.add((sid, region))
            g.log("activate", f, region, detail=sid)
            if st.handler:
                yield from HANDLERS[sid](g, f, region)
            else:
                yield from effects.run(g, f, st.effect, source="structure", region=region)


def build_options(
    g: Game,
    f: FactionId,
    points: int,
    controlled_at_start: set[str],
    activated: set[tuple[str, str]],
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


def draw_action(g: Game, f: FactionId) -> Gen[None]:
    """Draw the top two of the own deck or any Terrain deck; keep one, reshuffle the
    other into that deck (Draw two Tactics cards, keep one; Clarifications)."""
    p = g.players[f]
    sources = [
        s
        for s in ("own", *TERRAINS)
        if (s == "own" and (p.deck or p.discard)) or (s != "own" and g.terrain_decks[s])
    ]
    src = sources[(yield from g.ask(Choice("draw_source", f, tuple(sources))))]
    if src == "own":
        g.ensure_deck(f, 2)
        deck = p.deck
    else:
        deck = g.terrain_decks[src]
    drawn = [deck.pop() for _ in range(min(2, len(deck)))]
    keep = 0
    if len(drawn) == 2:
        keep = yield from g.ask(Choice("keep_one", f, tuple(drawn)))
    p.hand.append(drawn[keep])
    for i, card in enumerate(drawn):
        if i != keep:
            deck.append(card)
            g.rng.shuffle(deck)
    g.log("draw", f, amount=1, detail=src)


def enable_scoring_action(g: Game, f: FactionId) -> Gen[None]:
    """Play the Enable Scoring card; it gives no icons (Enable Scoring Action)."""
    card = next(c for c in g.players[f].hand if g.content.cards[c].special == "enable_scoring")
    g.discard_card(f, card)
    g.scoring_enabled_by = f
    g.scoring_enabled_rounds.append(g.round)
    g.log("scoring_enabled", f, detail=card)
    return
    yield  # a generator like every Action


ACTION_HANDLERS = {
    "move": move_action,
    "recruit": recruit_action,
    "build": build_action,
    "draw": draw_action,
    "enable_scoring": enable_scoring_action,
}
