"""Play one game of a scenario and collect its rows, whatever the game (pure: spec in,
rows out). The game's module derives its deal once, the harness plays it, and the
module says what its rows hold."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.harness.deal import Deal
from cryhavoc_sim.games.harness.play import play_deal as harness_play
from cryhavoc_sim.games.protocol import Played
from cryhavoc_sim.games.spec import GameSpec
from cryhavoc_sim.runner.scenario import Scenario
from cryhavoc_sim.storage.schema import EVENT_COLUMNS, FILLED


def play_one(
    scenario: Scenario, content: Any, game_id: int, record_events: bool = True, lines: bool = True
) -> Played:
    """Game ``game_id`` of ``scenario`` (its deal derived here); see :func:`play_deal`."""
    module = get_game(scenario.game)
    return play_deal(
        module, scenario, content, module.deal(scenario.setup, scenario.seed, game_id), record_events, lines
    )


def play_deal(
    module: GameSpec,
    scenario: Scenario,
    content: Any,
    deal: Deal,
    record_events: bool = True,
    lines: bool = True,
) -> Played:
    """The game ``deal`` of ``scenario`` (a game of ``module``) played through the
    harness; with ``lines`` (and a game that has a win model), each player's
    win-probability line recorded as it plays (``games/winprob.py``: the recorder only
    reads states, so the game is the same without it)."""
    from dataclasses import replace

    rules = play_rules(module)
    line = module.win_line if lines else None
    if line is None and not scenario.decisions:
        return module.played(deal, harness_play(rules, content, deal, record_events))
    from contextlib import nullcontext

    from cryhavoc_sim.games.decisions import DecisionCounter
    from cryhavoc_sim.games.search.gaps import logging_gaps
    from cryhavoc_sim.games.winprob import LineRecorder

    recorder = LineRecorder(line, scenario.win_model_of(line)) if line is not None else None
    counter = DecisionCounter() if scenario.decisions else None
    watch: Any = recorder or counter
    if recorder is not None and counter is not None:

        def watch(state: Any) -> None:
            recorder(state)
            counter(state)

    # with the counter, every search in this game logs its decisions' value gaps into it
    with logging_gaps(counter.gaps) if counter is not None else nullcontext():
        played = module.played(deal, harness_play(rules, content, deal, record_events, watch))
    return replace(
        played,
        lines=recorder.lines() if recorder is not None else None,
        decisions=counter.rows() if counter is not None else None,
    )


def stored_events(
    module: GameSpec, scenario: Scenario, content: Any, deal: Deal, played: Played
) -> list[tuple[Any, ...]]:
    """The events of ``played`` as the events table holds them (its columns after
    ``game_id``, in order): the game's rows put through the writer's own path (:class:`Rows`,
    ``storage.writer.to_frame``), so a column the game leaves out is filled as a run
    stores it. ``replay`` compares these with a run's."""
    from cryhavoc_sim.storage.writer import to_frame

    rows = Rows(module)
    rows.add_game("", module, scenario, content, 0, deal, played)
    frame = to_frame("events", rows.schemas["events"], rows.tables["events"])
    return frame.select(EVENT_COLUMNS).rows()


def play_rules(module: GameSpec) -> Any:
    """The rules a scenario's games are played by: the module's ``play_rules`` where it
    has them (Cave Troll's trust its own bots' answers), else its ``rules``."""
    return module.play_rules if module.play_rules is not None else module.rules


def _append(table: str, columns: dict[str, list[Any]], row: dict[str, Any]) -> None:
    """One row of ``table`` onto its column lists: every column the table has (the writer
    fills the FILLED ones a game leaves out), and none it lacks (a game's own must be
    declared); a row that is neither is refused before anything is appended."""
    unknown = row.keys() - columns.keys()
    if unknown:
        raise ValueError(
            f"a {table} row names columns its game does not declare: {', '.join(sorted(unknown))}"
        )
    missing = [c for c in columns if c not in row and c not in FILLED]
    if missing:
        raise ValueError(f"a {table} row leaves out the columns {', '.join(missing)}")
    for col, values in columns.items():
        if col in row:
            values.append(row[col])


class Rows:
    """Column lists for the games, seats and events tables of one chunk of a game's
    run: the shared columns and the game's own (``GameSpec.columns``)."""

    def __init__(self, module: GameSpec) -> None:
        from cryhavoc_sim.storage.schema import tables

        self.schemas = tables(module.columns)
        self.tables: dict[str, dict[str, list[Any]]] = {
            t: {c: [] for c in cols} for t, cols in self.schemas.items()
        }
        self.run_id: str | None = None

    def add_game(
        self,
        run_id: str,
        module: GameSpec,
        scenario: Scenario,
        content: Any,
        game_id: int,
        deal: Deal,
        played: Played,
    ) -> None:
        rows = module.rows(scenario.setup, content, played, deal)
        # run_id, and player / other_player when the game leaves them out, are filled
        # when the rows become a frame (storage/writer.py to_frame).
        self.run_id = run_id
        head = {
            "game_id": game_id,
            "seed": deal.seed,
            "scenario": scenario.name,
            "policy": deal.policy,
        }
        _append("games", self.tables["games"], {**rows.game, **head})
        lines = played.lines or {}
        decisions = played.decisions or {}
        for seat in rows.seats:
            player = seat.get("player") or seat["faction"]
            line = None if seat.get("is_npc") else lines.get(player)
            asked = decisions.get(player, []) if played.decisions is not None else None
            extra = {"game_id": game_id, "win_line": line, "decisions": asked}
            _append("seats", self.tables["seats"], {**seat, **extra})
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
