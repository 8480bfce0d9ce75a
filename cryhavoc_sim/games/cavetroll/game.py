"""A Cave Troll game (issue 16): setup, the escalating turns, the four actions, the
classic and variant abilities (``variant.py``), the scoring pile and the end; as plain
data that copies, with one decision asked at a time (``kinds``/``options``/``legal``) and
answered by ``apply``.

Rulebook (004, 2015) sections cited per rule: Setup; Playing the Game (four actions, any
mix); Escalating Action Rule (the first three turns of the game get 1, 2, 3 actions);
Draw and Play a Card; Placing and Removing Figures; Move a Character; Use a Character
Action; Play an Artifact; Movement; Check for Scoring the Board; Scoring a Room; Winning
the Game; Classic Abilities. Rulings CT1 (a player may stop early), CT3 (Cave Troll escapes
from the current player clockwise), CT5, CT6, CT7, CT8, CT10 (a gold tie is a shared win),
CT12 (the game ends after the action that empties the acting player's deck), CT13-CT16
(the variant abilities).

Events: with ``events`` a list (``record_events``), every step is logged as
(kind, player, space, other player, amount, detail) with the turn it happened in
(``EVENT_KINDS`` says what each kind's columns mean); copies never log.

Artifacts: the research names one (Chalice of Life: a removed hero comes back); the other
five and their effects are reconstructed (content ``artifacts.toml``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from cryhavoc_sim.games.cavetroll import variant
from cryhavoc_sim.games.cavetroll.board import CHEST, HEROES, Board, Figure, figure
from cryhavoc_sim.games.cavetroll.content import CaveTrollContent
from cryhavoc_sim.rng import Rng

COLOURS = ("red", "blue", "green", "yellow")
TIES = ("shared", "seat_order")  # ruling CT10's knob
# The kinds whose entering a space may set something off (``_entered``; ``simple.py``
# says when it does not).
ENTERING: Final = frozenset({"giant_slayer", "knight", "wraith"})
CARD_SETS = ("classic", "variant")

# An action is a tuple: ("play", hand index, target space or None), ("move", from, kind,
# to), ("act", space, kind, args...), ("artifact", index, args...), ("stop",); an answer to a
# pending request is ("escape", from-space kind to) or ("push", space, owner, kind, to).
Action = tuple[Any, ...]
# (turn, phase, kind, player, space, other player, amount, detail)
Event = tuple[int, str, str, str | None, str | None, str | None, int, str | None]

EVENT_KINDS: dict[str, str] = {
    "first": "setup: player is the first player; detail the card set",
    "turn": "a turn begins: player's, amount its actions (the escalating first turns)",
    "draw": "player draws a card (detail: which; the log sees every card)",
    "play": "player plays card detail onto region (null for an event card); amount is the swing: the"
    " player's gold plus what the board would pay it now, less the best opponent's, after the card's"
    " whole effect (escapes and scorings included) less before",
    "move": 'player moves its figure detail ("kind from space") to region',
    "act": "player's character detail acts in region; other_player is whose figure it hit, if one",
    "pushed": 'other_player\'s figure detail ("kind from space") is pushed, pulled, escapes or is'
    " placed to region by player",
    "removed": "player's figure detail is removed from region (by other_player's card or character)",
    "artifact": "player plays artifact detail",
    "scoring": "player's card (detail: its id) fills the scoring pile: the board is scored; amount: gold paid to all",
    "gold": "player gains amount gold; detail is the source (board_scoring: the scoring pile filled;"
    " score_a_room: the card; artifact_played: an artifact that scores a room; giant_slayer;"
    " end_bonus: the deck ran out; final_scoring; unused_artifacts: their gold at the end),"
    " region the room scored, other_player who set the scoring off",
    "end": "player's deck is empty after its action: the game ends; amount is its gold then, detail the"
    " winners (comma-separated: a shared win, ruling CT10)",
}


@dataclass(slots=True)
class Pending:
    """A request to a player other than the turn's, or inside an action: Cave Troll
    escapes (one per player, in turn order: ruling CT3) or the Wraith's push on entry."""

    kind: str  # "play" (after a draw), "escape" or "push"
    player: str
    space: str
    others: tuple[str, ...] = ()  # players still to answer after this one (escapes)
    after: str = ""  # a Rampaging Troll's pushes: "push" (one more, then clear) or "clear"


@dataclass(slots=True)
class CaveTrollGame:
    content: CaveTrollContent
    players: tuple[str, ...]
    board: Board = field(init=False)
    decks: dict[str, list[str]] = field(default_factory=dict)
    hands: dict[str, list[str]] = field(default_factory=dict)
    gold: dict[str, int] = field(default_factory=dict)
    ledger: list[tuple[str, str, int]] = field(default_factory=list)  # (player, source, gold)
    artifacts: list[str] = field(default_factory=list)  # the face-down artifact deck
    held: dict[str, list[str]] = field(default_factory=dict)
    removed: dict[str, list[str]] = field(default_factory=dict)  # heroes back in the play area
    pile: int = 0  # scoring icons in the scoring pile
    resolving: str = ""  # a card with scoring icons played and not yet resolved (its escapes)
    turn: int = 0  # turns begun in the game
    current: int = 0
    actions_left: int = 0
    pending: list[Pending] = field(default_factory=list)
    over: bool = False
    winners: tuple[str, ...] = ()
    must_use_all_actions: bool = False  # ruling CT1's knob: no stopping while an action is possible
    tie: str = "shared"  # ruling CT10's knob
    card_set: str = "classic"
    first: int = 0  # the first player's seat
    once: dict[str, int] = field(default_factory=dict)  # "<player>:<ability>" -> turn it was used
    events: list[Event] | None = None  # the log, when recorded (never in a copy)
    _play_mark: tuple[str, str, str | None, float] | None = None  # (player, card, space, standing before)

    def __post_init__(self) -> None:
        self.board = Board(self.content)

    # ------------------------------------------------------------------ setup
    @classmethod
    def new(
        cls,
        content: CaveTrollContent,
        players: int,
        rng: Rng,
        card_set: str = "classic",
        must_use_all_actions: bool = False,
        tie: str = "shared",
        first: int | None = None,
        record_events: bool = False,
    ) -> CaveTrollGame:
        """Setup 2-7: each colour's deck of ``card_set`` shuffled, one card drawn, the
        artifact deck shuffled, a random first player (The Variant Game: every player
        plays the same set). ``first``: the first player's seat, when a scenario rotates
        it over one deal. Nothing is random after setup, so the game keeps no generator
        (a copy has none to copy; ``determinize`` takes one)."""
        if not 2 <= players <= 4:
            raise ValueError(f"Cave Troll is for 2 to 4 players, got {players}")
        if card_set not in CARD_SETS or tie not in TIES:
            raise ValueError(f"card set {card_set!r} / tie {tie!r}: allowed {CARD_SETS} / {TIES}")
        g = cls(content, COLOURS[:players])
        g.must_use_all_actions, g.tie, g.card_set = must_use_all_actions, tie, card_set
        g.events = [] if record_events else None
        for p in g.players:
            deck = content.deck(card_set)
            rng.shuffle(deck)
            g.decks[p] = deck
            g.hands[p] = [deck.pop() for _ in range(content.numbers["starting_hand"])]
            g.gold[p] = 0
            g.held[p] = []
            g.removed[p] = []
        g.artifacts = list(content.artifacts)
        rng.shuffle(g.artifacts)
        g.current = g.first = rng.randrange(players) if first is None else first
        g.log("first", g.players[g.first], detail=card_set)
        g.start_turn()
        return g

    def copy(self) -> CaveTrollGame:
        """An independent copy that keeps no log (the bots try answers on copies)."""
        g = CaveTrollGame.__new__(CaveTrollGame)  # every field is set below: no __post_init__
        g.content, g.players = self.content, self.players
        g.events, g._play_mark = None, None
        g.board = self.board.copy()
        g.decks = {p: list(d) for p, d in self.decks.items()}
        g.hands = {p: list(h) for p, h in self.hands.items()}
        g.gold = dict(self.gold)
        g.ledger = list(self.ledger)
        g.artifacts = list(self.artifacts)
        g.held = {p: list(h) for p, h in self.held.items()}
        g.removed = {p: list(r) for p, r in self.removed.items()}
        g.pile, g.turn, g.current, g.actions_left = self.pile, self.turn, self.current, self.actions_left
        g.resolving = self.resolving
        g.pending = [Pending(x.kind, x.player, x.space, x.others, x.after) for x in self.pending]
        g.over, g.winners = self.over, self.winners
        g.must_use_all_actions, g.tie, g.card_set = self.must_use_all_actions, self.tie, self.card_set
        g.first, g.once = self.first, dict(self.once)
        return g

    @property
    def player(self) -> str:
        """Who decides now: a pending request's player, else the turn's."""
        return self.pending[0].player if self.pending else self.players[self.current]

    def start_turn(self) -> None:
        """Escalating Action Rule: the game's first three turns get 1, 2 and 3 actions."""
        steps = self.content.numbers["actions"]
        self.actions_left = steps[min(self.turn, len(steps) - 1)]
        self.turn += 1
        self.log("turn", self.players[self.current], amount=self.actions_left)

    def log(
        self,
        kind: str,
        player: str | None,
        space: str | None = None,
        other: str | None = None,
        amount: int = 0,
        detail: str | None = None,
    ) -> None:
        """Record one event (``EVENT_KINDS``) when the game keeps a log."""
        if self.events is not None:
            phase = "end" if self.over else ("setup" if self.turn == 0 else "turn")
            self.events.append((self.turn, phase, kind, player, space, other, amount, detail))

    def seat_of(self, p: str) -> int:
        """``p``'s place in the turn order, 1 for the first player."""
        return (self.players.index(p) - self.first) % len(self.players) + 1

    def standing(self, p: str) -> float:
        """``p``'s gold plus what the board would pay it if scored now, less the best
        opponent's: what a card's swing is measured in."""
        held = dict(self.gold)
        for _, q, gold in self.board.score_board():
            held[q] += gold
        return held[p] - max(held[q] for q in self.players if q != p)

    # ------------------------------------------------------------------ legal actions
    def legal(self) -> list[Action]:
        """Every answer the deciding player may give now, kind by kind (``kinds``); the
        others are gathered first so that CT1's knob needs no second pass."""
        out: list[Action] = []
        kinds = self.kinds()
        for kind in kinds:
            if kind == "move":  # with "act": the figures' answers in one pass over the board
                moves, acts = self._figure_options(self.players[self.current], True, True)
                out += moves
                out += acts
            elif kind not in ("stop", "act"):
                out += self.options(kind)
        if "stop" in kinds and not (self.must_use_all_actions and out):
            out.insert(0, ("stop",))
        return out

    def kinds(self) -> list[str]:
        """The kinds of answer that may have options now, cheaply (a kind's ``options``
        may still be empty): the pending request's kind, else stop (ruling CT1: "can
        perform four actions"), draw, move, act and artifact. A player choosing a kind
        first, then an option of it, is how the random bot plays."""
        if self.over:
            return []
        if self.pending:
            return [self.pending[0].kind]
        p = self.players[self.current]
        out = ["stop"]
        if self.decks[p]:
            out.append("draw")
        out += ["move", "act"]
        if self.held[p]:
            out.append("artifact")
        return out

    def options(self, kind: str) -> list[Action]:
        """The answers of one ``kind``, in a fixed order (sorted, never a set's order:
        the same seed plays the same game in any process)."""
        if self.pending:
            return self._pending_options(self.pending[0]) if kind == self.pending[0].kind else []
        p = self.players[self.current]
        if kind == "stop":  # CT1; under its knob only when nothing else can be done
            if self.must_use_all_actions and any(self.options(k) for k in self.kinds() if k != "stop"):
                return []
            return [("stop",)]
        if kind == "draw":  # the drawn card is unknown: the play is chosen after the draw
            return [("draw",)] if self.decks[p] else []
        if kind == "artifact":
            out: list[Action] = []
            for i, artifact_id in enumerate(self.held[p]):
                out += [("artifact", i, *t) for t in self.artifact_targets(p, artifact_id)]
            return out
        moves, acts = self._figure_options(p, kind == "move", kind == "act")
        return moves if kind == "move" else acts

    def _figure_options(self, p: str, move: bool, act: bool) -> tuple[list[Action], list[Action]]:
        """``p``'s moves (when ``move``) and character actions (when ``act``), space by
        space in board order, in one pass over the board."""
        moves: list[Action] = []
        acts: list[Action] = []
        for space, figures in self.board.spaces.items():
            if figures:
                self._answers_at(p, space, moves if move else None, acts if act else None)
        return moves, acts

    def options_at(self, kind: str, space: str) -> list[Action]:
        """The turn player's "move" or "act" answers for its figures in ``space``, in
        ``options``' order (it gathers them space by space; checking one answer needs
        only its space's)."""
        out: list[Action] = []
        act = kind == "act"
        self._answers_at(self.players[self.current], space, None if act else out, out if act else None)
        return out

    def _answers_at(self, p: str, space: str, moves: list[Action] | None, acts: list[Action] | None) -> None:
        """Add ``p``'s moves (to ``moves``) and character actions (to ``acts``) for its
        figures in ``space``; None: that kind not wanted."""
        mine = [x.kind for x in self.board.spaces[space] if x.owner == p]
        if len(mine) > 1:
            mine = sorted(set(mine))
        for fig_kind in mine:
            if fig_kind in ("chest", "cave_troll"):  # Cave Troll: cannot move or be moved
                continue
            fig = figure(p, fig_kind)
            if acts is not None:
                acts.extend(self._character_actions(space, fig))
            if moves is None:
                continue
            if fig_kind == "rampaging_troll" and self.used(p, "rampaging_troll"):
                continue  # Rampaging Troll: moves only once per turn
            if fig_kind == "banshee":  # Banshee: a move action of up to two spaces
                moves.extend(("move", space, fig_kind, n) for n in variant.banshee_reach(self, space, fig))
                continue
            for n in self.content.adjacent[space]:
                if self.board.can_enter(fig, n):
                    moves.append(("move", space, fig_kind, n))
                elif (
                    fig_kind == "wraith"
                    and self.board.can_enter(fig, n, ignore_capacity=True)
                    and self._pushes(n, fig)
                ):
                    moves.append(("move", space, fig_kind, n))  # into a full room, to push one out

    def artifact_targets(self, p: str, artifact_id: str) -> list[tuple[Any, ...]]:
        """What playing an artifact may aim at (an empty tuple: nothing to choose)."""
        effect = self.content.artifacts[artifact_id].effect
        spaces = self.content.spaces
        if effect == "return_hero":  # a removed hero back on a staircase
            stairs = [s for s, sp in spaces.items() if sp.kind == "staircase"]
            return [(kind, s) for kind in sorted(set(self.removed[p])) for s in stairs]
        if effect == "teleport_hero":  # one of your heroes into any room it may enter
            out: list[tuple[Any, ...]] = []
            for space, figures in self.board.spaces.items():
                for kind in sorted({f.kind for f in figures if f.owner == p and f.kind in HEROES}):
                    fig = Figure(p, kind)
                    out += [
                        (space, kind, r)
                        for r, sp in spaces.items()
                        if r != space and sp.kind == "room" and self.board.can_enter(fig, r)
                    ]
            return out
        if effect == "score_room":
            return [(r,) for r, sp in spaces.items() if sp.kind == "room"]
        if effect == "remove_monster":  # any monster but a Cave Troll
            return [
                (space, owner, kind)
                for space, figures in self.board.spaces.items()
                for owner, kind in sorted({(f.owner, f.kind) for f in figures if f.kind in ("orc", "wraith")})
            ]
        return [()]  # extra_action, none

    def used(self, p: str, ability: str) -> bool:
        """Whether ``p`` has used a once-per-turn ability this turn (Giant Slayer's gold,
        Rampaging Troll's move)."""
        return self.once.get(f"{p}:{ability}") == self.turn

    def use(self, p: str, ability: str) -> None:
        self.once[f"{p}:{ability}"] = self.turn

    def play_options(self, card_id: str) -> list[str | None]:
        """Where a played card's figure may go (Placing and Removing Figures): heroes on a
        staircase, monsters on a pit, the Cave Troll in a room without one, the chest in
        a room; events have no target (Score a Room's room is asked by ``score_room``)."""
        card = self.content.cards[card_id]
        rooms = self.board.of_kind["room"]
        if card.kind == "event":
            return list(rooms) if card_id == "score_a_room" else [None]
        if card.placed == "cave_troll":
            return [s for s in rooms if not self.board.has_cave_troll(s)]
        if card.kind == "chest":  # "any room": a chest is no character (CT2), a Troll's room too
            return list(rooms)
        return list(self.board.of_kind["staircase" if card.kind == "hero" else "pit"])

    def _character_actions(self, space: str, fig: Figure) -> list[Action]:
        """Use a Character Action (Classic Abilities): Thief, Orc, Wraith; the variant's
        in ``variant.py``."""
        if fig.kind in variant.ACTORS:
            return variant.character_actions(self, space, fig)
        out: list[Action] = []
        room = self.board.kind_of[space] == "room"
        if fig.kind == "thief":  # any room or staircase without an opposing Knight (CT8)
            stairs = self.board.of_kind["staircase"]
            for s in self.board.of_kind["open"]:
                if (
                    s != space
                    and self.board.can_enter(fig, s)  # capacity, a Cave Troll, a Knight's room
                    # a staircase's Knight too (can_enter lets anyone onto a staircase)
                    and not (s in stairs and self.board.opposing_knight(s, fig.owner))
                ):
                    out.append(("act", space, "thief", s))
        elif fig.kind == "orc" and room:  # remove one hero from its room (CT6: rooms only)
            for who in sorted({(x.owner, x.kind) for x in self.board.spaces[space] if x.kind in HEROES}):
                out.append(("act", space, "orc", who[0], who[1]))
        elif fig.kind == "wraith" and room:
            out += [("act", space, "wraith", *push[2:]) for push in self._pushes(space, fig)]
        return out

    def _pushes(self, space: str, pusher: Figure) -> list[Action]:
        """("push", space, owner, kind, to): a character of the room pushed by ``pusher``
        (a Wraith or a Rampaging Troll) to an adjacent space it may enter; never a hero
        into a pit (Wraith; CT7), never a Cave Troll, never the pusher itself (Wraith:
        "push one character from that room", the Wraith entering being no character
        already there; CT16), never a Barbarian by the Wraith (Barbarian)."""
        out: list[Action] = []
        wraith = pusher.kind == "wraith"
        for owner, kind in sorted({(x.owner, x.kind) for x in self.board.spaces[space] if x.kind != CHEST}):
            if kind == "cave_troll" or Figure(owner, kind) == pusher or (kind == "barbarian" and wraith):
                continue
            fig = Figure(owner, kind)
            out += [
                ("push", space, owner, kind, n)
                for n in self.content.adjacent[space]
                if self.board.can_enter(fig, n)
            ]
        return out

    def _pending_options(self, req: Pending) -> list[Action]:
        if req.kind == "play":  # Draw and Play: one of the cards in hand, with its target
            hand = self.hands[req.player]
            return [("play", i, t) for i, c in enumerate(hand) for t in self.play_options(c)]
        if req.kind == "push":
            pusher = Figure(req.player, "rampaging_troll" if req.after else "wraith")
            return self._pushes(req.space, pusher) or [("push", req.space, None, None, None)]
        p = req.player
        out: list[Action] = [("escape", req.space, None, None)]
        for owner, kind in sorted(
            {(x.owner, x.kind) for x in self.board.spaces[req.space] if x.kind != CHEST}
        ):
            if owner == p and kind != "cave_troll":
                fig = Figure(owner, kind)
                out += [
                    ("escape", req.space, kind, n)
                    for n in self.content.adjacent[req.space]
                    if self.board.can_enter(fig, n)
                ]
        return out

    # ------------------------------------------------------------------ applying
    def apply(self, action: Action) -> None:
        """Carry out ``action`` (one of ``legal()``) for the deciding player."""
        kind = action[0]
        if self.pending:
            req = self.pending.pop(0)
            if kind == "play":
                self._play(req.player, action[1], action[2])
            elif kind == "push":
                if action[2] is not None:
                    self._relocate(action[1], Figure(action[2], action[3]), action[4], req.player)
                if req.after == "push" and action[2] is not None:  # Rampaging Troll: two pushes
                    self.pending.insert(0, Pending("push", req.player, req.space, after="clear"))
                elif req.after:  # then remove all other figures from that room
                    self._clear_room(req.space, Figure(req.player, "rampaging_troll"))
            elif kind == "escape":
                if action[2] is not None:
                    self._relocate(action[1], Figure(req.player, action[2]), action[3], req.player)
                if req.others:
                    self.pending.insert(0, Pending("escape", req.others[0], req.space, req.others[1:]))
                else:
                    troll = next(f for f in self.board.spaces[req.space] if f.kind == "cave_troll")
                    self._clear_room(req.space, troll)
            self._after_action()
            return
        p = self.players[self.current]
        if kind == "stop":
            self._next_turn()
            return
        self.actions_left -= 1
        if kind == "draw":  # Draw and Play a Card: draw one, then play one of the hand
            self.hands[p].append(self.decks[p].pop())
            self.log("draw", p, detail=self.hands[p][-1])
            self.pending.append(Pending("play", p, ""))
            return
        if kind == "move":
            _, src, fig_kind, dst = action
            fig = Figure(p, fig_kind)
            self._relocate(src, fig, dst)
            self.log("move", p, dst, detail=f"{fig_kind} from {src}")
            if fig_kind == "rampaging_troll":
                self.use(p, "rampaging_troll")
            self._entered(fig, dst)
        elif kind == "act":
            hit = next((x for x in action[3:] if x in self.gold), None)  # a colour, never a space id
            self.log("act", p, action[1], hit, detail=action[2])
            self._act(p, action)
        elif kind == "artifact":
            self.log("artifact", p, detail=self.held[p][action[1]])
            self._artifact(p, self.held[p].pop(action[1]), action[2:])
        self._after_action()

    def _relocate(self, src: str, fig: Figure, dst: str, by: str | None = None) -> None:
        """Move ``fig``; ``by``: the player who moved another's figure or an escape (logged)."""
        self.board.remove(src, fig)
        self.board.put(dst, fig)
        if by is not None:
            self.log("pushed", by, dst, fig.owner, detail=f"{fig.kind} from {src}")

    def _entered(self, fig: Figure, space: str) -> None:
        """What entering a space sets off: the Knight removes every Orc there (ruling
        CT5); the Wraith entering a room pushes one character out (Wraith); the Giant
        Slayer entering an empty room gains one gold, once per turn (ruling CT13: empty
        is no other character; entering is a move or a placement, not a push or a pull)."""
        if fig.kind not in ENTERING:
            return
        if fig.kind == "giant_slayer":
            if (
                self.content.spaces[space].kind == "room"
                and self.board.characters(space) == 1
                and not self.used(fig.owner, "giant_slayer")
            ):
                self.use(fig.owner, "giant_slayer")
                self._gain(fig.owner, "giant_slayer", 1, space)
        elif fig.kind == "knight":
            for f in [x for x in self.board.spaces[space] if x.kind == "orc"]:
                self._take_off(space, f)
        elif fig.kind == "wraith" and self.content.spaces[space].kind == "room" and self._pushes(space, fig):
            self.pending.insert(0, Pending("push", fig.owner, space))  # CT7: nobody to push, nothing happens

    def _play(self, p: str, index: int, target: str | None) -> None:
        card_id = self.hands[p].pop(index)
        card = self.content.cards[card_id]
        if self.events is not None:  # the swing is logged when the card's effect is done
            self._play_mark = (p, card_id, target, self.standing(p))
        if card.kind in ("hero", "monster", "chest"):
            assert target is not None and card.placed is not None
            fig = Figure(p, card.placed)
            self.board.put(target, fig)
            if fig.kind == "cave_troll":  # each player may move one character out (CT3)
                order = [
                    self.players[(self.current + i) % len(self.players)] for i in range(len(self.players))
                ]
                self.pending.insert(0, Pending("escape", order[0], target, tuple(order[1:])))
            else:
                self._entered(fig, target)
        elif card_id == "score_a_room":
            assert target is not None
            for owner, value in self.board.score_room(target):
                self._gain(owner, "score_a_room", value, target)
        elif card_id == "find_an_artifact" and self.artifacts:
            self.held[p].append(self.artifacts.pop())
        if card.icons:  # to the scoring pile once resolved (escapes and clearing included)
            self.resolving = card_id

    def _to_pile(self, p: str, card_id: str) -> None:
        """Check for Scoring the Board: "After a card with one or more scoring icons is
        played and resolved, it is placed faceup in the scoring pile"; five icons or more
        there score every room holding heroes, then the pile leaves the game."""
        self.pile += self.content.cards[card_id].icons
        if self.pile >= self.content.numbers["scoring_threshold"]:
            self.pile = 0
            shares = self.board.score_board()
            self.log("scoring", p, amount=sum(v for _, _, v in shares), detail=card_id)
            for room, owner, value in shares:
                self._gain(owner, "board_scoring", value, room)

    def _clear_room(self, space: str, keep: Figure) -> None:
        """Cave Troll (after the escapes) and Rampaging Troll (after its pushes): every
        figure there but the troll is removed, chests and the player's own included."""
        for f in [x for x in self.board.spaces[space] if x != keep]:
            self._take_off(space, f)

    def _act(self, p: str, action: Action) -> None:
        _, space, kind = action[:3]
        if kind in variant.ACTORS:
            variant.act(self, p, action)
        elif kind == "thief":
            self._relocate(space, Figure(p, "thief"), action[3])
        elif kind == "orc":
            self._take_off(space, Figure(action[3], action[4]))
        elif kind == "wraith":
            self._relocate(space, Figure(action[3], action[4]), action[5], p)

    def _artifact(self, p: str, artifact_id: str, args: tuple[Any, ...]) -> None:
        """Play an Artifact: its effect on ``args`` (``artifact_targets``), then it leaves
        the game (it no longer pays its gold at the end)."""
        effect = self.content.artifacts[artifact_id].effect
        if effect == "return_hero":
            kind, stair = args
            self.removed[p].remove(kind)
            self.board.put(stair, Figure(p, kind))
            self._entered(Figure(p, kind), stair)
        elif effect == "teleport_hero":
            space, kind, room = args
            self._relocate(space, Figure(p, kind), room)
            self._entered(Figure(p, kind), room)
        elif effect == "score_room":
            for owner, value in self.board.score_room(args[0]):
                self._gain(owner, "artifact_played", value, args[0])
        elif effect == "remove_monster":
            self._take_off(args[0], Figure(args[1], args[2]))
        elif effect == "extra_action":
            self.actions_left += 1

    def _take_off(self, space: str, fig: Figure) -> None:
        """Remove a figure: back to its owner's play area (Placing and Removing Figures)."""
        self.board.remove(space, fig)
        self.log("removed", fig.owner, space, self.players[self.current], detail=fig.kind)
        if fig.kind in HEROES:
            self.removed[fig.owner].append(fig.kind)

    def _gain(self, p: str, source: str, amount: int, room: str | None = None) -> None:
        self.gold[p] += amount
        self.ledger.append((p, source, amount))
        self.log("gold", p, room, self.players[self.current], amount, source)

    def _after_action(self) -> None:
        """Winning the Game: after an action, a player with no cards left in his deck
        gains 3, the board is scored one last time, unused artifacts pay their gold, and
        the most gold wins (a tie: every tied player, or under CT10's knob ``seat_order``
        the tied player latest in the turn order, who had the fewest turns). Then the turn goes on
        or passes (CT12: nothing of a turn is played after the game's end)."""
        if self.pending:
            return
        p = self.players[self.current]
        if self.resolving:  # the card played is resolved: to the pile, maybe a Scoring
            card_id, self.resolving = self.resolving, ""
            self._to_pile(p, card_id)
        if self._play_mark is not None:
            who, card_id, target, before = self._play_mark
            self._play_mark = None
            self.log("play", who, target, amount=round(self.standing(who) - before), detail=card_id)
        if not self.decks[p]:
            self._gain(p, "end_bonus", self.content.numbers["end_bonus"])
            for room, owner, value in self.board.score_board():
                self._gain(owner, "final_scoring", value, room)
            for q in self.players:  # revealed; they stay in ``held``, the game being over
                for a in self.held[q]:
                    self._gain(q, "unused_artifacts", self.content.artifacts[a].gold)
            top = max(self.gold.values())
            tied = [q for q in self.players if self.gold[q] == top]
            if self.tie == "seat_order":
                n = len(self.players)
                tied = [max(tied, key=lambda q: (self.players.index(q) - self.first) % n)]
            self.winners = tuple(tied)
            self.over = True
            self.log("end", p, amount=self.gold[p], detail=",".join(self.winners))
            return
        if self.actions_left <= 0:
            self._next_turn()

    def _next_turn(self) -> None:
        self.current = (self.current + 1) % len(self.players)
        self.start_turn()
