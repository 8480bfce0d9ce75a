"""Where a game of WarCry stands, and what every phase reads (``WarCryTable``): the card
table (cards are integers, an index into ``cards``, one per physical copy; player 0 owns
the first half), every player's zones, the open Combat (:class:`Combat`, a record copied
with the state), the card values the rules read (Strength, Tactic Points, Leadership, the
field's total), the decks and the Roll, and a unit's removal. The phases' rules live in
``muster.py``, ``commands.py``, ``combat.py`` and ``battle_end.py``; ``state.py`` joins
them into the state of the state contract. Section names in comments are the rulebook's
headings; ``W<n>`` are the rulings of docs/rulings.md (WarCry).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from cryhavoc_sim.games.state import PlayerId
from cryhavoc_sim.games.warcry import effects as fx
from cryhavoc_sim.games.warcry.content import Ability, Card
from cryhavoc_sim.rng import Rng

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
    terror: list[int] = field(default_factory=lambda: [0, 0])  # Terror grown by Action cards
    window: str = ""  # the reaction window open (a trigger of content.TRIGGERS), "" for none
    reacted: list[tuple[Any, ...]] = field(default_factory=list)  # reactions used this event
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
            terror=list(self.terror), reacted=list(self.reacted),
        )  # fmt: skip

    def key(self) -> tuple[Any, ...]:
        return tuple(
            tuple(v) if isinstance(v, list) else v for v in (getattr(self, f) for f in self.__slots__)
        )


class WarCryTable:
    """Where play stands (see the module docstring); the phases' rules are its subclasses'."""

    players = PLAYERS

    def __init__(
        self, cards: tuple[Card, ...], owners: tuple[int, ...], knobs: dict[str, str], rng: Rng
    ) -> None:
        self.cards = cards  # the card table: shared, never changed
        self.index_cards()
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
        self.extra = [False, False]  # passed, then offered one more card by a Unique's refund
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

    def index_cards(self) -> None:
        """What the card table holds at all (read from ``cards``, shared by every copy): the
        timings of its abilities and its reactions' triggers, so that a rule no card of the
        game can use costs nothing (a window no reaction can open is not looked for)."""
        self.timings_held: frozenset[str] = frozenset().union(*(c.timings for c in self.cards))
        self.attached_timings: frozenset[str] = frozenset().union(
            *(c.timings for c in self.cards if c.type == "Attachment")
        )
        self.triggers_held = frozenset(
            a.trigger for c in self.cards for a in c.abilities if a.timing == "reaction" and a.trigger
        )
        self.unit_triggers_held = frozenset(
            a.trigger
            for c in self.cards
            if c.type in ("Unit", "Attachment")
            for a in c.abilities
            if a.timing == "reaction" and a.trigger
        )
        self.support_tactics_held = any(c.type == "Tactic" and "support" in c.timings for c in self.cards)

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
        att = self.attachments.get(u)
        value = self.cards[u].strength
        return value + sum(self.cards[a].strength for a in att) if att else value

    def tactic_points(self, u: int) -> int:
        att = self.attachments.get(u)
        value = self.cards[u].tactic_points
        return value + sum(self.cards[a].tactic_points for a in att) if att else value

    def abilities(self, c: int) -> tuple[Ability, ...]:
        return self.cards[c].abilities

    def bearer(self, x: int) -> int:
        """The unit card ``x`` acts through: itself, or the unit an attachment is on."""
        if self.cards[x].is_unit:
            return x
        return next(u for u, att in self.attachments.items() if x in att)

    def with_attachments(self, u: int, timing: str = "") -> tuple[int, ...]:
        """``u`` and the attachments on it: the cards whose abilities the unit uses
        (Tactic Abilities "appear on Unit or Attachment cards"); given a ``timing`` no
        attachment of the game has, ``u`` alone."""
        att = self.attachments.get(u)
        return (u, *att) if att and (not timing or timing in self.attached_timings) else (u,)

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
            # Terror: lowers the opposing Unit's Ld, "cumulative, so a Unit with Terror can grow
            # scarier with Action cards"; "Units with Terror are not affected" (W18: grown Terror too)
            other = self.cards[c.unit(1 - side)].terror + c.terror[1 - side]
            if other > 0 and not (card.terror or c.terror[side]):
                ld -= other
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

    def in_play(self, p: int) -> list[int]:
        """``p``'s cards in play: its units and the attachments on them."""
        return [c for u in self.units(p) for c in (u, *self.attachments.get(u, ()))]

    def _originals(self, c: int) -> list[int]:
        """Unique: the copies in play, anywhere on the Field of Battle, that the Unique
        card ``c`` just played displaces ("only one of that card can be in play ... If a
        Unique card is in play and a duplicate is played, the original copy is
        discarded"; W14: the other player's, since one's own cannot be played)."""
        card = self.cards[c]
        if not card.unique:
            return []
        q = 1 - self.owner(c)
        return [x for x in self.in_play(q) if self.cards[x].name == card.name]

    def _discard_attachment(self, a: int) -> None:
        for u, att in list(self.attachments.items()):
            if a in att:
                att.remove(a)
                if not att:
                    del self.attachments[u]
                self.zones[self.owner(a)][ARMY_DISCARD].append(a)
                self.log("destroyed", self.owner(a), 0, self.cards[a].name)
                return

    def _destroy(self, x: int) -> None:
        """A unit destroyed, or an attachment (the card itself, not the unit it is on)."""
        if self.cards[x].is_unit:
            self._discard_unit(x)
        else:
            self._discard_attachment(x)

    def _fall_forward(self, p: int) -> None:
        z = self.zones[p]
        if not z[BATTLE_LINE] and z[RESERVE]:
            z[BATTLE_LINE], z[RESERVE] = z[RESERVE], []

    def _to_battle_line(self, u: int) -> None:
        z = self.zones[self.owner(u)]
        if u in z[RESERVE]:
            z[RESERVE].remove(u)
            z[BATTLE_LINE].append(u)

    def _take(self, p: int, zone: int, name: str) -> int:
        """The first card named ``name`` in ``p``'s ``zone``, removed."""
        z = self.zones[p][zone]
        c = next(c for c in z if self.cards[c].name == name)
        z.remove(c)
        return c

    # ------------------------------------------------------------------ steps other phases take
    # Declared here so that each phase's module reads alone; played in combat.py and battle_end.py.
    def _start_combat(
        self, p: int, att: int, dfd: int, *, ranged: bool = False, blocked: bool = False,
        follow_up: bool = False, tie: bool = False,
    ) -> None:  # fmt: skip
        raise NotImplementedError  # combat.py

    def _field(self) -> None:
        raise NotImplementedError  # battle_end.py

    def _retreat(self, p: int) -> None:
        raise NotImplementedError  # battle_end.py
