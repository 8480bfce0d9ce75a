"""WarCry's Commands (BATTLE PHASE): who may attack what (speed, Flyers, an empty Battle
Line, ranges), who may block, and the Command answered: attack, ranged attack, Strategy,
another Command (a card's or a unit's), move up, pass (two in a row end the Battle) or
retreat."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.games.warcry import effects as fx
from cryhavoc_sim.games.warcry.content import Ability
from cryhavoc_sim.games.warcry.table import (
    ACTION_DECK,
    ACTION_DISCARD,
    ACTION_HAND,
    BATTLE_LINE,
    RESERVE,
    SPEED,
    STRATEGIES,
    Combat,
    WarCryTable,
)


class Commands(WarCryTable):
    """The Commands of a Battle (see the module docstring)."""

    # ------------------------------------------------------------------ Commands
    def can_attack(self, u: int) -> bool:
        """Declaring an Attack: a Ready unit of the Battle Line, or a Ready Cavalry or
        Flyer in either rank."""
        if u in self.committed:
            return False
        return self.line_of(u) == BATTLE_LINE or self.cards[u].kind in ("Cavalry", "Flyer")

    def _protected(self, q: int) -> set[int]:
        if not self.has_static(q, fx.PROTECT_UNIQUES):  # Alrik's Throneguard
            return set()
        return {u for u in self.units(q) if self.cards[u].unique}

    def attack_targets(self, u: int) -> list[int]:
        """Any unit of the opponent's Battle Line; any unit if it has no Ready unit
        there; a Flyer, any opposing unit."""
        q = 1 - self.owner(u)
        z = self.zones[q]
        if self.cards[u].kind == "Flyer" or not self.ready_battle_line(q):
            pool = z[BATTLE_LINE] + z[RESERVE]
        else:
            pool = list(z[BATTLE_LINE])
        shut = self._protected(q)
        return sorted(t for t in pool if t not in shut)

    def ranged_targets(self, u: int) -> list[int]:
        """Make a Ranged Attack: Short, one Line away; Ranged, one or two (FAQ); Long, any.
        Lines away: Battle Line to Battle Line is one, each Reserve adds one."""
        card = self.cards[u]
        q = 1 - self.owner(u)
        near = self.line_of(u) == BATTLE_LINE
        out = []
        for t in self.units(q):
            dist = 1 + (not near) + (self.line_of(t) == RESERVE)
            if card.range == "long_ranged" or dist == 1 or (card.range == "ranged" and dist == 2):
                out.append(t)
        shut = self._protected(q)
        return sorted(t for t in out if t not in shut)

    def blockers(self, attacker: int, target: int) -> list[int]:
        """Opposing Player Blocks: a Ready unit faster than the attacker (Riemann's
        Halberdiers may block Infantry); W3: from either Line."""
        q = 1 - self.owner(attacker)
        speed = SPEED.get(self.cards[attacker].kind, 0)
        out = []
        for b in self.units(q):
            if b == target or b in self.committed:
                continue
            bs = SPEED.get(self.cards[b].kind, 0)
            if bs > speed or (
                speed == 0 and any(a.effect == fx.BLOCK_INFANTRY for a in self.cards[b].abilities)
            ):
                out.append(b)
        return sorted(out)

    def _legal_command(self) -> tuple[Answer, ...]:
        p = self.actor
        out: list[Answer] = []
        for u in sorted(self.units(p)):
            if self.can_attack(u):
                out += [("attack", u, t) for t in self.attack_targets(u)]
        for u in sorted(self.units(p)):
            if self.cards[u].ranged and u not in self.committed:
                out += [("ranged", u, t) for t in self.ranged_targets(u)]
        names = sorted({self.cards[c].name for c in self.zones[p][ACTION_HAND] if self.cards[c].is_strategy})
        out += [("strategy", n) for n in names]
        if "command" in self.timings_held:  # no Command in the game: nothing to look for
            out += self._commands(p)
        out += [("move", u) for u in sorted(self.zones[p][RESERVE])]
        out += [("pass",), ("retreat",)]
        return tuple(out)

    def command_targets(self, p: int, ab: Ability) -> list[int]:
        """The units a Command ability may be directed at (-1: none to choose)."""
        if ab.target == "own_unit":
            return sorted(self.units(p))
        if ab.target == "own_committed":
            return sorted(u for u in self.units(p) if u in self.committed)
        if ab.target == "enemy_unit":
            return sorted(self.units(1 - p))
        return [-1]

    def _commands(self, p: int) -> list[Answer]:
        """Play a Command: "Some cards have actions you can take": a Command card other
        than a Strategy from the hand, or a Command ability of a Ready unit or of an
        attachment on one ("Committed Units cannot use their ... commands")."""
        out: list[Answer] = []
        if "command" not in self.timings_held:
            return out
        cards = self.cards
        found = {cards[x].name: cards[x] for x in self.zones[p][ACTION_HAND] if "command" in cards[x].timings}
        for name, card in sorted(found.items()):
            out += [("command", name, t) for t in self.command_targets(p, card.abilities[0])]
        for u in sorted(self.units(p)):
            if u in self.committed:
                continue
            for x in self.with_attachments(u, "command"):
                if "command" not in cards[x].timings:
                    continue
                for i, ab in enumerate(cards[x].abilities):
                    if ab.timing == "command":
                        out += [("unit_command", x, i, t) for t in self.command_targets(p, ab)]
        return out

    def _command_effect(self, p: int, ab: Ability, t: int) -> None:
        """A Command's "specific, immediate effects" on its target ``t``."""
        if ab.effect == fx.RALLY:  # Rally: the Committed unit turns back to Ready
            self.committed.discard(t)
        elif ab.effect == fx.COMMIT_TARGET:
            self.committed.add(t)
        elif ab.effect == fx.DRAW_ACTION:
            self._draw(p, ACTION_DECK)

    def _apply_command(self, answer: tuple[Any, ...]) -> None:
        p = self.actor
        what = answer[0]
        self.commander = p
        if what == "pass":  # "When both players pass consecutively, resolve the Battle Phase"
            self.passes += 1
            self.log("pass", p, 0, None)
            if self.passes >= 2:
                self._field()
            else:
                self.actor = 1 - p
            return
        self.passes = 0
        if what == "retreat":
            self._retreat(p)
        elif what == "move":  # Move: Reserve to Battle Line, never backward
            self.zones[p][RESERVE].remove(answer[1])
            self.zones[p][BATTLE_LINE].append(answer[1])
            self.log("move", p, 0, self.cards[answer[1]].name)
            self.actor = 1 - p
        elif what == "command":  # a Command card: its effect, then the discard pile
            c = self._take(p, ACTION_HAND, answer[1])
            self.zones[p][ACTION_DISCARD].append(c)
            self.log("command", p, 0, answer[1])
            self._command_effect(p, self.cards[c].abilities[0], answer[2])
            self.actor = 1 - p
        elif what == "unit_command":  # "Once you use a Command Action, your turn is over."
            x, i, t = answer[1], answer[2], answer[3]
            ab = self.cards[x].abilities[i]
            self.log("command", p, 0, self.cards[x].name)
            if ab.cost == "commit_self":
                self.committed.add(self.bearer(x))
            self._command_effect(p, ab, t)
            if ab.cost == "destroy_self":
                self._destroy(x)
            self.actor = 1 - p
        elif what == "strategy":  # Strategies stay in play until the end of the battle
            c = self._take(p, ACTION_HAND, answer[1])
            self.zones[p][STRATEGIES].append(c)
            self.log("strategy", p, 0, answer[1])
            self.actor = 1 - p
        else:
            u, t = answer[1], answer[2]
            for v in self.units(p):  # Brotherhood of Karak Azul commits when another unit attacks
                if v != u and any(a.effect == fx.COMMIT_ON_OTHER_ATTACK for a in self.cards[v].abilities):
                    self.committed.add(v)
            self.log(what, p, 0, f"{self.cards[u].name} -> {self.cards[t].name}")
            if what == "ranged":
                self._start_combat(p, u, t, ranged=True)
            elif self.blockers(u, t):
                self.combat = Combat(p, u, t, commander=p)
                self.phase, self.actor = "block", 1 - p
            else:
                self._start_combat(p, u, t)

    def _legal_block(self) -> tuple[Answer, ...]:
        c = self.combat
        assert c is not None
        return (*(("block", b) for b in self.blockers(c.att_u, c.def_u)), ("no_block",))

    def _apply_block(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        if answer[0] == "block":
            self.log("block", self.actor, 0, self.cards[answer[1]].name)
            self._start_combat(c.att_p, c.att_u, answer[1], blocked=True)
        else:
            self._start_combat(c.att_p, c.att_u, c.def_u)
