"""The report's section on how much the deal decides (issue 43, luck against skill): per
side, the deal's share of the variance of its outcome over the run's deals, ICC(1)
(``analysis/luck.py``; Shrout and Fleiss 1979), beside the raw between-deal share eta2,
when some deal was played more than once (its seats rotated, or its policies). One
line-up of bots answers "how much does the deal decide for these players"; whether skill
overcomes it is `balance`'s question, whose rungs play the same deals."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import polars as pl

from cryhavoc_sim.analysis.luck import NOTED, deal_share
from cryhavoc_sim.games.protocol import ReportSections

MIN_GAMES = 100  # fewer games of a side: table and figure, no headline sentence
CAPTION = "How much the deal decides"


def luck_sections(run: Any, game: Any) -> ReportSections:
    """The table and figure of each side's deal share, a headline sentence for a side the
    deal decides much of (NOTED or more, in MIN_GAMES games or more), and summary.json's
    ``luck``; where every game is its own deal, only ``luck.absent`` saying so."""
    table = deal_share(run.seats, run.games).collect()
    usable = table.filter(pl.col("deal_share").is_not_null())
    if usable.height == 0:
        why = (
            "every game is its own deal (no deal was played twice), so the deal cannot be told from the game."
        )
        return ReportSections(summary={"luck": {"absent": why}})
    side = game.vocabulary.side
    shown = table.select(
        pl.col("faction").alias(side),
        "games",
        "deals",
        (pl.col("deal_share") * 100).round(1).alias("deal's share %"),
        (pl.col("eta2") * 100).round(1).alias("eta2 %"),
    )
    palette = game.side_colours
    figures: list[tuple[str, str, Callable[[Any], None]]] = [
        (
            "luck",
            f"{CAPTION}: the share of each {side}'s outcome variance the deal explains\n"
            "0 when knowing the deal tells nothing about the result, 1 when the deal alone decides it;"
            " a high share says the shuffles decide, not that the game is unbalanced.",
            lambda ax: _bars(ax, usable, palette, side),
        )
    ]
    findings = []
    top = usable.filter(pl.col("games") >= MIN_GAMES).sort(
        ["deal_share", "faction"], descending=[True, False]
    )
    if top.height and float(top["deal_share"][0]) >= NOTED:
        row = top.row(0, named=True)
        tail = f" over {row['deals']:,} deals (see '{CAPTION}')."
        findings.append(decided_line(row["faction"], float(row["deal_share"]), tail))
    return ReportSections(
        figures=figures,
        tables=[(f"{CAPTION}, by {side} (ICC(1) over the deals; eta2 the raw between-deal share)", shown)],
        summary={"luck": table.to_dicts()},
        findings=findings,
    )


def decided_line(side: str, share: float, tail: str) -> str:
    """The headline sentence for a side the deal decides much of (a run's report, and
    balance's at its top rung); ``tail``: where the share was read and where to look."""
    from cryhavoc_sim.report.figures import label

    return (
        f"{label(side)}: the deal decides much of the result; it explains {share:.0%} of the"
        f" variance of its outcome{tail}"
    )


def _bars(ax: Any, table: pl.DataFrame, palette: Any, side: str) -> None:
    """One bar per side at its deal share, eta2 as a tick, NOTED dashed."""
    from matplotlib.ticker import PercentFormatter

    from cryhavoc_sim.report.figures import colour, label

    rows = table.sort("faction").to_dicts()
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows, strict=True):
        ax.barh(y, float(r["deal_share"]), color=colour(r["faction"], palette), height=0.6)
        ax.plot([float(r["eta2"])] * 2, [y - 0.35, y + 0.35], color="#333333", linewidth=1.5)
    ax.axvline(
        NOTED,
        color="#555555",
        linestyle="--",
        linewidth=1,
        label=f"{NOTED:.0%}: the headline names the {side}",
    )
    chance = (sum(r["deals"] for r in rows) - len(rows)) / max(1, sum(r["games"] for r in rows) - len(rows))
    ax.plot(
        [], [], color="#333333", linewidth=1.5,
        label=f"tick: eta2, the raw between-deal share\n(chance alone makes it about {chance:.0%})",
    )  # fmt: skip
    ax.set_yticks(ys, [f"{label(r['faction'])} ({r['deals']:,} deals)" for r in rows])
    ax.set_xlim(0, 1)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlabel("the deal's share of the outcome's variance (ICC(1))")
    ax.set_title(f"{CAPTION}, by {side}")
    ax.legend(fontsize=8, loc="lower right")
