"""The skill ladder (issue 13, after TAG's SkillLadder): rungs of growing skill in a
round robin, the same games at any worker count, and each faction's win rate read per
rung with its interval."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from cryhavoc_sim.games import get_game
from cryhavoc_sim.runner.ladder import Match, ladder_matches, render_skill, skill_table


def test_the_skill_lineup_is_random_every_personality_then_search_by_budget() -> None:
    rungs = get_game("cryhavoc").skill_lineup([8, 16, 32])
    assert rungs[0] == "random"
    # classic: the weights the tuned heuristic replaced, kept as a rung of their own
    assert rungs[1:7] == [
        f"heuristic:{p}" for p in ("aggressive", "balanced", "classic", "defensive", "economic", "hunter")
    ]
    assert rungs[7:] == ["ismcts:8", "ismcts:16", "ismcts:32"]


def test_the_ladder_plays_the_same_games_on_one_worker_or_two() -> None:
    bots = ["random", "heuristic", "heuristic:hunter"]
    one = ladder_matches(None, bots, rounds=2, seed=11, workers=1)
    two = ladder_matches(None, bots, rounds=2, seed=11, workers=2)
    assert one == two
    assert len(one) == 2 * 3 * 2 * 12  # two rows a game, 3 pairings, 2 rotations of 12


def test_the_skill_table_reads_each_rung_against_the_field() -> None:
    def m(bot: str, faction: str, opponent: str, won: bool) -> Match:
        return Match(bot, faction, opponent, True, won)

    matches = [
        m("a", "humans", "b", True),
        m("b", "pilgrims", "a", False),
        m("a", "pilgrims", "b", False),
        m("b", "humans", "a", True),
        m("a", "humans", "c", True),
        m("c", "machines", "a", False),
    ]
    rows = skill_table(matches, ["a", "b", "c"])
    cell = {(r["bot"], r["faction"]): r for r in rows}
    assert (cell["a", "humans"]["wins"], cell["a", "humans"]["games"]) == (2, 2)
    assert (cell["a", "all"]["wins"], cell["a", "all"]["games"]) == (2, 3)
    assert (cell["b", "all"]["wins"], cell["b", "all"]["games"]) == (1, 2)
    assert ("c", "humans") not in cell and cell["c", "machines"]["win_rate"] == 0.0
    assert [r["rung"] for r in rows if r["faction"] == "all"] == [0, 1, 2]
    assert "a" in render_skill(rows).splitlines()[2]


def test_ladder_skill_prints_plots_and_writes_json(tmp_path: Path) -> None:
    figure = tmp_path / "skill.svg"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "cryhavoc_sim",
            "ladder",
            "--bots",
            "random,heuristic,ismcts:2",
            "-r",
            "1",
            "-j",
            "1",
            "--plot",
            str(figure),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert [r["bot"] for r in doc["skill"] if r["faction"] == "all"] == ["random", "heuristic", "ismcts:2"]
    assert sum(r["games"] for r in doc["skill"] if r["faction"] == "all") == 2 * 3 * 12
    assert figure.read_text().lstrip().startswith("<?xml") and "RECONSTRUCTED" in figure.read_text()
