"""A finished balance study read into numbers: each rung's win rates against the fair
share (``results.parquet``), the paired outcomes of the top two rungs, the verdicts and
the trends (:mod:`.verdict` does the statistics)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from cryhavoc_sim.balance.study import read_record, rung_dir
from cryhavoc_sim.balance.verdict import RungRate, Trend, Verdict, paired_tost, trend, verdict

RESULTS = "results.parquet"
SCHEMA = {
    "rung_index": pl.Int64,
    "rung": pl.String,
    "budget": pl.Int64,
    "side": pl.String,
    "games": pl.Int64,
    "wins": pl.Int64,
    "win_rate": pl.Float64,
    "ci_low": pl.Float64,
    "ci_high": pl.Float64,
    "fair_share": pl.Float64,
    "statement": pl.String,
}


def _rung_rates(run: Any, rung: str) -> list[RungRate]:
    from cryhavoc_sim.analysis.winrates import win_rates
    from cryhavoc_sim.report.headline import standings

    wr = win_rates(run.seats, run.games).collect()
    return [
        RungRate(
            rung,
            s.faction,
            s.games,
            round(s.win_rate * s.games),
            s.win_rate,
            s.ci_low,
            s.ci_high,
            s.fair_share,
        )
        for s in standings(wr, run.seats, run.games)
    ]


def write_results(out: Path) -> pl.DataFrame:
    """Read every rung's run and write ``results.parquet`` (one row per rung and side)."""
    from cryhavoc_sim.storage.reader import load_run

    record = read_record(out)
    rows: list[dict[str, Any]] = []
    for i, entry in enumerate(record["rungs"]):
        for r in _rung_rates(load_run(rung_dir(out, i)), entry["rung"]):
            rows.append(
                {
                    "rung_index": i,
                    "rung": r.rung,
                    "budget": entry.get("budget"),
                    "side": r.side,
                    "games": r.games,
                    "wins": r.wins,
                    "win_rate": r.win_rate,
                    "ci_low": r.ci_low,
                    "ci_high": r.ci_high,
                    "fair_share": r.fair_share,
                    "statement": r.statement,
                }
            )
    frame = pl.DataFrame(rows, schema=SCHEMA).sort("rung_index", "side")
    tmp = out / (RESULTS + ".tmp")
    frame.write_parquet(tmp)
    tmp.replace(out / RESULTS)
    return frame


def paired_outcomes(out: Path, lower: int, upper: int) -> pl.DataFrame:
    """(game_id, side, lower, upper): each side's 0/1 result in every game both rungs
    played (the same deal at both: the rungs share seeds and game indices)."""
    from cryhavoc_sim.storage.reader import load_run

    def wins(i: int, name: str) -> pl.LazyFrame:
        seats: pl.LazyFrame = load_run(rung_dir(out, i)).seats.filter(~pl.col("is_npc"))
        return seats.select(
            "game_id", pl.col("faction").alias("side"), pl.col("won").cast(pl.Int64).alias(name)
        )

    return (
        wins(lower, "lower")
        .join(wins(upper, "upper"), on=["game_id", "side"], how="inner")
        .sort("side", "game_id")
        .collect()
    )


@dataclass(frozen=True)
class Findings:
    """What a finished study says: the rates per rung, each side's verdict and trend."""

    record: dict[str, Any]
    results: pl.DataFrame
    verdicts: list[Verdict]
    trends: list[Trend]
    margin: float


def findings(out: Path, margin: float | None = None) -> Findings:
    """The verdicts of the study in ``out`` at ``margin`` (None: the study's own)."""
    from cryhavoc_sim.balance.study import margin_problem
    from cryhavoc_sim.errors import UserError

    record = read_record(out)
    if record.get("status") != "complete":
        raise UserError(
            f"{out}: the balance study is not complete ({record.get('status')}); run it again with --resume to finish it."
        )
    m = float(record.get("margin", 0.05)) if margin is None else margin
    problem = margin_problem(m)
    if problem:
        raise UserError(problem)
    path = out / RESULTS
    results = pl.read_parquet(path) if path.is_file() else write_results(out)
    top = int(results["rung_index"].max())  # type: ignore[arg-type]
    rates = {
        (r["rung_index"], r["side"]): RungRate(
            r["rung"],
            r["side"],
            r["games"],
            r["wins"],
            r["win_rate"],
            r["ci_low"],
            r["ci_high"],
            r["fair_share"],
        )
        for r in results.iter_rows(named=True)
    }
    pairs = paired_outcomes(out, top - 1, top) if top > 0 else None
    verdicts = []
    for side in sorted({s for _, s in rates}):
        upper = rates.get((top, side))
        if upper is None:
            continue
        lower = rates.get((top - 1, side))
        agreement = None
        if lower is not None and pairs is not None:
            mine = pairs.filter(pl.col("side") == side)
            agreement = paired_tost(mine["lower"].to_list(), mine["upper"].to_list(), m)
        verdicts.append(verdict(upper, lower, agreement))
    trends = []
    searched = results.filter(pl.col("budget").is_not_null())
    for side in sorted(set(searched["side"].to_list())):
        part = searched.filter(pl.col("side") == side).sort("budget")
        t = trend(side, part["budget"].to_list(), part["wins"].to_list(), part["games"].to_list())
        if t is not None:
            trends.append(t)
    return Findings(record, results, verdicts, trends, m)
