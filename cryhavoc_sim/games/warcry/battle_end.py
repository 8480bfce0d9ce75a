"""The end of a WarCry Battle: Retreat!, winning the field (Victory, the tie's final
Combats), the Battle won, and the Clean-up that keeps or discards survivors before the
next Muster."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.games.warcry.table import (
    ACTION_DISCARD,
    ACTION_HAND,
    ARMY_DECK,
    ARMY_DISCARD,
    BATTLE_LINE,
    BATTLEFIELD,
    MAX_TIE_COMBATS,
    RESERVE,
    STRATEGIES,
    WarCryTable,
)


class BattleEnd(WarCryTable):
    """How a Battle ends and is cleaned up (see the module docstring)."""

    # ------------------------------------------------------------------ the end of a Battle
    def _retreat(self, p: int) -> None:
        """Retreat!: the Battle is lost; each unit kept must pass a Leadership Test with
        no modifiers (W11: every unit is tested; Clean-up may still discard it)."""
        self.log("retreat", p, 0, None)
        for u in sorted(self.units(p)):
            if self._roll(p) > self.leadership(u, with_modifiers=False):
                self._discard_unit(u)
        self._end_battle(1 - p, "retreat")

    def _field(self) -> None:
        """WINNING THE FIELD OF BATTLE: the higher Strength total (Victory +/-) wins; a side
        with units beats one with none (FAQ); a tie goes to a final Combat, and so do the
        units revealed when neither side had one ("In that case, roll to see who attacks")."""
        have = [bool(self.units(p)) for p in (0, 1)]
        revealed = not any(have)
        if revealed:  # "they draw from their Unit deck until a Unit is revealed"
            self._reveal_units()
            have = [bool(self.units(p)) for p in (0, 1)]
        if have[0] != have[1]:
            self._end_battle(0 if have[0] else 1)
            return
        if not any(have):  # W9: neither deck holds a unit: a roll-off
            self._end_battle(self._roll_off(), "roll-off")
            return
        v = [self.field_value(p) for p in (0, 1)]
        if v[0] != v[1] and not revealed:  # W17: revealed units fight: "roll to see who attacks"
            self._end_battle(0 if v[0] > v[1] else 1, "tie" if self.tie_rounds else "field")
            return
        self.tie_rounds += 1
        if self.tie_rounds > MAX_TIE_COMBATS:
            self._end_battle(self._roll_off(), "roll-off")
            return
        # Ties Are for the Weak: the high roller attacks with a unit of its choice
        self.phase, self.actor = "tie_attacker", self._roll_off()

    def _reveal_units(self) -> None:
        """Each player reveals a unit; a Unique duplicate revealed discards the original
        (Unique: "only one of that card can be in play ... the original copy is
        discarded"), whose player reveals again (W17). Bounded: a reveal finding no unit
        ends it."""
        for _ in range(MAX_TIE_COMBATS):
            for p in (0, 1):
                if not self.units(p):
                    c = self._reveal_unit(p)
                    if c < 0:
                        return
                    for x in self._originals(c):
                        self._destroy(x)
            if all(self.units(p) for p in (0, 1)):
                return

    def _reveal_unit(self, p: int) -> int:
        """The first unit of ``p``'s Army deck, put in its Battle Line (-1: none)."""
        z = self.zones[p]
        for _ in range(len(z[ARMY_DECK]) + len(z[ARMY_DISCARD])):
            self._refill(p, ARMY_DECK)
            if not z[ARMY_DECK]:
                return -1
            c = z[ARMY_DECK].pop()
            if self.cards[c].is_unit:
                z[BATTLE_LINE].append(c)
                self._refill(p, ARMY_DECK)
                return c
            z[ARMY_DISCARD].append(c)
        return -1

    def _legal_tie_attacker(self) -> tuple[Answer, ...]:
        return tuple(("unit", u) for u in sorted(self.units(self.actor)))

    def _apply_tie_attacker(self, answer: tuple[Any, ...]) -> None:
        self.pick = answer[1]
        self.actor = 1 - self.actor
        self.phase = "tie_defender"  # the low roller chooses the unit attacked

    def _legal_tie_defender(self) -> tuple[Answer, ...]:
        return tuple(("unit", u) for u in sorted(self.units(self.actor)))

    def _apply_tie_defender(self, answer: tuple[Any, ...]) -> None:
        att, dfd = self.pick, answer[1]
        self.pick = -1
        self.committed.discard(att)  # both placed in the Battlefield ready
        self.committed.discard(dfd)
        self.combat = None
        self._start_combat(1 - self.actor, att, dfd, tie=True)

    def _end_battle(self, w: int, how: str = "field") -> None:
        """Battle won by ``w``; ``how``: field, tie (after final Combats), retreat, roll-off."""
        self.wins[w] += 1
        self.battle_winners.append(w)
        self.log("battle_won", w, 1, how)
        self.combat = None
        for p in (0, 1):  # CLEAN-UP: discard hands; Strategies leave with the Battle
            z = self.zones[p]
            z[ACTION_DISCARD] += z[ACTION_HAND] + z[STRATEGIES] + z[BATTLEFIELD]
            z[ACTION_HAND], z[STRATEGIES], z[BATTLEFIELD] = [], [], []
            self.known_top[p] = None
        if self.wins[w] == 2:  # Object of the Game: the first to win two Battles
            self.winner, self.phase = w, "over"
            self.log("game_won", w, self.battle + 1, None)
            return
        self.committed.clear()  # W12: every unit rallies between Battles
        self.queue = sorted(self.units(0)) + sorted(self.units(1))
        self._next_cleanup()

    def _next_cleanup(self) -> None:
        """Survivors may be discarded and rearranged in either Line, one unit at a time."""
        if self.queue:
            self.phase, self.actor = "cleanup", self.owner(self.queue[0])
            return
        self.battle += 1
        self.tie_rounds = 0
        # "In subsequent Battles, the loser of the previous battle chooses who fields first."
        self.phase, self.actor = "first", 1 - self.battle_winners[-1]

    def _legal_cleanup(self) -> tuple[Answer, ...]:
        return (("keep", "battle"), ("keep", "reserve"), ("discard",))

    def _apply_cleanup(self, answer: tuple[Any, ...]) -> None:
        u = self.queue.pop(0)
        z = self.zones[self.owner(u)]
        if answer[0] == "discard":
            z[self.line_of(u)].remove(u)
            z[ARMY_DISCARD].extend([*self.attachments.pop(u, []), u])
        else:
            z[self.line_of(u)].remove(u)
            z[BATTLE_LINE if answer[1] == "battle" else RESERVE].append(u)
        if not self.queue:
            for p in (0, 1):
                self._fall_forward(p)
        self._next_cleanup()
