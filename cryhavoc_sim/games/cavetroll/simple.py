"""What an answer does when it is simple: the shortcuts a bot may take to value it from
the one or two spaces it changes instead of trying it on a copy of the game.

Each function returns None unless the answer does nothing but what it says; the heuristic
bot's test (tests/cavetroll/test_heuristic.py) holds the shortcuts to what ``apply`` does on
every answer of random games. Rulebook (004, 2015): Move a Character; Thief; Placing and
Removing Figures; Score a Room; Play an Artifact (the artifacts' effects: content
``artifacts.toml``); Check for Scoring the Board (a card's icons filling the pile score the
board: not simple); Winning the Game (the last card of a deck ends it: not simple).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cavetroll.board import CHEST
from cryhavoc_sim.games.cavetroll.content import Card

if TYPE_CHECKING:
    from cryhavoc_sim.games.cavetroll.game import CaveTrollGame

Action = tuple[Any, ...]


def quiet(g: CaveTrollGame, kind: str, space: str) -> bool:
    """Whether a figure of ``kind`` entering ``space`` now sets nothing off
    (``CaveTrollGame._entered``): a Knight where no Orc stands, a Wraith outside a room, a
    Giant Slayer outside a room or into one that holds characters; any other kind."""
    if kind == "knight":
        return all(f.kind != "orc" for f in g.board.spaces[space])
    if kind == "wraith":
        return g.board.kind_of[space] != "room"
    if kind == "giant_slayer":
        return g.board.kind_of[space] != "room" or any(f.kind != CHEST for f in g.board.spaces[space])
    return True


def relocation(g: CaveTrollGame, action: Action) -> tuple[str, str, str] | None:
    """(from, kind, to) when ``action`` does nothing at once but move one of the deciding
    player's figures, entering quietly: a Move, the Thief's action, or an artifact that
    moves a hero (which also leaves the game). A Wraith's Move into a room counts: its
    push (Wraith) is a request its player answers next, valued then. Else None."""
    if g.pending:
        return None
    what = action[0]
    if what == "move":
        src, kind, dst = action[1], action[2], action[3]
    elif what == "act" and action[2] == "thief":
        src, kind, dst = action[1], "thief", action[3]
    elif what == "artifact" and _effect(g, action) == "teleport_hero":
        src, kind, dst = action[2], action[3], action[4]
    else:
        return None
    return (src, kind, dst) if kind == "wraith" or quiet(g, kind, dst) else None


def placement(g: CaveTrollGame, action: Action) -> tuple[str, str, bool] | None:
    """(space, kind, whether the board is scored) when ``action`` does nothing at once but
    put one of the deciding player's figures on a space, entering quietly: a card played
    (a hero, monster, chest, or the Cave Troll, whose escapes and clearing come after as
    requests; the card leaves the hand and its icons go to the scoring pile, which it may
    fill: then every room holding heroes is scored, after the figure is placed, and the pile
    empties; it is not the game's last card) or an artifact that brings a removed hero back
    (it leaves the game). Else None."""
    if action[0] == "artifact":
        if g.pending or _effect(g, action) != "return_hero":
            return None
        kind, space, fills = action[2], action[3], False
    else:
        card = _simple_card(g, action, may_fill=True)
        if card is None or card.placed is None:
            return None
        if card.placed == "cave_troll" and card.icons:
            return None  # its icons go to the pile after the escapes and the clearing
        kind, space, fills = card.placed, action[2], _fills(g, card)
    return (space, kind, fills) if quiet(g, kind, space) else None


def scored_room(g: CaveTrollGame, action: Action) -> str | None:
    """The room when ``action`` does nothing but score one room: Score a Room played (as
    ``placement``) or an artifact that scores a room. Else None."""
    if action[0] == "artifact":
        return action[2] if not g.pending and _effect(g, action) == "score_room" else None
    card = _simple_card(g, action)
    return action[2] if card is not None and card.id == "score_a_room" else None


def removal(g: CaveTrollGame, action: Action) -> tuple[str, str, str] | None:
    """(space, owner, kind) when ``action`` does nothing but remove one figure: an
    artifact that removes a monster, or the Orc's action (a hero removed from its room;
    the hero goes to its owner's play area, which no valuation reads)."""
    if g.pending:
        return None
    if action[0] == "act" and action[2] == "orc":
        return action[1], action[3], action[4]
    if action[0] == "artifact" and _effect(g, action) == "remove_monster":
        return action[2], action[3], action[4]
    return None


def spent_only(g: CaveTrollGame, action: Action) -> bool:
    """Whether ``action`` is an artifact that changes nothing a position is valued by but
    its leaving the hand: one with no effect, or an extra action."""
    return action[0] == "artifact" and not g.pending and _effect(g, action) in ("none", "extra_action")


def _effect(g: CaveTrollGame, action: Action) -> str:
    held = g.held[g.players[g.current]]
    return g.content.artifacts[held[action[1]]].effect


def _fills(g: CaveTrollGame, card: Card) -> bool:
    threshold: int = g.content.numbers["scoring_threshold"]
    return card.icons > 0 and g.pile + card.icons >= threshold


def _simple_card(g: CaveTrollGame, action: Action, may_fill: bool = False) -> Card | None:
    """The card ``action`` plays when it is not the game's last (and, unless
    ``may_fill``, does not fill the scoring pile)."""
    if action[0] != "play" or action[2] is None:
        return None
    p = g.pending[0].player
    card = g.content.cards[g.hands[p][action[1]]]
    if not g.decks[p] or (not may_fill and _fills(g, card)):
        return None
    return card
