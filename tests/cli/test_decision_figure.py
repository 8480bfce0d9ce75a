"""The report's decisions figure (report/flow.py), for every game: a tiny run with
``decisions = true`` draws ``decisions.png`` beside the report, and both pages show it;
a run with a search in a seat says in its caption that it also marks the searched
decisions that matter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HEAD = '[scenario]\nname = "dec"\ngames = 4\nseed = 6\ndecisions = true\n'
GAMES = {
    "cryhavoc": 'players = 2\n[bots]\ndefault = "heuristic"\nhumans = "paired:4"\n',
    "cavetroll": 'game = "cavetroll"\nplayers = 2\ncard_set = "classic"\n[bots]\ndefault = "heuristic"\n',
    "warcry": 'game = "warcry"\ndecks = ["Chaos", "Dwarf"]\naction_deck = "Base"\n[bots]\ndefault = "heuristic"\n',
}


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=600
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_s_report_draws_its_decisions(game: str, tmp_path: Path) -> None:
    scenario = tmp_path / "s.toml"
    scenario.write_text(HEAD + GAMES[game])
    played = cli("run", str(scenario), "-o", str(tmp_path / "run"), "-q", "-j", "1")
    assert played.returncode == 0, played.stderr
    report = cli("report", str(tmp_path / "run"), "-o", str(tmp_path / "report"))
    assert report.returncode == 0, report.stderr
    png = tmp_path / "report" / "decisions.png"
    assert png.is_file() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    md = (tmp_path / "report" / "report.md").read_text()
    page = (tmp_path / "report" / "report.html").read_text()
    searched = game == "cryhavoc"  # the paired search answered the Humans' decisions
    caption = "Decisions with a choice, by " + (
        "seat" if game == "cavetroll" else "deck" if game == "warcry" else "faction"
    )
    caption += " and request kind" + (" (and searched decisions that matter)" if searched else "")
    assert f"![{caption}](decisions.png)" in md
    assert f'<a href="decisions.png"><img alt="{caption}"' in page
    assert (f"Figure: {caption}" in md) and (f"Figure: {caption}" in page)
