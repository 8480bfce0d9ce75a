"""A study's scenarios played into their sub-folders: sweeps (a cell each), balance (a
rung each), tune (a target each of every trial) and tune-bots (a trial each) write every
game as an ordinary run directory below their own, each run resumable on its own.

:func:`scenario_with` makes a study's scenario from its base and the values it sets;
:func:`play_parts` plays the parts in order, skipping the complete ones, resuming an
interrupted one, and stops at the first one that stops (Ctrl-C, a lost worker).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

from cryhavoc_sim.runner.executor import RunOptions
from cryhavoc_sim.runner.scenario import Scenario, parse_scenario
from cryhavoc_sim.studies.record import run_complete


def scenario_with(
    base: Scenario, values: dict[str, Any], name: str, games: int, seed: int, description: str, where: str
) -> Scenario:
    """``base`` as an ordinary scenario with ``values`` set (content paths into
    [overrides], ``rules.x`` into [rules], ...), renamed, with its games and seed."""
    import tomli_w

    doc = tomllib.loads(base.text)
    head = doc.setdefault("scenario", {})
    head["name"] = name
    head["games"], head["seed"] = games, seed
    if base.content_dir:
        head["content"] = base.content_dir
    head["description"] = description
    # the base's win model travels as its checked text: a path in the document would be
    # read against ``where`` (the sweep's or targets file), not the base scenario
    head.pop("win_model", None)
    for path, value in values.items():
        table, key = scenario_target(path, base)
        doc.setdefault(table, {})[key] = value
    return replace(parse_scenario(tomli_w.dumps(doc), where), win_model=base.win_model)


def scenario_target(path: str, base: Scenario) -> tuple[str, str]:
    """The scenario table and key a path sets: ``rules.x`` -> ([rules], x); a content
    path -> ([overrides], path)."""
    from cryhavoc_sim.games import get_game

    head, _, rest = path.partition(".")
    if head in ("scenario", *get_game(base.game).scenario_tables) and rest:
        return head, rest
    return "overrides", path


@dataclass(frozen=True, slots=True)
class Part:
    """One scenario of a study and the sub-folder it plays into; ``expected``: the
    ``config_hash`` its run must carry (a complete run of anything else there is refused)."""

    scenario: Scenario
    where: Path
    expected: str


class Tally(Protocol):
    """What a study's summary counts of the parts it plays."""

    played_now: int  # games played by this call (not those kept from before a resume)
    errors: int
    interrupted: bool
    stopped: str | None  # why play stopped early (a worker lost, a full disk)


def play_parts(
    parts: Sequence[Part],
    options: RunOptions,
    tally: Tally,
    done: list[bool] | None = None,
    before: Callable[[int], None] | None = None,
    skipped: Callable[[int], None] | None = None,
) -> bool:
    """Play ``parts`` in order, as ``options`` say (each part resumes the run its folder
    holds: ``options.resume`` is not read), counting into ``tally``; False at the first
    part that stops (the rest are not started). A part is skipped when ``done`` says it
    is complete (``done[i]``, kept up to date as parts end) or when its folder holds its
    complete run (then ``skipped(i)``); ``before(i)``: called before part ``i`` plays
    (a study's progress bar says which)."""
    from cryhavoc_sim.runner import executor  # at call time: tests stand in for it

    done = [False] * len(parts) if done is None else done
    for i, part in enumerate(parts):
        if done[i]:
            continue
        if run_complete(part.where, part.expected):  # a complete run of another part is refused
            done[i] = True
            if skipped is not None:
                skipped(i)
            continue
        if before is not None:
            before(i)
        resume = (part.where / "manifest.json").exists()
        result = executor.run_scenario(part.scenario, part.where, replace(options, resume=resume))
        tally.played_now += result.played_now
        tally.errors += result.errors
        if result.interrupted:
            tally.interrupted = True
            tally.stopped = result.worker_lost
            return False
        done[i] = run_complete(part.where, part.expected)
    return True
