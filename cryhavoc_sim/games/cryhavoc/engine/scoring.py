"""Events, Prisoners and Scoring phases, and the end of the game (rulebook: 1. Events,
5. Prisoners, 6. Scoring, End of the Game, 4-player Scoring)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import effects
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice
from cryhavoc_sim.games.cryhavoc.engine.flow import Step
from cryhavoc_sim.games.cryhavoc.engine.state import Outcome

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


@dataclass(eq=False)
class EventsPhase(Step):
    """A. reveal and resolve the next Event stack, top to bottom; B. update Initiative and
    C. refresh exhausted Skills, both skipped in the first Round."""

    k: int = -1  # the Event spot being resolved
    t: int = 0  # its token being resolved
    order: tuple[FactionId, ...] = ()  # the players a player-scope Event still acts for
    pc: int = 0

    def __init__(self, k: int = -1, t: int = 0, order: tuple[FactionId, ...] = (), pc: int = 0) -> None:
        self.k = k
        self.t = t
        self.order = order
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        if self.pc == 0:
            k = next((i for i, stack in enumerate(g.spots) if stack and not g.spot_resolved[i]), None)
            self.pc = 1
            if k is not None:
                self.k = k
                g.spot_resolved[k] = True
        if self.k >= 0:
            spot = g.spots[self.k]
            while True:
                if self.pc == 2:  # acting for each player in turn
                    if self.order:
                        f, self.order = self.order[0], self.order[1:]
                        g.call(effects.RunEffects(f, spot[self.t].effect, "event"))
                        return
                    self.t += 1
                    self.pc = 1
                elif self.pc == 3:  # a game-level Event resolved
                    self.t += 1
                    self.pc = 1
                if self.t >= len(spot):
                    break
                token = spot[self.t]
                g.log("event_revealed", None, None, None, self.k + 1, token.id)
                g.revealed.append(token.id)
                if token.kind == "final_event":
                    g.final_round = True  # Scoring is always Enabled in the final Round.
                    self.t += 1
                elif token.scope == "game":
                    self.pc = 3
                    g.call(effects.RunEffects(None, token.effect, "event"))
                    return
                else:
                    self.order = tuple(g.order())
                    self.pc = 2
        if g.round > 1:
            if g.initiative != g.upcoming:
                g.log("initiative", None, None, None, None, ",".join(g.upcoming))
            g.initiative = list(g.upcoming)
            for p in g.players.values():
                p.exhausted.clear()
        g.finish()


@dataclass(eq=False)
class PrisonersPhase(Step):
    """1 VP per Prisoner held; then, in Initiative order, buy Prisoners back at 2 VP each
    while VP suffice (Prisoners; Trog Prisoners in Clarifications)."""

    order: tuple[FactionId, ...] = ()
    i: int = 0  # the player buying back
    captors: tuple[FactionId, ...] = ()
    pc: int = 0

    def __init__(
        self, order: tuple[FactionId, ...] = (), i: int = 0, captors: tuple[FactionId, ...] = (), pc: int = 0
    ) -> None:
        self.order = order
        self.i = i
        self.captors = captors
        self.pc = pc

    def run(self, g: Game, answer: Any) -> None:
        cost = g.rules.prisoner_return_cost
        if self.pc == 0:
            for f in g.order():
                held = g.players[f].prisoners_held
                if held:
                    g.gain_vp(f, held * g.rules.prisoner_vp, "prisoners")
            self.order = tuple(g.order())
            self.pc = 1
        elif self.pc == 2:  # a buy-back was chosen, or stopping
            f = self.order[self.i]
            pick = answer
            if pick == len(self.captors):
                self.i += 1
            else:
                captor = self.captors[pick]
                g.players[captor].prisoners[f] -= 1
                if not g.players[captor].prisoners[f]:
                    del g.players[captor].prisoners[f]
                g.players[f].reserve += 1
                g.log("prisoner_return", f, None, captor, 1)
                g.gain_vp(f, -cost, "prisoner_return")
            self.pc = 1
        while self.i < len(self.order):
            f = self.order[self.i]
            if g.players[f].vp >= cost:
                captors = tuple(c for c, q in g.players.items() if q.prisoners.get(f, 0) > 0)
                if captors:
                    self.captors = captors
                    self.pc = 2
                    g.ask(Choice("buy_back", f, (*captors, None)), always=True)
                    return
            self.i += 1
        g.finish()


def scoring_phase(g: Game) -> None:
    """The enabler scores 1 VP per controlled Region, then everyone 1 VP per Crystal in
    controlled Regions; the final Round scores Crystals only (Scoring; End of the Game)."""
    if g.final_round:
        g.log("final_scoring")
    elif g.scoring_enabled_by is not None:
        f = g.scoring_enabled_by
        g.gain_vp(f, len(g.controlled(f)), "scoring_regions")
    else:
        return
    for f in g.order():
        g.gain_vp(f, crystal_vp(g, f), "scoring_crystals")


def crystal_vp(g: Game, f: FactionId) -> int:
    """What ``f``'s Regions score now: 1 VP per Crystal in them, the Trogs half, rounded
    up (Scoring; 4-player game: Scoring)."""
    crystals = 0
    for r in g.controlled(f):
        crystals += g.regions[r].crystals
    return trog_crystal_vp(crystals) if f == "trogs" else crystals


def trog_crystal_vp(crystals: int) -> int:
    """The Trog player scores half the Crystals, rounded up (4-player game: Scoring)."""
    return math.ceil(crystals / 2)


def ranking(g: Game) -> list[str]:
    """Most VP; ties to most Prisoners, then to the player later in Initiative order."""
    order = g.order()
    return sorted(
        order,
        key=lambda f: (g.players[f].vp, g.players[f].prisoners_held, order.index(f)),
        reverse=True,
    )


def outcome(g: Game, ended_by: str) -> Outcome:
    """How the game ended (End of the Game), unless the Trogs' role has its own victory
    rule (the solo automaton's)."""
    own = g.trog_hooks.outcome(g, ended_by)
    if own is not None:
        return own
    ranked = ranking(g)
    return Outcome(
        winner=ranked[0],
        ended_by=ended_by,
        rounds_played=g.round,
        vp={f: g.players[f].vp for f in g.player_factions},
        ranking=tuple(ranked),
        seats=g.seats,
    )
