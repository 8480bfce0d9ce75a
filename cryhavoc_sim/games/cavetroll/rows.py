"""One Cave Troll game of a scenario: its deal (played by the harness), and its rows.

A player is a colour (``player``); its side (``faction``) is its seat in the turn order
("seat 1" first). The games table's ``variant`` holds the card set, ``final_vp`` the
gold, ``winner`` the winning side (null when several share the win: ruling CT10, each
marked ``won`` in the seats table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cryhavoc_sim.games.cavetroll.content import CaveTrollContent
from cryhavoc_sim.games.cavetroll.game import COLOURS, CaveTrollGame
from cryhavoc_sim.games.cavetroll.rules import PLAY_RULES
from cryhavoc_sim.games.cavetroll.rules import Deal as Table
from cryhavoc_sim.games.cavetroll.scenario import CaveTrollSetup, side_of
from cryhavoc_sim.games.harness.deal import Deal
from cryhavoc_sim.games.harness.deal import deal as dealt
from cryhavoc_sim.games.harness.driver import GameDidNotEnd
from cryhavoc_sim.games.protocol import GameRows, Played
from cryhavoc_sim.games.spec import Column

# The column only Cave Troll (and Cry Havoc) fills (docs/data.md), after the shared ones.
COLUMNS = (Column("seats", "regions_controlled", "Int8", "rooms controlled at game end"),)

RULES_VERSION = "cavetroll-rules-3"  # 3: Thief, Wraith, scoring after resolution, chest (text fidelity); 2: gold sources renamed
MAX_ANSWERS = 20_000  # a game that has not ended by then raises (its seed is kept in errors)
__all__ = ["COLUMNS", "MAX_ANSWERS", "GameDidNotEnd", "deal", "game_rows", "played", "stored_events"]


def deal(setup: CaveTrollSetup, master_seed: int, game_id: int) -> Deal:
    """Game ``game_id`` of a scenario (its plan: the deal's index, players, card set and
    first seat), each colour's bot read once; past ``MAX_ANSWERS`` answers it raises."""
    index, players, card_set, first = setup.plan(game_id)
    table = Table(players, card_set, setup.must_use_all_actions, setup.tie, first)
    return dealt(
        PLAY_RULES, master_seed, index, table, COLOURS[:players], dict(setup.bots), limit=MAX_ANSWERS
    )


def played(deal: Deal, state: Any) -> Played:
    """The finished game (the harness's state holds the game)."""
    g: CaveTrollGame = state.game
    sides = tuple(side_of(g.seat_of(p)) for p in g.players)
    winners = tuple(sorted(side_of(g.seat_of(p)) for p in g.winners))
    return Played(winners, tuple(sorted(sides)), g)


def _round(g: CaveTrollGame, turn: int) -> int:
    return 0 if turn == 0 else min(127, (turn - 1) // len(g.players) + 1)


def game_rows(setup: CaveTrollSetup, content: CaveTrollContent, result: Played, deal: Deal) -> GameRows:
    g: CaveTrollGame = result.state
    n = len(g.players)
    row = {
        "variant": g.card_set,
        "game": "cavetroll",
        "mode": "standard",
        "n_players": n,
        "content_id": content.content_id,
        "rules_version": RULES_VERSION,
        "rounds_played": _round(g, g.turn),
        "ended_by": "deck_out",
        "winner": result.winner,
        "lineup": ",".join(sorted(result.sides)),
    }
    rooms: dict[str, int] = dict.fromkeys(g.players, 0)
    for space in g.board.spaces:
        if content.spaces[space].kind == "room" and (owner := g.board.controller(space)):
            rooms[owner] += 1
    seats = [
        {
            "faction": side_of(g.seat_of(p)),
            "seat": g.seat_of(p),
            "bot": deal.bot_name(p),
            "is_npc": False,
            "final_vp": g.gold[p],
            "rank": 1 + sum(1 for q in g.players if g.gold[q] > g.gold[p]),
            "won": p in g.winners,
            "regions_controlled": rooms[p],
            "player": p,
        }
        for p in g.players
    ]
    columns: dict[str, Sequence[Any]] = {}
    for name, values in zip(STORED, zip(*stored_events(result), strict=True), strict=False):
        columns[name] = list(values)
    return GameRows(row, seats, columns)


STORED = (
    "seq",
    "round",
    "phase",
    "faction",
    "kind",
    "region",
    "other_faction",
    "amount",
    "detail",
    "player",
    "other_player",
)


def stored_events(result: Played) -> list[tuple[Any, ...]]:
    """The events as the events table holds them (storage EVENT_COLUMNS order)."""
    g: CaveTrollGame = result.state
    side = {p: side_of(g.seat_of(p)) for p in g.players}
    out = []
    for seq, e in enumerate(g.events or ()):
        turn, phase, kind, player, space, other, amount, detail = e
        out.append(
            (
                seq,
                _round(g, turn),
                phase,
                side.get(player) if player else None,
                kind,
                space,
                side.get(other) if other else None,
                amount,
                detail,
                player,
                other,
            )
        )
    return out
