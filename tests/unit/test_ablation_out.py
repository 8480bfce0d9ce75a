"""``ablate -o DIR`` (report/ablation.py): the three files, the same bytes at any number
of workers, the bots and the reconstructed content named; a symbolic link or a folder
that is not empty refused before a game is played, and nothing left behind by an
interruption while the files are written."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cryhavoc_sim.cli import app

ARGS = ["ablate", "warcry_all_decks", "--card", "WC149", "--card", "WC2", "-n", "16"]


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, [*ARGS, *args], env={"SOURCE_DATE_EPOCH": "1795651200"})


def test_ablate_writes_its_three_files_the_same_at_any_worker_count(tmp_path: Path) -> None:
    one, two = invoke("-j", "1", "-o", str(tmp_path / "one")), invoke("-j", "2", "-o", str(tmp_path / "two"))
    assert one.exit_code == 0 and two.exit_code == 0, one.output
    assert sorted(p.name for p in (tmp_path / "one").iterdir()) == [
        "ablation.json",
        "ablation.md",
        "ablation.png",
    ]
    for name in ("ablation.json", "ablation.md", "ablation.png"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name
    record = json.loads((tmp_path / "one" / "ablation.json").read_text())
    printed = json.loads(invoke("-j", "1", "--json").output)
    # what --json prints but the seconds, with the content, scenario, bots and date
    assert {k: v for k, v in printed.items() if k != "seconds"} == {
        k: v for k, v in record.items() if k in printed
    }
    assert record["date"] == "2026-11-26" and record["bots"] == {"one": "heuristic", "two": "heuristic"}
    assert record["content_id"] and record["content_reconstructed"] is True
    assert record["bots_version"].startswith("warcry-bots-") and "[scenario]" in record["scenario_text"]
    assert [v["unit"] for v in record["values"]] == [v["unit"] for v in printed["values"]]
    md = (tmp_path / "one" / "ablation.md").read_text()
    assert "> **Notice.** These results rest on RECONSTRUCTED content" in md
    assert "**Who played**: heuristic in every seat (bots warcry-bots-" in md and "![" in md
    assert "| 1 | `" in md and "(ablation.png)" in md
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary folder left


def test_an_empty_folder_is_filled_not_replaced(tmp_path: Path) -> None:
    """``-o .`` or a folder the user made: the same folder (a shell standing in it keeps
    seeing the files), its mode kept."""
    target = tmp_path / "mine"
    target.mkdir(mode=0o750)
    before = os.stat(target)
    done = invoke("-j", "1", "-o", str(target))
    assert done.exit_code == 0, done.output
    after = os.stat(target)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert sorted(p.name for p in target.iterdir()) == ["ablation.json", "ablation.md", "ablation.png"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("kind", ["not empty", "link", "dangling link"])
def test_ablate_refuses_a_used_folder_or_a_link_before_playing(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "out"
    if kind == "not empty":
        target.mkdir()
        (target / "notes.txt").write_text("mine")
    else:
        (tmp_path / "real").mkdir()
        target.symlink_to(tmp_path / ("real" if kind == "link" else "nowhere"))
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(app, [*ARGS, "-j", "1", "-o", str(target)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert ("is not empty" if kind == "not empty" else "is a symbolic link") in lines[0]
    assert "Ablation of" not in result.output  # refused before a game was played
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before


def test_an_interruption_while_writing_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C after ablation.json is written: no target, no temporary folder, no folder
    made on the way; an empty folder given stays empty."""
    from cryhavoc_sim.report import ablation

    def interrupted(record: Any, notice: str | None) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(ablation, "markdown", interrupted)
    with pytest.raises(KeyboardInterrupt):
        ablation.write_ablation(tmp_path / "new" / "deeper" / "out", {"values": []}, None)
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "empty").mkdir()
    with pytest.raises(KeyboardInterrupt):
        ablation.write_ablation(tmp_path / "empty", {"values": []}, None)
    assert [p.name for p in tmp_path.iterdir()] == ["empty"] and not os.listdir(tmp_path / "empty")


def test_few_deals_mark_no_disagreement() -> None:
    """With a handful of deals every twin can agree, the interval shrinks to 0 to 0, and
    any observational gap would read as a disagreement: under MIN_DEALS deals none is
    marked, and the table says why (a review finding: WC2 from 12 games read DISAGREES)."""
    from cryhavoc_sim.analysis.deals import MIN_DEALS

    done = CliRunner().invoke(app, ["ablate", "warcry_all_decks", "--card", "WC2", "-n", "32", "-j", "1"])
    assert done.exit_code == 0, done.output
    row = next(line for line in done.output.splitlines() if line.startswith("WC2 |"))
    assert "DISAGREES" not in row and "too few deals" in row
    printed = json.loads(invoke("-j", "1", "--json").output)
    assert all(not v["disagrees"] for v in printed["values"] if v["deals"] < MIN_DEALS)
