"""Cave Troll behind the state protocol (``games/state.py``): a thin adapter over
:class:`~cryhavoc_sim.games.cavetroll.game.CaveTrollGame`, which asks one decision at a
time (``player``, ``kinds``/``options``/``legal``) and copies; what a player sees and
what a determinization re-draws are ``visibility.py``'s.

The game's own ``apply`` trusts its caller; here an answer is checked first against the
options of its kind (an action's first element), so an illegal one raises before
anything changes. One exception, for speed: under ``rules.py``'s ``PLAY_RULES`` (a
scenario's games, rows.py) the answer the game's own random or heuristic bot has just
given for this very decision is applied unchecked (what the check cost:
docs/measured.md). Those bots are held to legal answers where checking is the point: the
soak, the copy, determinize and fairness testers and the ladder play ``RULES``, which
checks every answer; any other answer (a search bot's, a test's) is checked under both.

Answers are the game's action tuples; a card played is keyed by the card, not its place
in the hand. Nothing is random after setup, so the game keeps no generator and a
fingerprint is the whole game.

:class:`ChooserBot` turns one of the game's bots (``choose(game)``) into a protocol
bot. The game as the harness makes, seats and checks it (``RULES``, and ``PLAY_RULES``
as a scenario's games play it) is ``rules.py``'s.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Sequence
from typing import Protocol

from cryhavoc_sim.games.cavetroll.game import Action, CaveTrollGame
from cryhavoc_sim.games.state import Answer, PlayerId, illegal
from cryhavoc_sim.rng import Rng


class CaveTrollState:
    """One Cave Troll game where play stands."""

    __slots__ = ("game", "vouched")

    def __init__(self, game: CaveTrollGame) -> None:
        self.game = game
        # The answer a trusted bot (ChooserBot with vouch) gave for the pending decision.
        self.vouched: Answer | None = None

    @property
    def players(self) -> tuple[PlayerId, ...]:
        return self.game.players

    @property
    def current_player(self) -> PlayerId | None:
        g = self.game
        return None if g.over else g.player

    @property
    def request(self) -> object:
        g = self.game
        if g.over:
            return None
        if g.pending:
            return g.pending[0]
        return ("turn", g.player, g.actions_left)

    @property
    def kind(self) -> str:
        g = self.game
        if g.over:
            return ""
        return g.pending[0].kind if g.pending else "turn"

    def legal_answers(self) -> Sequence[Answer]:
        return self.game.legal()

    def answer_key(self, answer: Answer) -> Hashable:
        g = self.game
        if isinstance(answer, tuple) and answer and answer[0] == "play" and not g.over:
            hand = g.hands[g.player]
            if type(answer[1]) is int and 0 <= answer[1] < len(hand):
                return ("play", hand[answer[1]], *answer[2:])
        if isinstance(answer, tuple) and answer and answer[0] == "artifact" and not g.over:
            held = g.held[g.player]
            if type(answer[1]) is int and 0 <= answer[1] < len(held):
                return ("artifact", held[answer[1]], *answer[2:])
        return answer

    def apply(self, answer: Answer) -> None:
        g = self.game
        if self.vouched is None or answer is not self.vouched:
            if g.over:
                raise illegal("the game is over", answer, "nothing")
            if not _allowed(g, answer):
                raise illegal(self.request, answer, f"one of the {len(g.legal())} actions legal()")
        self.vouched = None
        assert isinstance(answer, tuple)
        g.apply(answer)

    @property
    def is_over(self) -> bool:
        return self.game.over

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        return self.game.winners if self.game.over else ()

    def results(self) -> dict[PlayerId, float]:
        won = self.winners
        return {p: 1.0 if p in won else 0.0 for p in self.game.players}

    def clone(self) -> CaveTrollState:
        return CaveTrollState(self.game.copy())

    def observation(self, player: PlayerId) -> Hashable:
        from cryhavoc_sim.games.cavetroll.visibility import observation

        return observation(self.game, player)

    def determinize(self, player: PlayerId, rng: Rng) -> CaveTrollState:
        from cryhavoc_sim.games.cavetroll.visibility import determinize

        return CaveTrollState(determinize(self.game, player, rng))

    def fingerprint(self) -> str:
        g = self.game
        key = (
            tuple((s, tuple(here)) for s, here in g.board.spaces.items()),
            sorted(g.decks.items()),
            sorted(g.hands.items()),
            sorted(g.gold.items()),
            g.ledger,
            g.artifacts,
            sorted(g.held.items()),
            sorted(g.removed.items()),
            g.pile,
            g.resolving,
            g.turn,
            g.current,
            g.actions_left,
            [(x.kind, x.player, x.space, x.others, x.after) for x in g.pending],
            g.over,
            g.winners,
            (g.must_use_all_actions, g.tie, g.card_set, g.first),
            sorted(g.once.items()),
        )
        return hashlib.sha256(repr(key).encode()).hexdigest()


def _allowed(g: CaveTrollGame, answer: Answer) -> bool:
    """Whether ``answer`` is one of ``g.legal()`` (the game is not over), listing only
    the options it could be among: the pending request's, and for a move or an act only
    those of its space (``options`` gathers them space by space)."""
    if type(answer) is not tuple or not answer:
        return False
    kind = answer[0]
    if g.pending:
        if kind != g.pending[0].kind:
            return False
        if kind == "play" and len(answer) == 3 and type(answer[1]) is int:  # Draw and Play
            hand = g.hands[g.pending[0].player]
            return 0 <= answer[1] < len(hand) and answer[2] in g.play_options(hand[answer[1]])
    elif kind == "move" or kind == "act":
        return len(answer) > 1 and answer[1] in g.board.spaces and answer in g.options_at(kind, answer[1])
    elif kind not in ("stop", "draw", "artifact"):
        return False
    return answer in g.options(kind)


class Chooser(Protocol):
    """One of the game's own bots."""

    def choose(self, g: CaveTrollGame) -> Action: ...


class ChooserBot:
    """One of the game's own bots as a protocol bot (its fairness is
    tests/contract/test_fair_bots.py's to check). With ``vouch`` its answer is marked on
    the state as given by a trusted bot for this decision, which ``apply`` then does not
    check again (see the module docstring)."""

    __slots__ = ("chooser", "vouch")

    def __init__(self, chooser: Chooser, vouch: bool = False) -> None:
        self.chooser = chooser
        self.vouch = vouch

    def decide(self, state: CaveTrollState) -> Answer:
        answer = self.chooser.choose(state.game)
        if self.vouch:
            state.vouched = answer
        return answer
