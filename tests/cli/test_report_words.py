"""Each game's report in its own words: titles, headline and units from the game's
vocabulary, printed names for score sources (no raw identifiers), bars for small counts,
percentages in tables, and the fair share's value in every legend."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cryhavoc_sim.api import simulate
from cryhavoc_sim.report.build import build_report
from cryhavoc_sim.storage.reader import load_run


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[str]]]:
    out = {}
    for scenario, games in (("warcry_all_decks", 64), ("four_player", 48)):
        base = tmp_path_factory.mktemp(scenario)
        simulate(scenario, n_games=games, seed=5, workers=1, out=base / "run")
        result = build_report(load_run(base / "run"), base / "report")
        out[scenario] = ((base / "report" / "report.md"), [p.name for p in result.figures])
    return out


def test_warcry_speaks_of_decks_seats_and_battles_won(reports: dict[str, tuple[Path, list[str]]]) -> None:
    page, figures = reports["warcry_all_decks"]
    md = page.read_text()
    assert md.startswith("# WarCry report: warcry_all_decks")
    assert "Initiative" not in md and "Win rate by seat" in md
    assert "cumulative_vp.png" not in figures  # Battles by Battle is the game itself
    assert "VP" not in md.split("## Scenario")[0]
    sources = re.findall(
        r"^\| \w+ \| ([^|]+) \| [\d.]+ \|$", md.split("## Battles by source (per game)")[1], re.M
    )
    assert sources and set(s.strip() for s in sources) <= {
        "holding the field",
        "the tie-break Combats",
        "the other side's retreat",
        "a roll-off",
    }
    nash = md.split("## The deck meta-game")[1].split("\n## ")[0]
    rows = re.findall(r"^\| \w+ \| ([^|]+) \| ([^|]+) \|$", nash, re.M)[1:]
    assert rows and all(a.strip().endswith("%") and b.strip().endswith("%") for a, b in rows)
    source_line = [line for line in md.splitlines() if "see Battles by source" in line]
    assert all(" wins " in line and " of its Battles by " in line for line in source_line)


def test_cry_havoc_sources_have_printed_names(reports: dict[str, tuple[Path, list[str]]]) -> None:
    page, figures = reports["four_player"]
    md = page.read_text()
    assert md.startswith("# Cry Havoc report: four_player")
    assert not re.search(r"\b(scoring_crystals|scoring_regions|battle_control|prisoner_return)\b", md)
    assert "Crystals at Scoring" in md and "cumulative_vp.png" in figures


def test_the_fair_share_legend_says_its_value() -> None:
    from cryhavoc_sim.report.figures import fair_line, new_figure

    _, ax = new_figure((4, 3))
    fair_line(ax, [0, 1], [0.25, 0.25])
    fair_line(ax, [0, 1], [0.25, 1 / 3])
    labels = ax.get_legend_handles_labels()[1]
    assert labels == ["fair share (25%)", "fair share (each side's own)"]
