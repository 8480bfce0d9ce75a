"""Which sweep an ordinary run's report quotes (issue 32): only a complete sweep whose base
scenario plays the run's games (same game, scenario text and content), never the newest
one that merely shares the scenario's name; ``--sweep`` that does not match is refused."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.sweeps.lookup import find_sweeps

TEXT = '[scenario]\nname = "fp"\ngames = 8\nplayers = 4\n'


def _sweep(root: Path, name: str, age: int, **changes: object) -> Path:
    d = root / "sweeps" / name
    d.mkdir(parents=True)
    record = {
        "kind": "cryhavoc-sim sweep",
        "name": name,
        "status": "complete",
        "game": "cryhavoc",
        "scenario": "fp",
        "scenario_text": TEXT,
        "content_hash": "h1",
        **changes,
    }
    record = {k: v for k, v in record.items() if v is not None}
    (d / "sweep.json").write_text(json.dumps(record))
    (d / "results.parquet").write_bytes(b"")
    os.utime(d / "sweep.json", (1_000_000 + age, 1_000_000 + age))
    return d


@pytest.fixture
def run(tmp_path: Path) -> Path:
    run_dir = tmp_path / "runs" / "fp"
    run_dir.mkdir(parents=True)
    manifest = {"game": "cryhavoc", "scenario": "fp", "scenario_text": TEXT, "content_hash": "h1"}
    (run_dir / "manifest.json").write_text(json.dumps(manifest))
    return run_dir


def test_only_a_sweep_of_the_same_games_is_quoted_never_one_that_shares_the_name(
    run: Path, tmp_path: Path
) -> None:
    same = _sweep(tmp_path, "same", 1)
    # each newer than the matching one, and each of the same scenario name
    _sweep(tmp_path, "three_players", 9, scenario_text=TEXT.replace("players = 4", "players = 3"))
    _sweep(tmp_path, "other_content", 8, content_hash="h2")
    _sweep(tmp_path, "other_game", 7, game="cavetroll")
    _sweep(tmp_path, "unfinished", 6, status="interrupted")
    _sweep(tmp_path, "older_version", 5, scenario_text=None, content_hash=None)
    assert find_sweeps(run, "fp", "any") == [same]


def test_a_named_sweep_that_does_not_match_is_refused(run: Path, tmp_path: Path) -> None:
    other = _sweep(tmp_path, "three_players", 9, scenario_text=TEXT.replace("players = 4", "players = 3"))
    with pytest.raises(
        UserError, match=r"--sweep .*three_players: cannot be quoted .*its base scenario is not"
    ):
        find_sweeps(run, "fp", "any", other)
    same = _sweep(tmp_path, "same", 1)
    assert find_sweeps(run, "fp", "any", same) == [same]


def test_a_fifo_in_place_of_a_record_is_skipped_not_read(run: Path, tmp_path: Path) -> None:
    d = tmp_path / "sweeps" / "fifo"
    d.mkdir(parents=True)
    os.mkfifo(d / "sweep.json")  # a read would wait for a writer for ever
    assert find_sweeps(run, "fp", "any") == []
