"""WarCry's quick rules (shared/rules/003_ab7a0caff4c3ced2.txt) as a state of the state
contract (``games/state.py``): one decision pending at a time, answers enumerable, every
open multi-step rule (a Muster, a Combat and its chain of follow-ups, a tie's final
Combat, the Clean-up) kept as data in the state so that it copies and determinizes.

Cards are integers: an index into the game's card table (``cards``), one per physical
copy; player 0 owns the first half. A hand card is answered by its *name* (copies are
interchangeable), a card in play by its index (public, the same in every
determinization). Section names in comments are the rulebook's headings; ``W<n>`` are
the rulings of docs/rulings.md (WarCry).
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from cryhavoc_sim.games.state import Answer, PlayerId, illegal
from cryhavoc_sim.games.warcry import effects as fx
from cryhavoc_sim.games.warcry.content import Ability, Card
from cryhavoc_sim.rng import Rng, copy_rng, derive

PLAYERS: tuple[PlayerId, ...] = ("one", "two")
# Zones of each player, indices into WarCryState.zones[p].
ARMY_DECK, ARMY_HAND, ARMY_DISCARD, ACTION_DECK, ACTION_HAND, ACTION_DISCARD = range(6)
BATTLE_LINE, RESERVE, STRATEGIES, BATTLEFIELD = range(6, 10)
ZONE_NAMES = (
    "army deck", "army hand", "army discard", "action deck", "action hand", "action discard",
    "battle line", "reserve", "strategies", "battlefield",
)  # fmt: skip
BUDGETS = (20, 25, 30)  # Muster, Gold Supply: 20 / 25 / 30 gold in Battles 1 / 2 / 3
HAND = 5  # Muster: "draw 5 cards from your Army Deck"; Battle setup: 5 Action cards
SPEED = {"Infantry": 0, "Cavalry": 1, "Flyer": 2}  # Opposing Player Blocks
MAX_ROLL_OFFS = 50  # W9: a roll-off tied this often is settled by seat order (never seen)
MAX_TIE_COMBATS = 30  # W9: a field still tied after this many final Combats: a roll-off
Event = tuple[int, str, str | None, int, str | None]  # (battle, kind, player, amount, detail)


@dataclass(slots=True)
class Combat:
    """An open Combat (COMBAT): who attacks with what, what it faces, and its progress."""

    att_p: int  # the attacking player (side 0); the defender is side 1
    att_u: int
    def_u: int
    ranged: bool = False
    follow_up: bool = False
    blocked: bool = False
    tie: bool = False  # the final Combat of a tied field (Ties Are for the Weak)
    commander: int = 0  # whose Command opened the chain
    turn: int = 0  # the side to play a tactic or pass
    passes: int = 0
    acted: list[bool] = field(default_factory=lambda: [False, False])  # WarCry only first
    mod: list[int] = field(default_factory=lambda: [0, 0])  # strength from tactics
    ld: list[int] = field(default_factory=lambda: [0, 0])  # leadership from tactics
    destroy_on_win: list[bool] = field(default_factory=lambda: [False, False])
    rout_on_win: list[bool] = field(default_factory=lambda: [False, False])
    used: list[tuple[int, int]] = field(default_factory=list)  # (unit or strategy, ability index)
    rolls: list[int | None] = field(default_factory=lambda: [None, None])
    offered: list[bool] = field(default_factory=lambda: [False, False])  # a reaction window per roll
    resolving: bool = False
    winner: int = -1  # the unit that won, while its follow-up is decided

    def player(self, side: int) -> int:
        return self.att_p if side == 0 else 1 - self.att_p

    def side_of(self, p: int) -> int:
        return 0 if p == self.att_p else 1

    def unit(self, side: int) -> int:
        return self.att_u if side == 0 else self.def_u

    def copy(self) -> Combat:
        return replace(
            self,
            acted=list(self.acted), mod=list(self.mod), ld=list(self.ld),
            destroy_on_win=list(self.destroy_on_win), rout_on_win=list(self.rout_on_win),
            used=list(self.used), rolls=list(self.rolls), offered=list(self.offered),
        )  # fmt: skip

    def key(self) -> tuple[Any, ...]:
        return tuple(
            tuple(v) if isinstance(v, list) else v for v in (getattr(self, f) for f in self.__slots__)
        )


class WarCryState:
    """One game of WarCry where play stands (see the module docstring)."""

    players = PLAYERS

    def __init__(
        self, cards: tuple[Card, ...], owners: tuple[int, ...], knobs: dict[str, str], rng: Rng
    ) -> None:
        self.cards = cards  # the card table: shared, never changed
        self.owners = owners
        self.knobs = knobs
        self.rng = rng
        self.zones: list[list[list[int]]] = [[[] for _ in ZONE_NAMES] for _ in PLAYERS]
        self.attachments: dict[int, list[int]] = {}
        self.committed: set[int] = set()
        self.battle = 0  # 0, 1, 2
        self.wins = [0, 0]
        self.battle_winners: list[int] = []
        self.phase = ""
        self.actor = 0
        self.gold = [0, 0]
        self.budget = [0, 0]
        self.spent = [0, 0]  # gold spent on cards in play this Muster, carry-over included
        self.placed: list[list[int]] = [[], []]  # this Muster's cards, in the order played
        self.done = [False, False]  # passed in this Muster
        self.passes = 0  # consecutive passed Commands
        self.commander = 0
        self.first_command = -1  # who took the Battle's first Command
        self.first_fielder = -1
        self.combat: Combat | None = None
        self.tp_spent: dict[int, int] = {}
        self.known_top: list[int | None] = [None, None]  # the action card a player peeked at
        self.queue: list[int] = []  # Clean-up: units still to keep or discard
        self.pick = -1  # Ties: the unit the high roller attacks with
        self.tie_rounds = 0
        self.serial = 0  # Combats opened so far (the soak's check that attackers were ready)
        self.winner = -1
        self.events: list[Event] | None = None

    # ------------------------------------------------------------------ card helpers
    def card(self, c: int) -> Card:
        return self.cards[c]

    def owner(self, c: int) -> int:
        return self.owners[c]

    def units(self, p: int) -> list[int]:
        z = self.zones[p]
        return z[BATTLE_LINE] + z[RESERVE]

    def line_of(self, u: int) -> int:
        return BATTLE_LINE if u in self.zones[self.owner(u)][BATTLE_LINE] else RESERVE

    def ready_battle_line(self, p: int) -> int:
        return sum(1 for u in self.zones[p][BATTLE_LINE] if u not in self.committed)

    def strength(self, u: int) -> int:
        return self.cards[u].strength + sum(self.cards[a].strength for a in self.attachments.get(u, ()))

    def tactic_points(self, u: int) -> int:
        return self.cards[u].tactic_points + sum(
            self.cards[a].tactic_points for a in self.attachments.get(u, ())
        )

    def abilities(self, c: int) -> tuple[Ability, ...]:
        return self.cards[c].abilities

    def has_static(self, p: int, effect: str) -> bool:
        """Whether a unit of ``p`` in play has the named effect (committed units keep
        their static abilities: FAQ, W12)."""
        return any(a.effect == effect for u in self.units(p) for a in self.cards[u].abilities)

    def field_value(self, p: int) -> int:
        """Victory!: the Strength of ``p``'s units in play, each +/- its Victory rating."""
        return sum(self.strength(u) + self.cards[u].victory for u in self.units(p))

    def leadership(self, u: int, with_modifiers: bool = True) -> int:
        """A unit's Leadership; Retreat! tests take no modifiers."""
        card = self.cards[u]
        ld = card.leadership + sum(self.cards[a].leadership for a in self.attachments.get(u, ()))
        if not with_modifiers:
            return ld
        p = self.owner(u)
        for v in self.units(p):  # King Alrik's Shieldbearers, while committed (W13: each one counts)
            if v in self.committed:
                ld += sum(
                    a.leadership
                    for a in self.cards[v].abilities
                    if a.effect == fx.COMMITTED_ALLIES_LEADERSHIP
                )
        if u in self.committed:  # To the Last Man, a Strategy of the enemy
            for s in self.zones[1 - p][STRATEGIES]:
                ld += sum(
                    a.leadership for a in self.cards[s].abilities if a.effect == fx.ENEMY_COMMITTED_LEADERSHIP
                )
        c = self.combat
        if c is not None and u in (c.att_u, c.def_u):
            side = 0 if u == c.att_u else 1
            ld += c.ld[side]
            other = self.cards[c.unit(1 - side)]
            if other.terror and not card.terror:  # Terror: lowers the opposing Unit's Ld; Terror units immune
                ld -= other.terror
        return ld

    def log(self, kind: str, player: int | None, amount: int, detail: str | None) -> None:
        if self.events is not None:
            self.events.append(
                (self.battle + 1, kind, None if player is None else PLAYERS[player], amount, detail)
            )

    # ------------------------------------------------------------------ decks and rolls
    def _refill(self, p: int, deck: int) -> None:
        """Deck Construction: "If either deck runs out of cards during play, shuffle your
        discard pile and reuse it" (FAQ: as soon as it empties; W7)."""
        z = self.zones[p]
        if not z[deck] and z[deck + 2]:
            z[deck], z[deck + 2] = z[deck + 2], []
            z[deck].sort()  # one canonical order before the shuffle
            self.rng.shuffle(z[deck])
            if deck == ACTION_DECK:
                self.known_top[p] = None

    def _draw(self, p: int, deck: int, n: int = 1) -> None:
        z = self.zones[p]
        for _ in range(n):
            self._refill(p, deck)
            if not z[deck]:
                return
            z[deck + 1].append(z[deck].pop())
            if deck == ACTION_DECK:
                self.known_top[p] = None
        self._refill(p, deck)

    def _roll(self, p: int) -> int:
        """Roll: flip the top card of the Action deck, read its die, discard it. No card
        to flip: 0, so every test fails (FAQ, W7)."""
        z = self.zones[p]
        self._refill(p, ACTION_DECK)
        if not z[ACTION_DECK]:
            return 0
        top = z[ACTION_DECK].pop()
        z[ACTION_DISCARD].append(top)
        self.known_top[p] = None
        self._refill(p, ACTION_DECK)
        return self.cards[top].die

    def _roll_off(self) -> int:
        """The player with the higher Roll; ties roll again (W9: bounded)."""
        for _ in range(MAX_ROLL_OFFS):
            a, b = self._roll(0), self._roll(1)
            if a != b:
                return 0 if a > b else 1
        return 0

    def _discard_unit(self, u: int) -> None:
        """Destroyed: the unit and its attachments to its owner's discard pile; then an
        empty Battle Line is filled from the Reserve (Muster: "If your Battle Line is ever
        eliminated, your Reserve becomes your Battle Line")."""
        p = self.owner(u)
        z = self.zones[p]
        z[self.line_of(u)].remove(u)
        z[ARMY_DISCARD].extend([*self.attachments.pop(u, []), u])
        self.committed.discard(u)
        self.tp_spent.pop(u, None)
        self.log("destroyed", p, self.cards[u].strength, self.cards[u].name)
        self._fall_forward(p)

    def _fall_forward(self, p: int) -> None:
        z = self.zones[p]
        if not z[BATTLE_LINE] and z[RESERVE]:
            z[BATTLE_LINE], z[RESERVE] = z[RESERVE], []

    def _to_battle_line(self, u: int) -> None:
        z = self.zones[self.owner(u)]
        if u in z[RESERVE]:
            z[RESERVE].remove(u)
            z[BATTLE_LINE].append(u)

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
        self.phase, self.actor = "muster", first

    def _in_play_names(self, p: int) -> set[str]:
        return {self.cards[u].name for u in self.units(p)}

    def _legal_muster(self) -> tuple[Answer, ...]:
        p = self.actor
        out: list[Answer] = []
        names = sorted({self.cards[c].name: c for c in self.zones[p][ARMY_HAND]}.items())
        own = self._in_play_names(p)
        units = sorted(self.units(p))
        for name, c in names:
            card = self.cards[c]
            if card.cost > self.gold[p]:  # "You may not spend more gold than you have."
                continue
            if card.is_unit:
                if card.unique and name in own:  # FAQ: not a unique you already have in play
                    continue
                out += [("unit", name, "battle"), ("unit", name, "reserve")]
            else:  # "You cannot play two same attachments with the same keyword on the same Unit."
                for u in units:
                    kws = {k for a in self.attachments.get(u, ()) for k in self.cards[a].keywords}
                    if not kws & set(card.keywords):
                        out.append(("attach", name, u))
        out.append(("pass",))
        return tuple(out)

    def _take(self, p: int, zone: int, name: str) -> int:
        """The first card named ``name`` in ``p``'s ``zone``, removed."""
        z = self.zones[p][zone]
        c = next(c for c in z if self.cards[c].name == name)
        z.remove(c)
        return c

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
            if answer[0] == "unit":
                if card.unique:  # Unique: a duplicate in play discards the original; in Muster, gold back
                    for u in self.units(1 - p):
                        if self.cards[u].name == card.name:
                            self.gold[1 - p] += self.cards[u].cost
                            self.spent[1 - p] -= self.cards[u].cost
                            self._discard_unit(u)
                self.zones[p][BATTLE_LINE if answer[2] == "battle" else RESERVE].append(c)
            else:
                self.attachments.setdefault(answer[2], []).append(c)
            self.log("muster", p, card.cost, card.name)
            self._draw(p, ARMY_DECK)  # "...then draw a card from your Army deck."
        if not self.done[1 - p]:
            self.actor = 1 - p
        elif self.done[p]:
            self._end_muster()

    def _end_muster(self) -> None:
        """Both passed: discard the army hands; the overspend check (discard the last unit
        placed until within the supply); Reserve falls forward (FAQ); Battle setup."""
        for p in (0, 1):
            z = self.zones[p]
            z[ARMY_DISCARD] += z[ARMY_HAND]
            z[ARMY_HAND] = []
            while self.spent[p] > self.budget[p] and self.placed[p]:
                c = self.placed[p].pop()
                self.spent[p] -= self.cards[c].cost
                if c in self.units(p):
                    self._discard_unit(c)
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

    def initiative(self, p: int) -> int:
        """Setup: Tactic Points in the Reserve plus the Scout ratings in the Battle Line."""
        z = self.zones[p]
        return sum(self.tactic_points(u) for u in z[RESERVE]) + sum(
            self.cards[u].scout for u in z[BATTLE_LINE]
        )

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
        out += [("move", u) for u in sorted(self.zones[p][RESERVE])]
        out += [("pass",), ("retreat",)]
        return tuple(out)

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

    # ------------------------------------------------------------------ Combat
    def _start_combat(
        self, p: int, att: int, dfd: int, *, ranged: bool = False, blocked: bool = False,
        follow_up: bool = False, tie: bool = False,
    ) -> None:  # fmt: skip
        """BEGIN COMBAT: both players draw an Action card; the attacker acts first. Tactic
        Points refresh per Combat or per chain of follow-ups (knob ``tp_refresh``, W1)."""
        commander = self.combat.commander if self.combat is not None else p
        self.combat = Combat(p, att, dfd, ranged, follow_up, blocked, tie, commander)
        self.serial += 1
        if not follow_up or self.knobs["tp_refresh"] == "combat":
            self.tp_spent = {}
        self._draw(p, ACTION_DECK)
        self._draw(1 - p, ACTION_DECK)
        self.phase, self.actor = "tactic", p

    def tp_left(self, u: int) -> int:
        return self.tactic_points(u) - self.tp_spent.get(u, 0)

    def _holds(self, c: Combat, u: int, ab: Ability) -> bool:
        return all(fx.CONDITIONS[w](self, u, c) for w in ab.when)

    def _legal_tactic(self) -> tuple[Answer, ...]:
        c = self.combat
        assert c is not None
        p = self.actor
        side = c.side_of(p)
        mine = c.unit(side)
        out: list[Answer] = []
        # Combat Tactics: only by the Ready unit in combat (Play Tactics)
        if mine not in self.committed:
            seen = set()
            for x in sorted(self.zones[p][ACTION_HAND]):
                card = self.cards[x]
                if card.type != "Tactic" or card.name in seen or card.cost > self.tp_left(mine):
                    continue
                ab = card.abilities[0]
                if ab.timing == "warcry" and c.acted[side]:  # WarCry: only as your first action
                    continue
                if self._holds(c, mine, ab):
                    seen.add(card.name)
                    out.append(("card", card.name))
            for i, ab in enumerate(self.cards[mine].abilities):
                if ab.timing not in ("combat", "warcry") or (mine, i) in c.used:
                    continue
                if ab.timing == "warcry" and c.acted[side]:
                    continue
                if self._holds(c, mine, ab):
                    out += self._with_cost(p, mine, i, ab)
        # Support Tactics: only by Ready units outside the combat, at a unit in it
        # (Dorgan's Ironshields forbids the enemy's)
        enemy = c.unit(1 - side)
        if not any(a.effect == fx.NO_ENEMY_SUPPORT for a in self.cards[enemy].abilities):
            helpers = [
                u for u in sorted(self.units(p)) if u not in self.committed and u not in (c.att_u, c.def_u)
            ]
            for u in helpers:
                for i, ab in enumerate(self.cards[u].abilities):
                    if ab.timing == "support" and (u, i) not in c.used and self._holds(c, mine, ab):
                        out += self._with_cost(p, u, i, ab)
            if helpers:  # W4: a Strategy's support tactic, once per Combat, by any helper
                for s in sorted(self.zones[p][STRATEGIES]):
                    for i, ab in enumerate(self.cards[s].abilities):
                        if ab.timing == "support" and (s, i) not in c.used and self._holds(c, mine, ab):
                            out.append(("strategy", s, i))
        out.append(("pass",))
        return tuple(out)

    def _with_cost(self, p: int, u: int, i: int, ab: Ability) -> list[Answer]:
        """The answers using ability ``i`` of ``u``, one per way to pay its cost."""
        if ab.cost == "commit_other_orc":
            c = self.combat
            assert c is not None
            others = [
                v for v in sorted(self.units(p))
                if v != u and v not in self.committed and self.cards[v].race == "Orc" and v not in (c.att_u, c.def_u)
            ]  # fmt: skip
            return [("ability", u, i, v) for v in others]
        if ab.cost == "discard_card":
            names = sorted({self.cards[x].name for x in self.zones[p][ACTION_HAND]})
            return [("ability", u, i, n) for n in names]
        return [("ability", u, i)]

    def _apply_tactic(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        p = self.actor
        side = c.side_of(p)
        mine = c.unit(side)
        what = answer[0]
        if what == "pass":
            c.acted[side] = True  # "if you pass you can no longer play a WarCry"
            c.passes += 1
            if c.passes >= 2:  # "When both players pass consecutively, resolve combat."
                c.resolving = True
                self._resolve()
                return
            self.actor = 1 - p
            return
        c.passes = 0
        c.acted[side] = True
        peek = False
        if what == "card":
            x = self._take(p, ACTION_HAND, answer[1])
            self.zones[p][BATTLEFIELD].append(x)  # placed in the Battlefield until resolution
            card = self.cards[x]
            self.tp_spent[mine] = self.tp_spent.get(mine, 0) + card.cost
            self._effect(c, side, mine, card.abilities[0])
            self.log("tactic", p, card.cost, card.name)
        elif what == "strategy":
            s, i = answer[1], answer[2]
            c.used.append((s, i))
            self._effect(c, side, mine, self.cards[s].abilities[i])
            self.log("support", p, 0, self.cards[s].name)
        else:
            u, i = answer[1], answer[2]
            ab = self.cards[u].abilities[i]
            c.used.append((u, i))  # Tactic Abilities: once per Combat
            self.log("ability", p, 0, self.cards[u].name)
            if ab.cost == "commit_self":
                self.committed.add(u)
            elif ab.cost == "commit_other_orc":
                self.committed.add(answer[3])
            elif ab.cost == "discard_card":
                x = self._take(p, ACTION_HAND, answer[3])
                self.zones[p][ACTION_DISCARD].append(x)
            if ab.effect == fx.PEEK_TOP:
                self._refill(p, ACTION_DECK)
                peek = bool(self.zones[p][ACTION_DECK])
                if peek:
                    self.known_top[p] = self.zones[p][ACTION_DECK][-1]
            else:
                self._effect(c, side, mine, ab)
            if ab.cost == "destroy_self":
                self._discard_unit(u)
        if peek:
            self.phase = "peek"
            return
        self.actor = 1 - p

    def _effect(self, c: Combat, side: int, unit: int, ab: Ability) -> None:
        """An ability's primitives on ``unit`` (the unit in combat of ``side``)."""
        # Altdorf Swordsmen: only if the supported unit passes a Leadership Test
        if ab.test == "leadership" and self._roll(c.player(side)) > self.leadership(unit):
            return
        gain = ab.strength
        if ab.effect == fx.PER_COMMITTED_WAR_MACHINE:  # Knights of the North Star
            p = c.player(side)
            gain *= sum(
                1 for v in self.units(p) if v in self.committed and "War Machine" in self.cards[v].keywords
            )
        if gain > 0 and any(a.effect == fx.TACTIC_BONUS for a in self.cards[unit].abilities):
            gain += 1  # Carroburg Greatswords' reaction (W6: always taken)
        c.mod[side] += gain
        c.ld[side] += ab.leadership
        if ab.effect == fx.DESTROY_ON_WIN:
            c.destroy_on_win[side] = True
        elif ab.effect == fx.ROUT_ON_WIN:
            c.rout_on_win[side] = True

    def _legal_peek(self) -> tuple[Answer, ...]:
        return (("keep_top",), ("discard_top",))

    def _apply_peek(self, answer: tuple[Any, ...]) -> None:
        """Bugman's Rangers: look at the top Action card, may discard it."""
        p = self.actor
        if answer[0] == "discard_top":
            z = self.zones[p]
            z[ACTION_DISCARD].append(z[ACTION_DECK].pop())
            self.known_top[p] = None
            self._refill(p, ACTION_DECK)
        self.phase, self.actor = "tactic", 1 - p

    def _reactions(self, p: int) -> list[int]:
        return [x for x in self.zones[p][ACTION_HAND] if self.cards[x].type == "Reaction"]

    def _resolve(self) -> None:
        """RESOLVE COMBAT: each Rolls, attacker first; after each combat roll the other
        player may react (Valorous Assault: the enemy rolls again; W8: one window a roll)."""
        c = self.combat
        assert c is not None
        for side in (0, 1):
            if c.rolls[side] is None:
                c.rolls[side] = self._roll(c.player(side))
                other = c.player(1 - side)
                if not c.offered[side] and any(
                    a.effect == fx.REROLL_ENEMY
                    for x in self._reactions(other)
                    for a in self.cards[x].abilities
                ):
                    c.offered[side] = True
                    self.phase, self.actor = "react", other
                    return
        self._finish()

    def _legal_react(self) -> tuple[Answer, ...]:
        names = sorted({self.cards[x].name for x in self._reactions(self.actor)})
        return (*(("react", n) for n in names), ("no_react",))

    def _apply_react(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        if answer[0] == "react":
            x = self._take(self.actor, ACTION_HAND, answer[1])
            self.zones[self.actor][ACTION_DISCARD].append(x)
            self.log("reaction", self.actor, 0, answer[1])
            c.rolls[1 - c.side_of(self.actor)] = None
        self._resolve()

    def total(self, c: Combat, side: int) -> int:
        """Combat Roll: Roll + Strength + tactics; a ranged attacker's Ranged value takes
        no strength modifier (Make a Ranged Attack; W2); Morzog's Madmob loses 1 per
        unspent TP."""
        u = c.unit(side)
        roll = c.rolls[side] or 0
        if c.ranged and side == 0:
            return self.cards[u].ranged + roll
        value = self.strength(u) + c.mod[side] + roll
        if any(a.effect == fx.UNSPENT_TP_PENALTY for a in self.cards[u].abilities):
            value -= max(0, self.tp_left(u))
        return value

    def _finish(self) -> None:
        c = self.combat
        assert c is not None
        ta, td = self.total(c, 0), self.total(c, 1)
        self.log("combat", c.att_p, ta - td, f"{self.cards[c.att_u].name} vs {self.cards[c.def_u].name}")
        if c.ranged:  # Resolution of Ranged Attacks: equal or higher wins (FAQ)
            if ta >= td:
                if c.def_u in self.committed or c.destroy_on_win[0]:
                    self._discard_unit(c.def_u)
                else:
                    self.committed.add(c.def_u)
            self.committed.add(c.att_u)  # "the Ranged Unit Commits as normal"
            self._end_chain(-1)
            return
        if ta == td:  # Slaughter!: both destroyed
            self._discard_unit(c.att_u)
            self._discard_unit(c.def_u)
            self._end_chain(-1)
            return
        w = 0 if ta > td else 1
        wu, lu = c.unit(w), c.unit(1 - w)
        if wu in self.committed:  # Special Note: a committed winner destroys nothing
            if c.destroy_on_win[w]:  # Relentless Advance: "the enemy unit is destroyed"
                self._discard_unit(lu)
            else:
                self.committed.add(lu)
                self._to_battle_line(lu)
            self._end_chain(wu)
            return
        routed = False
        if not c.follow_up and not c.tie:  # no Rout check in follow-ups (W10: nor in a tie's Combat)
            # Rout Check: the winner Rolls; equal to or higher than the loser's Ld routs it
            routed = c.rout_on_win[w] or self._roll(c.player(w)) >= self.leadership(lu)
        self._discard_unit(lu)
        loser = c.player(1 - w)
        bloodpack = any(a.effect == fx.DESTROY_STRATEGY_ON_KILL for a in self.cards[wu].abilities)
        if bloodpack and self.zones[loser][STRATEGIES]:  # Azyrneth's Bloodpack (W6: the enemy's newest)
            s = self.zones[loser][STRATEGIES].pop()
            self.zones[loser][ACTION_DISCARD].append(s)
        if routed and self.units(loser):
            c.winner = wu
            self.phase, self.actor = "follow_up", c.player(w)
            return
        self._end_chain(wu)

    def _legal_follow_up(self) -> tuple[Answer, ...]:
        return (("follow_up",), ("stop",))

    def _apply_follow_up(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        if answer[0] == "stop":
            self._end_chain(c.winner)
            return
        loser = 1 - self.owner(c.winner)  # the player who lost chooses a Ready unit
        ready = [u for u in self.units(loser) if u not in self.committed]
        self.phase, self.actor = "follow_target", loser if ready else 1 - loser

    def _legal_follow_target(self) -> tuple[Answer, ...]:
        c = self.combat
        assert c is not None
        loser = 1 - self.owner(c.winner)
        ready = [u for u in self.units(loser) if u not in self.committed]
        return tuple(("target", u) for u in sorted(ready or self.units(loser)))

    def _apply_follow_target(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        self._discard_battlefield()
        # Follow-up: a new Combat, no blocks (FAQ), may target the Reserve
        self._start_combat(self.owner(c.winner), c.winner, answer[1], follow_up=True)

    def _discard_battlefield(self) -> None:
        for p in (0, 1):
            z = self.zones[p]
            z[ACTION_DISCARD] += z[BATTLEFIELD]
            z[BATTLEFIELD] = []

    def _end_chain(self, winner: int) -> None:
        """Combat Clean-up: the winning unit commits and is placed in its Battle Line;
        the tactic cards are discarded; the Command passes (or a tie's field is counted)."""
        c = self.combat
        assert c is not None
        if winner >= 0 and winner in self.units(self.owner(winner)):
            self.committed.add(winner)
            self._to_battle_line(winner)
        self._discard_battlefield()
        self.combat = None
        self.tp_spent = {}
        if c.tie:
            self._field()
        else:
            self.phase, self.actor = "command", 1 - c.commander

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
        with units beats one with none (FAQ); a tie goes to a final Combat."""
        have = [bool(self.units(p)) for p in (0, 1)]
        if not any(have):  # "draw from their Unit deck until a Unit is revealed"
            for p in (0, 1):
                self._reveal_unit(p)
            have = [bool(self.units(p)) for p in (0, 1)]
        if have[0] != have[1]:
            self._end_battle(0 if have[0] else 1)
            return
        if not any(have):  # W9: neither deck holds a unit: a roll-off
            self._end_battle(self._roll_off(), "roll-off")
            return
        v = [self.field_value(p) for p in (0, 1)]
        if v[0] != v[1]:
            self._end_battle(0 if v[0] > v[1] else 1, "tie" if self.tie_rounds else "field")
            return
        self.tie_rounds += 1
        if self.tie_rounds > MAX_TIE_COMBATS:
            self._end_battle(self._roll_off(), "roll-off")
            return
        # Ties Are for the Weak: the high roller attacks with a unit of its choice
        self.phase, self.actor = "tie_attacker", self._roll_off()

    def _reveal_unit(self, p: int) -> None:
        z = self.zones[p]
        for _ in range(len(z[ARMY_DECK]) + len(z[ARMY_DISCARD])):
            self._refill(p, ARMY_DECK)
            if not z[ARMY_DECK]:
                return
            c = z[ARMY_DECK].pop()
            if self.cards[c].is_unit:
                z[BATTLE_LINE].append(c)
                self._refill(p, ARMY_DECK)
                return
            z[ARMY_DISCARD].append(c)

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

    # ------------------------------------------------------------------ copies and views
    def clone(self) -> WarCryState:
        c = WarCryState.__new__(WarCryState)
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        c.rng = copy_rng(self.rng)
        c.zones = [[list(z) for z in zs] for zs in self.zones]
        c.attachments = {u: list(a) for u, a in self.attachments.items()}
        c.committed = set(self.committed)
        c.wins, c.gold, c.budget, c.spent, c.done = (
            list(self.wins),
            list(self.gold),
            list(self.budget),
            list(self.spent),
            list(self.done),
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
                    self.gold[p], self.budget[p], self.spent[p], self.done[p],
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
    "first_fielder", "pick", "tie_rounds", "serial", "winner",
)  # fmt: skip
