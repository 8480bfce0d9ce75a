"""WarCry's learned policy (``learned``, ``learned@<model>``, ``~<temperature>``): the
search's candidates scored by a fitted linear table, at about the heuristic's price.

At every decision the search searches (those that move a Battle: Commands, blocks,
tactics, reactions, follow-ups and their targets, the tie's picks; ``search.py``) the
policy takes the answers the search weighs (the heuristic's own answer, then the rest
by the heuristic's reading of them, ``WIDTH`` in all, ``search.candidates``) and scores
each with its kind's table (``games/policy/model.py``) from

- the answer's *attributes*: whether it is the heuristic's answer, the heuristic's
  reading of it (an attack's chance of winning, a tactic's Strength) and its gap to the
  best reading among the candidates;
- the answer's *descriptor*: what it is (``attack``, ``ranged``, ``strategy``, ``pass``,
  ``move``, ``card``, ``ability``, ...), weighed against
- the position's *context* as its player sees it: the Battle and the Battles won by
  each side, its lead on the field (the search's leaf reading: Strength in play, Ready
  Strength, cards in hand), the hands' sizes;

and plays the best (or samples at a temperature). One table per kind for both seats
(``player.<kind>``). Every other decision (the Muster, the Clean-up) is the heuristic's,
as in the search. Fitted by ``train-policy --game warcry`` (``policy_training.py``).

It reads what its player sees only (the heuristic and the field reading read the public
field and its own hand), and draws only on its own generator.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from typing import Any, cast

from cryhavoc_sim.games.policy.model import Layout, PolicyModel, Table, pick
from cryhavoc_sim.games.policy.names import LearnedNames
from cryhavoc_sim.games.state import Answer, PlayerId
from cryhavoc_sim.games.warcry.bots import HeuristicBot
from cryhavoc_sim.games.warcry.policy_features import FEATURES, features
from cryhavoc_sim.games.warcry.search import SCALE, SEARCHED, WarCrySearch, field_edge, rank
from cryhavoc_sim.games.warcry.state import ACTION_HAND, PLAYERS, WarCryState
from cryhavoc_sim.rng import Rng

VERSION = "warcry-policy-features-2"  # 2: the Combat at stake (policy_features.py)
SIDE = "player"  # one side: both seats play by the same tables
KINDS = tuple(sorted(SEARCHED))
ATTRIBUTES = ("heuristic_pick", "heuristic_reading", "reading_gap", *FEATURES)
CONTEXT = ("bias", "battle", "battles_won", "battles_lost", "field_lead", "hand", "their_hand")
LAYOUT = Layout("warcry", VERSION, CONTEXT, dict.fromkeys(KINDS, ATTRIBUTES))
DEFAULT_MODEL = "1"  # the shipped policy: one expert iteration on features 2 (docs/games/warcry.md)
NAMES = LearnedNames("cryhavoc_sim.games.warcry", LAYOUT, DEFAULT_MODEL)
# (rules, bots) versions a shipped table was fitted under that differ from the module's
# but leave the games it plays as they were, and why (a test holds each shipped table to
# the versions it plays under, or to one of these).
POLICY_CARRIED_OVER: dict[tuple[str, str], str] = {
    ("warcry-rules-2", "warcry-bots-2"): (
        "fitted under bots 2 (its expert paired:16, and the heuristic of its games and"
        " rollouts, are version 2's and unchanged in 3): version 3 is this table"
    )
}


def context(state: WarCryState, p: int) -> list[float]:
    """The position as seat ``p`` sees it (the public field and hand sizes)."""
    return [
        1.0,
        state.battle / 2.0,
        float(state.wins[p]),
        float(state.wins[1 - p]),
        math.tanh(field_edge(state, p) / SCALE),
        min(len(state.zones[p][ACTION_HAND]), 10) / 5.0,
        min(len(state.zones[1 - p][ACTION_HAND]), 10) / 5.0,
    ]


def describe(
    state: WarCryState, judge: HeuristicBot, candidates: Sequence[tuple[Hashable, Answer]]
) -> tuple[list[str], list[list[float]]]:
    """Each candidate's descriptor and attributes (``candidates``: the heuristic's first)."""
    answers = cast(list[tuple[Any, ...]], [a for _, a in candidates])
    readings = [rank(state, judge, a) for a in answers]
    top = max(readings)
    dice = judge.dice(state)
    edge = field_edge(state, judge.p)
    descs = [descriptor(state, judge.p, a) for a in answers]
    attrs = [
        [float(i == 0), r, r - top, *features(state, judge.p, answers[i], dice, edge)]
        for i, r in enumerate(readings)
    ]
    return descs, attrs


def descriptor(state: WarCryState, p: int, answer: tuple[Any, ...]) -> str:
    """What kind of answer it is; a Command by its effect (a Rally, a Commit, a draw)."""
    what = str(answer[0])
    if what == "command":
        ab = next(state.cards[x] for x in state.zones[p][ACTION_HAND] if state.cards[x].name == answer[1])
        return f"command:{ab.abilities[0].effect or 'none'}"
    if what == "unit_command":
        return f"unit_command:{state.cards[answer[1]].abilities[answer[2]].effect or 'none'}"
    return what


class PolicyBot:
    """The policy ``model`` in seat ``player`` on ``rng`` (a protocol bot); ``temperature``
    0 plays the best candidate."""

    def __init__(
        self, player: PlayerId, model: PolicyModel, rng: Rng, temperature: float = 0.0, name: str = "learned"
    ) -> None:
        self.player = player
        self.p = PLAYERS.index(player)
        self.rng = rng
        self.temperature = temperature
        self.name = name
        self.part = WarCrySearch(player, rng)  # the search's candidates and its heuristic
        self.tables: dict[str, Table] = {}
        for kind in KINDS:
            table = model.table(SIDE, kind)
            if table is not None:
                self.tables[kind] = table

    def decide(self, state: WarCryState) -> Answer:
        part = self.part
        table = self.tables.get(state.phase)
        if table is None or not part.searched(state, self.player):
            return part.own.decide(state)
        cands = part.candidates(state)
        if len(cands) < 2:
            return cands[0][1] if cands else part.own.decide(state)
        descs, attrs = describe(state, part.own, cands)
        ctx = context(state, self.p)
        scores = [table.score(attrs[i], descs[i], ctx) for i in range(len(cands))]
        draw = self.rng.random() if self.temperature > 0.0 else 0.0
        return cands[pick(scores, self.temperature, draw)][1]
