"""The balance gate's inputs, checked so that it fails closed: a baseline that compares
nothing, or one of another game, player count, scenario or set of factions, is bad input
(exit code 2), never a pass."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.inputs import read_text


def read_baseline(path: Path) -> dict[str, Any]:
    """A baseline written by ``cryhavoc-sim baseline``, every field checked."""
    try:
        data = json.loads(read_text(path))  # a FIFO or a device is refused, not waited on
    except FileNotFoundError:
        raise UserError(f"{path}: baseline file not found.") from None
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        raise UserError(f"{path}: not a baseline written by `cryhavoc-sim baseline` ({why}).") from None
    if not isinstance(data, dict):
        raise UserError(f"{path}: a baseline is a JSON object written by `cryhavoc-sim baseline`.")
    rates = data.get("win_rates")
    if not isinstance(rates, list) or not rates:
        raise UserError(
            f"{path}: field 'win_rates' must list at least one faction; nothing to check against."
        )
    seen = set()
    for i, row in enumerate(rates):
        ok = (
            isinstance(row, dict)
            and isinstance(row.get("faction"), str)
            and type(row.get("games")) is int
            and type(row.get("wins")) is int
            and 0 <= row["wins"] <= row["games"]
            and row["games"] > 0
        )
        if not ok:
            raise UserError(
                f"{path}: win_rates[{i}] must have a faction (text) and whole numbers games > 0 and"
                f" 0 <= wins <= games, got {json.dumps(row)[:80]}."
            )
        if data.get("statistics") != "deals":
            raise UserError(
                f"{path}: this baseline was made with the old independent-games statistics (it does not say"
                " how many deals its games share); make it again with `cryhavoc-sim baseline RUN_DIR -o"
                f" {path}` from the run it was taken on."
            )
        by_deals = (
            type(row.get("deals")) is int
            and 0 < row["deals"] <= row["games"]
            and type(row.get("design_effect")) in (int, float)
            and math.isfinite(row["design_effect"])
            and 1.0 <= row["design_effect"] <= row["games"]
        )
        if not by_deals:
            raise UserError(
                f"{path}: win_rates[{i}] must have whole deals, 0 < deals <= games, and a design_effect from 1"
                f" to its games, got {json.dumps(row)[:80]}."
            )
        if row["faction"] in seen:
            raise UserError(f"{path}: win_rates lists faction {row['faction']!r} twice.")
        seen.add(row["faction"])
    for key, kind in (("game", str), ("scenario", str)):
        if data.get(key) is not None and type(data[key]) is not kind:
            raise UserError(f"{path}: field '{key}' must be {kind.__name__}, got {data[key]!r}.")
    players = data.get("players")  # a game may mix player counts in one run (a list)
    if players is not None and not (
        type(players) is int
        or (isinstance(players, list) and players and all(type(n) is int for n in players))
    ):
        raise UserError(f"{path}: field 'players' must be int or a list of ints, got {players!r}.")
    return data


def refuse_mismatch(
    baseline: dict[str, Any],
    manifest: dict[str, Any],
    rates: list[dict[str, Any]],
    baseline_path: Path,
    run_dir: Path,
    allow_scenario_change: bool = False,
) -> None:
    """Raise :class:`UserError` when the run cannot be checked against the baseline."""
    refuse_other_run(baseline, manifest, baseline_path, run_dir, allow_scenario_change)
    want = {r["faction"] for r in baseline["win_rates"]}
    have = {r["faction"] for r in rates}
    if not have:
        raise UserError(f"{run_dir}: holds no finished game; nothing to check.")
    _factions(want, have, baseline_path, run_dir)


def refuse_other_run(
    baseline: dict[str, Any],
    manifest: dict[str, Any],
    baseline_path: Path,
    run_dir: Path,
    allow_scenario_change: bool = False,
) -> None:
    """Raise :class:`UserError` when a run of ``manifest`` (a run's, or the one a
    scenario would write: ``check --precision`` asks before it plays) is of another game,
    player count or scenario than the baseline."""
    raw_config = manifest.get("config")
    config: dict[str, Any] = raw_config if isinstance(raw_config, dict) else {}
    game = manifest.get("game", "cryhavoc")
    if baseline.get("game", "cryhavoc") != game:
        raise UserError(
            f"{run_dir} is a run of {game!r} and {baseline_path} a baseline of {baseline.get('game')!r}."
        )
    if baseline.get("players") is not None and baseline["players"] != config.get("players"):
        raise UserError(
            f"{run_dir} has {config.get('players')} players and {baseline_path} was taken on"
            f" {baseline['players']}-player games."
        )
    if not allow_scenario_change and baseline.get("scenario") not in (None, manifest.get("scenario")):
        raise UserError(
            f"{run_dir} is a run of scenario {manifest.get('scenario')!r} and {baseline_path} of"
            f" {baseline['scenario']!r}; add --allow-scenario-change if that is deliberate."
        )


def _factions(want: set[str], have: set[str], baseline_path: Path, run_dir: Path) -> None:
    if want != have:
        parts = []
        if want - have:
            parts.append(f"the run lacks {', '.join(sorted(want - have))}")
        if have - want:
            parts.append(f"the baseline lacks {', '.join(sorted(have - want))}")
        raise UserError(f"{run_dir} and {baseline_path} cover different factions ({'; '.join(parts)}).")
