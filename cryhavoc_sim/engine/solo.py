"""The solo variant: one player against the Trog automaton (shared/rules/002_*, the fan
variant by Martin M and Grant Rodiek).

The engine owns the variant's turn structure and rule changes; the automaton's choices
(the five priority rules, Battle placement) are answered by
:class:`cryhavoc_sim.bots.automaton.AutomatonBot` through ordinary decision requests
made to ``"trogs"``. Rulings S1-S9 in docs/rulings.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.content.schema import Region
from cryhavoc_sim.engine import movement
from cryhavoc_sim.engine.decisions import Choice

if TYPE_CHECKING:
    from cryhavoc_sim.engine.game import Game, Gen

TROGS = "trogs"
SOLO_STRUCTURES = ("trogs.trap", "trogs.brooding_pool")  # Setup 12, in that order


def solo_regions(g: Game) -> list[Region]:
    """Board changes: neither side uses the outer Regions nor the HQs not chosen by the
    player (ruling S1: every outer-ring Region of the reconstructed board)."""
    spec = g.setup_spec
    hqs = [r.id for r in g.board.regions if r.hq]
    chosen = spec.hqs[spec.factions[0]] if spec.hqs else g.rng.choice(hqs)
    return [r for r in g.board.regions if (r.hq and r.id == chosen) or (not r.hq and not r.outer)]


def setup_automaton(g: Game, trog_hq: str | None) -> None:
    """Setup 2, 9, 11, 12: the Trog HQ in the centre with two Units (as for 4 players), a
    shuffled Trog deck, a Tunnel in the Trog HQ, the Trap and the Brooding Pool."""
    from cryhavoc_sim.engine.setup import _place_hq
    from cryhavoc_sim.engine.state import PlayerState

    assert trog_hq is not None
    kit = g.content.factions[TROGS]
    p = PlayerState(faction=TROGS, is_npc=True, total_units=kit.units, control_left=kit.control_tokens)
    p.deck = list(g.content.deck(TROGS))
    g.rng.shuffle(p.deck)
    p.structures_left = {s: g.content.structures[s].tokens for s in SOLO_STRUCTURES}
    g.players[TROGS] = p
    _place_hq(g, TROGS, trog_hq, g.rules.trog_start_units_4p)
    g.regions[trog_hq].tunnel = True


def draw_card(g: Game) -> str | None:
    p = g.players[TROGS]
    if not p.deck and p.discard:
        p.deck, p.discard = p.discard, []
        g.rng.shuffle(p.deck)
    return p.deck.pop() if p.deck else None


def desert_draw(g: Game, n: int) -> int:
    """Whenever the Trogs would draw a card or a Terrain card, they draw a Desert card;
    it joins their deck through the discard pile (ruling S4)."""
    deck = g.terrain_decks["desert"]
    drawn = 0
    for _ in range(min(n, len(deck))):
        g.players[TROGS].discard.append(deck.pop())
        drawn += 1
    return drawn


def automaton_turn(g: Game, number: int) -> Gen[None]:
    """Draw the top card and resolve, in order: Movement, Recruitment, Build, then any
    text on the card. A Desert card makes the Trogs draw and resolve a second card."""
    p = g.players[TROGS]
    g.new_turn()
    g.actions_taken[TROGS] += 1
    g.log("action", TROGS, amount=number, detail="automaton")
    card = draw_card(g)
    while card is not None:
        c = g.content.cards[card]
        g.log("card_played", TROGS, detail=card)
        if c.move:
            yield from movement.move(g, TROGS, c.move)
        n = min(c.recruit, p.reserve)
        if n and p.hq is not None:
            p.reserve -= n
            g.add_units(p.hq, TROGS, n)
            g.log("recruit", TROGS, p.hq, amount=n)
        if c.build:
            yield from build(g, c.build)
        if c.special == "enable_scoring" and g.scoring_enabled_by is None and not g.final_round:
            g.scoring_enabled_by = TROGS
            g.scoring_enabled_rounds.append(g.round)
            g.log("scoring_enabled", TROGS, detail=card)
        elif c.special == "initiative":  # the Trogs always choose to go first
            g.upcoming.remove(TROGS)
            g.upcoming.insert(0, TROGS)
            g.log("initiative_change", TROGS, amount=1, detail=",".join(g.upcoming))
        p.discard.append(card)
        card = draw_card(g) if c.deck == "desert" else None


def build(g: Game, points: int) -> Gen[None]:
    """Build/Activate: a Trap first (where the priority rules point), else activate a
    Trap; a Brooding Pool once every Trap is out or the icons pay for both; then activate
    every Trap, then every Brooding Pool, while points last."""
    from cryhavoc_sim.engine import effects

    trap, pool = (g.content.structures[s] for s in SOLO_STRUCTURES)
    p = g.players[TROGS]

    def sites(sid: str) -> list[str]:
        return [
            r
            for r in g.controlled(TROGS)
            if g.regions[r].hq_of is None
            and not g.regions[r].battle
            and all(x != sid for _, x in g.regions[r].structures)
        ]

    def place(sid: str) -> Gen[bool]:
        options = sites(sid)
        if not options or p.structures_left[sid] <= 0:
            return False
        pick = 0
        if len(options) > 1:
            pick = yield from g.ask(
                Choice("target_region", TROGS, tuple(options), actor=TROGS, context="solo_build")
            )
        effects.place_structure(g, TROGS, options[pick], sid, "build")
        return True

    # A Trap first; a Brooding Pool once every Trap is out, or if the icons pay for both.
    pay_both = points >= trap.build_cost + pool.build_cost
    if points >= trap.build_cost and (yield from place(trap.id)):
        points -= trap.build_cost
    wants_pool = p.structures_left[trap.id] == 0 or pay_both
    if wants_pool and points >= pool.build_cost and (yield from place(pool.id)):
        points -= pool.build_cost
    for st in (trap, pool):
        for r, s in list(g.regions.items()):
            if (
                points < st.activate_cost
                or (TROGS, st.id) not in s.structures
                or s.control != TROGS
                or s.battle
            ):
                continue
            points -= st.activate_cost
            g.log("activate", TROGS, r, detail=st.id)
            yield from effects.run(g, TROGS, st.effect, source="structure", region=r)


def war_party_rule_5(g: Game, region: str) -> None:
    """Rule 5: Trogs moving onto a War Party token add its Crystals and minis, then every
    Trog mini there goes to the Reserve and a Nest token takes their place."""
    from cryhavoc_sim.engine import trogs

    s = g.regions[region]
    token = trogs.take_token(s)
    s.crystals += token.crystals
    n = s.units.pop(TROGS, 0)
    g.players[TROGS].reserve += n
    g.log("token_revealed", TROGS, region, TROGS, 0, token.id)
    if token.crystals:
        g.log("crystals_added", None, region, None, token.crystals, token.id)
    g.log("retreat", TROGS, region, None, n, "reserve")
    trogs.place_nest(g, region, "rule_5")


def automaton_tactic(g: Game, b: object) -> Gen[bool]:
    """The Trogs' Tactics turn: unless already winning Territory Control, draw a card and
    resolve only its text; a card without Tactics text ends their plays (returns False).
    Desert cards are playable in any Terrain."""
    from cryhavoc_sim.engine import effects
    from cryhavoc_sim.engine.state import RC, Battle

    assert isinstance(b, Battle)
    mine, theirs = b.on[TROGS][RC], b.on[b.enemy(TROGS)][RC]
    if mine > theirs or (mine == theirs and b.defender == TROGS):
        return False
    card = draw_card(g)
    if card is None:
        return False
    c = g.content.cards[card]
    g.players[TROGS].discard.append(card)
    g.log("card_played", TROGS, b.region, b.enemy(TROGS), None, card)
    if not c.tactic:
        return False
    yield from effects.run(g, TROGS, c.tactic, source="tactic", region=b.region)
    return True
