"""Re-take the two screenshots the documentation shows: a four-player report and the
site's home page, each at 1280 x 800 as Chromium draws them.

    PYTHONPATH=. python -m tests.docs.screenshots    # needs chromium and mkdocs

Run by hand when the report's or the site's look changes; the browser tests check the
pages themselves on every run.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from cryhavoc_sim.api import simulate
from cryhavoc_sim.report.build import build_report
from cryhavoc_sim.storage.reader import load_run
from tests.docs.browser import screenshot

ROOT = Path(__file__).resolve().parents[2]
FIGURES = ROOT / "docs" / "figures"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        simulate("four_player", n_games=1200, seed=4, workers=2, out=base / "run")
        build_report(load_run(base / "run"), base / "report")
        screenshot(base / "report" / "report.html", 1280, 800, FIGURES / "report_screenshot.png")
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(base / "site")],
            cwd=ROOT,
            check=True,
        )
        screenshot(base / "site" / "index.html", 1280, 800, FIGURES / "site_screenshot.png")


if __name__ == "__main__":
    main()
