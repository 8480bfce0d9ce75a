"""WarCry's heuristic bot (issue 30): muster by strength per gold keeping Tactic Points in
the Reserve for the first Command; attack when the chance of winning the Combat, from
strength and the die distribution of its own Action deck, clears a threshold; block when
a faster unit improves the odds; tactics only to change the result; pass when ahead on
the field; retreat when behind with nothing left to attack with.

Fair: it reads the public board, its own hands and the card list of its own Action deck
(what its player built), never a hand of the other player or a deck's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.games.warcry.state import (
    ACTION_DECK,
    ACTION_DISCARD,
    ACTION_HAND,
    BATTLEFIELD,
    PLAYERS,
    RESERVE,
    STRATEGIES,
    WarCryState,
)
from cryhavoc_sim.rng import Rng

Move = tuple[Any, ...]  # every WarCry answer is a tuple


@dataclass(frozen=True, slots=True)
class Personality:
    """How bold a heuristic is: the chance of winning it attacks at, the Reserve it keeps
    for the first Command, and whether it presses follow-ups."""

    attack_at: float
    reserve: int
    follow_up: bool


PERSONALITIES = {
    "bold": Personality(attack_at=0.45, reserve=1, follow_up=True),
    "cautious": Personality(attack_at=0.62, reserve=2, follow_up=False),
}


@cache
def win_chance(diff: int, dice: tuple[int, ...], ties_win: bool) -> float:
    """P(diff + my roll > their roll) with both rolls from ``dice`` (ties count as a win
    when ``ties_win``, as in a ranged attack, and as half otherwise: a Slaughter)."""
    n = len(dice) or 1
    win = 0.0
    for a in dice or (0,):
        for b in dice or (0,):
            d = diff + a - b
            win += 1.0 if d > 0 else (1.0 if ties_win else 0.5) if d == 0 else 0.0
    return win / (n * n)


class HeuristicBot:
    """The heuristic (see the module docstring), with a :class:`Personality`."""

    def __init__(self, player: str, rng: Rng, personality: Personality) -> None:
        self.player = player
        self.p = PLAYERS.index(player)
        self.rng = rng
        self.me = personality

    def dice(self, s: WarCryState) -> tuple[int, ...]:
        z = s.zones[self.p]
        # its own Action deck's card list: every card it owns that is an action card
        return tuple(
            sorted(
                s.cards[c].die
                for k in (ACTION_DECK, ACTION_HAND, ACTION_DISCARD, STRATEGIES, BATTLEFIELD)
                for c in z[k]
            )
        )

    def decide(self, s: WarCryState) -> Answer:
        legal = cast(tuple[Move, ...], s.legal_answers())
        pick = getattr(self, "_" + s.phase, None)
        answer = pick(s, legal) if pick is not None else None
        return answer if answer in legal else legal[-1] if s.phase != "tie_attacker" else legal[0]

    def _first(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        return ("field_second",)  # fielding second sees the other muster first

    def _muster(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        units = [a for a in legal if a[0] == "unit"]
        if units:
            names = {c.name: c for c in s.cards}
            best = max(
                units,
                key=lambda a: (names[a[1]].strength / max(1, names[a[1]].cost), names[a[1]].strength, a),
            )
            card = names[best[1]]
            want_reserve = len(s.zones[self.p][RESERVE]) < self.me.reserve and card.tactic_points >= 3
            return ("unit", best[1], "reserve" if want_reserve else "battle")
        attach = [a for a in legal if a[0] == "attach"]
        if attach:
            return max(attach, key=lambda a: (s.strength(a[2]), -a[2]))
        return ("pass",)

    def _command(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        dice = self.dice(s)
        best, chance = None, 0.0
        for a in legal:
            if a[0] == "attack":
                pwin = win_chance(s.strength(a[1]) - s.strength(a[2]), dice, False)
            elif a[0] == "ranged":
                pwin = win_chance(s.cards[a[1]].ranged - s.strength(a[2]), dice, True)
            else:
                continue
            if pwin > chance:
                best, chance = a, pwin
        mine, theirs = s.field_value(self.p), s.field_value(1 - self.p)
        if best is not None and chance >= self.me.attack_at:
            return best
        for a in legal:
            if a[0] == "strategy" or (a[0] in ("command", "unit_command") and self._worth_commanding(s, a)):
                return a
        if mine > theirs or (best is None and mine == theirs):
            return ("pass",)
        moves = [a for a in legal if a[0] == "move"]
        if moves:
            return moves[0]
        if best is not None and chance >= 0.35:
            return best
        return ("retreat",) if mine + 6 < theirs and best is None else ("pass",)

    def _worth_commanding(self, s: WarCryState, a: Move) -> bool:
        """A Command worth its turn: Rally a strong unit, Commit a strong Ready enemy, draw
        an Action card into a short hand."""
        if a[0] == "command":
            ab = next(s.cards[x] for x in s.zones[self.p][ACTION_HAND] if s.cards[x].name == a[1]).abilities[
                0
            ]
        else:
            ab = s.cards[a[1]].abilities[a[2]]
        t = a[-1]
        if ab.effect == "rally":
            return (
                t >= 0
                and s.strength(t) >= 3
                and not (ab.cost == "commit_self" and s.strength(s.bearer(a[1])) >= 3)
            )
        if ab.effect == "commit_target":
            return t >= 0 and t not in s.committed and s.strength(t) >= 4
        if ab.effect == "draw_action":
            return len(s.zones[self.p][ACTION_HAND]) < 4
        return False

    def _block(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        c = s.combat
        assert c is not None
        dice = self.dice(s)
        target = win_chance(s.strength(c.def_u) - s.strength(c.att_u), dice, False)
        best = max(
            legal,
            key=lambda a: (
                win_chance(s.strength(a[1]) - s.strength(c.att_u), dice, False) if a[0] == "block" else target
            ),
        )
        return best

    def _tactic(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        c = s.combat
        assert c is not None
        side = c.side_of(self.p)
        dice = self.dice(s)
        now = s.total(c, side) - (c.rolls[side] or 0) - (s.total(c, 1 - side) - (c.rolls[1 - side] or 0))
        base = win_chance(now, dice, c.ranged and side == 0)
        best: Move = ("pass",)
        gain = 0.04
        for a in legal:
            if a[0] in ("card", "support_card"):
                ab = next(
                    s.cards[x] for x in s.zones[self.p][ACTION_HAND] if s.cards[x].name == a[1]
                ).abilities[0]
            elif a[0] == "ability" or a[0] == "strategy":
                ab = s.cards[a[1]].abilities[a[2]]
            else:
                continue
            # a tactic directed at the enemy's unit helps by what it takes from it
            plus = -ab.strength if ab.target == "enemy" else ab.strength
            if c.ranged and (side == 0) != (ab.target == "enemy"):
                plus = 0  # a ranged attacker's total takes no strength modifier (W2)
            g = win_chance(now + plus, dice, c.ranged and side == 0) - base
            if ab.effect in ("destroy_on_win", "rout_on_win") and base > 0.5:
                g = 0.05
            if g > gain:
                best, gain = a, g
        return best

    def _react(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        c = s.combat
        assert c is not None
        if c.window != "enemy_roll":  # a reaction as a Combat begins only helps: take it
            return legal[0]
        roll = c.rolls[1 - c.side_of(self.p)] or 0
        return legal[0] if roll >= 4 else ("no_react",)

    def _peek(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        top = s.known_top[self.p]
        return ("discard_top",) if top is not None and s.cards[top].die <= 2 else ("keep_top",)

    def _follow_up(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        return ("follow_up",) if self.me.follow_up else ("stop",)

    def _follow_target(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        return max(legal, key=lambda a: (s.strength(a[1]), a))

    def _tie_attacker(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        return max(legal, key=lambda a: (s.strength(a[1]), a))

    def _tie_defender(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        return max(legal, key=lambda a: (s.strength(a[1]), a))

    def _cleanup(self, s: WarCryState, legal: tuple[Move, ...]) -> Move:
        u = s.queue[0]
        card = s.cards[u]
        if card.strength / max(1, card.cost) < 0.5:
            return ("discard",)
        return ("keep", "reserve") if card.tactic_points >= 4 else ("keep", "battle")
