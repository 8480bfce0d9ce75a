"""A run's manifest: what it records (scenario, config, content, versions, the chunk
ledger and its counts), written atomically and never through a link; and whether a
run it describes can be completed with the inputs given (``--resume``)."""

from __future__ import annotations

import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import get_game
from cryhavoc_sim.native import compiled
from cryhavoc_sim.runner.plan import config_hash, plan_chunks
from cryhavoc_sim.runner.precision import Rule
from cryhavoc_sim.runner.rundir import bots_version_of, open_new
from cryhavoc_sim.runner.scenario import Scenario
from cryhavoc_sim.storage.ledger import ledger
from cryhavoc_sim.storage.schema import SCHEMA_VERSION


def versions() -> dict[str, str]:
    from importlib import metadata  # an import spawned workers do not need (docs/measured.md)

    out = {"python": platform.python_version()}
    for pkg in ("cryhavoc-sim", "polars", "multiprocess", "matplotlib", "tqdm", "typer"):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            out[pkg] = "not installed"
    out["engine-build"] = "mypyc" if compiled() else "python"  # the same games either way
    return out


def _win_model(scenario: Scenario) -> dict[str, Any]:
    """The win model whose lines the run records (``seats.win_line``), if the game has one."""
    line = get_game(scenario.game).win_line
    if line is None:
        return {}
    from cryhavoc_sim.games.winprob import model_entry

    return {"win_model": model_entry(line, scenario.win_model_of())}


def new_manifest(
    scenario: Scenario,
    content: Any,
    run_id: str,
    writer: str,
    chash: str,
    chunking: tuple[int, str],
    record_events: bool,
    executor: str,
    fail_fast: bool,
    rule: Rule | None,
    kept: dict[int, dict[str, Any]],
) -> dict[str, Any]:
    """The manifest of a run attempt as it starts ("running"), its ledger holding the
    ``kept`` chunks of a resumed run; ``chunking`` is the chunk plan's (size, name)."""
    size, plan = chunking
    manifest: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "run_id": run_id,
        "writer": writer,
        "status": "running",
        "scenario": scenario.name,
        "scenario_path": scenario.path,
        "scenario_text": scenario.text,
        "config_hash": chash,
        "config": {
            "games": scenario.games,
            "seed": scenario.seed,
            **get_game(scenario.game).config(scenario.setup),
            # only when there are some: configs (and hashes) of other runs unchanged
            **({"overrides": dict(scenario.overrides)} if scenario.overrides else {}),
            "chunk_size": size,
            "chunk_plan": plan,
            "record_events": record_events,
            "executor": executor,
            "fail_fast": fail_fast,
            **({"stop_rule": rule.describe()} if rule is not None else {}),
        },
        "seed": scenario.seed,
        "game": scenario.game,
        "content_id": content.content_id,
        "content_hash": content.digest,
        "content_provenance": content.provenance_counts(),
        "content_reconstructed": content.reconstructed,
        "rules_version": get_game(scenario.game).rules_version,
        "bots_version": get_game(scenario.game).bots_version,
        **_win_model(scenario),
        "versions": versions(),
        "games_planned": scenario.games,
        "chunks": {str(s): e for s, e in sorted(kept.items())},
        "argv": sys.argv,
    }
    return manifest


def write_manifest(run_dir: Path, data: dict[str, Any]) -> None:
    tmp = run_dir / ".manifest.json.tmp"
    try:
        if tmp.is_symlink():
            tmp.unlink()  # a planted link: removing it touches nothing else
        with os.fdopen(open_new(tmp), "w") as fh:
            fh.write(json.dumps(data, indent=2, sort_keys=True) + "\n")
        os.replace(tmp, run_dir / "manifest.json")
    except BaseException:
        tmp.unlink(missing_ok=True)  # the previous manifest stands
        raise


def count_games(manifest: dict[str, Any]) -> None:
    """games_attempted / games_done / errors from the chunk ledger."""
    entries = manifest["chunks"].values()
    attempted = sum(e["stop"] - int(k) for k, e in manifest["chunks"].items())
    errors = sum(int(e.get("errors", 0)) for e in entries)
    manifest.update(games_attempted=attempted, games_done=attempted - errors, errors=errors)


def resume_problem(
    old: dict[str, Any], scenario: Scenario, content_hash: str, record_events: bool, rule: Rule | None = None
) -> str | None:
    """Why the run described by manifest ``old`` cannot be completed with these inputs
    (everything that shapes what is written must be the same), or None."""
    config = old.get("config")
    if not isinstance(config, dict):
        return "its manifest has no 'config' object; the file was changed by hand"
    if config.get("stop_rule") != (rule.describe() if rule is not None else None):
        return "it was played with another stopping rule (--precision, its target or baseline)"
    if old.get("config_hash") != config_hash(scenario, rule):
        return "it was played with another scenario, number of games or seed"
    if old.get("schema_version", 1) != SCHEMA_VERSION:
        return (
            f"its tables have schema version {old.get('schema_version', 1)} and this version writes"
            f" {SCHEMA_VERSION}; play it again into another directory"
        )
    rules_version = get_game(scenario.game).rules_version
    if old.get("game", "cryhavoc") != scenario.game:
        return f"it holds games of {old.get('game')!r}, not {scenario.game!r}"
    if old.get("rules_version") != rules_version:
        return (
            f"it was played under rules {old.get('rules_version')!r} and this version plays"
            f" {rules_version!r}; resuming would mix the two"
        )
    bots_version = get_game(scenario.game).bots_version
    if bots_version_of(old) != bots_version:
        return (
            f"it was played by bots {bots_version_of(old)!r} and this version's bots are"
            f" {bots_version!r}; resuming would mix the two"
        )
    if old.get("content_hash") != content_hash:
        return "its content set has changed since (another content hash); resuming would mix the two"
    model = _win_model(scenario).get("win_model")
    was = old.get("win_model")
    if model is not None and isinstance(was, dict) and was.get("digest") != model["digest"]:
        return (
            "its win-probability lines were read with another win model (--win-model or the scenario's"
            " win_model); resuming would mix the two"
        )
    if config.get("record_events") is not record_events:
        logged = "logged events" if config.get("record_events") else "ran with --no-events"
        return f"it {logged}; resume it the same way"
    size, plan = config.get("chunk_size"), config.get("chunk_plan")
    if type(size) is not int or not 1 <= size <= 500 or plan not in ("halving-tail", "fixed"):
        return "its manifest's chunk_size or chunk_plan is not one this tool writes; the file was changed by hand"
    planned = dict(plan_chunks(scenario, size, plan))
    try:
        entries = ledger(old)
    except UserError as exc:
        return str(exc).removeprefix("manifest.json: ")
    if entries is None:
        return "it was written before runs kept a ledger of their shards; start a new run"
    if any(planned.get(start) != entry["stop"] for start, entry in entries.items()):
        return "its chunks do not match its chunk plan; the manifest was changed by hand"
    return None


def check_resume(
    run_dir: Path, scenario: Scenario, content_hash: str, record_events: bool, rule: Rule | None = None
) -> dict[str, Any]:
    """The manifest of the run to complete, or :class:`UserError` saying why it cannot be."""
    from cryhavoc_sim.storage.reader import read_manifest

    old = read_manifest(run_dir)
    problem = resume_problem(old, scenario, content_hash, record_events, rule)
    if problem:
        raise UserError(f"{run_dir}: cannot resume this run: {problem}.")
    return old
