"""Kuhn poker on the state protocol: the smallest game with hidden information a search
can be checked on (three cards, two players, one card each, one chip ante; pass or bet,
one round). A test game only: registered nowhere.

Rules (Kuhn, 1950): each player antes 1 and is dealt one of Jack, Queen, King; the
first player passes or bets 1; after a pass the second may pass (showdown for the antes)
or bet, and the first then folds (pass) or calls; after a bet the second folds or calls.
A showdown goes to the higher card."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from cryhavoc_sim.games.state import Answer, PlayerId, illegal
from cryhavoc_sim.rng import Rng

PLAYERS = ("first", "second")
CARDS = (1, 2, 3)  # Jack, Queen, King
ENDS = frozenset({"pp", "bp", "bb", "pbp", "pbb"})


class KuhnState:
    """One hand: the two cards and the answers so far ("p" pass, "b" bet)."""

    def __init__(self, cards: tuple[int, int], history: str = "") -> None:
        self.cards = cards
        self.history = history

    @classmethod
    def deal(cls, rng: Rng) -> KuhnState:
        deck = list(CARDS)
        rng.shuffle(deck)
        return cls((deck[0], deck[1]))

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return PLAYERS

    @property
    def current_player(self) -> PlayerId | None:
        return None if self.is_over else PLAYERS[len(self.history) % 2]

    @property
    def request(self) -> object:
        return None if self.is_over else ("bet or pass", self.history)

    @property
    def kind(self) -> str:
        return "" if self.is_over else "bet"

    def legal_answers(self) -> Sequence[Answer]:
        return () if self.is_over else ("p", "b")

    def answer_key(self, answer: Answer) -> Hashable:
        return answer

    def apply(self, answer: Answer) -> None:
        if answer not in self.legal_answers():
            raise illegal(self.request, answer, "'p' or 'b'")
        assert isinstance(answer, str)
        self.history += answer

    @property
    def is_over(self) -> bool:
        return self.history in ENDS

    def chips(self) -> dict[PlayerId, int]:
        """What each player wins (lost: negative) once the hand is over."""
        h = self.history
        if h in ("bp", "pbp"):  # a fold: the bettor takes the ante
            bettor = 0 if h == "bp" else 1
            return {PLAYERS[bettor]: 1, PLAYERS[1 - bettor]: -1}
        stake = 2 if "b" in h else 1
        high = 0 if self.cards[0] > self.cards[1] else 1
        return {PLAYERS[high]: stake, PLAYERS[1 - high]: -stake}

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        if not self.is_over:
            return ()
        return tuple(p for p, c in self.chips().items() if c > 0)

    def results(self) -> dict[PlayerId, float]:
        won = self.winners
        return {p: 1.0 if p in won else 0.0 for p in PLAYERS}

    def clone(self) -> KuhnState:
        return KuhnState(self.cards, self.history)

    def observation(self, player: PlayerId) -> Hashable:
        mine = PLAYERS.index(player)
        theirs = self.cards[1 - mine] if self.is_over and "bp" not in self.history else None
        return (self.cards[mine], theirs, self.history)

    def determinize(self, player: PlayerId, rng: Rng) -> KuhnState:
        mine = PLAYERS.index(player)
        if self.is_over:
            return self.clone()
        rest = [c for c in CARDS if c != self.cards[mine]]
        other = rest[int(rng.random() * len(rest))]
        cards = (self.cards[0], other) if mine == 0 else (other, self.cards[1])
        return KuhnState(cards, self.history)

    def fingerprint(self) -> str:
        return f"{self.cards}{self.history}"


class RandomKuhn:
    """A rollout policy: pass or bet, evenly."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def decide(self, state: KuhnState) -> Answer:
        return self.rng.choice(state.legal_answers())

    def skip(self, state: KuhnState) -> None:
        pass


class KuhnSearch:
    """Kuhn poker's part of a search: every decision searched over both answers, random
    rollouts to the end, chips won scaled to [0, 1] as the leaf value."""

    def __init__(self) -> None:
        self.determinized: list[KuhnState] = []  # every world the search played in

    def searched(self, state: KuhnState, player: PlayerId) -> bool:
        return True

    def candidates(self, state: KuhnState) -> Sequence[tuple[Hashable, Answer]]:
        return [(state.answer_key(a), a) for a in state.legal_answers()]

    def fallback(self, state: KuhnState) -> Answer:
        return state.legal_answers()[0]

    def searched_done(self) -> None:
        pass

    def determinize(self, state: KuhnState, player: PlayerId, rng: Rng) -> KuhnState:
        sim = state.determinize(player, rng)
        self.determinized.append(sim.clone())
        return sim

    def rollout(self, sim: KuhnState, player: PlayerId, rng: Rng) -> RandomKuhn:
        return RandomKuhn(rng)

    def stage(self, state: KuhnState) -> int:
        return 0  # one stage: rollouts play to the end

    def value(self, state: KuhnState, player: PlayerId) -> float:
        return (state.chips()[player] + 2) / 4
