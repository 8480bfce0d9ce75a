"""The report reads at a glance (issue 17): a headline in words against each side's
fair share, a table of contents, rates printed with their intervals, figures sharp on a
high-density screen; and, where Chromium is installed, the page checked in it."""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import polars as pl
import pytest

from cryhavoc_sim.api import simulate
from cryhavoc_sim.report.build import build_report
from cryhavoc_sim.report.headline import Standing, seat_finding, standing_sentence
from cryhavoc_sim.report.page import table_rows, write_pages
from cryhavoc_sim.storage.reader import load_run

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("reading")
    simulate("four_player", n_games=120, seed=9, workers=1, out=base / "run")
    build_report(load_run(base / "run"), base / "rep")
    return base / "rep"


def test_the_headline_speaks_of_fair_shares_in_words(report: Path) -> None:
    md = (report / "report.md").read_text()
    head = md.split("## Headline", 1)[1].split("## Contents", 1)[0]
    lines = [line for line in head.splitlines() if line.startswith("- ")]
    assert len(lines) >= 4
    for faction in ("Humans", "Pilgrims", "Machines", "Trogs"):
        line = next(line for line in lines if line.startswith(f"- {faction} win "))
        assert re.search(r"win \d+\.\d% \(\d+\.\d-\d+\.\d%\) of their 120 4-player games", line), line
        assert "fair share of 25%" in line
    summary = __import__("json").loads((report / "summary.json").read_text())
    verdicts = {s["faction"]: s for s in summary["standings"]}
    for s in verdicts.values():  # each verdict agrees with its interval
        assert s["fair_share"] == pytest.approx(0.25)
        expected = "above" if s["ci_low"] > 0.25 else "below" if s["ci_high"] < 0.25 else "within"
        assert s["verdict"] == expected
    assert summary["headline"] == [line[2:] for line in lines]


def test_a_table_of_contents_links_every_section(report: Path) -> None:
    page = (report / "report.html").read_text()
    links = re.findall(r'<a href="#([^"]+)">', page)
    ids = set(re.findall(r' id="([^"]+)"', page))
    assert len(links) >= 15 and set(links) <= ids and len(set(links)) == len(links)


def test_rates_print_with_their_intervals_and_no_raw_bounds(report: Path) -> None:
    md = (report / "report.md").read_text()
    assert "| faction | games | wins | deals | win rate (95% CI) | design effect |" in md
    lines = md.splitlines()
    headers = [line for line, under in itertools.pairwise(lines) if under.startswith("|---")]
    assert len(headers) >= 10
    assert not [h for h in headers if "_" in h or "ci low" in h], "raw column names in a table header"
    frame = pl.DataFrame(
        {
            "faction": ["x"],
            "games": [1000],
            "wins": [128],
            "win_rate": [0.128],
            "ci_low": [0.112],
            "ci_high": [0.146],
        }
    )
    assert table_rows(frame) == [
        ["faction", "games", "wins", "win rate (95% CI)"],
        ["x", "1,000", "128", "12.8% (11.2-14.6%)"],
    ]


def test_figures_are_drawn_at_twice_the_size_they_are_shown(report: Path) -> None:
    page = (report / "report.html").read_text()
    shown = re.findall(r'<img alt="[^"]*" width="(\d+)" height="(\d+)"', page)
    assert len(shown) == 11  # seven of the run, three of its game flow, the luck (report/luck.py)
    png = (report / "win_rates.png").read_bytes()
    width = int.from_bytes(png[16:20], "big")
    assert width >= 1200 and any(int(w) == width // 2 for w, _ in shown)


def test_the_terrain_table_drops_small_cells_and_names_the_outer_ring(report: Path) -> None:
    md = (report / "report.md").read_text()
    section = md.split("## Battles by Terrain", 1)[1].split("\n## ", 1)[0]
    assert "at least 30 Battles" in section and "| none |" not in section
    counts = [
        int(row.split("|")[4].strip().replace(",", ""))
        for row in section.splitlines()
        if row.startswith("| ") and "battles" not in row
    ]
    assert all(n >= 30 for n in counts)


def test_sentences_say_above_below_and_within() -> None:
    above = Standing("trogs", 3000, 0.635, 0.618, 0.652, 0.25, "above")
    assert standing_sentence(above, "4-player").endswith("2.5 times their fair share of 25%.")
    below = Standing("machines", 3000, 0.063, 0.055, 0.072, 0.25, "below")
    assert "25% of their fair share of 25%" in standing_sentence(below, "4-player")
    within = Standing("humans", 100, 0.24, 0.17, 0.33, 0.25, "within")
    assert "within reach" in standing_sentence(within, "4-player")


def test_a_singular_side_gets_a_singular_sentence() -> None:
    seat = Standing("seat 2", 300, 0.30, 0.25, 0.36, 0.28, "within")
    said = standing_sentence(seat, "4-player", plural=False)
    assert said.startswith("Seat 2 wins 30.0% (25.0-36.0%) of its 300 4-player games")
    assert "its fair share of 28%" in said


def test_a_table_caption_gives_a_short_heading_and_a_note_under_it(tmp_path: Path) -> None:
    frame = pl.DataFrame({"card": ["orc"], "plays": [3]})
    tables = [("Gold swing\nThe swing is gold after less before.", frame), ("Plain", frame)]
    md, page = write_pages(tmp_path, "t", None, [], [], [], tables)
    text = md.read_text()
    assert "## Gold swing\n\nThe swing is gold after less before.\n\n| card |" in text
    assert "- [Table: Gold swing](#table-gold-swing)" in text and "## Plain\n\n| card |" in text
    html = page.read_text()
    assert (
        '<h2 id="table-gold-swing">Gold swing</h2><p>The swing is gold after less before.</p><table>' in html
    )
    assert '<a href="#table-gold-swing">Table: Gold swing</a>' in html


def test_a_seat_effect_is_reported_only_when_it_is_beyond_chance() -> None:
    def seats(wins_by_seat: dict[int, int], n: int) -> pl.LazyFrame:
        rows = [{"seat": s, "won": i < w, "is_npc": False} for s, w in wins_by_seat.items() for i in range(n)]
        return pl.LazyFrame(rows)

    assert seat_finding(seats({1: 50, 2: 50}, 200)) is None
    found = seat_finding(seats({1: 120, 2: 40}, 200))
    assert found is not None and "seat 1 wins 60.0%" in found and "seat 2 20.0%" in found


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)")
def test_the_report_opens_in_chromium_with_every_image_and_the_headline(report: Path, tmp_path: Path) -> None:
    probe = (
        "<script>window.addEventListener('load', () => { const imgs = [...document.images];"
        " const ok = imgs.filter(i => i.complete && i.naturalWidth > 0).length;"
        " const p = document.createElement('p'); p.id = 'probe';"
        " p.textContent = `images ${ok}/${imgs.length}`; document.body.appendChild(p); });</script>"
    )
    page = tmp_path / "page.html"
    page.write_text((report / "report.html").read_text().replace("</body>", probe + "</body>"))
    assert CHROMIUM is not None
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=10000"]
    dom = subprocess.run(
        [CHROMIUM, *flags, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120
    )
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert '<p id="probe">images 11/11</p>' in dom.stdout
    assert "Headline" in dom.stdout and "of their fair share of 25%" in dom.stdout
    shot = tmp_path / "top.png"
    subprocess.run(
        [CHROMIUM, *flags, "--window-size=1100,1400", f"--screenshot={shot}", page.as_uri()],
        capture_output=True,
        timeout=120,
    )
    assert shot.stat().st_size > 50_000  # a rendered page, not a blank one
