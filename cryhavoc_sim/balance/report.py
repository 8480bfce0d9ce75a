"""The report of a finished balance study: a headline per side (its statement against its
fair share at the top rung and whether it is stable, unproven or skill-sensitive), a figure of the
win rate by rung with 95% bands and the fair share, a figure of luck against skill (the
deal's share of each side's outcome variance by rung), the tables of rates, verdicts,
trends and luck; Markdown, HTML and ``summary.json`` with each side's status."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from cryhavoc_sim.analysis.luck import NOTED
from cryhavoc_sim.balance.luck import luck_line, luck_table
from cryhavoc_sim.balance.tables import Findings, findings
from cryhavoc_sim.balance.verdict import Trend, Verdict
from cryhavoc_sim.writing import make_dirs, write_file


@dataclass
class BalanceReport:
    out: Path
    html: Path
    markdown: Path
    summary: Path
    figure: Path
    findings: Findings
    luck_figure: Path | None = None


def _words(statement: str, plural: bool) -> str:
    their = "their" if plural else "its"
    return {
        "above": f"above {their} fair share",
        "below": f"below {their} fair share",
        "within": f"within reach of {their} fair share",
        "solo": "(solo: no share to compare with)",
    }[statement]


def _side(side: str) -> str:
    return side[:1].upper() + side[1:]


def headline_line(v: Verdict, rate: dict[str, Any], plural: bool = True) -> str:
    """One side's verdict in words, with its top-rung rate and share (``plural``: the
    side's name is plural, "Machines ... their")."""
    share = "" if rate["fair_share"] is None else f", fair share {rate['fair_share']:.0%}"
    return (
        f"{_side(v.side)}: {_words(v.statement, plural)} at the top rung ({rate['rung']}: {rate['win_rate']:.1%},"
        f" 95% CI {rate['ci_low']:.1%}-{rate['ci_high']:.1%}{share}); {v.status.upper()}: {v.reason}."
    )


def trend_line(t: Trend) -> str:
    budget = f"the {t.family} budget" if t.family else "the budget"
    return (
        f"{_side(t.side)}: {t.slope * 100:+.1f} points per doubling of {budget}"
        f" (95% CI {t.slope_low * 100:+.1f} to {t.slope_high * 100:+.1f}); predicted at"
        f" {t.next_budget}: {t.predicted:.1%} ({t.predicted_low:.1%}-{t.predicted_high:.1%})."
    )


def rung_figure(ax: Any, results: pl.DataFrame, palette: Mapping[str, str], title: str) -> None:
    """Each side's win rate by rung (weakest left), its 95% band (by deals), and its fair
    share dashed in its colour."""
    from cryhavoc_sim.report.figures import colour

    rungs = results.select("rung_index", "rung").unique().sort("rung_index")
    xs = rungs["rung_index"].to_list()
    for side in sorted(set(results["side"].to_list())):
        part = results.filter(pl.col("side") == side).sort("rung_index")
        c = colour(side, palette)
        x = part["rung_index"].to_list()
        ax.plot(x, [v * 100 for v in part["win_rate"]], marker="o", color=c, label=_side(side))
        ax.fill_between(
            x, [v * 100 for v in part["ci_low"]], [v * 100 for v in part["ci_high"]], color=c, alpha=0.18
        )
        shares = [s for s in part["fair_share"].to_list() if s is not None]
        if shares:
            ax.axhline(sum(shares) / len(shares) * 100, color=c, linestyle="--", linewidth=1)
    ax.set_xticks(xs, rungs["rung"].to_list())
    ax.set_xlabel("rung: the bot in every seat (weakest left)")
    ax.set_ylabel("win rate (%), 95% band by deals; dashed: fair share")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    ax.grid(axis="y", alpha=0.3)


def luck_figure(ax: Any, luck: pl.DataFrame, palette: Mapping[str, str], title: str) -> None:
    """Each side's deal share of its outcome variance (ICC(1)) by rung, weakest left; a
    rung where no deal had two games (no estimate) is a gap in its line. The share from
    which the headline names a side is dashed."""
    from cryhavoc_sim.report.figures import colour

    rungs = luck.select("rung_index", "rung").unique().sort("rung_index")
    for side in sorted(set(luck["side"].to_list())):
        part = luck.filter(pl.col("side") == side).sort("rung_index")
        ys = [float("nan") if v is None else v * 100 for v in part["deal_share"].to_list()]
        ax.plot(part["rung_index"].to_list(), ys, marker="o", color=colour(side, palette), label=_side(side))
    ax.axhline(
        NOTED * 100,
        color="0.4",
        linestyle="--",
        linewidth=1,
        label=f"{NOTED:.0%}: the headline names the side",
    )
    ax.set_xticks(rungs["rung_index"].to_list(), rungs["rung"].to_list())
    ax.set_xlabel("rung: the bot in every seat (weakest left), the same deals at every rung")
    ax.set_ylabel(
        "deal's share of the outcome variance (%)\nICC(1): 0 the deal tells nothing, 100 it decides"
    )
    top = max([NOTED * 100 + 5, *[v * 100 + 5 for v in luck["deal_share"].drop_nulls().to_list()]])
    ax.set_ylim(0, min(100, top))
    ax.set_title(title)
    ax.legend(loc="upper left", fontsize="small", bbox_to_anchor=(1.0, 1.0))
    ax.grid(axis="y", alpha=0.3)


LUCK_READING = (
    "Each side's share of the variance of its result (won or not) that the deal"
    " explains, ICC(1) over the deals (Shrout and Fleiss 1979), at each rung from the weakest (left) to the"
    " strongest. The rungs play the same deals, so a line that falls to the right is skill overcoming the"
    " draw, and one that stays high is the deal deciding whatever the play. A fair reading compares a"
    " side with itself across the rungs and with the other sides at one rung: it says how much the deal"
    " decides, not whether the game is balanced (a side at its fair share may still have its games"
    " decided by the deal),"
    " and with few deals a share is noisy (it is clipped at 0; a missing point had no deal with two games)."
)


def _trust(record: dict[str, Any], top_run: Any, reconstructed: bool) -> list[str]:
    from cryhavoc_sim.analysis.lineup import lineup

    players = lineup(top_run)
    rungs = ", ".join(r["rung"] for r in record["rungs"])
    return [
        f"Who played: at each rung one bot in every seat ({rungs}), on the same deals; the top rung: {players.sentence()}",
        "Content: partly RECONSTRUCTED (invented where the printed components are not public); see `cryhavoc-sim content`."
        if reconstructed
        else "Content: as printed, from sources; no invented numbers.",
        "A stable verdict holds at the two strongest rungs played here, the upper shown to play better; stronger"
        " players than the top rung may still move it. A trend predicts the next doubling of a search budget"
        " (an extrapolation), only for a family whose budget is a skill knob.",
    ]


def build_balance_report(out: Path, margin: float | None = None, target: Path | None = None) -> BalanceReport:
    """Write the report of the balance study in ``out`` into ``target`` (default out/report)."""
    from cryhavoc_sim.balance.record import rung_dir
    from cryhavoc_sim.balance.tables import rung_run
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.report.figures import new_figure, save_figure
    from cryhavoc_sim.report.page import write_pages

    found = findings(out, margin)
    record = found.record
    where = target or out / "report"
    make_dirs(where, out if target is None else where)  # no link at a folder of ours
    top_index = len(record["rungs"]) - 1
    top_run = rung_run(out, top_index, record["rungs"][top_index])
    reconstructed = bool(top_run.manifest.get("content_reconstructed", True))
    game = get_game(str(record.get("game", "cryhavoc")))
    top_rates = {
        r["side"]: r for r in found.results.filter(pl.col("rung_index") == top_index).iter_rows(named=True)
    }
    from cryhavoc_sim.analysis.deals import games_in_deals
    from cryhavoc_sim.runner.results import deal_count

    n_games = int(top_run.games.select(pl.len()).collect().item())
    n_deals = deal_count(rung_dir(out, top_index))
    lines = [
        f"Equal skill: {record['scenario']} played by one bot in every seat at {len(record['rungs'])} rungs"
        f" ({', '.join(r['rung'] for r in record['rungs'])}), the same {games_in_deals(n_games, n_deals)} each"
        f" (seed {record['seed']}); verdicts from the top two rungs, margin {found.margin * 100:g} points."
    ]
    from cryhavoc_sim.runner.estimate import VERDICT_GAMES, too_few

    trends = found.trends
    if too_few(n_games, "rung"):  # a trend from a handful of deals reads as a forecast: held back
        trends = []
        lines.append(
            f"TOO FEW GAMES FOR A VERDICT: {n_games:,} a rung, far below the {VERDICT_GAMES:,}-1,000 a verdict"
            " needs; the rates below are a smoke test, and the trend predictions are held back."
        )
    lines += [headline_line(v, top_rates[v.side], game.vocabulary.side_plural) for v in found.verdicts]
    lines += [trend_line(t) for t in trends]
    lines += [f"No trend over the {family} rungs: {why}." for family, why in found.no_trend.items()]
    luck = luck_table(out, record)  # balance/luck.py
    lines += [line for line in [luck_line(luck)] if line]

    fig, ax = new_figure((9, 5))
    rung_figure(
        ax,
        found.results,
        game.side_colours,
        f"{record['scenario']}: win rate by rung (every seat the same bot)",
    )
    png = where / "balance_rungs.png"
    save_figure(fig, png)
    fig, ax = new_figure((9, 5))
    luck_figure(ax, luck, game.side_colours, f"{record['scenario']}: luck against skill by rung")
    if reconstructed:
        fig.text(0.99, 0.005, "reconstructed content", ha="right", fontsize=7, color="#aa0000")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    luck_png = where / "balance_luck.png"
    save_figure(fig, luck_png)

    rates = found.results.select(
        "rung",
        "side",
        "games",
        "deals",
        "wins",
        "win_rate",
        "ci_low",
        "ci_high",
        "design_effect",
        "fair_share",
        "statement",
    )
    verdict_rows = pl.DataFrame(
        [
            {
                "side": v.side,
                "statement": v.statement,
                "status": v.status,
                "paired_difference_points": None if v.agreement is None else round(v.agreement.diff * 100, 2),
                "interval_90_points": None
                if v.agreement is None
                else f"{v.agreement.low * 100:+.1f} to {v.agreement.high * 100:+.1f}",
                "paired_games": None if v.agreement is None else v.agreement.pairs,
                "paired_deals": None if v.agreement is None else (v.agreement.deals or v.agreement.pairs),
                "why": v.reason,
            }
            for v in found.verdicts
        ],
        schema={
            "side": pl.String,
            "statement": pl.String,
            "status": pl.String,
            "paired_difference_points": pl.Float64,
            "interval_90_points": pl.String,
            "paired_games": pl.Int64,
            "paired_deals": pl.Int64,
            "why": pl.String,
        },
    )
    tables: list[tuple[str, Any]] = [
        ("Win rate by rung and side\nEach rung played the same deals with its bot in every seat.", rates),
        (
            "Verdicts\nStable: the top two rungs make the same statement, agree within the margin (paired"
            " two one-sided tests by deals, 90% interval of the paired difference inside the margin) and the"
            " upper rung is shown to play better; unproven: they agree, but the upper rung is not shown stronger.",
            verdict_rows,
        ),
    ]
    if trends:
        tables.append(
            (
                "Trend over the search budget\nWeighted least squares of the win rate on log2(budget), within"
                " one family whose budget is a skill knob, each rung weighted by its variance by deals; the"
                " prediction is for the next doubling.",
                pl.DataFrame(
                    [
                        {
                            "side": t.side,
                            "family": t.family,
                            "budgets": ", ".join(str(b) for b in t.budgets),
                            "points_per_doubling": round(t.slope * 100, 2),
                            "slope_interval_points": f"{t.slope_low * 100:+.1f} to {t.slope_high * 100:+.1f}",
                            "next_budget": t.next_budget,
                            "predicted_rate": t.predicted,
                            "predicted_interval": f"{t.predicted_low:.1%}-{t.predicted_high:.1%}",
                        }
                        for t in trends
                    ]
                ),
            )
        )
    tables.append(
        (
            "Luck against skill\nPer rung and side, the share of the variance of its outcome (won or"
            " not) that the deal explains: the intraclass correlation of its results over the deals,"
            " 0 when the deal tells nothing, 1 when it decides; eta2 is the raw between-deal share.",
            luck.drop("rung_index"),
        )
    )
    trust = _trust(record, top_run, reconstructed)
    summary = {
        "luck": luck.to_dicts(),
        "kind": "cryhavoc-sim balance",
        "scenario": record["scenario"],
        "game": record.get("game"),
        "games_per_rung": record["games"],
        "deals_per_rung": n_deals,
        "seed": record["seed"],
        "margin": found.margin,
        "rungs": [r["rung"] for r in record["rungs"]],
        "lineup": f"one bot in every seat per rung: {', '.join(r['rung'] for r in record['rungs'])}",
        "statuses": {
            v.side: {"statement": v.statement, "status": v.status, "why": v.reason} for v in found.verdicts
        },
        "rates": found.results.to_dicts(),
        "no_trend": found.no_trend,
        "trends": [
            {
                "side": t.side,
                "family": t.family,
                "budgets": list(t.budgets),
                "slope": t.slope,
                "slope_low": t.slope_low,
                "slope_high": t.slope_high,
                "next_budget": t.next_budget,
                "predicted": t.predicted,
                "predicted_low": t.predicted_low,
                "predicted_high": t.predicted_high,
            }
            for t in trends
        ],
        "trust": trust,
        "headline": lines,
    }
    from cryhavoc_sim.report.summary import summary_text

    summary_path = where / "summary.json"
    write_file(summary_path, summary_text(summary))
    from cryhavoc_sim.report.build import NOTICE

    md, html = write_pages(
        where,
        f"cryhavoc-sim balance: {record['scenario']} at equal skill",
        NOTICE if reconstructed else None,
        lines,
        [
            ("Scenario", str(record["scenario"])),
            ("Rungs (weakest first)", ", ".join(r["rung"] for r in record["rungs"])),
            (
                "Games per rung",
                f"{record['games']:,}" + (" (precision-capped)" if record.get("precision") else ""),
            ),
            ("Margin", f"{found.margin * 100:g} points"),
        ],
        [("Win rate by rung", png), (f"Luck against skill by rung\n{LUCK_READING}", luck_png)],
        tables,
        ("scenario", "Scenario", "toml", str(record.get("scenario_text", ""))),
        trust,
    )
    return BalanceReport(where, html, md, summary_path, png, found, luck_png)
