"""Headless Chromium as a reader: load a page at a given window size and measure what a
person would see (every image loaded, nothing wider than the window, the headline above
the fold), or take a screenshot of it.

Debian's ``chromium`` is driven with ``--dump-dom``: a copy of the page, with a small
script injected, is shown in a frame of exactly the width and height asked (a headless
window is never narrower than 500 pixels, a frame is); once the page has loaded the
script posts its measurements to the frame's parent, which writes them into the DOM that
Chromium dumps. No browser download and no Python dependency beyond the standard
library. Where no Chromium is installed, ``CHROMIUM`` is None and the tests skip, saying
why (``.ci/run`` installs it, so CI always runs them).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
SKIP_REASON = "Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)"
if CHROMIUM is None and os.environ.get("CRYHAVOC_REQUIRE_CHROMIUM") == "1":
    # CI sets this after installing Chromium: there the browser checks must run, not skip.
    raise RuntimeError("CRYHAVOC_REQUIRE_CHROMIUM=1 but no chromium on PATH")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--virtual-time-budget=10000")

# Runs after load: images, the widest thing on the page against the window, and where the
# headline (the selector's first match) starts. Elements inside a horizontal scroller of
# their own (a wide table or code block the page lets you scroll) do not widen the page.
PROBE = """<script>window.addEventListener('load', () => {
  const imgs = [...document.images];
  const broken = imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute('src').slice(0, 80));
  const width = window.innerWidth;
  const inScroller = e => { for (let p = e.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; }
    return false; };
  const wide = [...document.body.querySelectorAll('*')].filter(e => {
      const r = e.getBoundingClientRect(); return r.width > 0 && r.right > width + 1 && !inScroller(e); })
    .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
      + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''));
  const head = document.querySelector(HEADLINE);
  parent.postMessage(JSON.stringify({ page: PAGE, images: imgs.length, broken, width,
    scroll_width: document.documentElement.scrollWidth, wide, height: window.innerHeight,
    headline_top: head ? head.getBoundingClientRect().top + window.scrollY : null,
    headline_text: head ? head.textContent.trim().slice(0, 200) : null,
    contents_columns: (n => n ? getComputedStyle(n).columnCount : null)(document.querySelector('nav ol')),
    linked_images: imgs.filter(i => i.parentElement && i.parentElement.tagName === 'A').length,
    narrowest_image: imgs.length ? Math.min(...imgs.map(i => i.getBoundingClientRect().width)) : null }), '*');
});</script>"""

# One window holds a frame per page, each exactly the size asked; every page's probe
# posts its measurements here, and this page writes them where --dump-dom shows them.
FRAMES = """<!doctype html><html><body style="margin:0">FRAMES
<script>window.addEventListener('message', e => { const pre = document.createElement('pre');
  pre.className = 'reader-probe'; pre.textContent = e.data; document.body.appendChild(pre); });</script>
</body></html>"""
FRAME = '<iframe src="SRC" style="border:0;display:block;width:WIDTHpx;height:HEIGHTpx"></iframe>'


@dataclass(frozen=True)
class Seen:
    """What a reader sees of a page at one window size."""

    images: int
    broken: list[str]
    width: int
    scroll_width: int
    wide: list[str]
    height: int
    headline_top: float | None
    headline_text: str | None
    contents_columns: str | None = None  # the report's table of contents: CSS column-count
    linked_images: int = 0  # images inside a link (a report's figure opens its PNG)
    narrowest_image: float | None = None  # CSS pixels: how wide the smallest image is shown

    @property
    def overflows(self) -> bool:
        return self.scroll_width > self.width or bool(self.wide)

    @property
    def headline_above_the_fold(self) -> bool:
        return self.headline_top is not None and self.headline_top < self.height


def look_all(pages: list[Path], width: int, height: int, headline: str) -> list[Seen]:
    """Open every page (an HTML file) at ``width`` x ``height`` in one browser and
    measure each; ``headline`` is the CSS selector of the headline."""
    assert CHROMIUM is not None, SKIP_REASON
    copies: list[Path] = []
    try:
        for n, page in enumerate(p.resolve() for p in pages):
            text = page.read_text(encoding="utf-8")
            probe = PROBE.replace("HEADLINE", json.dumps(headline)).replace("PAGE", str(n))
            # The copy sits beside the page, so that its relative links (images, CSS) resolve.
            with tempfile.NamedTemporaryFile(
                "w", suffix=".html", prefix=".probe-", dir=page.parent, delete=False, encoding="utf-8"
            ) as f:
                f.write(text.replace("</body>", probe + "</body>") if "</body>" in text else text + probe)
            copies.append(Path(f.name))
        frames = "".join(
            FRAME.replace("SRC", c.as_uri()).replace("WIDTH", str(width)).replace("HEIGHT", str(height))
            for c in copies
        )
        with tempfile.TemporaryDirectory() as tmp:
            holder = Path(tmp) / "frames.html"
            holder.write_text(FRAMES.replace("FRAMES", frames))
            done = subprocess.run(
                [
                    CHROMIUM,
                    *FLAGS,
                    f"--window-size={width + 40},{height + 40}",
                    "--dump-dom",
                    holder.as_uri(),
                ],
                capture_output=True,
                text=True,
                timeout=300,
            )
    finally:
        for c in copies:
            c.unlink(missing_ok=True)
    if done.returncode != 0:
        raise RuntimeError(f"chromium exit {done.returncode}: {done.stderr[-1000:]}")
    seen: dict[int, Seen] = {}
    for body in re.findall(r'<pre class="reader-probe">(.*?)</pre>', done.stdout, re.S):
        fields = json.loads(html.unescape(body))
        n = fields.pop("page")
        seen[n] = Seen(**fields)
    missing = [str(pages[n]) for n in range(len(pages)) if n not in seen]
    if missing:
        raise RuntimeError(f"the probe did not report from {missing[:3]}: {done.stderr[-1000:]}")
    return [seen[n] for n in range(len(pages))]


def look(page: Path, width: int, height: int, headline: str) -> Seen:
    """What a reader sees of one page at ``width`` x ``height``."""
    return look_all([page], width, height, headline)[0]


def screenshot(page: Path, width: int, height: int, out: Path) -> Path:
    """A PNG of the top ``height`` pixels of ``page`` at ``width`` pixels wide."""
    assert CHROMIUM is not None, SKIP_REASON
    subprocess.run(
        [CHROMIUM, *FLAGS, f"--window-size={width},{height}", f"--screenshot={out}", page.resolve().as_uri()],
        capture_output=True,
        timeout=120,
        check=True,
    )
    return out
