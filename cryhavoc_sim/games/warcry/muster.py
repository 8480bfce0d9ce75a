"""WarCry's Muster (MUSTER PHASE): who fields first, the Gold Supply less carried-over
units, fielding units in the Battle Line or the Reserve and attachments under the keyword
rule, uniques, the overspend check, and the Battle's setup: the Action hands and who takes
the first Command (Reserve Tactic Points plus Scouts)."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.games.warcry.table import (
    ACTION_DECK,
    ARMY_DECK,
    ARMY_DISCARD,
    ARMY_HAND,
    BATTLE_LINE,
    BUDGETS,
    HAND,
    RESERVE,
    WarCryTable,
)


class Muster(WarCryTable):
    """The Muster and the Battle's setup (see the module docstring)."""

    # ------------------------------------------------------------------ Muster
    def start_game(self) -> None:
        """Muster: "To determine who goes first, roll. The person with the highest roll
        chooses who fields first. If tied, roll again." """
        self.phase, self.actor = "first", self._roll_off()

    def _legal_first(self) -> tuple[Answer, ...]:
        return (("field_first",), ("field_second",))

    def _apply_first(self, answer: tuple[Any, ...]) -> None:
        first = self.actor if answer[0] == "field_first" else 1 - self.actor
        self.first_fielder = first
        self.log("fields_first", first, 0, None)
        self._start_muster(first)

    def _start_muster(self, first: int) -> None:
        """Gold Supply 20/25/30 less the cost of units carried over (Clean-up); draw 5."""
        for p in (0, 1):
            carried = sum(self.cards[u].cost for u in self.units(p))  # W5: a unit's own cost
            self.budget[p] = BUDGETS[self.battle]
            self.spent[p] = carried
            self.gold[p] = self.budget[p] - carried
            self.placed[p] = []
            self._draw(p, ARMY_DECK, HAND)
        self.done = [False, False]
        self.extra = [False, False]
        self.phase, self.actor = "muster", first

    def _in_play_names(self, p: int) -> set[str]:
        return {self.cards[c].name for c in self.in_play(p)}

    def _legal_muster(self) -> tuple[Answer, ...]:
        p = self.actor
        out: list[Answer] = []
        names = sorted({self.cards[c].name: c for c in self.zones[p][ARMY_HAND]}.items())
        own: set[str] | None = None  # the names p has in play, read for a Unique in hand only
        units = sorted(self.units(p))
        for name, c in names:
            card = self.cards[c]
            if card.cost > self.gold[p]:  # "You may not spend more gold than you have."
                continue
            if card.unique:
                own = self._in_play_names(p) if own is None else own
                if name in own:  # FAQ: not a unique you already have in play
                    continue
            if card.is_unit:
                out += [("unit", name, "battle"), ("unit", name, "reserve")]
            else:  # "You cannot play two same attachments with the same keyword on the same Unit."
                for u in units:
                    kws = {k for a in self.attachments.get(u, ()) for k in self.cards[a].keywords}
                    if not kws & set(card.keywords):
                        out.append(("attach", name, u))
        out.append(("pass",))
        return tuple(out)

    def _apply_muster(self, answer: tuple[Any, ...]) -> None:
        p = self.actor
        if answer[0] == "pass":  # "When you pass, your Muster Phase immediately ends."
            self.done[p] = True
        else:
            c = self._take(p, ARMY_HAND, answer[1])
            card = self.cards[c]
            self.gold[p] -= card.cost
            self.spent[p] += card.cost
            self.placed[p].append(c)
            for x in self._originals(c) if card.unique else ():
                self._refund_unique(x)
            if answer[0] == "unit":
                self.zones[p][BATTLE_LINE if answer[2] == "battle" else RESERVE].append(c)
            else:
                self.attachments.setdefault(answer[2], []).append(c)
            self.log("muster", p, card.cost, card.name)
            self._draw(p, ARMY_DECK)  # "...then draw a card from your Army deck."
            if self.extra[p]:  # the one card a Unique's refund offered after a pass (W16)
                self.extra[p], self.done[p] = False, True
        if not self.done[1 - p]:
            self.actor = 1 - p
        elif self.done[p]:
            self._end_muster()

    def _refund_unique(self, x: int) -> None:
        """Unique, in the Muster: the original ``x`` is discarded, "you get your gold back
        and may play another card": its owner regains the gold the discarded cards took
        from this Muster's supply (a unit's cost, and its attachments' played this Muster:
        W5, W16) and, if it had passed, is offered one more card (W16)."""
        q = self.owner(x)
        unit = self.cards[x].is_unit
        gone = [x, *self.attachments.get(x, ())] if unit else [x]
        # a unit's cost counts whether played or carried over; an attachment's, if played now
        back = sum(self.cards[g].cost for g in gone if g in self.placed[q] or (unit and g == x))
        self.placed[q] = [g for g in self.placed[q] if g not in gone]
        self.gold[q] += back
        self.spent[q] -= back
        if unit:
            self._discard_unit(x)
        else:
            self._discard_attachment(x)
        if self.done[q]:
            self.done[q], self.extra[q] = False, True

    def _end_muster(self) -> None:
        """Both passed: discard the army hands; the overspend check (discard the last unit
        placed until within the supply); Reserve falls forward (FAQ); Battle setup."""
        for p in (0, 1):
            z = self.zones[p]
            z[ARMY_DISCARD] += z[ARMY_HAND]
            z[ARMY_HAND] = []
            self._overspend(p)
            self._fall_forward(p)
        # BATTLE phase, Setup: each draws 5 Action cards; more Reserve TP (plus Battle-Line
        # Scouts) takes the first Command; ties roll.
        for p in (0, 1):
            self._draw(p, ACTION_DECK, HAND)
        tp = [self.initiative(p) for p in (0, 1)]
        first = (0 if tp[0] > tp[1] else 1) if tp[0] != tp[1] else self._roll_off()
        self.first_command = first
        self.log("first_command", first, tp[first], None)
        self.phase, self.actor, self.passes = "command", first, 0

    def _overspend(self, p: int) -> None:
        """Muster: "If you have accidentally exceeded your gold cost, discard the last Unit
        placed until you are below that Battle's Gold supply": the last unit placed goes
        with its attachments, and the gold of each card discarded comes off (W16's
        accounting); with no unit of this Muster left, the last attachment placed (W20)."""
        while self.spent[p] > self.budget[p] and self.placed[p]:
            units = [c for c in self.placed[p] if self.cards[c].is_unit]
            c = units[-1] if units else self.placed[p][-1]
            gone = [c, *self.attachments.get(c, ())] if self.cards[c].is_unit else [c]
            self.spent[p] -= sum(self.cards[g].cost for g in gone if g in self.placed[p])
            self.placed[p] = [g for g in self.placed[p] if g not in gone]
            self._destroy(c)

    def initiative(self, p: int) -> int:
        """Setup: Tactic Points in the Reserve plus the Scout ratings in the Battle Line."""
        z = self.zones[p]
        return sum(self.tactic_points(u) for u in z[RESERVE]) + sum(
            self.cards[u].scout for u in z[BATTLE_LINE]
        )
