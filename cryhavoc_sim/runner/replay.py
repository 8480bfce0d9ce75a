"""Replay one game of a run from its seed: a readable account, Round by Round, and a
check that the replayed events equal the stored ones."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import get_game
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.play import play_deal, stored_events
from cryhavoc_sim.runner.rundir import bots_version_of
from cryhavoc_sim.runner.scenario import Scenario, parse_scenario
from cryhavoc_sim.storage.reader import load_run, read_manifest
from cryhavoc_sim.storage.schema import EVENT_COLUMNS


@dataclass
class Replay:
    game_id: int
    seed: int
    account: list[str]
    matches: bool | None  # None when nothing could be compared (see ``not_compared``)
    mismatch: str | None = None
    not_compared: str | None = None  # why the replay was not checked


def scenario_of(run_dir: Path) -> Scenario:
    return scenario_in(read_manifest(run_dir), run_dir)


def scenario_in(manifest: dict[str, Any], run_dir: Path) -> Scenario:
    """The scenario a run's manifest records, as it was played (games and seed)."""
    try:
        sc = parse_scenario(manifest["scenario_text"], manifest.get("scenario_path") or "<scenario>")
        config = manifest["config"]
        return sc.with_overrides(games=int(config["games"]), seed=int(config["seed"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"{run_dir}/manifest.json: lacks the scenario to replay ({exc}).") from None


def replay(run_dir: Path, game_id: int) -> Replay:
    import polars as pl

    manifest = read_manifest(run_dir)
    sc = scenario_in(manifest, run_dir)
    if not 0 <= game_id < sc.games:
        raise UserError(f"game id {game_id} is not in this run; allowed: 0 to {sc.games - 1}.")
    run = load_run(run_dir)  # verified: its tables are this run's
    raised = bool(run.errors.filter(pl.col("game_id") == game_id).select(pl.len()).collect().item())
    if not raised and not run.games.filter(pl.col("game_id") == game_id).select(pl.len()).collect().item():
        kept = run.games.select(pl.len(), pl.col("game_id").max()).collect().row(0)
        raise UserError(
            f"game id {game_id} is not in this run (it holds {kept[0]:,} games"
            f"{f', the last {kept[1]}' if kept[0] else ''}: stopped early, interrupted or raised);"
            " allowed: the id of a game it played (its games table's game_id)."
        )
    game = get_game(sc.game)
    deal = game.deal(sc.setup, sc.seed, game_id)
    content = content_for(sc, game)
    played = play_deal(game, sc, content, deal)
    result = Replay(game_id, deal.seed, game.narrate(played), None)
    played_by = bots_version_of(manifest)
    if played_by != game.bots_version:
        result.not_compared = (
            f"the run was played by bots {played_by!r} and this version's bots are"
            f" {game.bots_version!r}: the account is what today's bots play from that seed,"
            " not the stored game"
        )
    elif not any((run_dir / "events").glob("*.parquet")):
        result.not_compared = "the run stored no events"
    else:
        stored = run.events.filter(pl.col("game_id") == game_id).sort("seq").collect()
        if not stored.height and not raised and manifest.get("config", {}).get("record_events", True):
            raise UserError(
                f"{run_dir}: logged events, but holds none for game {game_id}; the run directory was"
                " changed by hand: restore it, or play the run again."
            )
        if not stored.height:
            result.not_compared = "the run stored no events for this game"
        else:
            got: Sequence[tuple[object, ...]] = stored_events(game, sc, content, deal, played)
            want = [tuple(row) for row in stored.select(EVENT_COLUMNS).iter_rows()]
            result.matches = got == want
            if not result.matches:
                first = next(
                    (i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b),
                    min(len(got), len(want)),
                )
                result.mismatch = (
                    f"first difference at event {first} (stored {len(want)} events, replayed {len(got)})"
                )
    return result
