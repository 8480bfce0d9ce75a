"""What WarCry's learned policy (``policy.py``) reads of a candidate answer beyond the
heuristic's reading: the Combat it opens or changes, as its player sees it.

The search values an answer by the field after it (``search.field_edge``: Strength in
play, Ready Strength, cards in hand). The heuristic's reading is a chance of winning a
Combat, which says nothing of what the Combat is for: taking a Strength 1 unit at 90%
and a Strength 6 unit at 60% read alike. So each answer is also described by

- ``win``: the chance its player wins the Combat the answer opens, joins or changes
  (from Strength, the tactics played and the Rolls already made, each Roll from its own
  Action deck's dice: what the heuristic assumes of both decks); 0 where no Combat is
  at stake (a pass, a Move, a Command);
- ``swing``: the change of the field edge that Combat is worth, expected at ``win``: a
  unit lost is its Strength and Victory (and half its Strength more while Ready), a
  winner commits (``search.READY_WEIGHT``); a Command's Rally or Commit its target's
  Ready half. In ``search.SCALE`` units;
- ``stake``: what is at stake, the two units' worth together (same units);
- ``card``: 1 when the answer spends an Action card from the hand (a card in hand is
  worth about one Strength: ``search.HAND_WEIGHT``).

It reads the public field, the Combat, the rolls made and its own Action deck's card
list, as the heuristic does; never a hidden card.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from cryhavoc_sim.games.warcry.bots import win_chance
from cryhavoc_sim.games.warcry.content import Ability
from cryhavoc_sim.games.warcry.search import GAME_ODDS, HAND_WEIGHT, READY_WEIGHT, SCALE
from cryhavoc_sim.games.warcry.state import ACTION_HAND, WarCryState
from cryhavoc_sim.games.warcry.table import Combat

FEATURES = ("win", "swing", "stake", "card", "leaf_gain")

Outcome = tuple[float, float, float, float]  # P(win), edge change if won, if lost, cards spent


def worth(state: WarCryState, u: int) -> float:
    """What losing unit ``u`` takes off its side's field edge."""
    s = state.strength(u)
    return s + state.cards[u].victory + (READY_WEIGHT * s if u not in state.committed else 0.0)


def duel(state: WarCryState, mine: int, theirs: int, p_win: float, cards: float = 0.0) -> Outcome:
    """A Combat of ``mine`` against ``theirs`` won with ``p_win``: the winner commits (a
    Ready winner loses its Ready half), the loser is destroyed."""
    commit = READY_WEIGHT * state.strength(mine) if mine not in state.committed else 0.0
    return (p_win, worth(state, theirs) - commit, -worth(state, mine), cards)


def leaf(state: WarCryState, p: int, edge: float) -> float:
    """The search's leaf value (``search.WarCrySearch.value``) at field edge ``edge``."""
    mine, theirs = state.wins[p], state.wins[1 - p]
    battle = 1.0 / (1.0 + math.exp(-edge / SCALE))
    won = 1.0 if mine == 1 else GAME_ODDS[(mine + 1, theirs)]
    lost = 0.0 if theirs == 1 else GAME_ODDS[(mine, theirs + 1)]
    return battle * won + (1.0 - battle) * lost


def features(
    state: WarCryState, p: int, answer: tuple[Any, ...], dice: tuple[int, ...], edge: float
) -> list[float]:
    """``FEATURES`` of ``answer`` for seat ``p`` at ``state``'s decision (see the module
    docstring), its field edge ``edge`` (``search.field_edge``)."""
    chance, won, lost, cards = outcome(state, p, answer, dice)
    now = leaf(state, p, edge)
    spent = HAND_WEIGHT * cards
    if state.phase == "command" and answer[0] == "retreat":  # the Battle is lost
        after = leaf(state, p, -1e3)
    elif state.phase == "command" and answer[0] == "pass" and state.passes >= 1:  # the Battle ends
        mine, theirs = state.field_value(p), state.field_value(1 - p)
        after = leaf(state, p, 1e3 if mine > theirs else -1e3 if mine < theirs else 0.0)
    else:
        after = chance * leaf(state, p, edge + won - spent) + (1.0 - chance) * leaf(
            state, p, edge + lost - spent
        )
    return [
        chance if won or lost else 0.0,
        (chance * won + (1.0 - chance) * lost) / SCALE,
        (won - lost) / SCALE,
        cards,
        after - now,
    ]


def _roll_chance(c: Combat, side: int, margin: int, dice: tuple[int, ...]) -> float:
    """P(side wins) at ``margin`` (its total less the other's, Rolls left out), the Rolls
    already made counted; a ranged attacker wins ties, any other tie is half a win (a
    Slaughter)."""
    mine = (c.rolls[side],) if c.rolls[side] is not None else dice or (0,)
    theirs = (c.rolls[1 - side],) if c.rolls[1 - side] is not None else dice or (0,)
    return _chance(margin, mine, theirs, 1.0 if c.ranged and side == 0 else 0.0 if c.ranged else 0.5)


@cache
def _chance(margin: int, mine: tuple[int | None, ...], theirs: tuple[int | None, ...], tie: float) -> float:
    """P(margin + my roll > their roll), a tie counting ``tie`` (cached: a decision asks
    it of every candidate, over the whole Action deck's dice both ways)."""
    won = 0.0
    for a in mine:
        for b in theirs:
            d = margin + (a or 0) - (b or 0)
            if d > 0:
                won += 1.0
            elif d == 0:
                won += tie
    return won / (len(mine) * len(theirs))


def _combat(state: WarCryState, p: int, plus: int, dice: tuple[int, ...], cards: float) -> Outcome:
    """The open Combat for ``p`` with ``plus`` Strength more."""
    c = state.combat
    assert c is not None
    side = c.side_of(p)
    margin = (
        state.total(c, side) - (c.rolls[side] or 0) - (state.total(c, 1 - side) - (c.rolls[1 - side] or 0))
    )
    return duel(state, c.unit(side), c.unit(1 - side), _roll_chance(c, side, margin + plus, dice), cards)


def _plus(state: WarCryState, p: int, ab: Ability) -> int:
    """The Strength an ability adds to ``p``'s side of the open Combat (the heuristic's
    reading: one directed at the enemy takes it from them; a ranged attacker's total
    takes no modifier, W2)."""
    c = state.combat
    assert c is not None
    side = c.side_of(p)
    plus = -ab.strength if ab.target == "enemy" else ab.strength
    if c.ranged and (side == 0) != (ab.target == "enemy"):
        return 0
    return plus


def _hand_ability(state: WarCryState, p: int, name: str) -> Ability:
    return next(state.cards[x] for x in state.zones[p][ACTION_HAND] if state.cards[x].name == name).abilities[
        0
    ]


def outcome(state: WarCryState, p: int, answer: tuple[Any, ...], dice: tuple[int, ...]) -> Outcome:
    """What ``answer`` does for seat ``p``: the Combat it opens, joins or changes (P(win),
    the edge won or lost), or what it changes outside a Combat, and the cards it spends."""
    what = answer[0]
    phase = state.phase
    c = state.combat
    none: Outcome = (0.0, 0.0, 0.0, 0.0)
    if phase == "command":
        if what == "attack":
            u, t = answer[1], answer[2]
            return duel(state, u, t, win_chance(state.strength(u) - state.strength(t), dice, False))
        if what == "ranged":  # a hit commits a Ready target, destroys a committed one
            u, t = answer[1], answer[2]
            chance = win_chance(state.cards[u].ranged - state.strength(t), dice, True)
            taken = worth(state, t) if t in state.committed else READY_WEIGHT * state.strength(t)
            commit = READY_WEIGHT * state.strength(u) if u not in state.committed else 0.0
            return (chance, taken - commit, -commit, 0.0)
        if what in ("command", "unit_command"):
            ab = (
                _hand_ability(state, p, answer[1])
                if what == "command"
                else state.cards[answer[1]].abilities[answer[2]]
            )
            t = answer[-1]
            gain = (
                READY_WEIGHT * state.strength(t)
                if t >= 0 and ab.effect in ("rally", "commit_target")
                else 0.0
            )
            if ab.effect == "draw_action":
                gain = HAND_WEIGHT
            return (1.0, gain, gain, float(what == "command"))
        return (0.0, 0.0, 0.0, float(what == "strategy"))
    if phase in ("tie_attacker", "tie_defender"):
        mine = answer[1]
        if phase == "tie_defender":
            theirs = state.pick
        else:  # the other side then puts up its strongest (the heuristic)
            theirs = max(state.units(1 - p), key=state.strength, default=-1)
        if theirs < 0:
            return none
        return duel(
            state, mine, theirs, win_chance(state.strength(mine) - state.strength(theirs), dice, False)
        )
    if c is None:
        return none
    if phase == "block":
        mine = answer[1] if what == "block" else c.def_u
        return duel(
            state, mine, c.att_u, win_chance(state.strength(mine) - state.strength(c.att_u), dice, False)
        )
    if phase in ("tactic", "react"):
        if what in ("card", "support_card", "react"):
            return _combat(state, p, _plus(state, p, _hand_ability(state, p, answer[1])), dice, 1.0)
        if what in ("ability", "strategy", "react_ability"):
            return _combat(state, p, _plus(state, p, state.cards[answer[1]].abilities[answer[2]]), dice, 0.0)
        return _combat(state, p, 0, dice, 0.0)
    if phase == "follow_up":
        if what != "follow_up":
            return none
        w = c.winner
        ready = [u for u in state.units(1 - p) if u not in state.committed] or state.units(1 - p)
        if not ready:
            return none
        t = max(ready, key=state.strength)  # the loser puts up its strongest (the heuristic)
        return duel(state, w, t, win_chance(state.strength(w) - state.strength(t), dice, False))
    if phase == "follow_target":
        w, mine = c.winner, answer[1]
        return duel(state, mine, w, win_chance(state.strength(mine) - state.strength(w), dice, False))
    return none
