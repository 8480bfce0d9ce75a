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
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
SKIP_REASON = "Chromium is not installed (Debian: apt-get install chromium; .ci/run installs it)"
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
    .slice(0, 5).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''));
  const head = document.querySelector(HEADLINE);
  const out = { images: imgs.length, broken, width, scroll_width: document.documentElement.scrollWidth,
    wide, height: window.innerHeight, headline_top: head ? head.getBoundingClientRect().top + window.scrollY : null,
    headline_text: head ? head.textContent.trim().slice(0, 200) : null };
  parent.postMessage(JSON.stringify(out), '*');
});</script>"""

FRAME = """<!doctype html><html><body style="margin:0">
<iframe src="SRC" style="border:0;display:block;width:WIDTHpx;height:HEIGHTpx"></iframe>
<script>window.addEventListener('message', e => { const pre = document.createElement('pre');
  pre.id = 'reader-probe'; pre.textContent = e.data; document.body.appendChild(pre); });</script>
</body></html>"""


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

    @property
    def overflows(self) -> bool:
        return self.scroll_width > self.width or bool(self.wide)

    @property
    def headline_above_the_fold(self) -> bool:
        return self.headline_top is not None and self.headline_top < self.height


def look(page: Path, width: int, height: int, headline: str) -> Seen:
    """Open ``page`` (an HTML file) at ``width`` x ``height`` and measure it; ``headline``
    is the CSS selector of the headline."""
    assert CHROMIUM is not None, SKIP_REASON
    text = page.read_text(encoding="utf-8")
    probe = PROBE.replace("HEADLINE", json.dumps(headline))
    # The copy sits beside the page so that its relative links (images, CSS) still resolve.
    with tempfile.NamedTemporaryFile(
        "w", suffix=".html", dir=page.parent, delete=False, encoding="utf-8"
    ) as f:
        f.write(text.replace("</body>", probe + "</body>") if "</body>" in text else text + probe)
        probe_page = Path(f.name)
    frame = probe_page.with_suffix(".frame.html")
    frame.write_text(
        FRAME.replace("SRC", probe_page.as_uri()).replace("WIDTH", str(width)).replace("HEIGHT", str(height))
    )
    try:
        done = subprocess.run(
            [CHROMIUM, *FLAGS, f"--window-size={width + 40},{height + 40}", "--dump-dom", frame.as_uri()],
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        probe_page.unlink()
        frame.unlink()
    if done.returncode != 0:
        raise RuntimeError(f"chromium exit {done.returncode}: {done.stderr[-1000:]}")
    start = done.stdout.find('<pre id="reader-probe">')
    if start < 0:
        raise RuntimeError(f"the probe did not run on {page}: {done.stderr[-1000:]}")
    body = done.stdout[start:].split(">", 1)[1].split("</pre>", 1)[0]
    return Seen(**json.loads(html.unescape(body)))


def screenshot(page: Path, width: int, height: int, out: Path) -> Path:
    """A PNG of the top ``height`` pixels of ``page`` at ``width`` pixels wide."""
    assert CHROMIUM is not None, SKIP_REASON
    subprocess.run(
        [CHROMIUM, *FLAGS, f"--window-size={width},{height}", f"--screenshot={out}", page.as_uri()],
        capture_output=True,
        timeout=120,
        check=True,
    )
    return out
