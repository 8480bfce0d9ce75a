"""``reports/index.html``: every report in a reports directory, newest first, with its
scenario, games, seed, date and headline's first sentence. ``report`` rewrites it each
time it writes a report into a directory named ``reports``."""

from __future__ import annotations

import html
import json
from datetime import UTC, datetime
from pathlib import Path

from cryhavoc_sim.writing import write_file


def reports_in(root: Path) -> list[dict[str, str]]:
    """The reports under ``root`` (``NAME/report.html`` with its ``summary.json``),
    newest first."""
    found: list[tuple[float, dict[str, str]]] = []
    for page in root.glob("*/report.html"):
        try:
            summary = json.loads((page.parent / "summary.json").read_text())
        except (OSError, ValueError):
            continue
        if not isinstance(summary, dict):
            continue
        mtime = page.stat().st_mtime
        headline = summary.get("headline") or [""]
        found.append(
            (
                mtime,
                {
                    "name": page.parent.name,
                    "scenario": str(summary.get("scenario", "")),
                    "games": f"{summary.get('games', 0):,}" if isinstance(summary.get("games"), int) else "",
                    "seed": str(summary.get("seed", "")),
                    "date": datetime.fromtimestamp(mtime, UTC).strftime("%Y-%m-%d %H:%M UTC"),
                    "headline": str(headline[0]) if isinstance(headline, list) and headline else "",
                    "reconstructed": "yes" if summary.get("content_reconstructed", True) else "no",
                },
            )
        )
    found.sort(key=lambda t: (t[0], t[1]["name"]), reverse=True)
    return [row for _, row in found]


def write_index(root: Path) -> Path:
    """Write ``root/index.html`` listing :func:`reports_in` ``root``."""
    rows = reports_in(root)
    cells = "".join(
        "<tr>"
        f'<td><a href="{html.escape(r["name"])}/report.html">{html.escape(r["name"])}</a></td>'
        f"<td>{html.escape(r['scenario'])}</td><td>{r['games']}</td><td>{html.escape(r['seed'])}</td>"
        f"<td>{r['date']}</td><td>{r['reconstructed']}</td><td>{html.escape(r['headline'])}</td>"
        "</tr>"
        for r in rows
    )
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>cryhavoc-sim reports</title>
<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em;font-size:.9em;text-align:left}}
th{{background:#f4f4f4}}</style></head><body>
<h1>cryhavoc-sim reports</h1><p>{len(rows)} report(s), newest first. Content marked reconstructed rests on
invented board, cards and tokens where the printed ones are not public.</p>
<table><thead><tr><th>report</th><th>scenario</th><th>games</th><th>seed</th><th>written</th>
<th>reconstructed content</th><th>headline</th></tr></thead><tbody>{cells}</tbody></table>
</body></html>"""
    path = root / "index.html"
    write_file(path, page)
    return path
