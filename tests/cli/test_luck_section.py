"""The report's section on how much the deal decides (report/luck.py): a run whose deals
are played more than once (seats rotated) draws luck.png and a table, and a side the
deal decides much of is named in the headline; a run where every game is its own deal
(WarCry's) says so in summary.json and draws nothing."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl

from cryhavoc_sim.report.luck import CAPTION, luck_sections


class _Words:
    side = "faction"


class _Game:
    vocabulary = _Words()
    side_colours = None


class _Run:
    def __init__(self, won: list[bool], seeds: list[int]) -> None:
        n = len(won)
        self.seats = pl.DataFrame(
            {
                "run_id": ["r"] * n,
                "game_id": list(range(n)),
                "faction": ["x"] * n,
                "is_npc": [False] * n,
                "won": won,
            }
        ).lazy()
        self.games = pl.DataFrame({"run_id": ["r"] * n, "game_id": list(range(n)), "seed": seeds}).lazy()


def test_a_deal_that_decides_is_drawn_tabled_and_named() -> None:
    # 120 games, three a deal, each deal won three times or lost three times: the deal decides
    won = [d % 2 == 0 for d in range(40) for _ in range(3)]
    sections = luck_sections(_Run(won, [d for d in range(40) for _ in range(3)]), _Game())
    assert [name for name, _, _ in sections.figures] == ["luck"]
    ((caption, table),) = sections.tables
    assert caption.startswith(CAPTION) and table["deal's share %"].to_list() == [100.0]
    assert sections.findings == [
        f"X: the deal decides much of the result; it explains 100% of the variance of its outcome over 40 deals"
        f" (see '{CAPTION}')."
    ]
    assert sections.summary["luck"][0]["deals"] == 40


def test_a_deal_that_tells_nothing_is_drawn_and_not_named() -> None:
    won = [g % 2 == 0 for g in range(120)]  # every deal of two games won once and lost once
    sections = luck_sections(_Run(won, [g // 2 for g in range(120)]), _Game())
    assert sections.figures and sections.findings == []
    assert sections.summary["luck"][0]["deal_share"] == 0.0


def test_every_game_its_own_deal_gives_no_section() -> None:
    sections = luck_sections(_Run([True, False, True], [1, 2, 3]), _Game())
    assert sections.figures == [] and sections.tables == [] and sections.findings == []
    assert "its own deal" in sections.summary["luck"]["absent"]


def test_the_report_of_a_rotated_run_shows_the_section(tmp_path: Path) -> None:
    from cryhavoc_sim.report.build import build_report
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario
    from cryhavoc_sim.runner.scenario import parse_scenario
    from cryhavoc_sim.storage.reader import load_run

    text = '[scenario]\nname = "s"\ngames = 30\nseed = 3\nplayers = 3\n'
    run_scenario(parse_scenario(text), tmp_path / "run", RunOptions(quiet=True))
    build_report(load_run(tmp_path / "run"), tmp_path / "report")
    assert (tmp_path / "report" / "luck.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    md = (tmp_path / "report" / "report.md").read_text()
    assert "](luck.png)" in md and f"## {CAPTION}, by faction" in md
    luck = json.loads((tmp_path / "report" / "summary.json").read_text())["luck"]
    assert sorted(r["faction"] for r in luck) == ["humans", "machines", "pilgrims"]
