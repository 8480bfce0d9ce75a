"""The decisions worth more than the heuristic's first thought, and the answers tried at
each: what the search bots search (``ismcts.py``) and what the learned policy scores
(``policy.py``), one list for both so that the policy learns the search's choices among
the answers the search compares.

- *searched decisions* (``SEARCHED``): the turn's Action or Skill, the cards it
  discards, the Regions its effects target, its Battle placements, Tactics and passes,
  when the player decides for itself (the non-player Trogs a player decides for, and
  every other kind, go to the heuristic bot);
- *candidates*: every option of a Choice (those a restriction permits), but for a turn
  not the Actions that would do nothing while another Action acts (``acting``); for a
  discard the heuristic's cards, every card with the Action's icons, and none only when
  the heuristic would pay nothing (an Action chosen to act is paid for); for a Battle
  placement the heuristic's split and the pure ones; keyed by the option, the cards or
  the split (the same in every determinization).

Since bots version 7 a search no longer takes an Action that does nothing (before it,
with ``paired-leaf:20`` in every seat, about a sixth of Moves and a fifth of Builds
before the last Round had changed nothing: docs/measured.md).
"""

from __future__ import annotations

from collections.abc import Hashable

from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.restrictions import allowed
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Allocate, Choice, Decision, Game, Subset

# The decisions searched; every other one is the heuristic bot's.
SEARCHED = frozenset({"turn", "discard", "place_units", "tactic", "target_region", "objective_target"})

Candidate = tuple[Hashable, object]  # (key, answer)


def is_searched(d: Decision | None, player: FactionId) -> bool:
    """Whether ``player``'s pending request ``d`` is one the search (and the policy)
    decides: a searched kind, asked of ``player`` for itself."""
    if d is None or d.faction != player or d.kind not in SEARCHED:
        return False
    actor = d.actor if isinstance(d, (Choice, Allocate)) else None
    return actor is None or actor == player


def candidates(helper: HeuristicBot, d: Decision, g: Game, restriction: str = "") -> list[Candidate]:
    """(key, answer) pairs worth trying for ``d`` (see the module docstring); ``helper``
    is the deciding player's heuristic bot (its memory of the request under way is
    dropped first), ``restriction`` the restricted play it is bound to ("" for none)."""
    helper.forget()
    if isinstance(d, Choice):
        keep = allowed(restriction, d, g) if restriction else None
        indices = list(range(len(d.options))) if keep is None else keep
        if d.kind == "turn":
            indices = acting(helper, d, g, indices)
        return [(d.options[i], i) for i in indices]
    if isinstance(d, Subset):
        hand = d.items
        heuristic = helper.discard_choice(g, d.faction, d.action or "move")
        every = tuple(i for i, c in enumerate(hand) if g.content.cards[c].icons(d.action or "move") > 0)
        out: list[Candidate] = []
        # paying nothing only when the heuristic would pay nothing (an Action chosen acts)
        for answer in (heuristic, every) if heuristic else (heuristic, every, ()):
            if d.min <= len(answer) <= d.max:
                key = tuple(sorted(hand[i] for i in answer))
                if all(key != k for k, _ in out):
                    out.append((key, answer))
        return out
    n = d.total
    splits = [helper.decide(d, g), (n, 0, 0), (0, 0, n), (0, n, 0)]
    pairs: list[Candidate] = []
    for s in splits:
        if s not in [k for k, _ in pairs]:
            pairs.append((s, s))
    return pairs


# The Actions that can do nothing: a Move the planner finds no target for, a Recruit with
# no Reserve, icons or HQ, a Build with nothing worth building (the heuristic values each
# at -1 exactly then, and pays nothing for it: in a search's rollouts it is a pass).
EMPTY_CAPABLE = frozenset({"move", "recruit", "build"})


def acting(helper: HeuristicBot, d: Choice, g: Game, indices: list[int]) -> list[int]:
    """``indices`` of the turn request ``d`` without the Actions that would do nothing
    (``EMPTY_CAPABLE``, valued -1 by the heuristic), while another Action is among them:
    such an Action is a pass, never better than the Draw (a card) or an Action that acts,
    and a search comparing it by a few rollouts picks it by chance. Skills, the
    Initiative card and the end of the turn stay."""
    values = helper.turn_values(d, g)
    empty = set()
    acts = 0
    for i in indices:
        kind, what = d.options[i]
        if kind != "action":
            continue
        if what in EMPTY_CAPABLE and values[i] <= -1.0:
            empty.add(i)
        else:
            acts += 1
    helper.forget()
    if not empty or not acts:
        return indices
    return [i for i in indices if i not in empty]
