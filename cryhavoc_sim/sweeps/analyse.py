"""What a finished sweep says: each cell's win rates, how each side's win rate moves
with each factor, sensitivity indices with their intervals, and in how many cells each
statement holds.

- **Level means**: a side's wins over its games, pooled over the cells where a factor
  takes a value, with the 95% Wilson interval (for ``oat`` these are one-at-a-time
  curves; for other designs the factor's main effect).
- **Span** (every method): the largest minus the smallest level mean of a factor, with
  an interval from the two levels' Wilson intervals (lowest possible to highest possible
  difference): the tornado chart's bar.
- **Morris** (``morris``): SALib's mu* (mean absolute elementary effect over the factor's
  whole range) with its bootstrap interval, and sigma. **Sobol** (``sobol``): SALib's
  first-order and total indices with their intervals.
- **Statements**: each side's verdict against its fair share in the base cell (cell 0,
  the scenario as shipped), "no side is clearly superior" (every side within 10 points
  of its fair share) and "the last seat wins more than its fair share", each counted over
  the cells where it holds, where the opposite is shown, and where the data cannot tell.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import polars as pl

from cryhavoc_sim.analysis.deals import effective_n
from cryhavoc_sim.analysis.wilson import wilson_interval
from cryhavoc_sim.sweeps.record import cell_dir
from cryhavoc_sim.sweeps.record import read_record as read_record

CLEAR_MARGIN = 0.10  # "clearly superior": more than 10 points above the fair share


def cell_tables(run: Any) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(sides, seats) of one cell's run: per side games, wins, interval by deals, fair
    share and verdict (the report's standings), deals and design effect; per starting
    seat games and wins (player seats)."""
    from cryhavoc_sim.analysis.winrates import win_rates
    from cryhavoc_sim.report.headline import standings, summary_entry

    wr = win_rates(run.seats, run.games).collect()
    counts = wr.select(
        pl.col("faction").alias("side"),
        pl.col("games", "wins", "deals").cast(pl.Int64),
        pl.col("design_effect").cast(pl.Float64),
    )
    sides = (
        pl.DataFrame(
            summary_entry(standings(wr, run.seats, run.games)),
            schema={
                "faction": pl.String,
                "win_rate": pl.Float64,
                "ci_low": pl.Float64,
                "ci_high": pl.Float64,
                "fair_share": pl.Float64,
                "verdict": pl.String,
            },
        )
        .rename({"faction": "side"})
        .join(counts, on="side", maintain_order="left")
        .select(
            "side",
            "games",
            "wins",
            "win_rate",
            "ci_low",
            "ci_high",
            "fair_share",
            "verdict",
            "deals",
            "design_effect",
        )
    )
    from cryhavoc_sim.analysis.deals import intervals, with_deal

    players = run.seats.filter(~pl.col("is_npc") & pl.col("seat").is_not_null())
    per_deal = (
        with_deal(players.join(run.games.select("game_id", "n_players"), on="game_id"), run.games)
        .group_by("seat", "n_players", "deal")
        .agg(pl.len().alias("games"), pl.col("won").cast(pl.Int64).sum().alias("wins"))
    )
    seats = (
        intervals(per_deal, ["seat", "n_players"])
        .select("seat", "n_players", "games", "wins", "deals", "design_effect")
        .sort("seat", "n_players")
        .collect()
        .with_columns(pl.col("seat").cast(pl.Int64), pl.col("n_players").cast(pl.Int64))
    )
    return sides, seats


def _measures(run: Any, game: str) -> list[dict[str, Any]]:
    """The game's own measures of one cell's run (GameSpec.sweep_measures)."""
    from cryhavoc_sim.games import get_game

    return [
        {
            "measure": m.text,
            "successes": m.successes,
            "trials": m.trials,
            "chance": m.chance,
            "design_effect": m.design_effect,
        }
        for m in get_game(game).sweep_measures(run)
    ]


def write_results(out: Path) -> pl.DataFrame:
    """``results.parquet`` (cell x side; ``plays_like``: the first cell that played the
    very same games, itself when none did), ``seats.parquet`` (cell x seat) and
    ``measures.parquet`` (cell x the game's own measures) from the cells' run
    directories; returns the first."""
    from cryhavoc_sim.analysis.identical import play_digest
    from cryhavoc_sim.studies.record import load_study_run
    from cryhavoc_sim.writing import write_parquet

    record = read_record(out)
    sides: list[pl.DataFrame] = []
    seats: list[pl.DataFrame] = []
    measures: list[dict[str, Any]] = []
    first_with: dict[int, int] = {}  # a play digest -> the first cell that played those games
    for c in record["cells"]:
        expected = c.get("config_hash")  # None in sweeps recorded before cells kept it
        run = load_study_run(cell_dir(out, c["cell"]), expected if isinstance(expected, str) else None)
        plays_like = first_with.setdefault(play_digest(run), c["cell"])
        measures += [{"cell": c["cell"], **m} for m in _measures(run, record["game"])]
        s, t = cell_tables(run)
        # "levels": where the cell is read (cell 0 at the shipped values folded into it);
        # sweeps written before the field have only what each cell sets
        levels = c.get("levels", c["values"])
        values = {f"value:{p}": json.dumps(levels.get(p)) for p in (f["path"] for f in record["factors"])}
        sides.append(
            s.with_columns(
                pl.lit(c["cell"]).alias("cell"),
                pl.lit(plays_like, pl.Int64).alias("plays_like"),  # identical games to that cell's
                *(pl.lit(v).alias(k) for k, v in values.items()),
            )
        )
        seats.append(t.with_columns(pl.lit(c["cell"]).alias("cell")))
    results = pl.concat(sides).select("cell", pl.exclude("cell"))
    # each whole or not at all (a full disk), results.parquet last: a report reads the
    # sweep's tables only once it is there
    write_parquet(pl.concat(seats).select("cell", pl.exclude("cell")), out / "seats.parquet")
    measured = pl.DataFrame(
        measures,
        schema={
            "cell": pl.Int64,
            "measure": pl.String,
            "successes": pl.Int64,
            "trials": pl.Int64,
            "chance": pl.Float64,
            "design_effect": pl.Float64,
        },
    )
    write_parquet(measured, out / "measures.parquet")
    write_parquet(results, out / "results.parquet")
    return results


def measure_table(measures: pl.DataFrame) -> pl.DataFrame:
    """Per measure: its share as shipped (cell 0) with its interval at the effective
    trials of its deals, and the lowest and highest share over the cells."""
    rows = []
    for (text,), part in measures.group_by("measure", maintain_order=True):
        rates = {r["cell"]: r["successes"] / r["trials"] for r in part.iter_rows(named=True) if r["trials"]}
        base = part.filter(pl.col("cell") == 0)
        if base.height == 0 or not rates:
            continue
        k, n = int(base["successes"][0]), int(base["trials"][0])
        trials = effective_n(n, base["design_effect"][0] if "design_effect" in base.columns else None)
        lo, hi = wilson_interval(k / n, trials) if n else (0.0, 1.0)
        low_cell = min(rates, key=lambda c: rates[c])
        high_cell = max(rates, key=lambda c: rates[c])
        rows.append(
            {
                "measure": text,
                "win_rate": k / n if n else 0.0,
                "ci_low": lo,
                "ci_high": hi,
                "lowest_rate": rates[low_cell],
                "lowest_cell": low_cell,
                "highest_rate": rates[high_cell],
                "highest_cell": high_cell,
                "chance_share": base["chance"][0],
            }
        )
    return pl.DataFrame(rows)


def level_means(results: pl.DataFrame, record: dict[str, Any]) -> pl.DataFrame:
    """Per factor, value and side: pooled games, wins, win rate and Wilson interval (at the
    cells' effective games: each cell's deals counted) over the design's cells where the
    factor takes that value (cell 0 counts at the shipped
    values its design folded into it, once; else it stays out)."""
    rows = []
    for f in record["factors"]:
        col = f"value:{f['path']}"
        for order, value in enumerate(f["values"]):
            label = json.dumps(value)
            part = results.filter(pl.col(col) == label)
            for side, games, wins, eff_games, eff_wins in (
                _with_effective(part)
                .group_by("side")
                .agg(pl.col("games").sum(), pl.col("wins").sum(), pl.col("_n").sum(), pl.col("_k").sum())
                .sort("side")
                .iter_rows()
            ):
                # pooled over cells, each cell's games counted as its deals allow
                lo, hi = wilson_interval(eff_wins / eff_games, eff_games) if eff_games else (0.0, 1.0)
                rows.append(
                    {
                        "factor": f["path"],
                        "order": order,
                        "value": label,
                        "side": side,
                        "games": games,
                        "wins": wins,
                        "win_rate": wins / games if games else 0.0,
                        "ci_low": lo,
                        "ci_high": hi,
                    }
                )
    return pl.DataFrame(rows)


def _with_effective(cells: pl.DataFrame) -> pl.DataFrame:
    """Each cell's effective games and wins, ``_n`` and ``_k`` (games and wins over its
    design effect; sweeps written before the deals were counted: independent games)."""
    deff = pl.col("design_effect").fill_null(1.0) if "design_effect" in cells.columns else pl.lit(1.0)
    return cells.with_columns((pl.col("games") / deff).alias("_n"), (pl.col("wins") / deff).alias("_k"))


def spans(levels: pl.DataFrame) -> pl.DataFrame:
    """Per side and factor: the lowest and highest level mean, the span between them and
    its interval; sorted by side, widest span first (the tornado's order)."""
    rows = []
    for (side, factor), part in levels.group_by("side", "factor", maintain_order=True):
        low = part.sort("win_rate").row(0, named=True)
        high = part.sort("win_rate").row(-1, named=True)
        rows.append(
            {
                "side": side,
                "factor": factor,
                "low_value": low["value"],
                "low_rate": low["win_rate"],
                "high_value": high["value"],
                "high_rate": high["win_rate"],
                "span": high["win_rate"] - low["win_rate"],
                "span_from": max(0.0, high["ci_low"] - low["ci_high"]),
                "span_to": high["ci_high"] - low["ci_low"],
            }
        )
    return pl.DataFrame(rows).sort(["side", "span"], descending=[False, True])


def salib_indices(results: pl.DataFrame, record: dict[str, Any]) -> pl.DataFrame | None:
    """Morris mu* / sigma, or Sobol S1 / ST, per side and factor with 95% intervals (SALib);
    None for designs SALib did not sample."""
    import numpy as np

    method = record["method"]
    if method not in ("morris", "sobol") or not record.get("rows"):
        return None
    from cryhavoc_sim.sweeps.design import MORRIS_LEVELS, Factor, salib_problem

    problem = salib_problem(tuple(Factor(f["path"], tuple(f["values"])) for f in record["factors"]))
    if "matrix" in record:  # SALib's sample, as the sweep drew it
        x = np.array(record["matrix"])
    else:  # a sweep recorded before the matrix was: draw it again from its design
        from cryhavoc_sim.sweeps.design import parse_design

        x = np.array(parse_design(record["design_text"], record["design_path"]).matrix)
    rows = []
    for side in sorted(results["side"].unique().to_list()):
        rate = dict(results.filter(pl.col("side") == side).select("cell", "win_rate").iter_rows())
        y = np.array([rate.get(c, np.nan) for c in record["rows"]], dtype=float)
        if np.isnan(y).any():
            continue
        if method == "morris":
            from SALib.analyze import morris

            r = morris.analyze(problem, x, y, num_levels=MORRIS_LEVELS, seed=record["seed"])
            for i, name in enumerate(problem["names"]):
                mu, conf = float(r["mu_star"][i]), float(r["mu_star_conf"][i])
                rows.append(
                    {
                        "side": side,
                        "factor": name,
                        "index": "mu*",
                        "value": mu,
                        "ci_low": mu - conf,
                        "ci_high": mu + conf,
                    }
                )
                rows.append(
                    {
                        "side": side,
                        "factor": name,
                        "index": "sigma",
                        "value": float(r["sigma"][i]),
                        "ci_low": None,
                        "ci_high": None,
                    }
                )
        else:
            from SALib.analyze import sobol

            r = sobol.analyze(problem, y, calc_second_order=False, seed=record["seed"])
            for i, name in enumerate(problem["names"]):
                for index, key in (("S1", "S1"), ("ST", "ST")):
                    v, conf = float(r[key][i]), float(r[f"{key}_conf"][i])
                    rows.append(
                        {
                            "side": side,
                            "factor": name,
                            "index": index,
                            "value": v,
                            "ci_low": v - conf,
                            "ci_high": v + conf,
                        }
                    )
    return (
        pl.DataFrame(rows, schema_overrides={"ci_low": pl.Float64, "ci_high": pl.Float64}) if rows else None
    )


def _last_seat(seats: pl.DataFrame) -> dict[int, tuple[str, float, float, float]]:
    """Per cell: (verdict, rate, low, high) of the last starting seat against its fair
    share, its interval at the effective games of its deals (a sweep made before seats
    carried a design effect: as independent games)."""
    from cryhavoc_sim.analysis.deals import effective

    out = {}
    for (cell,), part in seats.filter(pl.col("seat") == pl.col("n_players")).group_by("cell"):
        games, wins = int(part["games"].sum()), int(part["wins"].sum())
        fair = float((1 / part["n_players"]).mean())  # type: ignore[arg-type]
        if games == 0 or int(part["n_players"].max()) < 2:  # type: ignore[arg-type]
            continue
        eff_wins = eff_games = 0.0
        for row in part.iter_rows(named=True):
            w, n = effective(row)
            eff_wins += w
            eff_games += n
        lo, hi = wilson_interval(eff_wins / eff_games, eff_games) if eff_games else (0.0, 1.0)
        verdict = "above" if lo > fair else "below" if hi < fair else "within"
        out[int(cell)] = (verdict, wins / games, lo, hi)
    return out


def _against_chance(row: dict[str, Any] | None) -> str | None:
    """A measure's share in one cell against chance: "above", "below" or "within"."""
    if row is None or not row["trials"] or row["chance"] is None:
        return None
    # at the effective trials of its deals (a sweep made before measures carried one: as independent)
    trials = effective_n(row["trials"], row.get("design_effect"))
    lo, hi = wilson_interval(row["successes"] / row["trials"], trials)
    return "above" if lo > row["chance"] else "below" if hi < row["chance"] else "within"


def _judge(claim: str, found: str | None) -> str:
    """A cell's word on a claim ("above", "below" or "within" the fair share): "holds"
    when the cell shows the same, "opposite" when it decides otherwise (a claim of
    "within" is contradicted by a decided "above" or "below"), else "cannot tell"."""
    if found == claim:
        return "holds"
    decided = ("above", "below")
    if found in decided and (claim == "within" or claim in decided):
        return "opposite"
    return "cannot tell"


def statements(
    results: pl.DataFrame, seats: pl.DataFrame, measures: pl.DataFrame | None = None, plural: bool = True
) -> pl.DataFrame:
    """Each statement of the base cell, and in how many cells it holds, its opposite is
    shown, or the data cannot tell. ``plural``: the game's side names are plural (the
    Humans win; a seat wins), its ``Vocabulary.side_plural``."""
    cells = sorted(results["cell"].unique().to_list())
    base = results.filter(pl.col("cell") == 0)
    by_cell = {c: {r["side"]: r for r in results.filter(pl.col("cell") == c).to_dicts()} for c in cells}
    rows = []

    def add(text: str, as_shipped: str, verdicts: list[str]) -> None:
        rows.append(
            {
                "statement": text,
                "as shipped": as_shipped,
                "holds": verdicts.count("holds"),
                "opposite": verdicts.count("opposite"),
                "cannot tell": verdicts.count("cannot tell"),
                "cells": len(verdicts),
            }
        )

    word = {"above": "more than", "below": "less than", "within": "within reach of"}
    for r in base.sort("win_rate", descending=True).to_dicts():
        if r["verdict"] not in word:
            continue
        side, verdict = r["side"], r["verdict"]
        verb, their = ("win", "their") if plural else ("wins", "its")
        text = f"{side.capitalize()} {verb} {word[verdict]} {their} fair share ({r['fair_share']:.0%})"
        out = [_judge(verdict, by_cell[c].get(side, {}).get("verdict")) for c in cells]
        add(text, "holds", out)

    def balanced(c: int) -> str:
        sides = [s for s in by_cell[c].values() if s["fair_share"] is not None]
        if not sides:
            return "cannot tell"
        if all(
            s["fair_share"] - CLEAR_MARGIN <= s["ci_low"] and s["ci_high"] <= s["fair_share"] + CLEAR_MARGIN
            for s in sides
        ):
            return "holds"
        if any(
            s["ci_low"] > s["fair_share"] + CLEAR_MARGIN or s["ci_high"] < s["fair_share"] - CLEAR_MARGIN
            for s in sides
        ):
            return "opposite"
        return "cannot tell"

    if any(s["fair_share"] is not None for s in by_cell[0].values()):
        verdicts = [balanced(c) for c in cells]
        add(
            "No side is clearly superior: every side within 10 points of its fair share",
            verdicts[0],
            verdicts,
        )
    for (text,), part in measures.group_by("measure", maintain_order=True) if measures is not None else []:
        by = {r["cell"]: r for r in part.iter_rows(named=True)}
        if 0 not in by or by[0]["chance"] is None:
            continue

        verdicts = [_judge("above", _against_chance(by.get(c))) for c in cells]
        add(f"{text} more often than chance ({by[0]['chance']:.0%})", verdicts[0], verdicts)
    last = _last_seat(seats)
    if 0 in last:
        verdicts = [
            "holds"
            if last.get(c, ("",))[0] == "above"
            else "opposite"
            if last.get(c, ("",))[0] == "below"
            else "cannot tell"
            for c in cells
        ]
        add("The last starting seat wins more than its fair share", verdicts[0], verdicts)
    return pl.DataFrame(rows)
