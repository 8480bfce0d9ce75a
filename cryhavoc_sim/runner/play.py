"""Play one game of a scenario and collect its rows, whatever the game (pure: spec in,
rows out). The game's own module plays it and says what its rows hold."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.protocol import Played
from cryhavoc_sim.runner.scenario import Scenario
from cryhavoc_sim.storage.schema import FILLED


def play_one(scenario: Scenario, content: Any, game_id: int, record_events: bool = True) -> Played:
    return get_game(scenario.game).play(scenario.setup, content, scenario.seed, game_id, record_events)


def _append(columns: dict[str, list[Any]], row: dict[str, Any]) -> None:
    for col, values in columns.items():
        if col in row or col not in FILLED:
            values.append(row.get(col))


class Rows:
    """Column lists for the games, seats and events tables of one chunk."""

    def __init__(self) -> None:
        from cryhavoc_sim.storage.schema import TABLES

        self.tables: dict[str, dict[str, list[Any]]] = {
            t: {c: [] for c in cols} for t, cols in TABLES.items()
        }
        self.run_id: str | None = None

    def add_game(self, run_id: str, scenario: Scenario, content: Any, game_id: int, played: Played) -> None:
        module = get_game(scenario.game)
        rows = module.rows(scenario.setup, content, played, game_id)
        # run_id, and player / other_player when the game leaves them out, are filled
        # when the rows become a frame (storage/writer.py to_frame).
        self.run_id = run_id
        head = {
            "game_id": game_id,
            "seed": scenario.seed_of(game_id),
            "scenario": scenario.name,
            "policy": module.policy_of(scenario.setup, game_id),
        }
        _append(self.tables["games"], {**rows.game, **head})
        for seat in rows.seats:
            _append(self.tables["seats"], {**seat, "game_id": game_id})
        e = self.tables["events"]
        n = len(next(iter(rows.events.values()), ()))
        if not n:
            return
        for col, values in e.items():
            if col == "game_id":
                values.extend([game_id] * n)
            elif col in rows.events:
                values.extend(rows.events[col])
            elif col not in FILLED:
                values.extend([None] * n)

    def add_error(self, game_id: int, seed: int, error: str, tb: str) -> None:
        err = self.tables["errors"]
        err["game_id"].append(game_id)
        err["seed"].append(seed)
        err["error"].append(error)
        err["traceback"].append(tb)
