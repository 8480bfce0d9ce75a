"""The README and the site's pages: every link lands on a page (and heading) of the
repository, every page is in the site's navigation, nothing points outside the
repository, no issue number or machine path, and the README fits on one screen."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from tests.docs.conftest import DOCS, ROOT, sources

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE = re.compile(r"`[^`\n]*`")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
FORBIDDEN = {
    "an issue number": re.compile(r"\bissues?\s*#?\d+|\(#\d+\)", re.I),
    "a machine path": re.compile(r"(?<![\w.])(/work/|/home/|/tmp/|/root/|/Users/|[A-Z]:\\\\|~/)"),
    "a file outside the repository": re.compile(r"\bshared/|OUTPUT_CONTRACT|TOOLCHAIN_NOTES|STYLE\.md"),
}


def slug(heading: str) -> str:
    """The anchor Python-Markdown's toc gives a heading."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode()
    text = re.sub(r"[^\w\s-]", "", re.sub(r"`", "", text)).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text())
    return {slug(h) for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", text, re.M)}


def links(page: Path) -> list[str]:
    """The Markdown links and images of a page, outside code."""
    return LINK.findall(CODE.sub("", FENCE.sub("", page.read_text())))


@pytest.mark.parametrize("page", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_lands_inside_the_repository(page: Path) -> None:
    for target in links(page):
        if target.startswith(("http://", "https://")):
            continue
        path, _, anchor = target.partition("#")
        landing = (page.parent / path).resolve() if path else page
        assert landing.is_relative_to(ROOT), f"{target} leaves the repository"
        assert landing.exists(), f"{target}: no such file"
        if page != ROOT / "README.md":
            assert landing.is_relative_to(DOCS), f"{target}: the site links only its own pages"
        if anchor:
            assert anchor in anchors(landing), f"{target}: no such heading"


@pytest.mark.parametrize("page", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_issue_number_machine_path_or_outside_file(page: Path) -> None:
    text = page.read_text()
    for what, pattern in FORBIDDEN.items():
        found = pattern.search(text)
        assert found is None, f"{page.name} names {what}: {found.group(0)!r}"


def test_the_checks_above_can_fail(tmp_path: Path) -> None:
    assert FORBIDDEN["an issue number"].search("as issue 13 asked") is not None
    assert FORBIDDEN["a machine path"].search("see /work/main/x") is not None
    assert slug("Calibration: what the `declared` ranges can and cannot reach") == (
        "calibration-what-the-declared-ranges-can-and-cannot-reach"
    )
    page = tmp_path / "p.md"
    page.write_text("[a](../../x.md) ![b](fig.png) `[c](not.md)`\n```\n[d](e.md)\n```\n")
    assert links(page) == ["../../x.md", "fig.png"]


def nav_pages(entries: list[object]) -> list[str]:
    pages: list[str] = []
    for entry in entries:
        if isinstance(entry, str):
            pages.append(entry)
        elif isinstance(entry, dict):
            for value in entry.values():
                pages += nav_pages(value) if isinstance(value, list) else [str(value)]
    return pages


def test_every_page_is_in_the_navigation_once() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    nav = nav_pages(config["nav"])
    on_disk = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md") if "_hooks" not in p.parts)
    assert sorted(nav) == on_disk


def test_the_readme_fits_on_one_screen_and_points_to_the_site() -> None:
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 80 and len(text) < 5000  # a screen (the equal-skill table included)
    for needed in ("make run", "make test", "make docs", "](docs/index.md)"):
        assert needed in text
    assert "site/" in (ROOT / ".gitignore").read_text().split()


@pytest.mark.parametrize("page", sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_a_page_opens_with_its_one_title(page: Path) -> None:
    text = FENCE.sub("", page.read_text())
    assert text.startswith("# ") and len(re.findall(r"^# ", text, re.M)) == 1
