"""Figures a command writes on their own (``--plot``), outside a report: the differences
between two runs (``compare``) and the skill ladder's win rate by rung (``ladder --skill``).
Each builds the figure from the rows the command
computed, draws it with report/figures.py and writes it, PNG or SVG by the suffix."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cryhavoc_sim.report import figures


def compare_figure(
    rows: list[dict[str, Any]], path: Path, label_a: str, label_b: str, reconstructed: bool
) -> None:
    """Each faction's win-rate difference B - A with its interval (``compare --plot``)."""
    fig, ax = figures.new_figure((8, 0.6 * len(rows) + 1.8))
    figures.differences(ax, rows, label_a, label_b)
    if reconstructed:
        fig.text(0.01, 0.005, "reconstructed content", fontsize=7, color="#aa0000")
    fig.tight_layout()
    figures.save_figure(fig, path)


def skill_figure(rows: Sequence[dict[str, object]], path: Path, title: str, notice: str) -> None:
    """Win rate against rung, one line per faction with its Wilson band, the 50% fair
    share of a 2-player game marked; PNG at 2x or SVG by ``path``'s suffix."""
    import matplotlib

    rungs = list(dict.fromkeys(str(r["bot"]) for r in rows))
    factions = [f for f in dict.fromkeys(str(r["faction"]) for r in rows) if f != "all"]
    fig, ax = figures.new_figure((9, 4.8))
    for i, f in enumerate(factions):
        pts = [(rungs.index(str(r["bot"])), r) for r in rows if r["faction"] == f]
        xs = [x for x, _ in pts]
        ys = [float(r["win_rate"]) for _, r in pts]  # type: ignore[arg-type]
        lo = [float(r["ci_low"]) for _, r in pts]  # type: ignore[arg-type]
        hi = [float(r["ci_high"]) for _, r in pts]  # type: ignore[arg-type]
        color = f"C{i}"
        ax.plot(xs, ys, marker="o", color=color, label=f)
        ax.fill_between(xs, lo, hi, color=color, alpha=0.15, linewidth=0)
    overall = [(rungs.index(str(r["bot"])), float(r["win_rate"])) for r in rows if r["faction"] == "all"]  # type: ignore[arg-type]
    ax.plot(
        [x for x, _ in overall], [y for _, y in overall], color="black", linewidth=1.2, label="any faction"
    )
    ax.axhline(0.5, color="0.4", linestyle="--", linewidth=1, label="even against the field (50%)")
    ax.set_xticks(range(len(rungs)), rungs, rotation=30, ha="right")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_ylabel("win rate against the rest of the ladder\n(reward for skill, not balance)")
    ax.set_xlabel("who plays the faction (the ladder's rungs in their order)")
    ax.set_title(title)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left", fontsize="small", frameon=False, bbox_to_anchor=(1.01, 1.0))
    fig.text(0.01, 0.01, notice, fontsize="x-small", color="0.35")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    figures.save_figure(fig, path)
