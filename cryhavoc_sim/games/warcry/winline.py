"""WarCry's win-probability line (``games/winprob.py``): checkpoints at the start of
every Battle (a game is won by the first to win two); the features are public (Battles
won, the field, hand sizes, the strength printed on each army's cards: the decks are
known from the start), so they read the player's observation."""

from __future__ import annotations

import math
from functools import cache
from importlib import resources
from typing import Any

from cryhavoc_sim.games.winprob import WinModel, parse_model

FEATURES = (
    "battle",  # the Battle being fought, from 1
    "battles_won",
    "battles_lost",
    "army_strength",  # the Strength printed on the player's army cards, in tens
    "army_strength_other",
    "field_lead",  # tanh of the search's reading of the field (search.field_edge)
    "hand",
    "hand_other",
    "seat_2",
)
SHIPPED = resources.files("cryhavoc_sim.games.warcry") / "data" / "win_model.json"
SCALE = 10.0  # field_edge's points are a few to a few dozen


class WarCryLine:
    game = "warcry"
    features_version = "warcry-win-features-1"
    features = FEATURES
    reads = "observation"
    checkpoint_word = "Battle"

    def checkpoint(self, state: Any) -> int:
        return int(state.battle) + 1

    def players(self, state: Any) -> tuple[str, ...]:
        return tuple(state.players)

    def features_of(self, state: Any, player: str) -> list[float]:
        from cryhavoc_sim.games.warcry.search import field_edge
        from cryhavoc_sim.games.warcry.state import ACTION_HAND, PLAYERS

        p = PLAYERS.index(player)
        strength = [0.0, 0.0]
        for c, owner in enumerate(state.owners):
            card = state.cards[c]
            if card.type == "unit" or card.strength:
                strength[owner] += card.strength
        return [
            float(state.battle + 1),
            float(state.wins[p]),
            float(state.wins[1 - p]),
            strength[p] / 10.0,
            strength[1 - p] / 10.0,
            math.tanh(field_edge(state, p) / SCALE),
            float(len(state.zones[p][ACTION_HAND])),
            float(len(state.zones[1 - p][ACTION_HAND])),
            float(p == 1),
        ]

    def shipped(self) -> WinModel:
        return _shipped()


@cache
def _shipped() -> WinModel:
    return parse_model(SHIPPED.read_text(encoding="utf-8"), "the shipped WarCry win model", LINE)


LINE = WarCryLine()
