"""What a precision run says (issue 31): one interval, named; --max-games is the most
games played, not rounded down to whole blocks; the gate's intervals shown."""

from __future__ import annotations

import pytest

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.precision import capped, gate_table, rate_line, stop_sentence
from cryhavoc_sim.runner.scenario import load_scenario

RECORD = {
    "rule": "gate",
    "target": 0.02,
    "block_games": 3,
    "max_games": 10_000,
    "looks": 20,
    "stopped_at": None,
    "decision": None,
    "bounds": [
        {"side": "humans", "games": 9999, "wins": 3000, "rate": 0.3, "low": 0.28, "high": 0.32},
        {"side": "trogs", "games": 9999, "wins": 5000, "rate": 0.5, "low": 0.45, "high": 0.55},
    ],
}


def test_max_games_is_played_whole() -> None:
    three = load_scenario("three_player")  # blocks of 3 games
    assert capped(three, 10_000).games == 10_000  # it was 9,999
    with pytest.raises(UserError, match="less than one block"):
        capped(three, 2)


def test_one_interval_and_its_name() -> None:
    line = rate_line(RECORD)
    assert line.startswith(
        "Win rates (95% confidence sequence, valid at every look; games counted): trogs 50.0%"
    )
    assert "Wilson" not in line
    said = stop_sentence(RECORD)
    assert (
        said.startswith("Reached --max-games (10,000)")
        and "confidence sequences over whole blocks of 3" in said
    )
    assert "50.0%" not in said  # the intervals are quoted once, in the rate line


def test_the_gate_shows_the_intervals_it_decides_on() -> None:
    table = gate_table(RECORD, {"humans": 0.30, "trogs": 0.40}, 0.03)
    assert "| humans | 27.0%-33.0% | 30.0% (28.0-32.0%) | inside the band |" in table
    assert "| trogs | 37.0%-43.0% | 50.0% (45.0-55.0%) | outside the band (moved) |" in table
