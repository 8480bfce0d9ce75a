"""Replay one game of a run from its seed: a readable account, Round by Round, and a
check that the replayed events equal the stored ones."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from cryhavoc_sim.engine.log import STORED_EVENT_COLUMNS, Event
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import Scenario, parse_scenario
from cryhavoc_sim.storage.reader import load_run, read_manifest

LINES = {
    "event_revealed": "Event revealed: {detail}",
    "initiative": "Initiative now: {detail}",
    "initiative_change": "{faction} moves to place {amount} on the Upcoming Initiative track",
    "action": "{faction}, Action {amount}: {detail}",
    "skill": "  {faction} uses Skill {detail}",
    "discard": "  {faction} discards {amount} card(s) for {detail}: {cards}",
    "move": "  {faction} moves {amount} Unit(s) {detail} -> {region}",
    "recruit": "  {faction} recruits {amount} Unit(s) in {region}",
    "build": "  {faction} builds {detail} in {region}",
    "activate": "  {faction} activates {detail} in {region}",
    "exploration": "  {faction} explores {region}: {detail}",
    "token_revealed": "  {faction} reveals {detail} in {region}: {amount} Trog(s)",
    "control_gained": "  {faction} takes Control of {region} ({detail})",
    "scoring_enabled": "  {faction} enables Scoring",
    "battle_declared": "  Battle token {amount}: {faction} attacks {other_faction} in {region}",
    "battle_start": "Battle {amount} in {region}: {faction} against {other_faction}",
    "battle_placement": "  {faction} places {amount} Unit(s) as Control/Prisoners/Attrition = {detail}",
    "card_played": "  {faction} plays {detail}",
    "tactic_pass": "  {faction} passes",
    "battle_objective": "  {detail}: {faction} wins with {amount}",
    "kill": "  {faction} kills {amount} {other_faction} Unit(s) ({detail})",
    "capture": "  {faction} captures a {other_faction} Unit",
    "retreat": "  {faction} retreats {amount} Unit(s) to {detail}",
    "prisoner_return": "  {faction} buys back a Prisoner from {other_faction}",
    "nest_placed": "  a Trog Nest is placed in {region}",
    "game_end": "Game over: {faction} wins ({detail})",
}


@dataclass
class Replay:
    game_id: int
    seed: int
    account: list[str]
    matches: bool | None  # None when the run stored no events
    mismatch: str | None = None


def scenario_of(run_dir: Path) -> Scenario:
    manifest = read_manifest(run_dir)
    try:
        sc = parse_scenario(manifest["scenario_text"], manifest.get("scenario_path") or "<scenario>")
        config = manifest["config"]
        return sc.with_overrides(games=int(config["games"]), seed=int(config["seed"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise UserError(f"{run_dir}/manifest.json: lacks the scenario to replay ({exc}).") from None


def account(events: Iterable[Event]) -> list[str]:
    out: list[str] = []
    vp: dict[str, int] = {}
    where: tuple[int, str] | None = None
    for e in events:
        if e.phase != "setup" and where is not None and (e.round, e.phase) != where and vp:
            out.append(f"  score after {where[1]}: " + ", ".join(f"{f} {v}" for f, v in sorted(vp.items())))
        where = (e.round, e.phase)
        if e.kind == "vp" and e.faction:
            vp[e.faction] = vp.get(e.faction, 0) + (e.amount or 0)
            out.append(f"  {e.faction} {e.amount:+d} VP ({e.detail})")
            continue
        if e.kind == "round_start":
            out.append(f"\n=== Round {e.amount} ===")
            continue
        if e.kind == "setup":
            out.append(f"Seat {e.amount}: {e.faction}, HQ {e.region}, Skills {e.detail}")
            continue
        template = LINES.get(e.kind)
        if template is not None:
            out.append(template.format(**e._asdict()))
    return out


def replay(run_dir: Path, game_id: int) -> Replay:
    import polars as pl

    sc = scenario_of(run_dir)
    if not 0 <= game_id < sc.games:
        raise UserError(f"game id {game_id} is not in this run; allowed: 0 to {sc.games - 1}.")
    game = play_one(sc, content_for(sc), game_id)
    result = Replay(game_id, sc.plan(game_id)[0], account(game.events), None)
    if any((run_dir / "events").glob("*.parquet")):
        stored = load_run(run_dir).events.filter(pl.col("game_id") == game_id).sort("seq").collect()
        if stored.height:
            n = len(STORED_EVENT_COLUMNS)
            got: Sequence[tuple[object, ...]] = [tuple(e)[:n] for e in game.events]
            want = [tuple(row) for row in stored.select(STORED_EVENT_COLUMNS).iter_rows()]
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
