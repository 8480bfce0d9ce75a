"""Every result names who played it: the end-of-run line, the report (headline, facts,
trust box, figures, summary.json), compare, baseline and check; a run whose seats had
different bots is called a mixed line-up."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cryhavoc_sim.analysis.lineup import LineUp
from tests.cli.test_gate import cli

TWO = """
[scenario]
name = "who"
variant = "{variant}"
games = 16
seed = 4
players = 2
factions = ["humans", "machines"]

[bots]
default = "random"
{extra}
"""


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str]]:
    base = tmp_path_factory.mktemp("lineup")
    out = {}
    for name, extra in (("same", ""), ("mixed", 'machines = "heuristic"')):
        path = base / f"{name}.toml"
        path.write_text(TWO.format(variant=name, extra=extra))
        proc = cli("run", str(path), "-o", str(base / name), "-j", "1")
        assert proc.returncode == 0, proc.stderr
        out[name] = (base / name, proc.stdout)
    return out


def test_the_end_of_run_line_names_the_line_up(runs: dict[str, tuple[Path, str]]) -> None:
    assert "Played by random in every seat (bots cryhavoc-bots-" in runs["same"][1]
    mixed = runs["mixed"][1]
    assert "Mixed line-up: humans: random; machines: heuristic" in mixed
    assert "not a verdict on balance" in mixed


def test_the_report_names_the_line_up_and_opens_with_how_far_to_trust_it(
    runs: dict[str, tuple[Path, str]], tmp_path: Path
) -> None:
    run_dir = runs["mixed"][0]
    assert cli("report", str(run_dir), "-o", str(tmp_path / "r")).returncode == 0
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["lineup"]["mixed"] is True and summary["lineup"]["bots"]["machines"] == ["heuristic"]
    assert summary["headline"][0].startswith("Mixed line-up:")
    # the trust box of a mixed line-up names who played where, and never says one bot
    assert summary["trust"][0].startswith("Who played: Mixed line-up: humans: random; machines: heuristic")
    assert not any("one bot in every seat" in line.lower() for line in summary["trust"])
    assert any(
        line.startswith("Equal-skill verdict: not in this report, whose seats") for line in summary["trust"]
    )
    page = (tmp_path / "r" / "report.md").read_text()
    assert page.index("## How far to trust this") < page.index("## Headline")
    assert "- **line-up**: Mixed line-up" in page
    html = (tmp_path / "r" / "report.html").read_text()
    assert 'class="trust"' in html and "Bot checks:" in html


def test_compare_baseline_and_check_name_the_line_ups(
    runs: dict[str, tuple[Path, str]], tmp_path: Path
) -> None:
    same, mixed = runs["same"][0], runs["mixed"][0]
    text = cli("compare", str(same), str(mixed)).stdout
    assert f"A ({same}): Played by random in every seat" in text
    assert f"B ({mixed}): Mixed line-up" in text
    doc = json.loads(cli("compare", str(same), str(mixed), "--json").stdout)
    assert doc["lineups"]["a"]["every_seat"] == "random" and doc["lineups"]["b"]["mixed"] is True
    stored = tmp_path / "base.json"
    assert cli("baseline", str(same), "-o", str(stored)).returncode == 0
    assert json.loads(stored.read_text())["lineup"]["every_seat"] == "random"
    checked = cli("check", str(same), "--baseline", str(stored))
    assert f"Run ({same}): Played by random in every seat" in checked.stdout
    assert f"Baseline ({stored}): Played by random in every seat" in checked.stdout


def test_the_sentence_reads_each_case() -> None:
    one = LineUp(
        {"humans": ("heuristic",), "pilgrims": ("heuristic",)}, {"trogs": ("npc",)}, "b4", "r6", (3,)
    )
    assert one.sentence() == (
        "Played by heuristic in every seat (bots b4, rules r6, 3-player games; trogs: non-player (npc))."
    )
    assert not one.mixed and one.short() == "heuristic in every seat"
    two = LineUp(
        {"humans": ("ismcts:16",), "pilgrims": ("heuristic",), "machines": ("heuristic",)}, {}, "b", "r", (3,)
    )
    assert two.mixed and two.short() == "mixed line-up"
    assert two.sentence().startswith("Mixed line-up: humans: ismcts:16; machines, pilgrims: heuristic (")
