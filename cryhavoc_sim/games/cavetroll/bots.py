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
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cavetroll.game import Action, CaveTrollGame, Pending
from cryhavoc_sim.rng import Rng

BOTS_VERSION = "cavetroll-bots-1"
WIN = 100.0  # a finished game won alone; a shared win is a share of it
SCALE = 8.0  # gold of lead that makes a game in progress about three quarters won


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
BOT_NAMES = ("random", "heuristic", *(f"heuristic:{p}" for p in PERSONALITIES))


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


class HeuristicBot:
    """Greedy over one answer, valuing positions with ``Personality`` weights."""

    def __init__(self, rng: Rng, personality: str = DEFAULT_PERSONALITY) -> None:
        self.rng = rng
        self.w = PERSONALITIES[personality]
        self.name = "heuristic" if personality == DEFAULT_PERSONALITY else f"heuristic:{personality}"
        self.turn = -1  # the turn whose draws ``drawn`` counts
        self.drawn = 0
        # (space, its figures) -> that space's terms of the valuation (a pure function)
        self._rooms: dict[tuple[str, tuple[Any, ...]], tuple[tuple[str, float, float], ...]] = {}
        self._icon_table: dict[str, int] | None = None

    def choose(self, g: CaveTrollGame) -> Action:
        me = g.player
        legal = g.legal()
        if not g.pending:
            if g.turn != self.turn:
                self.turn, self.drawn = g.turn, 0
            owed = self.w.draws - self.drawn
            if owed > 0 and g.actions_left <= owed and ("draw",) in legal:
                ends = len(g.decks[me]) == 1
                if not ends or self.value_of(g, me, ("draw",)) > 0:
                    legal = [("draw",)]
        action = self._best(g, me, legal)
        if action == ("draw",):
            self.drawn += 1
        return action

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

    def value_of(self, g: CaveTrollGame, me: str, action: Action) -> float:
        """The position after ``action``, as ``me`` sees it."""
        if action[0] == "draw":
            deck = g.decks[me]
            if len(deck) == 1:  # the last card is known: play it as well as it can be
                return self._after_card(g, me, deck[0])
            return self.value(g, me, self.w.card)  # one more card in hand, still unknown
        if action[0] == "stop":
            return self.value(g, me) - 1e-6  # a free action is never worse than none
        after = g.copy()
        after.apply(action)
        return self.value(after, me)

    def _after_card(self, g: CaveTrollGame, me: str, card: str) -> float:
        after = g.copy()
        after.decks[me].remove(card)
        after.hands[me].append(card)
        after.actions_left -= 1
        after.pending.append(Pending("play", me, ""))
        return max(self.value_of(after, me, a) for a in after.legal())

    def _icons(self, content: Any) -> dict[str, int]:
        if self._icon_table is None:
            self._icon_table = {c.id: c.icons for c in content.cards.values()}
        return self._icon_table

    def _space_terms(
        self, g: CaveTrollGame, space: str, here: list[Any]
    ) -> tuple[tuple[str, float, float], ...]:
        """(player, gold the space pays it if scored now, hero value less threat) for the
        players with something there: a pure function of the space and its figures."""
        w = self.w
        held: dict[str, float] = {}
        static: dict[str, float] = {}
        if g.content.spaces[space].kind == "room" and any(f.is_hero for f in here):
            for p, gold in g.board.score_room(space):
                held[p] = held.get(p, 0.0) + gold
        monsters = {f.owner for f in here if f.kind in ("orc", "grunt", "assassin", "rampaging_troll")}
        for f in here:
            if f.is_hero:
                static[f.owner] = static.get(f.owner, 0.0) + w.hero
                if monsters - {f.owner}:
                    static[f.owner] -= w.threat * g.content.spaces[space].gold
        return tuple((p, held.get(p, 0.0), static.get(p, 0.0)) for p in sorted(held.keys() | static.keys()))

    def value(self, g: CaveTrollGame, me: str, bonus: float = 0.0) -> float:
        """``me``'s value of the position less ``rival`` times the best opponent's
        (``bonus``: gold more for ``me``)."""
        if g.over:
            margin = g.gold[me] - max(g.gold[q] for q in g.players if q != me)
            return (WIN / len(g.winners) if me in g.winners else 0.0) + margin / 1000

        w = self.w
        content = g.content
        icons = self._icons(content)
        icons_left = sum(icons[c] for p in g.players for c in (*g.decks[p], *g.hands[p]))
        future = 1.0 + w.later * (g.pile + icons_left) / content.numbers["scoring_threshold"]
        score: dict[str, float] = {p: float(g.gold[p]) for p in g.players}
        score[me] += bonus
        memo = self._rooms
        if len(memo) > 100_000:
            memo.clear()
        for space, here in g.board.spaces.items():
            if not here:
                continue
            key = (space, tuple(here))
            terms = memo.get(key)
            if terms is None:
                terms = memo[key] = self._space_terms(g, space, here)
            for p, held, static in terms:
                score[p] += future * held + static
        for p in g.players:
            score[p] += w.card * len(g.hands[p]) + sum(content.artifacts[a].gold for a in g.held[p])
        lead = score[me] - w.rival * max(score[q] for q in g.players if q != me)
        return WIN / (1.0 + math.exp(-lead / SCALE))


def make_bot(name: str, rng: Rng) -> RandomBot | HeuristicBot:
    if name == "random":
        return RandomBot(rng)
    if name == "heuristic":
        return HeuristicBot(rng)
    if name.startswith("heuristic:") and name.split(":", 1)[1] in PERSONALITIES:
        return HeuristicBot(rng, name.split(":", 1)[1])
    raise ValueError(name)


def check_bot_name(name: Any, where: str) -> str:
    """``name`` if it is a Cave Troll bot, else a ScenarioError listing them."""
    if name not in BOT_NAMES:
        raise ScenarioError(
            f"{where} is {name!r}, which is not a Cave Troll bot; allowed: {', '.join(BOT_NAMES)}."
        )
    assert isinstance(name, str)
    return name
