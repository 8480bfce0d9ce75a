"""The deck meta-game's health, from the deck-against-deck matrix (``report.deck_matrix``):
each deck's win rate against the field and its losing matchups, and how much of the
matrix is cyclic (rock-paper-scissors) rather than a ranking.

The cyclic share is the combinatorial Hodge decomposition of Balduzzi et al. ("Re-evaluating
evaluation", NeurIPS 2018): with A[i][j] the log-odds of deck i beating deck j (made
antisymmetric: the mean of i's rate against j and one less j's against i, clipped to
1-99%), the transitive part is the difference of ratings r_i = mean_j A[i][j] and the
cyclic part what remains; the share is the cyclic part's sum of squares over A's. 0 is a
pure ranking (some deck is simply best), 1 pure rock-paper-scissors."""

from __future__ import annotations

import math
from typing import Any

import polars as pl


def _logit(p: float) -> float:
    p = min(max(p, 0.01), 0.99)
    return math.log(p / (1 - p))


def meta_health(matrix: pl.DataFrame) -> tuple[pl.DataFrame, dict[str, Any]]:
    """Per deck: its win rate against the field (every other deck weighted alike), its
    losing matchups (below 50%) and those lost beyond doubt (the interval below 50%);
    and the summary: the best deck's field rate and the cyclic share (None with fewer
    than three decks, or a matrix of even matchups)."""
    rate = {(r["deck"], r["opponent"]): r for r in matrix.iter_rows(named=True)}
    decks = sorted({d for d, _ in rate} & {o for _, o in rate})
    rows = []
    for d in decks:
        others = [o for o in decks if o != d and (d, o) in rate]
        if not others:
            continue
        losing = [o for o in others if rate[(d, o)]["win_rate"] < 0.5]
        clearly = [o for o in others if rate[(d, o)]["ci_high"] < 0.5]
        rows.append(
            {
                "deck": d,
                "field_win_rate": sum(rate[(d, o)]["win_rate"] for o in others) / len(others),
                "losing_matchups": len(losing),
                "lost_beyond_doubt": ", ".join(clearly),
            }
        )
    table = pl.DataFrame(
        rows,
        schema={
            "deck": pl.String,
            "field_win_rate": pl.Float64,
            "losing_matchups": pl.Int64,
            "lost_beyond_doubt": pl.String,
        },
    ).sort("field_win_rate", descending=True)
    n = len(decks)
    cyclic = None
    if n >= 3 and all((a, b) in rate for a in decks for b in decks if a != b):
        a = [
            [
                0.0
                if i == j
                else _logit(
                    (rate[(decks[i], decks[j])]["win_rate"] + 1 - rate[(decks[j], decks[i])]["win_rate"]) / 2
                )
                for j in range(n)
            ]
            for i in range(n)
        ]
        r = [sum(row) / n for row in a]
        total = sum(v * v for row in a for v in row)
        cyc = sum((a[i][j] - (r[i] - r[j])) ** 2 for i in range(n) for j in range(n))
        cyclic = cyc / total if total > 0 else None
    best = table.row(0, named=True) if table.height else None
    summary = {
        "best_deck": best["deck"] if best else None,
        "best_field_win_rate": best["field_win_rate"] if best else None,
        "cyclic_share": cyclic,
    }
    return table, summary
