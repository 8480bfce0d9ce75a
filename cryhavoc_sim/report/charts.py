"""Figures a command writes on their own (``--plot``), outside a report: the differences
between two runs (``compare``). Each builds the figure from the rows the command
computed, draws it with report/figures.py and writes it, PNG or SVG by the suffix."""

from __future__ import annotations

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
