"""cryhavoc-sim report, end to end from the CLI."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=300
    )


def test_report_writes_html_markdown_figures_and_summary(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        '[scenario]\nname = "rep"\ngames = 24\nseed = 2\nplayers = 3\n[bots]\ndefault = "heuristic"\n'
    )
    assert cli("run", str(scenario), "-o", str(tmp_path / "run"), "-q").returncode == 0
    proc = cli("report", str(tmp_path / "run"), "-o", str(tmp_path / "rep"))
    assert proc.returncode == 0, proc.stderr
    rep = tmp_path / "rep"
    page = (rep / "report.html").read_text()
    assert (
        page.count("data:image/png;base64,") == 11  # with the three game-flow figures and the luck
        and "RECONSTRUCTED" in page
        and "Win rate by faction" in page
    )
    assert "Win rate by line-up" not in page  # one line-up: it would repeat the faction table
    md = (rep / "report.md").read_text()
    assert "![Win rate by faction](win_rates.png)" in md and "| faction |" in md and "Notice" in md
    for name in (
        "win_rates",
        "win_rate_by_seat",
        "vp_distribution",
        "cumulative_vp",
        "vp_by_source",
        "game_length",
        "scoring_timing",
    ):
        assert (rep / f"{name}.png").stat().st_size > 5000
    summary = json.loads((rep / "summary.json").read_text())
    assert summary["games"] == 24 and summary["content_reconstructed"] is True
    assert {r["faction"] for r in summary["win_rates"]} == {"humans", "pilgrims", "machines"}
    assert abs(sum(r["wins"] for r in summary["win_rates"]) - 24) == 0
    from cryhavoc_sim.games.cryhavoc.analysis.behaviour import RATES

    assert all(set(RATES) <= set(row) for row in summary["bot_behaviour"]) and summary["bot_behaviour"]
    assert "Bot behaviour" in md


def test_report_of_several_line_ups_has_the_line_up_table(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        '[scenario]\nname = "pairs"\ngames = 6\nseed = 2\nplayers = 2\nfactions = "every_combination"\n'
    )
    assert cli("run", str(scenario), "-o", str(tmp_path / "run"), "-q").returncode == 0
    proc = cli("report", str(tmp_path / "run"), "-o", str(tmp_path / "rep"))
    assert proc.returncode == 0, proc.stderr
    md = (tmp_path / "rep" / "report.md").read_text()
    table = md.split("## Win rate by line-up", 1)[1].split("\n## ", 1)[0]
    assert {"humans,machines", "humans,pilgrims", "machines,pilgrims"} <= {
        row.split(" | ")[1] for row in table.splitlines() if row.startswith("| ") and "," in row
    }


def test_report_of_a_missing_run_is_a_clear_error(tmp_path: Path) -> None:
    proc = cli("report", str(tmp_path / "nope"))
    assert proc.returncode == 2 and "not a run directory" in proc.stderr and "Traceback" not in proc.stderr


def test_corrupt_shard_is_a_clear_error(tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text('[scenario]\nname = "c"\ngames = 12\nseed = 2\nplayers = 2\n')
    assert cli("run", str(scenario), "-o", str(tmp_path / "run"), "-q").returncode == 0
    for table in ("games", "events"):
        shard = sorted((tmp_path / "run" / table).glob("*.parquet"))[0]
        shard.write_bytes(b"not parquet")
    for args in (
        ("report", str(tmp_path / "run"), "-o", str(tmp_path / "rep")),
        ("replay", str(tmp_path / "run"), "1"),
    ):
        proc = cli(*args)
        assert proc.returncode == 2, proc.stderr
        # the shards' SHA-256 is checked against the manifest before anything is read
        assert "are not the shards this run wrote" in proc.stderr and "Traceback" not in proc.stderr
        assert "games/chunk-0000000000.parquet" in proc.stderr


def test_report_shows_the_games_played_and_a_partial_run(tmp_path: Path) -> None:
    """The scenario block says where -n/--seed overrode the file; a run not complete
    says it is partial."""
    scenario = tmp_path / "s.toml"
    scenario.write_text('[scenario]\nname = "part"\ngames = 3000\nseed = 2\nplayers = 2\n')
    assert cli("run", str(scenario), "-n", "12", "-o", str(tmp_path / "run"), "-q").returncode == 0
    assert cli("report", str(tmp_path / "run"), "-o", str(tmp_path / "rep")).returncode == 0
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "# played with games = 12 (given on the command line)" in md
    assert "- **games**: 12 games in 6 deals\n" in md  # two players, seats rotated: a deal is two games
    summary = json.loads((tmp_path / "rep" / "summary.json").read_text())
    assert (summary["games"], summary["deals"]) == (12, 6)
    manifest_path = tmp_path / "run" / "manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["status"], manifest["games_planned"] = "running", 24  # as while a run is going
    manifest_path.write_text(json.dumps(manifest))
    assert cli("report", str(tmp_path / "run"), "-o", str(tmp_path / "rep2")).returncode == 0
    md = (tmp_path / "rep2" / "report.md").read_text()
    assert "12 games in 6 deals of 24 planned (the run is running: a partial report)" in md


def test_reports_index_lists_every_report_newest_first(tmp_path: Path) -> None:
    import re

    assert cli("run", "quick", "-n", "8", "-o", str(tmp_path / "run"), "-q", "-j", "1").returncode == 0
    reports = tmp_path / "reports"
    for name in ("first", "second"):
        proc = cli("report", str(tmp_path / "run"), "-o", str(reports / name))
        assert proc.returncode == 0 and "index.html" in proc.stdout, proc.stderr
    page = (reports / "index.html").read_text()
    links = re.findall(r'<a href="([^"]+)/report.html">', page)
    assert links == ["second", "first"]
    assert all((reports / name / "report.html").is_file() for name in links)
    assert "<td>quick</td><td>8</td>" in page and "2 report(s)" in page
    # the findings column holds a finding, who played has a column of its own
    findings = re.findall(r"<td>([^<]*)</td><td class=\"who\">Played by ([^<]*)</td>", page)
    assert len(findings) == 2 and all(" win" in f and "of their" in f for f, _ in findings), findings
    elsewhere = cli("report", str(tmp_path / "run"), "-o", str(tmp_path / "loose"))
    assert "index.html" not in elsewhere.stdout and not (tmp_path / "index.html").exists()
