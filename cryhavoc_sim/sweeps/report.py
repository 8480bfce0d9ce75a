"""The report of a finished sweep: a headline in words, a tornado chart and the factor
curves (win rate against each factor's values, with Wilson bands), the statement table,
the sensitivity indices and every cell; Markdown, HTML and ``summary.json``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import polars as pl

from cryhavoc_sim.report.build import NOTICE
from cryhavoc_sim.report.headline import pct, rate_text
from cryhavoc_sim.report.summary import summary_text
from cryhavoc_sim.sweeps.analyse import (
    level_means,
    measure_table,
    read_record,
    salib_indices,
    spans,
    statements,
)
from cryhavoc_sim.writing import make_dirs, write_file


def _palette(game: str) -> Mapping[str, str]:
    from cryhavoc_sim.games import get_game

    return get_game(game).side_colours


def _short(path: str, width: int = 34) -> str:
    return path if len(path) <= width else "..." + path[-(width - 3) :]


def factor_name(path: str, width: int = 30) -> str:
    """A factor as a figure names it, in words and whole (wrapped, never cut):
    "skills.humans.veteran_forces.effect.count" -> "Humans Veteran Forces: effect count",
    "rules.start_units" -> "rule: start units", "tokens.war_party.*.trogs" -> "War Party
    (all): trogs"."""
    import re
    import textwrap

    from cryhavoc_sim.report.figures import label

    parts = [re.sub(r"\[\d+\]", "", p) for p in path.split(".")]
    if len(parts) == 1:
        text = parts[0].replace("_", " ")
    elif parts[0] in ("rules", "scenario", "bots"):
        head = "rule" if parts[0] == "rules" else parts[0]
        text = f"{head}: " + " ".join(p.replace("_", " ") for p in parts[1:])
    else:
        owner = [("(all)" if p == "*" else label(p)) for p in parts[1:3] if p]
        rest = [p.replace("_", " ") for p in parts[3:]] or [parts[-1].replace("_", " ")]
        if len(parts) <= 3:
            owner = [("(all)" if p == "*" else label(p)) for p in parts[1:-1]]
        text = " ".join(owner) + ": " + " ".join(rest)
    return "\n".join(textwrap.wrap(text, width)) or path


def _trust(out: Path, record: dict[str, Any]) -> list[str]:
    """The sweep's "How far to trust this" box: who played (the shipped cell's line-up, the
    same in every cell), the content, and what a span is a measure of."""
    from cryhavoc_sim.analysis.lineup import lineup
    from cryhavoc_sim.report.build import trust_lines
    from cryhavoc_sim.storage.reader import load_run

    base = load_run(out / "cells" / "c0000")
    reconstructed = bool(base.manifest.get("content_reconstructed", True))
    sweep = (
        f"A sweep moves {len(record['factors'])} number(s) over {len(record['cells'])} cells of"
        f" {record['games_per_cell']:,} games, the bots unchanged: a span says how far these bots'"
        " results move with a number, not how strong play would; an interval is per cell."
    )
    return trust_lines(lineup(base), reconstructed, [sweep])


def tornado(ax: Any, span: pl.DataFrame, base: pl.DataFrame, palette: Mapping[str, str]) -> None:
    """Per side, each factor's bar from its lowest to its highest level mean (widest
    on top), the shipped cell's rate as a dot and the fair share dashed."""
    from cryhavoc_sim.report.figures import colour

    sides = base.sort("win_rate", descending=True)["side"].to_list()
    factors = span.group_by("factor").agg(pl.col("span").max()).sort("span")["factor"].to_list()
    height = 0.8 / max(1, len(sides))
    for k, side in enumerate(sides):
        part = {r["factor"]: r for r in span.filter(pl.col("side") == side).to_dicts()}
        for y, factor in enumerate(factors):
            r = part.get(factor)
            if r is None:
                continue
            yy = y - 0.4 + height * (k + 0.5)
            ax.barh(
                yy,
                r["high_rate"] - r["low_rate"],
                left=r["low_rate"],
                height=height * 0.9,
                color=colour(side, palette),
                label=side if y == 0 else None,
            )
        row = base.filter(pl.col("side") == side).row(0, named=True)
        ax.axvline(row["win_rate"], color=colour(side, palette), linewidth=0.8, linestyle=":")
        if row["fair_share"] is not None and k == 0:
            share = f"fair share ({row['fair_share']:.0%})"
            ax.axvline(row["fair_share"], color="black", linewidth=1, linestyle="--", label=share)
    ax.set_yticks(range(len(factors)), [factor_name(f) for f in factors], fontsize=7)
    ax.set_xlabel("win rate: lowest to highest over the factor's values (dotted: as shipped)")
    ax.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
    ax.set_title("How far each factor moves each side's win rate")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def curves(
    axes: Any, levels: pl.DataFrame, factors: list[str], palette: Mapping[str, str], fair: float | None
) -> None:
    """One panel per factor: each side's win rate at each value, with its Wilson band
    (and the fair share dashed when every side has the same)."""
    from cryhavoc_sim.report.figures import colour

    for ax, factor in zip(axes, factors, strict=False):
        part = levels.filter(pl.col("factor") == factor).sort("order")
        labels = part.filter(pl.col("side") == part["side"][0])["value"].to_list() if part.height else []
        for side in sorted(part["side"].unique().to_list()):
            s = part.filter(pl.col("side") == side)
            x = s["order"].to_list()
            ax.plot(x, s["win_rate"].to_list(), marker="o", color=colour(side, palette), label=side)
            ax.fill_between(
                x, s["ci_low"].to_list(), s["ci_high"].to_list(), color=colour(side, palette), alpha=0.2
            )
        if fair is not None:
            ax.axhline(fair, color="black", linewidth=1, linestyle="--", label=f"fair share ({fair:.0%})")
        ax.set_xticks(range(len(labels)), [_short(v, 14) for v in labels], fontsize=7)
        ax.set_title(factor_name(factor, 44), fontsize=8)
        ax.yaxis.set_major_formatter(lambda y, _: f"{y:.0%}")
        ax.tick_params(axis="y", labelsize=7)
    for ax in list(axes)[len(factors) :]:
        ax.set_visible(False)
    if len(factors):  # one legend for every panel, beside them (never over a curve)
        handles, labels = axes[0].get_legend_handles_labels()
        axes[0].figure.legend(handles, labels, fontsize=7, loc="center right", frameon=False)


def build_sweep_report(out: Path, report_dir: Path | None = None) -> Path:
    """Write the report of the finished sweep in ``out`` (default: ``out/report``);
    returns the HTML page."""
    import math

    from cryhavoc_sim.errors import UserError
    from cryhavoc_sim.report.figures import new_figure, save_figure
    from cryhavoc_sim.studies.record import refuse_links

    record = read_record(out)
    if record.get("status") != "complete" or not (out / "results.parquet").exists():
        raise UserError(
            f"{out}: the sweep is not complete; finish it with `cryhavoc-sim sweep DESIGN -o {out} --resume`."
        )
    target = report_dir or out / "report"
    refuse_links(target, "report")  # a planted link would have a figure or the page written through it
    results = pl.read_parquet(out / "results.parquet")
    seats = pl.read_parquet(out / "seats.parquet")
    measures = pl.read_parquet(out / "measures.parquet") if (out / "measures.parquet").exists() else None
    levels = level_means(results, record)
    span = spans(levels)
    said = statements(results, seats, measures, _plural(record["game"]))
    game_measures = measure_table(measures) if measures is not None and measures.height else None
    indices = salib_indices(results, record)
    base = results.filter(pl.col("cell") == 0)
    palette = _palette(record["game"])
    factors = [f["path"] for f in record["factors"]]
    make_dirs(target, out if report_dir is None else target)  # report/ a link: refused

    fig, ax = new_figure((8.5, 1.2 + 0.5 * len(factors)))
    tornado(ax, span, base, palette)
    fig.text(0.99, 0.01, "reconstructed content", ha="right", va="bottom", fontsize=7, color="#aa0000")
    fig.tight_layout()
    save_figure(fig, target / "tornado.png")
    cols = min(3, len(factors))
    rows = math.ceil(len(factors) / cols)
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols, 2.6 * rows), squeeze=False, sharey=True)
    shares = {round(v, 6) for v in base["fair_share"].drop_nulls().to_list()}
    curves(axes.flatten(), levels, factors, palette, shares.pop() if len(shares) == 1 else None)
    fig.suptitle("Win rate at each value (pooled over the cells that set it; 95% Wilson bands)", fontsize=9)
    fig.text(0.99, 0.01, "reconstructed content", ha="right", va="bottom", fontsize=7, color="#aa0000")
    fig.tight_layout(rect=(0, 0.02, 0.88, 1))
    save_figure(fig, target / "factor_curves.png")

    cells = _cells_table(results, record)
    sentences = _headline(record, said, span, base) + same_games_sentences(results)
    if game_measures is not None:
        sentences += [
            f"{r['measure']}: in {r['win_rate']:.0%} of games as shipped, from {r['lowest_rate']:.0%}"
            f" (cell {r['lowest_cell']}) to {r['highest_rate']:.0%} (cell {r['highest_cell']}) over the cells."
            for r in game_measures.iter_rows(named=True)
        ]
    facts = [
        ("game", str(record["game"])),
        ("base scenario", str(record["scenario"])),
        (
            "design",
            f"{record['method']}, {len(record['cells'])} cells x {record['games_per_cell']:,} games, seed {record['seed']}",
        ),
        ("factors", "; ".join(f"{f['path']} in {json.dumps(f['values'])}" for f in record["factors"])),
    ]
    tables: list[tuple[str, Any]] = [
        ("Statements of the shipped scenario, over the cells", said),
        (
            "Span of each side's win rate over each factor (95% interval of the span)",
            span.select(
                "side",
                "factor",
                "low_value",
                "low_rate",
                "high_value",
                "high_rate",
                "span",
                "span_from",
                "span_to",
            ),
        ),
    ]
    if game_measures is not None:
        shown = game_measures.select(
            "measure",
            rate_text().alias("as shipped (95% CI)"),
            "lowest_rate",
            "lowest_cell",
            "highest_rate",
            "highest_cell",
            "chance_share",
        )
        tables.append(("The game's own measures: share of games, as shipped and over the cells", shown))
    if indices is not None:
        name = (
            "Morris mu* and sigma"
            if record["method"] == "morris"
            else "Sobol first-order (S1) and total (ST) indices"
        )
        tables.append((f"{name} per side (SALib; 95% bootstrap interval)", indices))
    tables.append(("Every cell: its values and each side's win rate", cells))
    from cryhavoc_sim.report.page import write_pages

    _, html_path = write_pages(
        target,
        f"cryhavoc-sim sweep: {record['name']} over {record['scenario']} ({len(record['cells'])} cells)",
        NOTICE,
        sentences,
        facts,
        [
            ("How far each factor moves each side's win rate", target / "tornado.png"),
            ("Win rate at each value of each factor", target / "factor_curves.png"),
        ],
        tables,
        ("design", "Design", "toml", record["design_text"]),
        _trust(out, record),
    )
    summary = {
        "sweep": record["name"],
        "scenario": record["scenario"],
        "method": record["method"],
        "cells": len(record["cells"]),
        "games_per_cell": record["games_per_cell"],
        "headline": sentences,
        "statements": said.to_dicts(),
        "spans": span.to_dicts(),
        "indices": indices.to_dicts() if indices is not None else None,
    }
    write_file(target / "summary.json", summary_text(summary))
    return html_path


def _cells_table(results: pl.DataFrame, record: dict[str, Any]) -> pl.DataFrame:
    shown = results.with_columns(rate_text().alias("rate"))
    values = shown.select(
        "cell",
        pl.concat_str(
            [pl.lit(f"{f['path']}=") + pl.col(f"value:{f['path']}") for f in record["factors"]],
            separator=", ",
        ).alias("values"),
    )
    wide = shown.pivot(on="side", index="cell", values="rate").sort("cell")
    out = values.unique("cell").join(wide, on="cell").sort("cell")
    return out.with_columns(
        pl.when(pl.col("cell") == 0)
        .then(pl.lit("as shipped"))
        .otherwise(pl.col("values").str.replace_all("=null", "=shipped"))
        .alias("values")
    )


def same_games_sentences(results: pl.DataFrame) -> list[str]:
    """One sentence per group of cells that played identical games (same seeds, same
    events): their factor values changed nothing in play. Sweeps written before
    ``plays_like`` say nothing."""
    if "plays_like" not in results.columns:
        return []
    pairs = results.select("cell", "plays_like").unique().sort("cell")
    groups: dict[int, list[int]] = {}
    for cell, first in pairs.iter_rows():
        if cell != first:
            groups.setdefault(first, []).append(cell)
    out = []
    for first, same in sorted(groups.items()):
        which = "cell 0 (as shipped)" if first == 0 else f"cell {first}"
        cells = ", ".join(str(c) for c in same)
        out.append(
            f"Cell{'s' if len(same) > 1 else ''} {cells} played the very same games as {which}:"
            " those values change nothing in play, so their win rates are the same games counted again."
        )
    return out


def _plural(game: str) -> bool:
    """Whether the game's side names are plural (the Humans win; Seat 2 wins)."""
    from cryhavoc_sim.games import get_game

    return get_game(game).vocabulary.side_plural


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _headline(
    record: dict[str, Any], said: pl.DataFrame, span: pl.DataFrame, base: pl.DataFrame
) -> list[str]:
    n = len(record["cells"])
    out = []
    for r in said.to_dicts():
        out.append(
            f"{r['statement']}: holds in {r['holds']} of {n} cells, the opposite in {r['opposite']},"
            f" the data cannot tell in {r['cannot tell']} (as shipped: {r['as shipped']})."
        )
    for side in base.sort("win_rate", descending=True)["side"].to_list():
        part = span.filter(pl.col("side") == side)
        if part.height == 0:
            continue
        top = part.row(0, named=True)
        out.append(
            f"{_possessive(side.capitalize())} win rate moves most with {top['factor']}: {pct(top['low_rate'])} at"
            f" {top['low_value']}, {pct(top['high_rate'])} at {top['high_value']}."
        )
    return out
