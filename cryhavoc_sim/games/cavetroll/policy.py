"""Cave Troll's learned policy (``learned``, ``learned@<model>``, ``~<temperature>``):
the search's candidates scored by a fitted linear table, at about the heuristic's price.

At every decision (the turn's action, the card drawn and played, a Wraith's push, an
escape from a Cave Troll) the policy takes the answers the search weighs (the
heuristic's ``WIDTH`` best by its one-step valuation, ``HeuristicBot.ranked``) and
scores each with its kind's table (``games/policy/model.py``) from

- the answer's *attributes*: the heuristic's value of it (on the scale of a finished
  game, 0 to 1), its gap to the heuristic's best, whether it is the heuristic's best;
- the answer's *descriptor*: what it is (``draw``, ``stop``, ``move:knight``,
  ``act:thief``, ``artifact:crystal_ball``, ``play:wraith``, ``push:orc``,
  ``escape:dwarf``), weighed against
- the position's *context* as its player sees it: the player count, the deck and the
  scoring pile left, the actions left, the heuristic's reading of its lead, its hand
  and artifacts;

and plays the best (or samples at a temperature). One table per kind for every seat
(``player.<kind>``: the colours play alike). It keeps the heuristic's turn draws
(``HeuristicBot.owes_draw``: ruling CT17, nothing else ends a game). The tables are
fitted by ``train-policy --game cavetroll`` (``policy_training.py``) to what the
paired-rollout search found each candidate worth.

It reads what its player sees only (the heuristic's valuation is fair:
``visibility.py``), and draws only on its own generator (samples at a temperature).
"""

from __future__ import annotations

import math

from cryhavoc_sim.games.cavetroll.bots import SCALE, WIN, HeuristicBot
from cryhavoc_sim.games.cavetroll.game import Action, CaveTrollGame
from cryhavoc_sim.games.policy.model import Layout, PolicyModel, Table, pick
from cryhavoc_sim.games.policy.names import LearnedNames
from cryhavoc_sim.rng import Rng

VERSION = "cavetroll-policy-features-1"
SIDE = "player"  # one side: every colour plays by the same tables
KINDS = ("turn", "play", "push", "escape")
WIDTH = 4  # the search's (search.py): the heuristic's best four
ATTRIBUTES = ("heuristic_value", "heuristic_gap", "heuristic_best")
CONTEXT = (
    "players_2",
    "players_3",
    "players_4",
    "deck_left",
    "pile",
    "actions_left",
    "lead",
    "hand",
    "artifacts",
)
LAYOUT = Layout("cavetroll", VERSION, CONTEXT, dict.fromkeys(KINDS, ATTRIBUTES))
DEFAULT_MODEL = "2"  # the shipped policy: the last expert iteration (docs/games/cavetroll.md)
NAMES = LearnedNames("cryhavoc_sim.games.cavetroll", LAYOUT, DEFAULT_MODEL)


def kind_of(g: CaveTrollGame) -> str:
    """The decision's kind: a pending request's, else ``turn``."""
    return g.pending[0].kind if g.pending else "turn"


def context(judge: HeuristicBot, g: CaveTrollGame, me: str) -> list[float]:
    """The position as ``me`` sees it (``judge._root`` first: its lead is the judge's)."""
    n = len(g.players)
    score = judge._score
    mine = g.players.index(me)
    best = max(score[i] for i in range(n) if i != mine)
    size = judge.deck_size(g)
    return [
        float(n == 2),
        float(n == 3),
        float(n >= 4),
        len(g.decks[me]) / size,
        g.pile / g.content.numbers["scoring_threshold"],
        g.actions_left / 4.0,
        math.tanh((score[mine] - best) / SCALE),
        min(len(g.hands[me]), 8) / 4.0,
        min(len(g.held[me]), 6) / 3.0,
    ]


def descriptor(g: CaveTrollGame, me: str, action: Action) -> str:
    """What kind of answer ``action`` is (see the module docstring)."""
    kind = action[0]
    if kind == "move" or kind == "act":
        return f"{kind}:{action[2]}"
    if kind == "play":
        return f"play:{g.hands[me][action[1]]}"
    if kind == "artifact":
        return f"artifact:{g.held[me][action[1]]}"
    if kind == "push":
        return f"push:{action[3]}"
    if kind == "escape":
        return f"escape:{action[2]}"
    return str(kind)


def describe(
    g: CaveTrollGame, me: str, ranked: list[tuple[Action, float]]
) -> tuple[list[str], list[list[float]]]:
    """Each candidate's descriptor and attributes (``ranked``: the best first)."""
    top = ranked[0][1]
    descs = [descriptor(g, me, a) for a, _ in ranked]
    attrs = [[v / WIN, (v - top) / WIN, float(i == 0)] for i, (_, v) in enumerate(ranked)]
    return descs, attrs


class PolicyBot:
    """The policy ``model`` on ``rng``, for whichever seat it sits in (the game's bot
    shape, ``choose(game)``); ``temperature`` 0 plays the best candidate."""

    def __init__(self, model: PolicyModel, rng: Rng, temperature: float = 0.0, name: str = "learned") -> None:
        self.rng = rng
        self.temperature = temperature
        self.name = name
        self.judge = HeuristicBot(rng)  # never breaks a tie (``_best`` is not called)
        self.tables: dict[str, Table] = {}
        for kind in KINDS:
            table = model.table(SIDE, kind)
            if table is not None:
                self.tables[kind] = table

    def choose(self, g: CaveTrollGame) -> Action:
        me = g.player
        judge = self.judge
        legal = g.legal()
        judge._root(g, me)
        if judge.owes_draw(g, me, legal):
            action: Action = ("draw",)
        elif len(legal) == 1:
            action = legal[0]
        else:
            action = self.pick(g, me, legal)
        judge.played(action)
        return action

    def pick(self, g: CaveTrollGame, me: str, legal: list[Action]) -> Action:
        """The best candidate by its table's score (the heuristic's best without one)."""
        ranked = self.judge.ranked(g, me, legal, WIDTH)
        table = self.tables.get(kind_of(g))
        if table is None or len(ranked) < 2:
            return ranked[0][0]
        descs, attrs = describe(g, me, ranked)
        ctx = context(self.judge, g, me)
        scores = [table.score(attrs[i], descs[i], ctx) for i in range(len(ranked))]
        draw = self.rng.random() if self.temperature > 0.0 else 0.0
        return ranked[pick(scores, self.temperature, draw)][0]
