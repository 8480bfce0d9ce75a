"""balance's headline on luck (balance/luck.py)."""

from __future__ import annotations

import polars as pl

from cryhavoc_sim.balance.luck import luck_line


def table(top: float) -> pl.DataFrame:
    return pl.DataFrame(
        {
            "rung_index": [0, 0, 1, 1],
            "rung": ["random", "random", "heuristic", "heuristic"],
            "side": ["machines", "humans", "machines", "humans"],
            "games": [48] * 4,
            "deals": [24] * 4,
            "deal_share": [0.9, 0.8, top, 0.05],
            "eta2": [0.9, 0.8, top, 0.05],
        }
    )


def test_the_side_the_deal_decides_is_named_with_its_share_at_both_ends() -> None:
    line = luck_line(table(0.34))
    assert line is not None and line.startswith("Machines: the deal decides much of the result;")
    assert "34% of the variance" in line and "(90% at the lowest rung)" in line and "'s" not in line


def test_no_line_when_skill_decides_at_the_top_rung() -> None:
    assert luck_line(table(0.1)) is None
