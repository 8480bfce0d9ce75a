"""A finished balance study read into numbers: each rung's win rates against the fair
share (``results.parquet``, with the deals and design effect of each), the paired
outcomes of the top two rungs by deal, the verdicts and the trends (:mod:`.verdict`
does the statistics; a trend only within a family whose budget is a skill knob)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from cryhavoc_sim.balance.record import read_record, rung_dir
from cryhavoc_sim.balance.rungs import Rung, family_trend, upper_stronger
from cryhavoc_sim.balance.verdict import RungRate, Trend, Verdict, paired_tost, trend, verdict
from cryhavoc_sim.games.search.skill import family_of
from cryhavoc_sim.writing import write_parquet

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
    "deals": pl.Int64,
    "design_effect": pl.Float64,
}


def _rung_rates(run: Any, rung: str) -> list[RungRate]:
    from cryhavoc_sim.analysis.winrates import win_rates
    from cryhavoc_sim.report.headline import standings

    wr = win_rates(run.seats, run.games).collect()
    deff = {r["faction"]: float(r["design_effect"]) for r in wr.iter_rows(named=True)}
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
            s.deals,
            deff.get(s.faction, 1.0),
        )
        for s in standings(wr, run.seats, run.games)
    ]


def rung_run(out: Path, index: int, entry: dict[str, Any]) -> Any:
    """Rung ``index``'s verified run, refused when it is not the run the study asked for
    there (its record's ``config_hash``: a rung's directory replaced by another's)."""
    from cryhavoc_sim.studies.record import load_study_run

    expected = entry.get("config_hash") if isinstance(entry, dict) else None
    return load_study_run(rung_dir(out, index), expected if isinstance(expected, str) else None)


def write_results(out: Path) -> pl.DataFrame:
    """Read every rung's run and write ``results.parquet`` (one row per rung and side)."""
    record = read_record(out)
    rows: list[dict[str, Any]] = []
    for i, entry in enumerate(record["rungs"]):
        for r in _rung_rates(rung_run(out, i, entry), entry["rung"]):
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
                    "deals": r.deals,
                    "design_effect": r.design_effect,
                }
            )
    frame = pl.DataFrame(rows, schema=SCHEMA).sort("rung_index", "side")
    write_parquet(frame, out / RESULTS)  # whole or not at all, never through a link
    return frame


def paired_outcomes(out: Path, lower: int, upper: int) -> pl.DataFrame:
    """(side, deal, games, lower, upper): each side's wins in every deal at both rungs,
    over the games both rungs played (the same deal at both: the rungs share seeds and
    game indices; a game's deal is its seed)."""
    from cryhavoc_sim.analysis.deals import with_deal

    def wins(i: int, name: str) -> pl.LazyFrame:
        run = rung_run(out, i, read_record(out)["rungs"][i])
        seats: pl.LazyFrame = run.seats.filter(~pl.col("is_npc"))
        return with_deal(
            seats.select(
                "game_id", pl.col("faction").alias("side"), pl.col("won").cast(pl.Int64).alias(name)
            ),
            run.games,
        )

    return (
        wins(lower, "lower")
        .join(wins(upper, "upper").drop("deal"), on=["game_id", "side"], how="inner")
        .group_by("side", "deal")
        .agg(pl.len().cast(pl.Int64).alias("games"), pl.col("lower").sum(), pl.col("upper").sum())
        .sort("side", "deal")
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
    no_trend: dict[str, str] = field(default_factory=dict)  # family -> why it has no trend


def findings(out: Path, margin: float | None = None) -> Findings:
    """The verdicts of the study in ``out`` at ``margin`` (None: the study's own)."""
    from cryhavoc_sim.balance.verdict import margin_problem
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
    if "design_effect" not in results.columns:  # written before the deals were counted
        results = write_results(out)
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
            r["deals"],
            r["design_effect"],
        )
        for r in results.iter_rows(named=True)
    }
    # a record written before its rungs kept their family: read from the name, as then
    specs = [
        Rung(str(r["rung"]), str(r.get("family") or family_of(str(r["rung"]))), r.get("budget"))
        for r in record["rungs"]
    ]
    stronger = upper_stronger(specs[top - 1], specs[top]) if top > 0 else (False, "")
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
            agreement = paired_tost(
                mine["lower"].to_list(), mine["upper"].to_list(), m, games=mine["games"].to_list()
            )
        verdicts.append(verdict(upper, lower, agreement, stronger))
    trends = []
    why_not = family_trend(specs)
    families = results.with_columns(
        pl.col("rung")
        .replace_strict({r.spec: r.family for r in specs}, return_dtype=pl.String)
        .alias("family")
    )
    for family, why in why_not.items():
        if why:
            continue
        searched = families.filter(pl.col("budget").is_not_null() & (pl.col("family") == family))
        for side in sorted(set(searched["side"].to_list())):
            part = searched.filter(pl.col("side") == side).sort("budget")
            t = trend(
                side,
                part["budget"].to_list(),
                part["wins"].to_list(),
                part["games"].to_list(),
                part["design_effect"].to_list(),
                family,
            )
            if t is not None:
                trends.append(t)
    return Findings(record, results, verdicts, trends, m, {f: w for f, w in why_not.items() if w})
