"""The report and the documentation site as a reader sees them in headless Chromium:
every image loads, nothing is wider than the window at 1280 and 390 pixels, and the
headline is above the fold of a laptop screen (1280 x 800)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cryhavoc_sim.api import simulate
from cryhavoc_sim.report.build import build_report
from cryhavoc_sim.storage.reader import load_run
from tests.docs.browser import CHROMIUM, SKIP_REASON, look, look_all

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason=SKIP_REASON)

LAPTOP, PHONE = (1280, 800), (390, 844)


def test_the_reader_sees_a_broken_image_a_wide_page_and_the_fold(tmp_path: Path) -> None:
    page = tmp_path / "bad.html"
    page.write_text(
        '<!doctype html><html><body><img src="missing.png" alt="x"><div style="height:2000px"></div>'
        '<h1 id="late">late</h1><div style="width:900px">wide</div>'
        '<div style="overflow-x:auto"><table style="width:900px"><tr><td>scrolls</td></tr></table></div></body></html>'
    )
    seen = look(page, *PHONE, "#late")
    assert seen.width == 390 and seen.broken == ["missing.png"] and seen.images == 1
    assert seen.overflows and seen.wide == ["div"]  # the table scrolls inside its own box
    assert not seen.headline_above_the_fold and seen.headline_text == "late"


@pytest.mark.parametrize("scenario", ["four_player", "cave_troll_4p", "warcry_all_decks"])
def test_a_report_reads_on_a_laptop_and_a_phone(scenario: str, tmp_path: Path) -> None:
    simulate(scenario, n_games=48, seed=5, workers=1, out=tmp_path / "run")
    build_report(load_run(tmp_path / "run"), tmp_path / "report")
    page = tmp_path / "report" / "report.html"
    laptop, phone = look(page, *LAPTOP, "#headline"), look(page, *PHONE, "#headline")
    for seen in (laptop, phone):
        assert seen.images >= 4 and seen.broken == []
        assert not seen.overflows, f"{seen.scroll_width} px wide at {seen.width}: {seen.wide}"
    assert laptop.headline_above_the_fold, laptop.headline_top
    assert laptop.headline_text is not None and "Played by" in laptop.headline_text
    # on a phone the contents are one column (two collide at 390 px); every figure opens its PNG
    assert (laptop.contents_columns, phone.contents_columns) == ("2", "1")
    assert phone.linked_images == phone.images
    # a figure shrunk to a phone's width has text too small to read: it keeps a readable
    # width and scrolls sideways in its own box instead (its text at three quarters of size)
    assert phone.narrowest_image is not None and phone.narrowest_image >= 540, phone.narrowest_image
    # the reports index too: its wide table scrolls in its own box on a phone
    from cryhavoc_sim.report.index import write_index

    index = look(write_index(tmp_path), *PHONE, "h1")
    assert not index.overflows and index.headline_above_the_fold, index


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["1280px", "390px"])
def test_every_page_of_the_site_reads(site: Path, size: tuple[int, int]) -> None:
    pages = sorted(p for p in site.rglob("*.html") if "assets" not in p.parts and p.name != "404.html")
    assert len(pages) >= 25
    seen_all = look_all(pages, *size, "article h1")
    for page, seen in zip(pages, seen_all, strict=True):
        name = page.relative_to(site)
        assert seen.broken == [], f"{name}: {seen.broken}"
        assert not seen.overflows, f"{name}: {seen.scroll_width} px wide at {seen.width}: {seen.wide}"
        assert seen.headline_above_the_fold, f"{name}: its title starts at {seen.headline_top} px"
    assert seen_all[pages.index(site / "index.html")].images >= 1  # the report's screenshot
