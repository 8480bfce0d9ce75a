"""WarCry through the shared tool: run, report, replay, soak and ladder from the CLI, and
the bad-input cases of issue 30 (one sentence, exit code 2, nothing written)."""

from __future__ import annotations

import shutil
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from cryhavoc_sim import cli
from cryhavoc_sim.games.warcry.content import DATA

NEW_DECKS = ("Dark Elf", "Empire Elite", "High Elf", "Horde")
SCENARIO = """[scenario]
name = "wc"
game = "warcry"
games = 32
seed = 3
{extra}
[bots]
default = "heuristic"
two = "random"
"""


def invoke(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(cli.app, list(args))
    assert result.exit_code == code, (result.output, result.exception)
    return result.output


def test_run_report_replay_soak_and_ladder(tmp_path: Path) -> None:
    # the decks with Unique characters, Flyers, Long Ranged units, Commands and Reactions
    path = tmp_path / "wc.toml"
    path.write_text(SCENARIO.format(extra=f'decks = {list(NEW_DECKS)}\naction_deck = "Full"\n'))
    invoke("run", str(path), "-o", str(tmp_path / "run"), "-q", "-j", "1")
    seats = pl.read_parquet(tmp_path / "run" / "seats" / "*.parquet")
    games = pl.read_parquet(tmp_path / "run" / "games" / "*.parquet")
    assert seats.height == 64 and set(seats["faction"]) == set(NEW_DECKS)
    assert games["variant"].n_unique() == 16  # every deck against every deck, mirrors included
    assert set(games["rounds_played"]) <= {2, 3} and seats["won"].sum() == 32
    heuristic = seats.filter(pl.col("bot") == "heuristic")["won"].mean()
    assert isinstance(heuristic, float) and heuristic > 0.7

    invoke("report", str(tmp_path / "run"), "-o", str(tmp_path / "rep"))
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "Deck against deck" in text and "Good against Evil" in text and "reconstructed" in text
    assert "Cards whose abilities are reconstructed" in text  # the new decks' invented abilities
    assert "meta-game" in text and "P(win the game | won Battle 1)" in text
    assert (
        "What each card is worth" in text and "combat swing" in text and "What each keyword is worth" in text
    )

    out = invoke("replay", str(tmp_path / "run"), "3")
    assert "Replayed events equal the stored events." in out and "Battle 1:" in out and "musters" in out

    out = invoke("soak", "--game", "warcry", "-n", "32", "-j", "1", "-q")
    assert "0 game(s) with violations" in out and "0 problem(s)" in out


def test_the_same_seed_writes_the_same_tables(tmp_path: Path) -> None:
    path = tmp_path / "wc.toml"
    path.write_text(SCENARIO.format(extra='action_deck = "Full"\n'))
    for name, jobs in (("a", "1"), ("b", "2")):
        invoke("run", str(path), "-o", str(tmp_path / name), "-q", "-j", jobs)
    for table in ("games", "seats", "events"):
        a = pl.read_parquet(tmp_path / "a" / table / "*.parquet").drop("run_id", strict=False)
        b = pl.read_parquet(tmp_path / "b" / table / "*.parquet").drop("run_id", strict=False)
        assert a.sort("game_id").equals(b.sort("game_id")), table


def _bad_decks(tmp_path: Path, old: str, new: str) -> str:
    content = tmp_path / "content"
    content.mkdir()
    shutil.copy(DATA / "cards.toml", content / "cards.toml")
    (content / "decks.toml").write_text((DATA / "decks.toml").read_text().replace(old, new, 1))
    return 'content = "content"\n'


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        ("players = 2\n", "scenario.players"),
        (
            'decks = ["Empire", "Skaven"]\n',
            "'Skaven'; allowed: Chaos, Dark Elf, Dwarf, Empire, Empire Elite,",
        ),
        ('action_deck = "Chaos"\n', "scenario.action_deck"),
        ("unknown", "card 'WC999' unknown"),
        ("copies", "31 copies"),
        ("fewer", "at least 30"),
        ("alignment", "one alignment (Good or Evil) plus Neutral"),
        ("two decks", "one alignment across a player's Army and Action decks"),
    ],
)
def test_bad_input_is_one_sentence_exit_2_nothing_written(tmp_path: Path, extra: str, words: str) -> None:
    edits = {
        "unknown": ('card = "WC157", copies = 3', 'card = "WC999", copies = 3'),
        "copies": ('card = "WC157", copies = 3', 'card = "WC157", copies = 31'),
        "fewer": ('card = "WC157", copies = 3', 'card = "WC157", copies = 1'),
        "alignment": ('card = "WC157", copies = 3', 'card = "WC4", copies = 3'),
    }
    if extra == "two decks":  # a Good army deck with an Evil action deck
        extra = _bad_decks(
            tmp_path,
            'alignment = "Neutral"\ncards = [\n  { card = "WC63"',
            'alignment = "Evil"\ncards = [\n  { card = "WC63"',
        )
        extra += 'decks = ["Empire"]\naction_deck = "Full"\n'
    if extra in edits:
        extra = _bad_decks(tmp_path, *edits[extra])
    path = tmp_path / "wc.toml"
    path.write_text(SCENARIO.format(extra=extra))
    out = invoke("run", str(path), "-o", str(tmp_path / "run"), "-q", "-j", "1", code=2)
    assert words in out and "Traceback" not in out
    assert len([line for line in out.strip().splitlines() if line.strip()]) <= 3
    assert not (tmp_path / "run").exists()
