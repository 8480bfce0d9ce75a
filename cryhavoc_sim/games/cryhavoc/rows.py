"""One Cry Havoc game of a scenario: its deal (the harness plays it), and its rows.

A Cry Havoc player is its faction: ``player`` and ``faction`` hold the same string, and
``other_player`` the same as ``other_faction`` (shared/OUTPUT_CONTRACT.md)."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet
from cryhavoc_sim.games.cryhavoc.engine import RULES_VERSION, Game, GameSetup
from cryhavoc_sim.games.cryhavoc.engine.log import STORED_EVENT_COLUMNS
from cryhavoc_sim.games.cryhavoc.engine.trogs import NPC
from cryhavoc_sim.games.cryhavoc.rules import RULES, KnobbedSetup
from cryhavoc_sim.games.cryhavoc.scenario import CryHavocSetup
from cryhavoc_sim.games.harness.deal import Deal
from cryhavoc_sim.games.harness.deal import deal as dealt
from cryhavoc_sim.games.protocol import GameRows, Played
from cryhavoc_sim.games.spec import Column

# The columns only Cry Havoc fills (docs/data.md), after the shared ones of each table.
COLUMNS = (
    Column("games", "board_side", "String", '"2p" or "3-4p": the board side played'),
    Column(
        "games",
        "experience",
        "String",
        '"first_time", "experienced" or "veteran": the Skills each faction starts with',
    ),
    Column("games", "difficulty", "Int8", "solo mode: Skills in play, 1 (hardest) to 3; null otherwise"),
    Column("seats", "prisoners_held", "Int8", "Prisoners held at game end"),
    Column("seats", "regions_controlled", "Int8", "Regions controlled at game end"),
)


def deal(setup: CryHavocSetup, master_seed: int, game_id: int) -> Deal:
    """Game ``game_id`` of a scenario (its plan: the deal's index, factions, Initiative),
    with the policy's bot in every seat; the solo Trogs keep the name the scenario gave
    them (their row's ``bot``, "automaton") and are played by the automaton."""
    index, factions, initiative = setup.plan(game_id)
    policy, names = setup.policy_of(game_id)
    game = GameSetup(
        factions,
        setup.experience,
        initiative=initiative,
        mode=setup.mode,
        difficulty=setup.difficulty or 2,
    )
    automaton = ("trogs",) if setup.mode == "solo" else ()
    knobbed = KnobbedSetup(game, setup.rules)
    return dealt(RULES, master_seed, index, knobbed, factions, names, policy, automata=automaton)


def played(deal: Deal, state: Any) -> Played:
    """The finished game (the harness's state holds the engine's Game)."""
    game: Game = state.game
    o = game.outcome
    assert o is not None
    return Played((o.winner,) if o.winner is not None else (), tuple(o.seats), game)


def game_rows(setup: CryHavocSetup, content: ContentSet, result: Played, deal: Deal) -> GameRows:
    game: Game = result.state
    o = game.outcome
    assert o is not None
    row = {
        "variant": setup.variant,
        "game": "cryhavoc",
        "mode": setup.mode,
        "n_players": game.n_players,
        "board_side": game.board.side,
        "experience": setup.experience,
        "content_id": content.content_id,
        "rules_version": RULES_VERSION,
        "rounds_played": o.rounds_played,
        "ended_by": o.ended_by,
        "winner": o.winner,
        "lineup": ",".join(sorted(game.setup_spec.factions)),
        "difficulty": setup.difficulty or None,
    }
    seats = []
    for f, p in game.players.items():
        seats.append(
            {
                "faction": f,
                "seat": o.seats.index(f) + 1 if f in o.seats else None,
                "bot": deal.bot_name(f) if game.role(f) != NPC else "npc",
                "is_npc": game.is_npc(f),
                "final_vp": p.vp,
                "rank": o.ranking.index(f) + 1 if f in o.ranking else None,
                "won": f == o.winner,
                "prisoners_held": p.prisoners_held,
                "regions_controlled": len(game.controlled(f)),
            }
        )
    events: dict[str, Any] = {}
    rows = game.event_rows
    if rows:
        # The stored columns are a prefix of each event tuple (``cards`` stays in memory).
        for name, column in zip(STORED_EVENT_COLUMNS, zip(*rows, strict=True), strict=False):
            events[name] = column
    # player / other_player are left out: the runner fills them as faction / other_faction.
    return GameRows(row, seats, events)


def stored_events(result: Played) -> list[tuple[Any, ...]]:
    game: Game = result.state
    n = len(STORED_EVENT_COLUMNS)
    return [(*e[:n], e.faction, e.other_faction) for e in game.events]
