"""A report's pages: the Markdown and the self-contained HTML (figures embedded) of a
title, a notice, a headline, facts, figures, tables and a closing text. The run report
and the sweep report are both written by :func:`write_pages`."""

from __future__ import annotations

import base64
import html
from pathlib import Path
from typing import Any

from cryhavoc_sim.report.headline import rate_cell
from cryhavoc_sim.writing import write_file

# Float columns shown as percentages: rates and shares (by the end of their name).
_PERCENT = (
    "rate",
    "share",
    "decides",
    "by_chance",
    "_wins",
    "span",
    "span_from",
    "span_to",
    "spread",
    "_vs_nash",
)


def header(column: str) -> str:
    words = column.replace("_", " ").split()
    return " ".join("VP" if w == "vp" else w for w in words)


def table_rows(frame: Any, digits: int = 2) -> list[list[str]]:
    """A frame as the report prints it: readable headers, a win rate with its 95%
    interval in one cell ("12.8% (11.2-14.6%)"), rates and shares as percentages."""
    cols = list(frame.columns)
    rate = {"win_rate", "ci_low", "ci_high"} <= set(cols)
    shown = [c for c in cols if not (rate and c in ("ci_low", "ci_high"))]
    rows = [["win rate (95% CI)" if rate and c == "win_rate" else header(c) for c in shown]]
    for r in frame.iter_rows(named=True):
        cells = []
        for c in shown:
            v = r[c]
            if rate and c == "win_rate":
                cells.append(rate_cell(v, r["ci_low"], r["ci_high"]))
            elif isinstance(v, float) and c.endswith(_PERCENT):
                cells.append(f"{v:.1%}")
            elif isinstance(v, float):
                cells.append(f"{v:.{digits}f}")
            else:
                cells.append("" if v is None else f"{v:,}" if isinstance(v, int) and c != "seat" else str(v))
        rows.append(cells)
    return rows


def anchor(caption: str) -> str:
    """An HTML id / Markdown anchor for a section."""
    import re

    return re.sub(r"[^a-z0-9]+", "-", caption.lower()).strip("-")[:60]


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height in pixels, from the PNG header."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def html_section(heading: str, note: str, frame: Any) -> str:
    """A table's HTML section: its heading, the note under it (if any), the table."""
    para = f"<p>{html.escape(note.strip())}</p>" if note.strip() else ""
    return f'<h2 id="{anchor("table " + heading)}">{html.escape(heading)}</h2>{para}{html_table(table_rows(frame))}'


def inline(text: str) -> str:
    """``text`` as HTML: escaped, with Markdown's `code` spans as <code> (the Markdown page
    shows them as code; the HTML page showed the backticks)."""
    import re

    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def markdown_table(rows: list[list[str]]) -> str:
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return "\n".join(out)


def html_table(rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


# Wide tables and code scroll inside themselves, so the page never gets wider than a
# phone's screen (tests/docs/test_browser.py measures it at 390 pixels).
_CSS = """body{font-family:sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}
.notice{background:#fff3f0;border:1px solid #d33;padding:.8em;margin:1em 0}
.trust{background:#f3f6ff;border:1px solid #88a;padding:0 .8em;margin:1em 0}
.trust h2{font-size:1.05em;margin:.6em 0 .2em}
.headline{background:#f3f7ff;border-left:4px solid #2f6fb3;padding:.6em 1em;font-size:1.05em}
.headline li{margin:.3em 0}nav ol{columns:2;font-size:.9em}figcaption{font-size:.8em;color:#555}
@media (max-width:700px){nav ol{columns:1}body{margin:1em auto}figure img{max-width:none;width:560px}}
table{border-collapse:collapse;margin:.5em 0 1.5em;display:block;max-width:100%;overflow-x:auto}td,th{border:1px solid #ccc;padding:.2em .5em;font-size:.85em}
th{background:#f4f4f4}figure{margin:1em 0;overflow-x:auto}img{max-width:100%;height:auto}pre{background:#f6f6f6;padding:.8em;overflow-x:auto}"""


def write_pages(
    out: Path,
    title: str,
    notice: str | None,
    headline: list[str],
    facts: list[tuple[str, str]],
    figures: list[tuple[str, Path]],
    tables: list[tuple[str, Any]],
    closing: tuple[str, str, str, str] | None = None,
    trust: list[str] | None = None,
) -> tuple[Path, Path]:
    """Write ``report.md`` and ``report.html`` into ``out``: figures are (caption, PNG
    beside the pages; as with a table, a caption's first line is the figure's heading and
    any further lines a note printed under it, both in its alt text), tables (caption, polars frame; a caption's first line is the
    table's heading, any further lines a note printed under it), ``closing`` an optional
    last section (anchor, heading, code language, preformatted text), ``trust`` the lines
    of a "How far to trust this" box above the headline. Returns both paths."""
    notes = [c.partition("\n") for c, _ in tables]  # (heading, _, note) of every table
    # (heading, note) of every figure: a reading too long for a heading goes under it
    shown = [(c.partition("\n")[0], c.partition("\n")[2].strip()) for c, _ in figures]
    # (anchor, label) of every section: figures and tables may share a caption
    sections = (
        [(anchor("figure " + c), f"Figure: {c}") for c, _ in shown]
        + [(anchor("table " + h), f"Table: {h}") for h, _, _ in notes]
        + ([(closing[0], closing[1])] if closing else [])
    )
    md = [f"# {title}", ""]
    if notice:
        md += [f"> **Notice.** {notice}", ""]
    if trust:
        md += ["## How far to trust this", "", *[f"- {line}" for line in trust], ""]
    md += ["## Headline", "", *[f"- {line}" for line in headline], ""]
    md += ["## Contents", "", *[f"- [{label}](#{a})" for a, label in sections], ""]
    md += [f"- **{k}**: {v}" for k, v in facts] + [""]
    for (caption, note), (_, path) in zip(shown, figures, strict=True):
        md += [f'<a id="{anchor("figure " + caption)}"></a>', "", f"![{caption}]({path.name})", ""]
        md += [f"*{note}*", ""] if note else []
    for (heading, _, note), (_, frame) in zip(notes, tables, strict=True):
        md += [f'<a id="{anchor("table " + heading)}"></a>', "", f"## {heading}", ""]
        md += [note.strip(), ""] if note.strip() else []
        md += [markdown_table(table_rows(frame)), ""]
    if closing:
        md += [
            f'<a id="{closing[0]}"></a>',
            "",
            f"## {closing[1]}",
            "",
            f"```{closing[2]}",
            closing[3],
            "```",
            "",
        ]
    md_path = out / "report.md"
    write_file(md_path, "\n".join(md))

    def img(caption: str, note: str, path: Path) -> str:
        png = path.read_bytes()
        width, height = png_size(png)
        data = base64.b64encode(png).decode()
        alt = f"{caption}. {note}" if note else caption
        reading = f"{inline(note)} " if note else ""
        # linked to its PNG beside the page: on a phone the figure opens full size to zoom
        return (
            f'<figure id="{anchor("figure " + caption)}"><a href="{html.escape(path.name)}">'
            f'<img alt="{html.escape(alt)}" width="{width // 2}" height="{height // 2}"'
            f' src="data:image/png;base64,{data}"/></a>'
            f'<figcaption>{reading}<a href="{html.escape(path.name)}">{html.escape(path.name)}</a>: full size</figcaption>'
            "</figure>"
        )

    imgs = "".join(img(caption, note, p) for (caption, note), (_, p) in zip(shown, figures, strict=True))
    box = f'<div class="notice"><b>Notice.</b> {inline(notice)}</div>' if notice else ""
    if trust:
        lines = "".join(f"<li>{inline(line)}</li>" for line in trust)
        box += f'<section class="trust" id="trust"><h2>How far to trust this</h2><ul>{lines}</ul></section>'
    head = "".join(f"<li>{inline(line)}</li>" for line in headline)
    toc = "".join(f'<li><a href="#{a}">{html.escape(label)}</a></li>' for a, label in sections)
    tail = (
        f'<h2 id="{closing[0]}">{html.escape(closing[1])}</h2><pre>{html.escape(closing[3])}</pre>'
        if closing
        else ""
    )
    page = f"""<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>
<style>{_CSS}</style></head><body>
<h1>{html.escape(title)}</h1>{box}
<section class="headline" id="headline"><h2>Headline</h2><ul>{head}</ul></section>
<nav><h2>Contents</h2><ol>{toc}</ol></nav>
<ul>{"".join(f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>" for k, v in facts)}</ul>
{imgs}
{"".join(html_section(h, n, f) for (h, _, n), (_, f) in zip(notes, tables, strict=True))}
{tail}
</body></html>"""
    html_path = out / "report.html"
    write_file(html_path, page)
    return md_path, html_path
