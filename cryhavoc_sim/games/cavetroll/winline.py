"""Cave Troll's win-probability line (``games/winprob.py``): checkpoints at the start of
every round of turns (each player one turn); the features are public (gold, what the
board would pay now, cards left, the seat), so they read the player's observation."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

from cryhavoc_sim.games.winprob import WinModel, parse_model

FEATURES = (
    "round",
    "gold",
    "gold_lead",  # own gold less the best opponent's
    "standing",  # gold plus what the board would pay now, less the best opponent's (game.standing)
    "board_pay",  # what the board would pay the player if scored now
    "deck",  # cards left in the player's deck (the game ends when one runs out)
    "deck_fewest",  # the fewest cards left in any deck
    "players_3",
    "players_4",
    "seat_2",
    "seat_3",
    "seat_4",
)
SHIPPED = resources.files("cryhavoc_sim.games.cavetroll") / "data" / "win_model.json"


class CaveTrollLine:
    game = "cavetroll"
    features_version = "cavetroll-win-features-1"
    features = FEATURES
    reads = "observation"
    checkpoint_word = "round of turns"

    def checkpoint(self, state: Any) -> int:
        g = state.game
        turn: int = g.turn
        return max(1, (turn - 1) // len(g.players) + 1)

    def players(self, state: Any) -> tuple[str, ...]:
        return tuple(state.game.players)

    def features_of(self, state: Any, player: str) -> list[float]:
        g = state.game
        pay = dict.fromkeys(g.players, 0)
        for _, q, gold in g.board.score_board():
            pay[q] += gold
        best_other = max(g.gold[q] for q in g.players if q != player)
        standing_other = max(g.gold[q] + pay[q] for q in g.players if q != player)
        n = len(g.players)
        seat = g.seat_of(player)
        return [
            float(self.checkpoint(state)),
            float(g.gold[player]),
            float(g.gold[player] - best_other),
            float(g.gold[player] + pay[player] - standing_other),
            float(pay[player]),
            float(len(g.decks[player])),
            float(min(len(g.decks[q]) for q in g.players)),
            float(n == 3),
            float(n == 4),
            float(seat == 2),
            float(seat == 3),
            float(seat == 4),
        ]

    def shipped(self) -> WinModel:
        return _shipped()


@cache
def _shipped() -> WinModel:
    return parse_model(SHIPPED.read_text(encoding="utf-8"), "the shipped Cave Troll win model", LINE)


LINE = CaveTrollLine()
