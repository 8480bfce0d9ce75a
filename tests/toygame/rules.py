"""Bluff, the proof game (about Kuhn poker's size): its rules, as a state of the state
protocol (``cryhavoc_sim/games/state.py``), and its bots.

Rules: two players ante; each is dealt one card face down from the deck (content:
``data/bluff.toml``); the first player checks or bets; then the second checks or bets
(after a check) or calls or folds (after a bet); after check-bet the first calls or
folds. A fold gives the pot to the other; otherwise the higher card takes it (the
showdown), equal ranks split it: a shared win. Nothing is random after the deal.

What a player sees: its own card, the actions, the pot, the deck's size; the other's
card only after a showdown. A determinization deals the other's card and the deck again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.harness.random_bot import RandomBot
from cryhavoc_sim.games.state import Answer, Bot, PlayerId, illegal
from cryhavoc_sim.rng import Rng
from tests.toygame.content import Content, load_content

PLAYERS = ("first", "second")
# What the player to act may answer after the actions so far (a history of
# "check", "bet", "call", "fold"); the history is the whole of where play stands.
NEXT: dict[tuple[str, ...], tuple[str, ...]] = {
    (): ("check", "bet"),
    ("check",): ("check", "bet"),
    ("bet",): ("call", "fold"),
    ("check", "bet"): ("call", "fold"),
}
# (turn, kind, player, amount, detail)
Event = tuple[int, str, str | None, int, str | None]
EVENT_KINDS = {
    "ante": "player puts amount chips in the pot before the deal",
    "check": "player checks",
    "bet": "player bets amount chips",
    "call": "player calls, adding amount chips",
    "fold": "player folds: the other takes the pot",
    "showdown": "both cards face up: detail is the first's and the second's card",
    "chips": "player wins (or loses, negative) amount chips at the end; detail: how (fold, showdown)",
}


@dataclass(slots=True)
class BluffState:
    """One game of Bluff where play stands."""

    content: Content
    hands: dict[str, str]
    deck: list[str]
    history: tuple[str, ...] = ()
    paid: dict[str, int] = field(default_factory=dict)
    winners: tuple[str, ...] = ()
    over: bool = False
    shown: bool = False  # a showdown turned both cards face up
    events: list[Event] | None = None

    players = PLAYERS

    @classmethod
    def deal(cls, content: Content, rng: Rng, record_events: bool) -> BluffState:
        deck = list(content.cards)
        rng.shuffle(deck)
        hands = {p: deck.pop() for p in PLAYERS}
        state = cls(content, hands, deck, paid=dict.fromkeys(PLAYERS, content.ante))
        state.events = [] if record_events else None
        for p in PLAYERS:
            state.log("ante", p, content.ante, None)
        return state

    def log(self, kind: str, player: str | None, amount: int, detail: str | None) -> None:
        if self.events is not None:
            self.events.append((len(self.history), kind, player, amount, detail))

    # --------------------------------------------------------------- the protocol
    @property
    def current_player(self) -> PlayerId | None:
        return None if self.over else PLAYERS[len(self.history) % 2]

    @property
    def request(self) -> object:
        return None if self.over else ("act", self.current_player, self.history)

    @property
    def kind(self) -> str:
        return "" if self.over else "act"

    def legal_answers(self) -> Sequence[Answer]:
        return () if self.over else NEXT[self.history]

    def answer_key(self, answer: Answer) -> Hashable:
        return answer

    def apply(self, answer: Answer) -> None:
        allowed = self.legal_answers()
        if answer not in allowed:
            raise illegal(self.request, answer, ", ".join(map(str, allowed)) or "nothing: the game is over")
        assert isinstance(answer, str)
        player = PLAYERS[len(self.history) % 2]
        other = PLAYERS[1 - PLAYERS.index(player)]
        self.history = (*self.history, answer)
        if answer in ("bet", "call"):
            self.paid[player] += self.content.bet
        self.log(answer, player, self.content.bet if answer in ("bet", "call") else 0, None)
        if answer == "fold":
            self._end((other,), "fold")
        elif answer == "call" or self.history == ("check", "check"):
            self.shown = True
            rank = self.content.ranks
            a, b = (rank[self.hands[p]] for p in PLAYERS)
            self.log("showdown", None, 0, ",".join(self.hands[p] for p in PLAYERS))
            self._end(PLAYERS if a == b else (PLAYERS[0],) if a > b else (PLAYERS[1],), "showdown")

    def _end(self, winners: tuple[str, ...], how: str) -> None:
        """The pot to ``winners`` (split in a shared win); ``how``: fold or showdown
        (the chips events' source)."""
        self.over, self.winners = True, winners
        for p in PLAYERS:
            self.log("chips", p, self.chips(p), how)

    def chips(self, player: str) -> int:
        """What ``player`` won (or lost, negative) once over."""
        if player not in self.winners:
            return -self.paid[player]
        return sum(self.paid.values()) // len(self.winners) - self.paid[player]

    @property
    def is_over(self) -> bool:
        return self.over

    def results(self) -> dict[PlayerId, float]:
        return {p: 1.0 if p in self.winners else 0.0 for p in PLAYERS}

    def clone(self) -> BluffState:
        c = type(self)(self.content, dict(self.hands), list(self.deck), self.history, dict(self.paid))
        c.winners, c.over, c.shown = self.winners, self.over, self.shown
        return c

    def observation(self, player: PlayerId) -> Hashable:
        other = PLAYERS[1 - PLAYERS.index(player)]
        return (
            self.hands[player],
            self.hands[other] if self.shown else None,
            self.history,
            tuple(sorted(self.paid.items())),
            len(self.deck),
            self.over,
            self.winners,
        )

    def determinize(self, player: PlayerId, rng: Rng) -> BluffState:
        c = self.clone()
        if self.shown:
            pool = sorted(c.deck)
            rng.shuffle(pool)
            c.deck = pool
            return c
        other = PLAYERS[1 - PLAYERS.index(player)]
        pool = sorted([c.hands[other], *c.deck])  # one canonical order, then the draw
        rng.shuffle(pool)
        c.hands[other] = pool.pop()
        c.deck = pool
        return c

    def fingerprint(self) -> str:
        key = (
            sorted(self.hands.items()),
            self.deck,
            self.history,
            sorted(self.paid.items()),
            self.winners,
            self.over,
            self.shown,
        )
        return hashlib.sha256(repr(key).encode()).hexdigest()


class CautiousBot:
    """The heuristic: bets or calls with a card above the middle rank, checks with the
    rest, and folds them to a bet; on a tie of judgement (the middle rank) its own
    stream decides."""

    def __init__(self, player: str, rng: Rng) -> None:
        self.player = player
        self.rng = rng

    def decide(self, state: BluffState) -> Answer:
        content = state.content
        ranks = sorted(set(content.ranks.values()))
        mine = content.ranks[state.hands[self.player]]  # its own card: in its observation
        middle = ranks[len(ranks) // 2]
        strong = mine > middle or (mine == middle and self.rng.random() < 0.5)
        legal = state.legal_answers()
        if "bet" in legal:
            return "bet" if strong else "check"
        return "call" if strong or mine >= middle else "fold"


BOT_NAMES = ("random", "heuristic")


@dataclass(frozen=True, slots=True)
class Deal:
    """Nothing to choose: the setup of every game (the seats act in the order first, second)."""

    record: bool = True


class BluffRules:
    """Bluff as the harness plays it."""

    name = "bluff"
    bot_names = BOT_NAMES

    def default_content(self) -> Content:
        return load_content()

    def soak_setup(self, index: int) -> Deal:
        return Deal()

    def describe(self, setup: Deal) -> str:
        return "2p"

    def new_state(self, content: Any, setup: Deal, seed: int, rng: Rng, record_events: bool) -> BluffState:
        return BluffState.deal(content, rng, record_events)

    def bot_spec(self, name: str, player: PlayerId) -> BotSpec:
        if name not in BOT_NAMES:
            raise BotNameError(name, f"is not a Bluff bot; allowed: {', '.join(BOT_NAMES)}")
        return BotSpec(name)

    def bot(self, spec: BotSpec, player: PlayerId, rng: Rng) -> Bot[BluffState]:
        if spec.kind == "random":
            return RandomBot(player, rng)
        assert spec.kind == "heuristic", spec
        return CautiousBot(player, rng)

    def invariants(self, state: BluffState, memo: dict[str, Any]) -> list[str]:
        out = []
        if sorted([*state.hands.values(), *state.deck]) != sorted(state.content.cards):
            out.append("cards not conserved")
        if state.over and sum(state.chips(p) for p in PLAYERS) != 0:
            out.append("chips not conserved")
        return out

    def extras(self, state: BluffState) -> Mapping[PlayerId, Bot[BluffState]]:
        return {}


RULES = BluffRules()
