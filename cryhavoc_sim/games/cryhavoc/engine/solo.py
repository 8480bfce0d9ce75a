"""The solo variant: one player against the Trog automaton (shared/rules/002_*, the fan
variant by Martin M and Grant Rodiek).

The engine owns the variant's turn structure and rule changes; the automaton's choices
(the five priority rules, Battle placement) are answered by
:class:`cryhavoc_sim.games.cryhavoc.bots.automaton.AutomatonBot` through ordinary decision requests
made to ``"trogs"``. Rulings S1-S9 in docs/rulings.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import CardId, FactionId, Region, RegionId
from cryhavoc_sim.games.cryhavoc.engine import effects, movement, structures, trogs
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step
from cryhavoc_sim.games.cryhavoc.engine.roles import Role
from cryhavoc_sim.games.cryhavoc.engine.setup import place_hq
from cryhavoc_sim.games.cryhavoc.engine.state import RC, Outcome, PlayerState

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game, GameSetup

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
    assert trog_hq is not None
    kit = g.content.factions[TROGS]
    p = PlayerState(faction=TROGS, total_units=kit.units, control_left=kit.control_tokens)
    p.deck = list(g.content.deck(TROGS))
    g.rng.shuffle(p.deck)
    p.structures_left = {s: g.content.structures[s].tokens for s in SOLO_STRUCTURES}
    g.players[TROGS] = p
    place_hq(g, TROGS, trog_hq, g.rules.trog_start_units_4p)
    g.set_tunnel(trog_hq, True)  # solo setup: a Tunnel in the Trog HQ
    p.reserve = p.total_units - sum(s.units.get(TROGS, 0) for s in g.regions.values())


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


@dataclass(eq=False)
class AutomatonTurn(Step):
    """Draw the top card and resolve, in order: Movement, Recruitment, Build, then any
    text on the card. A Desert card makes the Trogs draw and resolve a second card."""

    number: int
    card: CardId = ""  # the card being resolved
    pc: int = 0

    def __init__(self, number: int, card: CardId = "", pc: int = 0) -> None:
        self.number = number
        self.card = card
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        p = g.players[TROGS]
        if self.pc == 0:
            g.new_turn()
            g.actions_taken[TROGS] += 1
            g.log("action", TROGS, amount=self.number, detail="automaton")
            card = draw_card(g)
            if card is None:
                g.finish()
                return
            self.card = card
            self.pc = 1
        while True:
            c = g.content.cards[self.card]
            if self.pc == 1:
                g.log("card_played", TROGS, detail=self.card)
                self.pc = 2
                if c.move:
                    g.call(movement.Move(TROGS, c.move))
                    return
            if self.pc == 2:
                n = min(c.recruit, p.reserve)
                if n and p.hq is not None:
                    p.reserve -= n
                    g.add_units(p.hq, TROGS, n)
                    g.log("recruit", TROGS, p.hq, amount=n)
                self.pc = 3
                if c.build:
                    g.call(SoloBuild(c.build))
                    return
            if c.special == "enable_scoring" and g.scoring_enabled_by is None and not g.final_round:
                g.scoring_enabled_by = TROGS
                g.scoring_enabled_rounds.append(g.round)
                g.log("scoring_enabled", TROGS, detail=self.card)
            elif c.special == "initiative":  # the Trogs always choose to go first
                g.upcoming.remove(TROGS)
                g.upcoming.insert(0, TROGS)
                g.log("initiative_change", TROGS, amount=1, detail=",".join(g.upcoming))
            p.discard.append(self.card)
            # "Trogs execute everything on every card" (002, How to Play), its bonus too: a
            # draw bonus draws and resolves a second card at once, as the Note says of a
            # Desert card "due to the Desert's draw bonus" (ruling S12).
            if c.bonus == "vp":
                g.gain_vp(TROGS, 1, "card_bonus")
            card = draw_card(g) if c.bonus == "draw_one" else None
            if card is None:
                g.finish()
                return
            self.card = card
            self.pc = 1


def _sites(g: Game, sid: str) -> tuple[str, ...]:
    return tuple(
        r
        for r in g.controlled(TROGS)
        if g.regions[r].hq_of is None
        and not g.regions[r].battle
        and all(x != sid for _, x in g.regions[r].structures)
    )


@dataclass(eq=False)
class SoloBuild(Step):
    """Build/Activate: a Trap first (where the priority rules point), else activate a
    Trap; a Brooding Pool once every Trap is out or the icons pay for both; then activate
    every Trap, then every Brooding Pool, while points last."""

    points: int
    pay_both: bool = False
    options: tuple[str, ...] = ()
    kind: int = 0  # 0: Traps, 1: Brooding Pools (activation)
    todo: tuple[str, ...] | None = None  # Regions still to look at for activation
    pc: int = 0

    def __init__(
        self,
        points: int,
        pay_both: bool = False,
        options: tuple[str, ...] = (),
        kind: int = 0,
        todo: tuple[str, ...] | None = None,
        pc: int = 0,
    ) -> None:
        self.points = points
        self.pay_both = pay_both
        self.options = options
        self.kind = kind
        self.todo = todo
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        trap, pool = (g.content.structures[s] for s in SOLO_STRUCTURES)
        p = g.players[TROGS]
        if self.pc == 0:
            # A Trap first; a Brooding Pool once every Trap is out, or if the icons pay for both.
            self.pay_both = self.points >= trap.build_cost + pool.build_cost
            self.pc = 2
            if self.points >= trap.build_cost and p.structures_left[trap.id] > 0:
                options = _sites(g, trap.id)
                if options:
                    self.options = options
                    self.pc = 1
                    if g.ask(self._where(options)):
                        return
                    answer = 0  # one option: answered at once
        if self.pc == 1:
            structures.place_structure(g, TROGS, self.options[answer], trap.id, "build")
            self.points -= trap.build_cost
            self.pc = 2
        if self.pc == 2:
            wants_pool = p.structures_left[trap.id] == 0 or self.pay_both
            self.pc = 4
            if wants_pool and self.points >= pool.build_cost and p.structures_left[pool.id] > 0:
                options = _sites(g, pool.id)
                if options:
                    self.options = options
                    self.pc = 3
                    if g.ask(self._where(options)):
                        return
                    answer = 0  # one option: answered at once
        if self.pc == 3:
            structures.place_structure(g, TROGS, self.options[answer], pool.id, "build")
            self.points -= pool.build_cost
            self.pc = 4
        # Activation: every Trap, then every Brooding Pool, while points last.
        while self.kind < 2:
            st = (trap, pool)[self.kind]
            if self.todo is None:
                self.todo = tuple(g.regions)
            while self.todo:
                r, self.todo = self.todo[0], self.todo[1:]
                s = g.regions[r]
                if (
                    self.points < st.activate_cost
                    or (TROGS, st.id) not in s.structures
                    or s.control != TROGS
                    or s.battle
                ):
                    continue
                self.points -= st.activate_cost
                g.log("activate", TROGS, r, detail=st.id)
                g.call(effects.RunEffects(TROGS, st.effect, "structure", r))
                return
            self.kind += 1
            self.todo = None
        g.finish()

    @staticmethod
    def _where(options: tuple[str, ...]) -> Choice:
        return Choice("target_region", TROGS, options, actor=TROGS, context="solo_build")


def war_party_rule_5(g: Game, region: str) -> None:
    """Rule 5: Trogs moving onto a War Party token add its Crystals and minis, then every
    Trog mini there goes to the Reserve and a Nest token takes their place."""
    s = g.regions[region]
    token = trogs.take_token(s)
    g.revealed.append(token.id)
    s.crystals += token.crystals
    n = s.units.pop(TROGS, 0)
    g.players[TROGS].reserve += n
    g.log("token_revealed", TROGS, region, TROGS, 0, token.id)
    if token.crystals:
        g.log("crystals_added", None, region, None, token.crystals, token.id)
    g.log("retreat", TROGS, region, None, n, "reserve")
    trogs.place_nest(g, region, "rule_5")


@dataclass(eq=False)
class AutomatonTactic(Step):
    """The Trogs' Tactics turn: unless already winning Territory Control, draw a card and
    resolve only its text; a card without Tactics text ends their plays (hands False to
    the Battle). Desert cards are playable in any Terrain."""

    pc: int = 0

    def __init__(self, pc: int = 0) -> None:
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        if self.pc == 1:
            g.finish(True)
            return
        b = g.battle
        assert b is not None
        mine, theirs = b.on[TROGS][RC], b.on[b.enemy(TROGS)][RC]
        if mine > theirs or (mine == theirs and b.defender == TROGS):
            g.finish(False)
            return
        card = draw_card(g)
        if card is None:
            g.finish(False)
            return
        c = g.content.cards[card]
        g.players[TROGS].discard.append(card)
        g.log("card_played", TROGS, b.region, b.enemy(TROGS), None, card)
        if not c.tactic:
            g.finish(False)
            return
        self.pc = 1
        g.call(effects.RunEffects(TROGS, c.tactic, "tactic", b.region))


class Automaton(Role):
    """The Trog automaton as the Trogs' role: the solo variant's changes to the rules,
    each at the hook the rules ask (see :class:`~engine.roles.Role`)."""

    def regions_in_play(self, g: Game) -> list[Region]:
        return solo_regions(g)

    def extra_skills(self, spec: GameSetup) -> int:
        return spec.difficulty - 1  # Setup: 1, 2 or 3 Skills in play

    def set_up_trogs(self, g: Game, trog_hq: RegionId | None) -> bool:
        setup_automaton(g, trog_hq)
        return True

    def seated_apart(self) -> bool:
        return True  # the automaton takes an Initiative seat (solo Setup)

    def passes_events(self) -> bool:
        return False

    def draws_in_draw_phase(self) -> bool:
        return False  # it draws one card per turn instead (How to Play)

    def effect_draw(self, g: Game, n: int) -> int | None:
        return desert_draw(g, n)

    def turn(self, number: int) -> Step | None:
        return AutomatonTurn(number)

    def enters_trog_token(self, g: Game, region: RegionId) -> bool:
        # Rule 5 is for a War Party token (002, "Explanation of rule no. 5": "when Trogs
        # move into a Region with a Trog War Party token"); a Nest the automaton moves
        # onto follows the base rule ("follow all rules for Cry Havoc"; 000, 4-player
        # game, Movement: reveal it, place its Crystals and Trog Units): ruling S11.
        token = g.regions[region].trog_token
        if token is None or token.kind != "war_party":
            return False
        war_party_rule_5(g, region)
        return True

    def trogs_arrive_from_hq(self) -> bool:
        return True  # solo rule 5: Trogs arrive in Battle from their HQ

    def places_last(self) -> bool:
        return True  # the player always places first

    def tactics_turn(self) -> Step | None:
        return AutomatonTactic()

    def survivors_home(self, g: Game, faction: FactionId) -> RegionId | None:
        return g.players[faction].hq

    def ended_by(self, reason: str) -> str:
        return "five_rounds"

    def outcome(self, g: Game, ended_by: str) -> Outcome | None:
        """The player wins with more points than the Trogs (solo: How to win)."""
        player = g.setup_spec.factions[0]
        won = g.players[player].vp > g.players[TROGS].vp
        return Outcome(
            winner=player if won else TROGS,
            ended_by=ended_by,
            rounds_played=g.round,
            vp={f: p.vp for f, p in g.players.items()},
            ranking=(player, TROGS) if won else (TROGS, player),
            seats=g.seats,
        )
