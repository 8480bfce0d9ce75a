"""What a game IS to the tool's shared services: a state that says whose decision it is,
takes validated answers, copies, re-draws what a player cannot see, and says who won.

:class:`GameSpec` (``games/spec.py``) says what the tool does with a game (scenario
fields, rows, report sections); this module says what a game is, so that the services
that play moves are written once (``games/harness/``: the driver loop, the seed recipe,
the random bot, the soak, the copy and determinize testers, state costs, the ladder
loop; ``games/search/``: information-set search). Models: OpenSpiel's ``State``
(``current_player``, ``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``,
``clone``) and TAG's ``AbstractGameState.copy(playerId)`` (a copy for one player
re-draws what it cannot see, from a separate random stream).

A game provides three things:

- a :class:`GameState`: one game where play stands. One decision is pending at a time,
  asked of :attr:`~GameState.current_player` (None once the game is over), of a
  :attr:`~GameState.kind`; :meth:`~GameState.legal_answers` lists every answer
  :meth:`~GameState.apply` accepts, in a fixed order; an answer is a small hashable value
  (an int, a tuple, a string) and :meth:`~GameState.answer_key` names what it means the
  same way in every determinization of the deciding player's information set (the card
  played, not its index in a hand), which is what a search keys its tree by.
- :class:`Bot`: built from (player, rng) by a :data:`BotFactory`, it answers the pending
  request of a state it reads only through what its player observes (a test compares its
  answers on two states with the same observation).
- :class:`Rules`: how the harness makes states (a setup per soak index, a state from a
  setup, content and seed), the invariants the soak checks, and the game's bots: a
  catalogue that reads a name once into a :class:`~cryhavoc_sim.games.botspec.BotSpec`
  (:meth:`~Rules.bot_spec`) and the bot a spec makes (:meth:`~Rules.bot`).

Everything here is read-only protocol: no game code, no generator created (``rng.py``
does that).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Protocol, Self, TypeVar

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.rng import Rng

Answer = Hashable  # what a bot hands back: an int, a tuple, a string; hashable so a search can key it
PlayerId = str  # a seat's name in one game (a Cry Havoc faction, a Cave Troll colour)

_SHOWN = 200  # characters of a request or answer an error message shows


class IllegalAnswer(ValueError):
    """An answer the pending request does not allow (a bot or search bug, never the
    user's): the message names the request, the answer and what is allowed."""


def illegal(request: object, answer: object, allowed: str) -> IllegalAnswer:
    """The error for ``answer`` to ``request`` (each shown up to 200 characters)."""

    def cut(text: str) -> str:
        return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."

    return IllegalAnswer(
        f"answer {cut(repr(answer))} is not legal for {cut(repr(request))}; allowed: {allowed}"
    )


class GameState(Protocol):
    """One game where play stands (see the module docstring).

    Contract (the harness's testers hold every game to it):

    - ``apply`` validates: an answer not in ``legal_answers()`` raises
      :class:`IllegalAnswer` and leaves the state as it was;
    - ``clone()`` is independent: the copy and the original advanced with the same
      answers keep equal fingerprints, and changing the copy never changes the original;
    - ``determinize(player, rng)`` is a copy in which ``observation(player)`` is unchanged
      and everything else ``player`` cannot see is re-drawn from ``rng`` (different
      generators give different draws); its future randomness comes from ``rng`` too;
    - the same seed, setup and answers give the same fingerprints, in any process.
    """

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """Every seat of the game, in seat order."""
        ...

    @property
    def current_player(self) -> PlayerId | None:
        """Who answers the pending request; None once the game is over. (A non-player
        side's decisions are asked of the player who decides for it.)"""
        ...

    @property
    def request(self) -> object:
        """The pending request as the game states it (what its own bots read; its repr
        names it in an :class:`IllegalAnswer`); None once the game is over."""
        ...

    @property
    def kind(self) -> str:
        """The pending request's kind ("" once over): a search picks the kinds it searches."""
        ...

    def legal_answers(self) -> Sequence[Answer]:
        """Every answer :meth:`apply` accepts now, in a fixed order (empty once over).
        Finite and enumerable: a game whose answers would be combinatorial asks them in
        steps (one Unit at a time)."""
        ...

    def answer_key(self, answer: Answer) -> Hashable:
        """What ``answer`` means, named the same way in every determinization of the
        current player's information set (a search's child key)."""
        ...

    def apply(self, answer: Answer) -> None:
        """Answer the pending request and play on to the next one (or the end); an
        answer it does not allow raises :class:`IllegalAnswer`, nothing changed."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        """Every winning seat once over: one, several in a shared win, or none."""
        ...

    def results(self) -> dict[PlayerId, float]:
        """Once over, each seat's result in [0, 1]: 1.0 for every winner (a shared win
        counts as a win for each, as the ``won`` column does), 0.0 for the others."""
        ...

    def clone(self) -> Self:
        """An independent copy, where play stands and the random stream included."""
        ...

    def observation(self, player: PlayerId) -> Hashable:
        """Everything ``player`` can see, as a comparable value: the one statement of
        what a bot of that seat may read."""
        ...

    def determinize(self, player: PlayerId, rng: Rng) -> Self:
        """A copy with everything ``player`` cannot see re-drawn from ``rng`` (the other
        hands, every deck's order, face-down tokens), consistent with what it has seen."""
        ...

    def fingerprint(self) -> str:
        """A hash of the whole state (hidden parts, where play stands and the random
        stream included): equal fingerprints play on identically given equal answers."""
        ...


S = TypeVar("S", bound=GameState)
S_contra = TypeVar("S_contra", bound=GameState, contravariant=True)


class Bot(Protocol[S_contra]):
    """A player: answers the pending request of ``state``, reading only what its seat
    observes (``state.observation(player)``); its own randomness comes from the
    generator it was built with, never the game's."""

    def decide(self, state: S_contra) -> Answer: ...


# (player, its own generator) -> a bot for that seat: how the harness builds every bot.
BotFactory = Callable[[PlayerId, Rng], Bot[Any]]


class Rules(Protocol[S]):
    """A game as the harness plays it: states from setups, the soak's setups and
    invariants, and the game's bots by name."""

    @property
    def name(self) -> str:
        """The registered name (``games/__init__.py``)."""
        ...

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The game's one list of bot names, "random" first, as its catalogue reads them
        (``ismcts:<N>`` stands for any budget, ``learned@<model>`` for any shipped model)."""
        ...

    def bot_spec(self, name: str, player: PlayerId) -> BotSpec:
        """``name`` read once, by the game's catalogue, into the spec of a bot for seat
        ``player``; a :class:`~cryhavoc_sim.games.botspec.BotNameError` saying why it is
        not one of the game's bots."""
        ...

    def default_content(self) -> Any:
        """The content set the soak and the testers play (the game's shipped default)."""
        ...

    def soak_setup(self, index: int) -> Any:
        """The setup of soak game ``index``: cycling through player counts, modes and
        card sets so that a few dozen games cover them all."""
        ...

    def describe(self, setup: Any) -> str:
        """A setup in a few words for a violation line ("3p veteran")."""
        ...

    def new_state(self, content: Any, setup: Any, seed: int, rng: Rng, record_events: bool) -> S:
        """A game set up from ``setup`` with ``content``; ``rng`` is its own stream (the
        seed recipe's game stream of ``seed``), ``seed`` kept for replays."""
        ...

    def bot(self, spec: BotSpec, player: PlayerId, rng: Rng) -> Bot[S]:
        """The bot ``spec`` (read by :meth:`bot_spec` for seat ``player``) for seat
        ``player`` with its own generator ``rng``."""
        ...

    def invariants(self, state: S, memo: dict[str, Any]) -> list[str]:
        """Every invariant ``state`` breaks now (empty: none): the soak asks before every
        answer and once at the end. ``memo`` is one dict per game, empty at its start, for
        checks that compare a step with earlier ones (Units entering a Battle Region)."""
        ...

    def extras(self, state: S) -> Mapping[PlayerId, Bot[S]]:
        """Bots for seats no player sits in that still decide (Cry Havoc's solo Trog
        automaton), built by the game itself; usually empty."""
        ...
