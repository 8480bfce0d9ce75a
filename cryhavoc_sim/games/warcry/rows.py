"""One WarCry game of a scenario: its deal (the harness plays it), who won, and its rows.
A side is an army deck (the ``faction`` column), a player a seat ("one", "two")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cryhavoc_sim.games.harness.deal import Deal
from cryhavoc_sim.games.harness.deal import deal as dealt
from cryhavoc_sim.games.protocol import GameRows, Played
from cryhavoc_sim.games.warcry.rules import RULES
from cryhavoc_sim.games.warcry.scenario import WarCrySetup
from cryhavoc_sim.games.warcry.state import PLAYERS, WarCryState

RULES_VERSION = "warcry-rules-2"


def deal(setup: WarCrySetup, master_seed: int, game_id: int) -> Deal:
    """Game ``game_id``: its pairing of the decks, each seat's bot read once."""
    return dealt(RULES, master_seed, game_id, setup.pairing(game_id), PLAYERS, dict(setup.bots))


def played(deal: Deal, state: WarCryState) -> Played:
    armies: tuple[str, str] = deal.setup.armies
    deck = dict(zip(PLAYERS, armies, strict=True))
    return Played(tuple(deck[w] for w in state.winners), armies, state)


def game_rows(setup: WarCrySetup, content: Any, played: Played, deal: Deal) -> GameRows:
    state: WarCryState = played.state
    armies = deal.setup.armies
    game = {
        "variant": f"{armies[0]} v {armies[1]}",
        "game": "warcry",
        "mode": "standard",
        "n_players": 2,
        "content_id": content.content_id,
        "rules_version": RULES_VERSION,
        "rounds_played": len(state.battle_winners),
        "ended_by": f"{len(state.battle_winners)} battles",
        "winner": played.winner,
        "lineup": ",".join(armies),
    }
    seats = [
        {
            "faction": armies[i],
            "seat": i + 1,
            "bot": deal.bot_name(p),
            "is_npc": False,
            "final_vp": state.wins[i],
            "rank": 1 if state.winner == i else 2,
            "won": state.winner == i,
            "player": p,
        }
        for i, p in enumerate(PLAYERS)
    ]
    from cryhavoc_sim.storage.schema import EVENT_COLUMNS

    rows = _events(state, armies)
    # no region and no other party in WarCry: those columns are left out (stored null)
    filled = ("seq", "round", "phase", "faction", "kind", "amount", "detail", "player")
    at = {c: EVENT_COLUMNS.index(c) for c in filled}
    events: dict[str, Sequence[Any]] = {c: [r[i] for r in rows] for c, i in at.items()}
    return GameRows(game, seats, events)


def _events(state: WarCryState, armies: tuple[str, str]) -> list[tuple[Any, ...]]:
    deck = dict(zip(PLAYERS, armies, strict=True))
    return [
        (seq, battle, "battle", deck.get(player or ""), kind, None, None, amount, detail, player, None)
        for seq, (battle, kind, player, amount, detail) in enumerate(state.events or ())
    ]


def stored_events(played: Played) -> list[tuple[Any, ...]]:
    state: WarCryState = played.state
    return _events(state, played.sides)  # type: ignore[arg-type]
