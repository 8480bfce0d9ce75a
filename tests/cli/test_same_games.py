"""compare says when two runs played identical games (a change that changed nothing in
play), and the shipped rule-knob variant ``variant_fewer_trogs`` plays other games than
the default it varies."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cryhavoc_sim.analysis.identical import same_games
from cryhavoc_sim.storage.reader import load_run
from tests.cli.test_gate import cli

TINY = """
[scenario]
name = "tiny"
variant = "{variant}"
games = 40
seed = {seed}
players = 2

[bots]
default = "random"
{extra}
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    base = tmp_path_factory.mktemp("same")
    out = {}
    for name, seed, extra in (
        ("a", 5, ""),
        ("renamed", 5, ""),  # another variant name, same games
        ("knob", 5, "[rules]\nprisoner_vp = 3"),  # a knob that changes play
        ("other_seed", 6, ""),
    ):
        path = base / f"{name}.toml"
        path.write_text(TINY.format(variant=name, seed=seed, extra=extra))
        proc = cli("run", str(path), "-o", str(base / name), "-q", "-j", "1")
        assert proc.returncode == 0, proc.stderr
        out[name] = base / name
    return out


def test_compare_says_two_runs_played_identical_games(runs: dict[str, Path]) -> None:
    proc = cli("compare", str(runs["a"]), str(runs["renamed"]))
    assert proc.returncode == 0, proc.stderr
    assert "A and B played identical games: all 40 games" in proc.stdout
    assert "differs beyond chance" not in proc.stdout  # no test pretends to find "no difference"
    doc = json.loads(cli("compare", str(runs["a"]), str(runs["renamed"]), "--json").stdout)
    assert doc["same_games"] == {
        "matched": 40,
        "identical": 40,
        "all_identical": True,
        "events_compared": True,
    }


def test_compare_tells_a_real_change_and_other_seeds_apart(runs: dict[str, Path]) -> None:
    knob = same_games(load_run(runs["a"]), load_run(runs["knob"]))
    assert knob.matched == 40 and knob.identical < 40 and not knob.all_identical
    other = same_games(load_run(runs["a"]), load_run(runs["other_seed"]))
    assert other.matched == 0 and other.sentence() is None
    text = cli("compare", str(runs["a"]), str(runs["other_seed"])).stdout
    assert "identical games" not in text


def test_the_shipped_fewer_trogs_variant_plays_other_games_than_the_default(tmp_path: Path) -> None:
    """The variant asks "what if War Parties place one Trog fewer?"; on the calibrated
    content (one Trog a token) it used to play the default's games exactly."""
    for name in ("three_player", "variant_fewer_trogs"):
        proc = cli("run", name, "-n", "12", "--seed", "3", "-o", str(tmp_path / name), "-q", "-j", "1")
        assert proc.returncode == 0, proc.stderr
    found = same_games(load_run(tmp_path / "three_player"), load_run(tmp_path / "variant_fewer_trogs"))
    assert found.matched == 12 and found.identical < 12
