"""Play one game of a scenario and turn it into rows (pure: spec in, rows out)."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.bots.registry import make_bot
from cryhavoc_sim.content.schema import ContentSet
from cryhavoc_sim.engine import RULES_VERSION, Game, GameSetup, play
from cryhavoc_sim.engine.log import STORED_EVENT_COLUMNS
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.scenario import Scenario


def play_one(scenario: Scenario, content: ContentSet, game_id: int, record_events: bool = True) -> Game:
    seed, factions, initiative = scenario.plan(game_id)
    game = Game(
        content,
        GameSetup(
            factions,
            scenario.experience,
            initiative=initiative,
            mode=scenario.mode,
            difficulty=scenario.difficulty or 2,
        ),
        stream(seed, "game"),
        scenario.rules,
        record_events,
        seed=seed,
    )
    seats = (*factions, "trogs") if scenario.mode == "solo" else factions
    bots = {f: make_bot(scenario.bots[f], f, seed) for f in seats}
    play(game, bots)
    return game


class Rows:
    """Column lists for the games, seats and events tables of one chunk."""

    def __init__(self) -> None:
        from cryhavoc_sim.storage.schema import TABLES

        self.tables: dict[str, dict[str, list[Any]]] = {
            t: {c: [] for c in cols} for t, cols in TABLES.items()
        }

    def add_game(
        self, run_id: str, scenario: Scenario, content: ContentSet, game_id: int, game: Game
    ) -> None:
        o = game.outcome
        assert o is not None
        g = self.tables["games"]
        game_row: tuple[tuple[str, Any], ...] = (
            ("run_id", run_id),
            ("game_id", game_id),
            ("seed", scenario.plan(game_id)[0]),
            ("scenario", scenario.name),
            ("variant", scenario.variant),
            ("game", "cryhavoc"),
            ("mode", scenario.mode),
            ("n_players", game.n_players),
            ("board_side", game.board.side),
            ("experience", scenario.experience),
            ("content_id", content.content_id),
            ("rules_version", RULES_VERSION),
            ("rounds_played", o.rounds_played),
            ("ended_by", o.ended_by),
            ("winner", o.winner),
            ("lineup", ",".join(sorted(game.setup_spec.factions))),
            ("difficulty", scenario.difficulty or None),
        )
        for col, value in game_row:
            g[col].append(value)
        s = self.tables["seats"]
        for f, p in game.players.items():
            rank = o.ranking.index(f) + 1 if f in o.ranking else None
            seat_row: tuple[tuple[str, Any], ...] = (
                ("game_id", game_id),
                ("faction", f),
                ("seat", o.seats.index(f) + 1 if f in o.seats else None),
                ("bot", scenario.bots[f] if scenario.mode == "solo" or not p.is_npc else "npc"),
                ("is_npc", p.is_npc),
                ("final_vp", p.vp),
                ("rank", rank),
                ("won", f == o.winner),
                ("prisoners_held", p.prisoners_held),
                ("regions_controlled", len(game.controlled(f))),
            )
            for col, value in seat_row:
                s[col].append(value)
        e = self.tables["events"]
        rows = game.event_rows
        if not rows:
            return
        e["game_id"].extend([game_id] * len(rows))
        # The stored columns are a prefix of each event tuple (``cards`` stays in memory).
        for name, column in zip(STORED_EVENT_COLUMNS, zip(*rows, strict=True), strict=False):
            e[name].extend(column)

    def add_error(self, game_id: int, seed: int, error: str, tb: str) -> None:
        err = self.tables["errors"]
        err["game_id"].append(game_id)
        err["seed"].append(seed)
        err["error"].append(error)
        err["traceback"].append(tb)
