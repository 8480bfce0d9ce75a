"""Luck against skill in a balance study (``analysis/luck.py``): at every rung, the share
of each side's outcome variance the deal explains, the rungs having played the same
deals. A side whose share falls as the rungs get stronger is one where skill overcomes
the draw; a share that stays high says the deal decides whatever the play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from cryhavoc_sim.analysis.luck import NOTED


def luck_table(out: Path, record: dict[str, Any]) -> pl.DataFrame:
    """One row per rung and side: rung, side, games, deals, deal_share, eta2."""
    from cryhavoc_sim.analysis.luck import deal_share
    from cryhavoc_sim.balance.tables import rung_run

    frames = []
    for index, entry in enumerate(record["rungs"]):
        run = rung_run(out, index, entry)
        frames.append(
            deal_share(run.seats, run.games)
            .collect()
            .rename({"faction": "side"})
            .with_columns(pl.lit(index).alias("rung_index"), pl.lit(entry["rung"]).alias("rung"))
        )
    return pl.concat(frames).select("rung_index", "rung", "side", "games", "deals", "deal_share", "eta2")


def luck_line(table: pl.DataFrame) -> str | None:
    """A headline sentence when the deal decides a large share at the top rung."""
    top = table.filter(pl.col("rung_index") == table["rung_index"].max())
    shares = top.filter(pl.col("deal_share").is_not_null()).sort("deal_share", descending=True)
    if shares.height == 0 or float(shares["deal_share"][0]) < NOTED:
        return None
    side, share = shares["side"][0], float(shares["deal_share"][0])
    low = table.filter((pl.col("side") == side) & (pl.col("rung_index") == 0))["deal_share"]
    since = f" ({float(low[0]):.0%} at the lowest rung)" if low.len() and low[0] is not None else ""
    from cryhavoc_sim.report.luck import decided_line

    return decided_line(str(side), share, f" at the top rung{since}; see 'Luck against skill'.")
