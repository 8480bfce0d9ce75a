"""``reports/index.html``: every report in a reports directory, newest first, with its
scenario, games, seed, date, its headline's first finding and who played it. ``report`` rewrites it each
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
        lineup = summary.get("lineup") if isinstance(summary.get("lineup"), dict) else {}
        found.append(
            (
                mtime,
                {
                    "name": page.parent.name,
                    "scenario": str(summary.get("scenario", "")),
                    "games": f"{summary.get('games', 0):,}" if isinstance(summary.get("games"), int) else "",
                    "seed": str(summary.get("seed", "")),
                    "date": datetime.fromtimestamp(mtime, UTC).strftime("%Y-%m-%d %H:%M UTC"),
                    "finding": finding(headline),
                    "played_by": str(lineup.get("sentence", "")) if lineup else "",
                    "reconstructed": "yes" if summary.get("content_reconstructed", True) else "no",
                },
            )
        )
    found.sort(key=lambda t: (t[0], t[1]["name"]), reverse=True)
    return [row for _, row in found]


def finding(headline: object) -> str:
    """The headline's first finding: the first sentence after the one naming who played
    (the index shows who played in a column of its own)."""
    if not isinstance(headline, list):
        return ""
    lines = [str(x) for x in headline]
    found = [x for x in lines if not x.startswith(("Played by", "Equal skill:"))]
    return (found or lines or [""])[0]


def write_index(root: Path) -> Path:
    """Write ``root/index.html`` listing :func:`reports_in` ``root``."""
    rows = reports_in(root)
    cells = "".join(
        "<tr>"
        f'<td><a href="{html.escape(r["name"])}/report.html">{html.escape(r["name"])}</a></td>'
        f"<td>{html.escape(r['scenario'])}</td><td>{r['games']}</td><td>{html.escape(r['seed'])}</td>"
        f"<td>{r['date']}</td><td>{r['reconstructed']}</td><td>{html.escape(r['finding'])}</td>"
        f'<td class="who">{html.escape(r["played_by"])}</td>'
        "</tr>"
        for r in rows
    )
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>cryhavoc-sim reports</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em .6em;font-size:.9em;text-align:left}}
th{{background:#f4f4f4}}.who{{font-size:.75em;color:#555}}
.scroll{{overflow-x:auto}}</style></head><body>
<h1>cryhavoc-sim reports</h1><p>{len(rows)} report(s), newest first. Content marked reconstructed rests on
invented board, cards and tokens where the printed ones are not public.</p>
<div class="scroll"><table><thead><tr><th>report</th><th>scenario</th><th>games</th><th>seed</th><th>written</th>
<th>reconstructed content</th><th>first finding</th><th>played by</th></tr></thead><tbody>{cells}</tbody></table></div>
</body></html>"""
    path = root / "index.html"
    write_file(path, page)
    return path
