"""WarCry's quick rules (shared/rules/003_ab7a0caff4c3ced2.txt) as a state of the state
contract (``games/state.py``): one decision pending at a time, answers enumerable, every
open multi-step rule (a Muster, a Combat and its chain of follow-ups, a tie's final
Combat, the Clean-up) kept as data in the state so that it copies and determinizes.

This module joins the phases' rules (``muster.py``, ``commands.py``, ``combat.py``,
``battle_end.py``, each a subclass of ``table.py``'s ``WarCryTable``: where play stands)
into :class:`WarCryState`, and owns what the state contract asks beyond the rules: whose
decision, the legal answers and ``apply`` (dispatched by phase), the outcome, the clone,
the observation, the determinization and the fingerprint.

Cards are integers: an index into the game's card table (``cards``), one per physical
copy; player 0 owns the first half. A hand card is answered by its *name* (copies are
interchangeable), a card in play by its index (public, the same in every
determinization). Section names in comments are the rulebook's headings; ``W<n>`` are
the rulings of docs/rulings.md (WarCry).
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Sequence
from typing import Any

from cryhavoc_sim.games.state import Answer, PlayerId, illegal
from cryhavoc_sim.games.warcry.battle_end import BattleEnd
from cryhavoc_sim.games.warcry.combat import Combats
from cryhavoc_sim.games.warcry.commands import Commands
from cryhavoc_sim.games.warcry.muster import Muster
from cryhavoc_sim.games.warcry.table import (
    ACTION_DECK,
    ACTION_DISCARD,
    ACTION_HAND,
    ARMY_DECK,
    ARMY_DISCARD,
    ARMY_HAND,
    BATTLE_LINE,
    BATTLEFIELD,
    BUDGETS,
    HAND,
    PLAYERS,
    RESERVE,
    SPEED,
    STRATEGIES,
    ZONE_NAMES,
    Combat,
    Event,
)
from cryhavoc_sim.rng import Rng, copy_rng, derive

# the names the rest of the game reads here (where play stands lives in table.py)
__all__ = [
    "ACTION_DECK",
    "ACTION_DISCARD",
    "ACTION_HAND",
    "ARMY_DECK",
    "ARMY_DISCARD",
    "ARMY_HAND",
    "BATTLEFIELD",
    "BATTLE_LINE",
    "BUDGETS",
    "HAND",
    "PLAYERS",
    "RESERVE",
    "SPEED",
    "STRATEGIES",
    "ZONE_NAMES",
    "Combat",
    "Event",
    "WarCryState",
]


class WarCryState(Muster, Commands, Combats, BattleEnd):
    """One game of WarCry where play stands (see the module docstring)."""

    # ------------------------------------------------------------------ the protocol
    @property
    def current_player(self) -> PlayerId | None:
        return None if self.phase == "over" else PLAYERS[self.actor]

    @property
    def kind(self) -> str:
        return "" if self.phase == "over" else self.phase

    @property
    def request(self) -> object:
        if self.phase == "over":
            return None
        return (self.phase, PLAYERS[self.actor], self.battle + 1)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        return (PLAYERS[self.winner],) if self.winner >= 0 else ()

    def results(self) -> dict[PlayerId, float]:
        return {p: 1.0 if i == self.winner else 0.0 for i, p in enumerate(PLAYERS)}

    def answer_key(self, answer: Answer) -> Hashable:
        return answer  # hand cards are answered by name, cards in play by their public index

    def legal_answers(self) -> Sequence[Answer]:
        return () if self.phase == "over" else getattr(self, "_legal_" + self.phase)()

    def apply(self, answer: Answer) -> None:
        allowed = self.legal_answers()
        if answer not in allowed:
            raise illegal(self.request, answer, ", ".join(map(repr, allowed)) or "nothing: the game is over")
        assert isinstance(answer, tuple)
        getattr(self, "_apply_" + self.phase)(answer)

    # ------------------------------------------------------------------ copies and views
    def clone(self) -> WarCryState:
        c = WarCryState.__new__(WarCryState)
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        c.rng = copy_rng(self.rng)
        c.zones = [[list(z) for z in zs] for zs in self.zones]
        c.attachments = {u: list(a) for u, a in self.attachments.items()}
        c.committed = set(self.committed)
        c.wins, c.gold, c.budget, c.spent, c.done, c.extra = (
            list(self.wins),
            list(self.gold),
            list(self.budget),
            list(self.spent),
            list(self.done),
            list(self.extra),
        )
        c.battle_winners = list(self.battle_winners)
        c.placed = [list(x) for x in self.placed]
        c.combat = self.combat.copy() if self.combat is not None else None
        c.tp_spent = dict(self.tp_spent)
        c.known_top = list(self.known_top)
        c.queue = list(self.queue)
        c.events = None
        return c

    def _public(self) -> tuple[Any, ...]:
        sides = []
        for p in (0, 1):
            z = self.zones[p]
            sides.append(
                (
                    tuple(z[BATTLE_LINE]), tuple(z[RESERVE]), tuple(z[STRATEGIES]), tuple(z[BATTLEFIELD]),
                    tuple(sorted(z[ARMY_DISCARD])), tuple(sorted(z[ACTION_DISCARD])),
                    len(z[ARMY_DECK]), len(z[ARMY_HAND]), len(z[ACTION_DECK]), len(z[ACTION_HAND]),
                    self.gold[p], self.budget[p], self.spent[p], self.done[p], self.extra[p],
                )
            )  # fmt: skip
        return (
            self.phase, self.actor, self.battle, tuple(self.wins), tuple(self.battle_winners), tuple(sides),
            tuple(sorted((u, tuple(a)) for u, a in self.attachments.items())), tuple(sorted(self.committed)),
            self.passes, self.commander, self.first_command, self.first_fielder,
            self.combat.key() if self.combat is not None else None, tuple(sorted(self.tp_spent.items())),
            tuple(self.queue), self.pick, self.tie_rounds, self.serial, self.winner, tuple(self.placed[0]), tuple(self.placed[1]),
            tuple(x is not None for x in self.known_top),
        )  # fmt: skip

    def observation(self, player: PlayerId) -> Hashable:
        p = PLAYERS.index(player)
        z = self.zones[p]
        names = self.cards
        top = self.known_top[p]
        return (
            self._public(),
            tuple(sorted(names[c].name for c in z[ARMY_HAND])),
            tuple(sorted(names[c].name for c in z[ACTION_HAND])),
            None if top is None else names[top].name,
        )

    def determinize(self, player: PlayerId, rng: Rng) -> WarCryState:
        """The other player's hands drawn again from its hands and decks, and the order
        of every deck shuffled, from ``rng``; a peeked card stays on top of its deck."""
        p = PLAYERS.index(player)
        c = self.clone()
        c.rng = derive(rng)
        q = 1 - p
        for deck in (ARMY_DECK, ACTION_DECK):
            z = c.zones[q]
            pool = sorted(z[deck] + z[deck + 1])
            rng.shuffle(pool)
            n = len(z[deck + 1])
            z[deck + 1], z[deck] = pool[:n], pool[n:]
            own = c.zones[p][deck]
            top = c.known_top[p] if deck == ACTION_DECK else None
            rest = sorted(x for x in own if x != top)
            rng.shuffle(rest)
            c.zones[p][deck] = rest + ([top] if top is not None else [])
        if c.known_top[q] is not None and c.zones[q][ACTION_DECK]:
            c.known_top[q] = c.zones[q][ACTION_DECK][-1]
        return c

    def fingerprint(self) -> str:
        key = (
            self._public(),
            [[list(z) for z in zs] for zs in self.zones],
            tuple(self.known_top),
            self.rng.snapshot(),
        )
        return hashlib.sha256(repr(key).encode()).hexdigest()


_SCALARS = (
    "cards", "owners", "knobs", "battle", "phase", "actor", "passes", "commander", "first_command",
    "first_fielder", "pick", "tie_rounds", "serial", "winner", "timings_held", "attached_timings",
    "triggers_held", "unit_triggers_held",
    "support_tactics_held",
)  # fmt: skip
