"""Cave Troll's bots: ``random`` (a kind of answer, then one of its options) and
``heuristic`` (every answer tried on a copy of the game and the position valued), with
personalities ``heuristic:<name>``.

The heuristic bot values a position for each player as its gold, plus what the rooms it
would win if the board were scored now are worth times the scorings still to come (the
board Scorings the icons left in the decks can trigger, and the final one), plus small
values for heroes on the board, cards in hand and artifacts held; its own value less the
best opponent's (``rival``: how much an opponent's gold counts against its own), put on
the scale of a finished game (``WIN`` times a logistic of that lead over ``SCALE``) so
that it ends a game in a shared win only when it does not expect to do better. So it
moves heroes where gold times control is largest, places the Cave Troll, Orc and Wraith
(and their variant swaps) where they cost opponents most, plays a scoring card when the
board favours it, and ends the game (the last card of its deck) only when that wins.

A draw's card is unknown, so a draw is valued as the position plus ``card`` (and, for
the last card of the deck, which the player knows by elimination, as its best play).
It never looks at hidden cards: only its own hand and the counts of its own deck.

Greedy moves alone can go round in circles (each player's best move undoes the other's,
and nobody draws, so no deck runs out): the bot draws at least ``draws`` times a turn
(its last actions are draws when it has not), unless drawing would end the game while
it does not win, as players of Cave Troll play cards most turns (ruling CT17).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Final

from cryhavoc_sim.games.cavetroll import simple
from cryhavoc_sim.games.cavetroll.board import HEROES, figure
from cryhavoc_sim.games.cavetroll.game import Action, CaveTrollGame, Pending
from cryhavoc_sim.games.cavetroll.visibility import unseen_artifacts
from cryhavoc_sim.rng import Rng

BOTS_VERSION = "cavetroll-bots-2"  # 2: fair (unseen artifacts at their mean gold), faster
# Final: compiled, the bot reads these without a lookup in the module's globals
WIN: Final = 100.0  # a finished game won alone; a shared win is a share of it
SCALE: Final = 8.0  # gold of lead that makes a game in progress about three quarters won
# the kinds that threaten the heroes of their space (``threat``)
THREATS: Final = frozenset({"orc", "grunt", "assassin", "rampaging_troll"})


@dataclass(frozen=True, slots=True)
class Personality:
    """Weights of the heuristic bot's valuation (see the module docstring)."""

    later: float  # weight of each board Scoring still to come (beyond the final one)
    hero: float  # a hero on the board, in gold
    card: float  # a card in hand (and a draw), in gold
    rival: float  # the best opponent's value, against its own
    threat: float  # gold lost per hero of a room an opposing monster stands in
    draws: int = 1  # draws a turn at least (its last actions), unless drawing loses the game


PERSONALITIES: dict[str, Personality] = {
    # values its own gold and the opponents' alike
    "balanced": Personality(later=0.6, hero=1.0, card=1.5, rival=1.0, threat=0.3),
    # builds its own rooms; cares less what the others hold
    "builder": Personality(later=0.8, hero=1.5, card=1.5, rival=0.6, threat=0.2),
    # spends its monsters on the leader's rooms
    "spoiler": Personality(later=0.5, hero=0.8, card=1.2, rival=1.5, threat=0.5),
}
DEFAULT_PERSONALITY = "balanced"


class RandomBot:
    """Picks a kind of answer (never stopping while something else can be done), then
    one of that kind's options, uniformly."""

    name = "random"

    def __init__(self, rng: Rng) -> None:
        self.rng = rng

    def choose(self, g: CaveTrollGame) -> Action:
        kinds = [k for k in g.kinds() if k != "stop"]
        while kinds:
            kind = self.rng.choice(kinds)
            options = g.options(kind)
            if options:
                return self.rng.choice(options)
            kinds.remove(kind)
        return self.rng.choice(g.legal())


Terms = tuple[tuple[int, float, float], ...]  # (player's place, held gold, static value)
Seen = dict[str, tuple[int, list[Any], Terms]]
Deltas = dict[str, tuple[int, list[Any], dict[tuple[str, str, bool], Terms]]]


@dataclass(slots=True)
class _Shared:
    """What the bots of one personality and content work out from the board alone, so
    one bot's work serves the others (every entry is a pure function of public spaces,
    checked by version and list as ``Board.versions`` allows)."""

    rooms: dict[tuple[str, tuple[Any, ...]], Terms]  # (space, its figures) -> terms
    seen: Seen  # space -> (version, list, its terms)
    delta: Deltas  # space -> (version, list, (owner, kind, added) -> the change there)


# (personality, content id) -> its shared tables, for every bot of the process
_MEMO: Final[dict[tuple[str, str], _Shared]] = {}


def forget_positions() -> None:
    """Drop what the bots kept of the spaces of earlier positions (``seen``, ``delta``),
    so that the next decision is valued as a bot's first (``playout.state_costs``)."""
    for shared in _MEMO.values():
        shared.seen.clear()
        shared.delta.clear()


class HeuristicBot:
    """Greedy over one answer, valuing positions with ``Personality`` weights, from what
    its player sees (``visibility.py``): artifacts it has not seen (the artifact deck's
    and the opponents' face-down ones, and one it would draw) count at the mean gold of
    the artifacts unseen, never at their own.

    Speed: a decision values its position once, space by space (``_root``), again only
    where a space changed since its last decision (``Board.versions``). An answer that
    only moves, places or removes a figure or scores a room (``simple.py``) is valued
    from the one or two spaces it changes, without a copy; any
    other is tried on a copy whose board shares every space until written, and only the
    spaces it changed (``Board.touched``) are valued again. ``full_value`` is the same
    valuation with no shortcut: a test holds them equal on every answer of random games."""

    def __init__(self, rng: Rng, personality: str = DEFAULT_PERSONALITY) -> None:
        self.rng = rng
        self.w = PERSONALITIES[personality]
        self.name = "heuristic" if personality == DEFAULT_PERSONALITY else f"heuristic:{personality}"
        self.turn = -1  # the turn whose draws ``drawn`` counts
        self.drawn = 0
        # (space, its figures) -> that space's terms of the valuation (a pure function of
        # the weights and the content, so shared by the bots of one personality)
        self._rooms: dict[tuple[str, tuple[Any, ...]], Terms] = {}
        self._personality = personality
        self._icon_table: dict[str, int] = {}
        self._iconic: list[tuple[str, int]] = []  # the cards with scoring icons, and theirs
        self._threshold = 0  # the content's scoring threshold, once read
        self._gold_table: dict[str, int] = {}
        self._deck_size: dict[str, int] = {}  # card set -> cards in a colour's deck
        self._place: dict[str, int] = {}  # player -> index in the game's players
        # space -> (its list's version, the list, its terms) when last valued
        self._seen: Seen = {}
        # the position of the decision being made (``_root``)
        self._terms: dict[str, Terms] = {}
        # space -> (its version, its list, (owner, kind, added) -> what the change does there)
        self._delta: Deltas = {}
        self._held: list[float] = []  # per player: gold of the rooms it would win now
        self._static: list[float] = []  # per player: heroes less threats
        self._score: list[float] = []  # per player: its whole score at the decision
        self._bases: list[float] = []  # per player: its gold, hand and artifacts (``_base``)
        self._future = 1.0
        self._icons_left = 0
        self._mean_unseen = 0.0  # mean gold of an artifact its player has not seen
        self._known: list[str] = []  # its own artifacts at the decision
        self._known_gold = 0.0
        self._last_card: float | None = None  # the value of drawing the deck's last card
        # (space, kind, the decision's scores with the bot's figure of that kind taken
        # from there): the last figure whose moves were valued
        self._left: tuple[str, str, list[float]] = ("", "", [])

    def choose(self, g: CaveTrollGame) -> Action:
        me = g.player
        legal = g.legal()
        self._root(g, me)
        if self.owes_draw(g, me, legal):
            legal = [("draw",)]
        action = self._best(g, me, legal)
        self.played(action)
        return action

    def owes_draw(self, g: CaveTrollGame, me: str, legal: list[Action]) -> bool:
        """Whether the turn's draws (the personality's ``draws``; ruling CT17: nothing
        else makes a game end) must be taken now, with the actions left: a draw is legal
        and is not the deck's last card when that would lose (``_root`` first)."""
        if g.pending:
            return False
        if g.turn != self.turn:
            self.turn, self.drawn = g.turn, 0
        owed = self.w.draws - self.drawn
        if owed > 0 and g.actions_left <= owed and ("draw",) in legal:
            ends = len(g.decks[me]) == 1
            return not ends or self.value_of(g, me, ("draw",)) > 0
        return False

    def deck_size(self, g: CaveTrollGame) -> int:
        """Cards in a colour's whole deck of the game's card set (kept once)."""
        size = self._deck_size.get(g.card_set)
        if size is None:
            size = self._deck_size[g.card_set] = len(g.content.deck(g.card_set))
        return size

    def played(self, action: Action) -> None:
        """Count ``action`` against the turn's draws (``owes_draw``)."""
        if action == ("draw",):
            self.drawn += 1

    def ranked(
        self, g: CaveTrollGame, me: str, legal: list[Action], width: int
    ) -> list[tuple[Action, float]]:
        """The ``width`` best of ``legal`` by ``value_of`` with their values, the best
        first, the legal order breaking ties (``_root`` first): the answers the search
        weighs and the learned policy scores."""
        values = [self.value_of(g, me, a) for a in legal]
        order = sorted(range(len(legal)), key=lambda i: -values[i])  # stable
        return [(legal[i], values[i]) for i in order[:width]]

    def _best(self, g: CaveTrollGame, me: str, legal: list[Action]) -> Action:
        best: list[Action] = []
        top = -float("inf")
        for action in legal:
            v = self.value_of(g, me, action)
            if v > top + 1e-9:
                top, best = v, [action]
            elif v > top - 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # ------------------------------------------------------------------ the decision's position
    def _root(self, g: CaveTrollGame, me: str) -> None:
        """The decision's position, valued once: each space's terms, their sums per
        player, the scoring icons still to be played, what an unseen artifact is worth."""
        if not self._icon_table:
            self._icon_table = {c.id: c.icons for c in g.content.cards.values()}
            self._iconic = [(c, n) for c, n in self._icon_table.items() if n]
            self._gold_table = {a.id: a.gold for a in g.content.artifacts.values()}
            shared = _MEMO.get((self._personality, g.content.content_id))
            if shared is None:
                shared = _MEMO[(self._personality, g.content.content_id)] = _Shared({}, {}, {})
            self._rooms, self._seen, self._delta = shared.rooms, shared.seen, shared.delta
        if len(self._place) != len(g.players):
            self._place = {p: i for i, p in enumerate(g.players)}
        if len(self._rooms) > 100_000:
            self._rooms.clear()
        self._last_card = None
        self._left = ("", "", [])
        n = len(g.players)
        held, static = [0.0] * n, [0.0] * n
        versions, seen = g.board.versions, self._seen
        at: dict[str, Terms] = {}
        for space, here in g.board.spaces.items():
            if here:
                known = seen.get(space)
                version = versions[space]
                if known is not None and known[0] == version and known[1] is here:
                    terms = known[2]
                else:
                    terms = self._space(g, space, here)
                    seen[space] = (version, here, terms)
                at[space] = terms
                for i, h, st in terms:
                    held[i] += h
                    static[i] += st
        self._terms, self._held, self._static = at, held, static
        left = 0  # counted per card with icons (a few of the deck's kinds), in C
        for card, icons in self._iconic:
            for p in g.players:
                left += icons * (g.decks[p].count(card) + g.hands[p].count(card))
        self._icons_left = left
        unseen = unseen_artifacts(g, me)
        gold = self._gold_table
        self._mean_unseen = sum(gold[a] for a in unseen) / len(unseen) if unseen else 0.0
        self._known = list(g.held[me])
        self._known_gold = float(sum(gold[a] for a in self._known))
        self._future = self._later(g.pile, self._icons_left, g)
        self._bases = [self._base(g, p, me) for p in g.players]
        self._score = [held[i] * self._future + static[i] + self._bases[i] for i in range(n)]

    def _later(self, pile: int, icons_left: int, g: CaveTrollGame) -> float:
        """How many times a room held now should count: once, plus ``later`` per board
        Scoring the icons still to be played could set off."""
        if not self._threshold:
            self._threshold = g.content.numbers["scoring_threshold"]
        return 1.0 + self.w.later * (pile + icons_left) / self._threshold

    def _base(self, g: CaveTrollGame, p: str, me: str) -> float:
        """``p``'s gold, cards in hand and artifacts as ``me`` knows them: its own at
        their gold when it held them at the decision, every other at the mean unseen."""
        out = g.gold[p] + self.w.card * len(g.hands[p])
        if p != me:
            return out + len(g.held[p]) * self._mean_unseen
        if g.held[p] == self._known:
            return out + self._known_gold
        known = list(self._known)
        for a in g.held[p]:
            if a in known:
                known.remove(a)
                out += self._gold_table[a]
            else:
                out += self._mean_unseen
        return out

    # ------------------------------------------------------------------ one answer
    def value_of(self, g: CaveTrollGame, me: str, action: Action) -> float:
        """The position after ``action``, as ``me`` sees it (``g``: the decision's, as
        ``_root`` valued it)."""
        kind = action[0]
        if kind == "draw":
            deck = g.decks[me]
            if len(deck) == 1:  # the last card is known by elimination: its best play
                if self._last_card is None:
                    self._last_card = self._after_card(g, me, deck[0])
                return self._last_card
            return self._lead(self._score, self._place[me], self.w.card)  # a card more, unknown
        if kind == "stop":
            return self._lead(self._score, self._place[me], -1e-6)  # never worse than none
        # what the answer spends: a card from the hand, or an artifact (known: its own)
        spent = self._gold_table[g.held[me][action[1]]] if kind == "artifact" else self.w.card
        mine = self._place[me]
        moved = simple.relocation(g, action)
        if moved is not None:  # a figure from one space to another
            src, fig, dst = moved
            if src != self._left[0] or fig != self._left[1]:  # the answers of a figure come together
                self._left = (src, fig, self._changed(self._change_at(g, src, me, fig, False), ()))
            into = self._change_at(g, dst, me, fig, True)
            return self._lead(
                self._changed(into, (), self._left[2]), mine, 0.0 if kind != "artifact" else -spent
            )
        placed = simple.placement(g, action)
        if placed is not None:  # one figure more on one space
            into = self._change_at(g, placed[0], me, placed[1], True)
            if placed[2]:  # and the pile filled: every room paid, the pile empty
                return self._lead(self._scoring(g, me, action, into), mine, -spent)
            return self._lead_with(into, (), mine, -spent)
        room = simple.scored_room(g, action)
        if room is not None:  # the room's gold paid now
            score = list(self._score)
            for i, h, _ in self._terms.get(room, ()):
                score[i] += h
            return self._lead(score, mine, -spent)
        removed = simple.removal(g, action)
        if removed is not None:  # one figure less on one space (an Orc's action spends nothing)
            out = self._change_at(g, removed[0], removed[1], removed[2], False)
            return self._lead_with(out, (), mine, 0.0 if kind != "artifact" else -spent)
        if simple.spent_only(g, action):  # an artifact gone, nothing else
            return self._lead(self._score, mine, -spent)
        return self._applied(g, me, action, g.hands[me])

    def _change_at(self, g: CaveTrollGame, space: str, owner: str, kind: str, added: bool) -> Terms:
        """What adding (or taking away) ``owner``'s figure of ``kind`` at ``space``
        changes there, kept while the space stays as it is (its version and list)."""
        now, version = g.board.spaces[space], g.board.versions[space]
        kept = self._delta.get(space)
        if kept is None or kept[0] != version or kept[1] is not now:
            kept = self._delta[space] = (version, now, {})
        key = (owner, kind, added)
        found = kept[2].get(key)
        if found is not None:
            return found
        here = list(now)
        if kind == "cave_troll" and added:  # valued cleared: it does not guess who escapes
            here = [figure(owner, kind)]
        elif added:
            here.append(figure(owner, kind))
        else:
            here.remove(figure(owner, kind))
        changes = [(i, -h, -st) for i, h, st in self._terms.get(space, ())]
        if here:
            changes += self._space(g, space, here)
        out = kept[2][key] = tuple(changes)
        return out

    def _lead_with(self, first: Terms, second: Terms, mine: int, bonus: float) -> float:
        """``_lead`` of the decision's scores with the changes of ``first`` and ``second``."""
        return self._lead(self._changed(first, second), mine, bonus)

    def _changed(self, first: Terms, second: Terms, score: list[float] | None = None) -> list[float]:
        """The decision's scores (or ``score``) with the changes of ``first`` and
        ``second`` added, each once (the bot's most frequent call)."""
        out, future = (self._score if score is None else score).copy(), self._future
        for j, h, st in first:
            out[j] += h * future + st
        for j, h, st in second:
            out[j] += h * future + st
        return out

    def _scoring(self, g: CaveTrollGame, me: str, action: Action, into: Terms) -> list[float]:
        """The decision's scores after a card placed with ``into`` as its change fills
        the scoring pile: each player gains the gold its rooms pay now, and the rooms
        count for the Scorings the icons still to be played could set off."""
        held, static = list(self._held), list(self._static)
        for i, h, st in into:
            held[i] += h
            static[i] += st
        icons = self._icon_table[g.hands[me][action[1]]]
        future = self._later(0, self._icons_left - icons, g)
        return [held[i] * (future + 1.0) + static[i] + self._bases[i] for i in range(len(held))]

    def _lead(self, score: list[float], mine: int, bonus: float) -> float:
        """On the scale of a finished game: a logistic of ``mine``'s lead over ``rival``
        times the best opponent's score."""
        best = -float("inf")
        for i in range(len(score)):
            if i != mine and score[i] > best:
                best = score[i]
        lead = score[mine] + bonus - self.w.rival * best
        return WIN / (1.0 + math.exp(-lead / SCALE))

    def _after_card(self, g: CaveTrollGame, me: str, card: str) -> float:
        after = g.copy()
        after.decks[me].remove(card)
        after.hands[me].append(card)
        after.actions_left -= 1
        after.pending.append(Pending("play", me, ""))
        return max(self._applied(after, me, a, g.hands[me]) for a in after.legal())

    def _applied(self, g: CaveTrollGame, me: str, action: Action, hand: list[str]) -> float:
        """``action`` tried on a copy of ``g`` (the decision's position or, for the last
        card of the deck, a copy of it holding the card); ``hand``: the decision's hand."""
        after = g.copy()
        after.apply(action)
        while after.pending and after.pending[0].kind == "escape":  # valued cleared (_change_at)
            after.apply(("escape", after.pending[0].space, None, None))
        return self.value(after, me, hand=hand)

    # ------------------------------------------------------------------ a space's terms
    def _space(self, g: CaveTrollGame, space: str, here: list[Any]) -> Terms:
        key = (space, tuple(here))
        terms = self._rooms.get(key)
        if terms is None:
            terms = self._rooms[key] = self._space_terms(g, space, here)
        return terms

    def _space_terms(self, g: CaveTrollGame, space: str, here: list[Any]) -> Terms:
        """(player's place, gold the space pays it if scored now, hero value less
        threat) for the players with something there: a pure function of the space and
        its figures (``here``, not the board's: a what-if)."""
        w = self.w
        held: dict[str, float] = {}
        static: dict[str, float] = {}
        if g.board.kind_of[space] == "room" and any(f.kind in HEROES for f in here):
            for p, gold in g.board.score_room(space, here):
                held[p] = held.get(p, 0.0) + gold
        monsters = {f.owner for f in here if f.kind in THREATS}
        for f in here:
            if f.kind in HEROES:
                static[f.owner] = static.get(f.owner, 0.0) + w.hero
                if monsters - {f.owner}:
                    static[f.owner] -= w.threat * g.board.gold_of[space]
        place = self._place if len(self._place) == len(g.players) else {p: i for i, p in enumerate(g.players)}
        return tuple(
            (place[p], held.get(p, 0.0), static.get(p, 0.0)) for p in sorted(held.keys() | static.keys())
        )

    # ------------------------------------------------------------------ a copy's value
    def value(self, g: CaveTrollGame, me: str, hand: list[str] | None = None) -> float:
        """``me``'s value of ``g``, a copy of the decision's position after one answer
        (``hand``: ``me``'s hand at the decision, to count the icons it played): the
        spaces the copy changed valued again, the rest as at the decision."""
        if g.over:
            return self._final(g, me)
        icons_left = self._icons_left
        if hand is not None:  # a card left the hand
            icons = self._icon_table
            icons_left += sum(icons[c] for c in g.hands[me]) - sum(icons[c] for c in hand)
        held, static = list(self._held), list(self._static)
        for space in g.board.touched:
            for i, h, st in self._terms.get(space, ()):
                held[i] -= h
                static[i] -= st
            here = g.board.spaces[space]
            if here:
                for i, h, st in self._space(g, space, here):
                    held[i] += h
                    static[i] += st
        return self._scored(g, me, held, static, icons_left)

    def _scored(
        self, g: CaveTrollGame, me: str, held: list[float], static: list[float], icons_left: int
    ) -> float:
        future = self._later(g.pile, icons_left, g)
        score = [held[i] * future + static[i] + self._base(g, p, me) for i, p in enumerate(g.players)]
        return self._lead(score, g.players.index(me), 0.0)

    def full_value(self, g: CaveTrollGame, me: str) -> float:
        """``value`` computed from every space of ``g``, with no shortcut (for tests)."""
        if g.over:
            return self._final(g, me)
        n = len(g.players)
        held, static = [0.0] * n, [0.0] * n
        for space, here in g.board.spaces.items():
            if here:
                for i, h, st in self._space_terms(g, space, here):
                    held[i] += h
                    static[i] += st
        icons = self._icon_table
        icons_left = sum(icons[c] for p in g.players for c in (*g.decks[p], *g.hands[p]))
        return self._scored(g, me, held, static, icons_left)

    def _final(self, g: CaveTrollGame, me: str) -> float:
        """A finished game as ``me`` would expect it to be scored: the gold its
        opponents' unused artifacts paid counts at the mean of the unseen, as it cannot
        know them before they are revealed; the winners follow (CT10's knob included)."""
        gold = self._gold_table
        card = self.w.card
        est = {  # _base counts the hand too: a finished game's hands are worth nothing
            p: self._base(g, p, me) - card * len(g.hands[p]) - sum(gold[a] for a in g.held[p])
            for p in g.players
        }
        top = max(est.values())
        winners = [p for p in g.players if est[p] > top - 1e-9]
        if g.tie == "seat_order" and len(winners) > 1:
            winners = [max(winners, key=g.seat_of)]
        margin = est[me] - max(est[q] for q in g.players if q != me)
        return (WIN / len(winners) if me in winners else 0.0) + margin / 1000
