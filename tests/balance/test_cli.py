"""``cryhavoc-sim balance`` as a user runs it: the end-of-run lines name the rungs and each
side's status, --json prints the summary, and --resume on a finished study plays nothing
and reports it again at another margin."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=300
    )


def test_balance_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "study"
    proc = cli("balance", "cave_troll_2p", "--rungs", "random,heuristic", "-n", "8", "-o", str(out), "-q")
    assert proc.returncode == 0, proc.stderr
    assert "Balance study of 2 rungs complete" in proc.stdout
    assert "at 2 rungs (random, heuristic), the same 8 games in 4 deals each" in proc.stdout
    assert "STABLE" in proc.stdout or "SKILL-SENSITIVE" in proc.stdout
    assert (out / "report" / "report.html").is_file() and (out / "results.parquet").is_file()
    # luck against skill: every rung and side, from the 4 deals of 2 games each
    luck = json.loads((out / "report" / "summary.json").read_text())["luck"]
    assert {(r["rung"], r["games"], r["deals"]) for r in luck} == {("random", 8, 4), ("heuristic", 8, 4)}
    assert len(luck) == 4 and "Luck against skill" in (out / "report" / "report.md").read_text()
    # ... and drawn: the deal's share by rung, its reading under the figure
    md = (out / "report" / "report.md").read_text()
    assert (
        out / "report" / "balance_luck.png"
    ).is_file() and "![Luck against skill by rung](balance_luck.png)" in md
    assert "a line that falls to the right is skill overcoming the draw" in md
    assert 'href="balance_luck.png"' in (out / "report" / "report.html").read_text()

    again = cli(
        "balance", "cave_troll_2p", "--rungs", "random,heuristic", "-n", "8", "-o", str(out), "--resume",
        "--margin", "20", "--json",
    )  # fmt: skip
    assert again.returncode == 0, again.stderr
    data = json.loads(again.stdout)
    assert data["margin"] == 0.2 and data["rungs"] == ["random", "heuristic"]
    assert set(data["statuses"]) == {r["side"] for r in data["rates"]}
    assert all(s["status"] in ("unproven", "skill-sensitive") for s in data["statuses"].values())


def test_a_small_study_says_its_length_warns_and_holds_back_predictions(tmp_path: Path) -> None:
    """Before the first game: the estimated total time, and a warning that 8 games a rung is
    far below what a verdict needs; after: no prediction in the headline, though the
    rungs make a trend (findings has one)."""
    from cryhavoc_sim.balance.tables import findings

    out = tmp_path / "study"
    proc = cli("balance", "cave_troll_2p", "--rungs", "ismcts:2,ismcts:4", "-n", "8", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    warning = proc.stderr.index("8 games a rung is far below the 800-1,000 a verdict needs")
    assert warning < proc.stderr.index("estimated total: about") < proc.stderr.index("rung 1/2")
    assert "TOO FEW GAMES FOR A VERDICT" in proc.stdout and "predicted at" not in proc.stdout
    assert findings(out).trends  # there was a trend to hold back
    summary = json.loads((out / "report" / "summary.json").read_text())
    assert summary["trends"] == []
