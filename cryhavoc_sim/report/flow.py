"""The report's sections on how the games played, from the players' win-probability
lines (``seats.win_line``, ``analysis/flow.py``): the win model's calibration on the
run's games (a reliability diagram, the Brier score, the expected calibration error) and
the game flow (lead changes, the checkpoint from which the winner stays ahead,
excitement, comeback factor, drama) by player count, winning side and winning seat, with
a headline sentence only where a designer has something to act on.

Its own module, added to a game's sections by :func:`with_flow` (one line in
``build.py``): a run without lines (a game without a win model, or a run written before
them) gets none of it, and ``summary.json`` says why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import polars as pl

from cryhavoc_sim.games.protocol import ReportSections

MIN_GAMES = 100  # fewer games with a line: tables and figures, no headline sentence
TRUSTED_ECE = 0.05  # a model whose calibration error on the run is above this is flagged
EARLY = 0.6  # "decided early": the winner leads from the second checkpoint on in this share of games
RARE_COMEBACK = 0.05  # two players: under this share of winners ever at 20% or below ...
FINE = 4.0  # ... in games read at this many checkpoints or more on average (fewer hide the lows)


def with_flow(own: ReportSections, run: Any, game: Any) -> ReportSections:
    """``own`` (a game's sections) with the calibration, game-flow, decision and luck
    sections added."""
    from cryhavoc_sim.report.luck import luck_sections

    out = own
    for extra in (flow_sections(run, game), decision_sections(run, game), luck_sections(run, game)):
        out = ReportSections(
            [*out.figures, *extra.figures],
            [*out.tables, *extra.tables],
            {**out.summary, **extra.summary},
            [*out.findings, *extra.findings],
            [*out.trust, *extra.trust],
        )
    return out


def decision_sections(run: Any, game: Any) -> ReportSections:
    """The share of decisions with more than one legal answer, per side and request kind,
    when the run counted them (``decisions = true``), and, when a search answered some of
    them, how often the answer mattered; nothing otherwise."""
    from cryhavoc_sim.analysis.decisions import decision_gaps, decision_points

    table = decision_points(run.seats).collect()
    if table.height == 0:
        return ReportSections()
    side = game.vocabulary.side
    shown = table.with_columns((pl.col("share_with_choice") * 100).round(1).alias("with a choice %")).drop(
        "share_with_choice"
    )
    tables = [(f"Decisions with more than one legal answer, by {side} and request kind", shown)]
    summary: dict[str, Any] = {"decisions": table.to_dicts()}
    gaps = decision_gaps(run.seats).collect()
    if gaps.height:
        tables.append(
            (
                f"Searched decisions that matter (the second best answer over 0.05 worse), by {side} and kind",
                gaps.select(
                    "faction",
                    "kind",
                    "games",
                    "searched",
                    (pl.col("share_over_5pt") * 100).round(1).alias("gap over 0.05 %"),
                    (pl.col("share_over_1pt") * 100).round(1).alias("gap over 0.01 %"),
                    pl.col("mean_gap").round(4).alias("mean gap"),
                ),
            )
        )
        summary["decision_gaps"] = gaps.to_dicts()
    caption = f"Decisions with a choice, by {side} and request kind" + (
        " (and searched decisions that matter)" if gaps.height else ""
    )
    palette = game.side_colours
    figures: list[tuple[str, str, Callable[[Any], None]]] = [
        ("decisions", caption, lambda ax: _decisions(ax, table, gaps, palette, side))
    ]
    return ReportSections(figures=figures, tables=tables, summary=summary)


def flow_sections(run: Any, game: Any) -> ReportSections:
    from cryhavoc_sim.analysis import flow

    line = game.win_line
    if line is None:
        return ReportSections(summary={"game_flow": {"absent": f"{game.title} has no win model."}})
    points = flow.line_points(run.seats).collect()
    if points.height == 0:
        why = "this run has no win-probability lines (written before they were recorded)."
        return ReportSections(summary={"game_flow": {"absent": why}})
    word = line.checkpoint_word
    model = run.manifest.get("win_model") or {}
    cal = flow.calibration(points.lazy()).collect()
    rel = flow.reliability(points.lazy()).collect()
    per_game = flow.game_flow(points.lazy(), run.games).collect()
    lines = flow.average_lines(points.lazy()).collect()
    by_players = flow.flow_summary(per_game.lazy(), ("n_players",)).collect()
    by_side = flow.flow_summary(per_game.lazy(), ("n_players", "winner")).collect()
    by_seat = flow.flow_summary(per_game.lazy(), ("n_players", "winner_seat")).collect()
    c = cal.row(0, named=True)
    words = game.vocabulary
    model_table = pl.DataFrame(
        {
            "model": [f"{model.get('features_version', line.features_version)} ({model.get('digest', '?')})"],
            "reads": [model.get("reads", line.reads)],
            "fitted": [str(model.get("fitted", "?"))],
            "checkpoints": [f"start of every {word}"],
            "games": [int(c["games"])],
            "predictions": [int(c["predictions"])],
            "brier": [f"{float(c['brier']):.4f}"],
            "ece": [f"{float(c['ece']):.4f}"],
        }
    )
    figures: list[tuple[str, str, Callable[[Any], None]]] = [
        (
            "win_model_calibration",
            f"Win model calibration (each player at the start of every {word})",
            lambda ax: _reliability(ax, rel, c),
        ),
        (
            "flow_lines",
            f"Average win probability by {word}: eventual winners and the others",
            lambda ax: _lines(ax, lines, word),
        ),
        (
            "flow_comeback",
            "Comeback factor (1 / the winner's lowest win probability)",
            lambda ax: _comebacks(ax, per_game),
        ),
    ]
    tables: list[tuple[str, Any]] = [
        ("Win model (calibration on this run's games)", model_table),
        ("Win model reliability (predictions in ten bins)", rel),
        ("Game flow by player count", _shown(by_players)),
        (f"Game flow by winning {words.side}", _shown(by_side)),
    ]
    if not words.seat_is_side:
        tables.append((f"Game flow by winning {words.seat}", _shown(by_seat)))
    trust: list[str] = []
    calibrated = float(c["ece"]) <= TRUSTED_ECE
    if not calibrated:
        trust.append(
            f"Win model: its expected calibration error on these games is {float(c['ece']):.3f} (above"
            f" {TRUSTED_ECE}), so the game-flow measures rest on probabilities that are off; retrain it"
            f" (`cryhavoc-sim train-value --game {game.name}`) before reading them."
        )
    findings = _findings(by_players, word) if calibrated else []
    summary = {
        "win_model": {**model, "calibration": c},
        "game_flow": {
            "checkpoint": word,
            "by_players": by_players.to_dicts(),
            "by_side": by_side.to_dicts(),
            "by_seat": by_seat.to_dicts(),
            "reliability": rel.to_dicts(),
        },
    }
    return ReportSections(figures, tables, summary, findings, trust)


def _shown(frame: pl.DataFrame) -> pl.DataFrame:
    """A flow summary as the report prints it: shares as percentages, means to 2 places."""
    shares = ("with_lead_change", "decided_by_2", "won_from_behind", "comeback_5_plus", "comeback_10_plus")
    return frame.with_columns(
        *[(pl.col(s) * 100).round(1).alias(f"{s} %") for s in shares],
        *[pl.col(m).round(2) for m in ("checkpoints", "lead_changes", "excitement", "drama")],
    ).drop(*shares)


def _findings(by_players: pl.DataFrame, word: str) -> list[str]:
    """A sentence only where the flow calls for a designer's attention (see docs/reports.md)."""
    out: list[str] = []
    for r in by_players.iter_rows(named=True):
        if r["games"] < MIN_GAMES:
            continue
        n = r["n_players"]
        if r["decided_by_2"] >= EARLY:
            out.append(
                f"{n}-player games are decided early: in {r['decided_by_2']:.0%} of them the eventual winner"
                f" leads at the start of every {word} from the second on (see 'Game flow by player count')."
            )
        elif n == 2 and r["checkpoints"] >= FINE and r["comeback_5_plus"] < RARE_COMEBACK:
            out.append(
                f"2-player comebacks are rare: {r['comeback_5_plus']:.1%} of winners were ever at 20% or below"
                " (a calibrated sports model gives about a fifth; see 'Comeback factor')."
            )
    return out[:1]


def _reliability(ax: Any, rel: pl.DataFrame, c: dict[str, Any]) -> None:
    ax.plot([0, 1], [0, 1], linestyle="--", color="#888888", linewidth=1, label="perfect calibration")
    most = max([1, *rel["predictions"].to_list()])
    sizes = [20 + 200 * n / most for n in rel["predictions"].to_list()]
    ax.scatter(
        rel["mean_predicted"], rel["share_won"], s=sizes, color="#0072B2", label="bins (size: predictions)"
    )
    ax.plot(rel["mean_predicted"], rel["share_won"], color="#0072B2", linewidth=1)
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted win probability")
    ax.set_ylabel("share of those players who won")
    ax.set_title(f"Brier score {float(c['brier']):.3f}, expected calibration error {float(c['ece']):.3f}")
    ax.legend(loc="upper left", fontsize=8)


def _lines(ax: Any, lines: pl.DataFrame, word: str) -> None:
    from matplotlib.ticker import MaxNLocator

    styles = ("-", "--", ":", "-.")
    for i, n in enumerate(sorted(set(lines["line_players"].to_list()))):
        for won, colour, who in ((True, "#009E73", "winners"), (False, "#D55E00", "the others")):
            part = lines.filter((pl.col("line_players") == n) & (pl.col("won") == won)).sort("checkpoint")
            ax.plot(
                part["checkpoint"],
                part["mean_p"],
                linestyle=styles[i % len(styles)],
                color=colour,
                marker="o",
                label=f"{n} players: {who}",
            )
    ax.set_ylim(0, 1)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(f"start of {word}")
    ax.set_ylabel("mean win probability")
    ax.legend(fontsize=8)


def _comebacks(ax: Any, per_game: pl.DataFrame) -> None:
    import math

    top = max([2.0, *per_game["comeback"].to_list()])
    edges = [2 ** (k / 2) for k in range(int(2 * math.log2(min(top, 1e4))) + 2)]
    for n in sorted(set(per_game["n_players"].to_list())):
        values = per_game.filter(pl.col("n_players") == n)["comeback"].to_list()
        ax.hist(
            values, bins=edges, histtype="step", linewidth=1.5, label=f"{n} players ({len(values):,} games)"
        )
    for x in (5, 10):
        ax.axvline(x, color="#888888", linestyle="--", linewidth=1)
    ax.set_xscale("log")
    ticks = [t for t in (1, 2, 5, 10, 20, 50, 100, 1000) if t <= edges[-1]]
    ax.set_xticks(ticks, [str(t) for t in ticks])
    ax.set_xlabel("comeback factor (log scale; dashed: 5 and 10)")
    ax.set_ylabel("games")
    ax.legend(fontsize=8)


def _decisions(ax: Any, table: pl.DataFrame, gaps: pl.DataFrame, palette: Any, side: str) -> None:
    """A dot plot: one row per request kind (the most asked on top), one dot per side at
    its share of decisions with more than one legal answer; where a search answered, a
    hollow diamond at the share of its searched decisions with a gap over 0.05. The
    figure grows with the kinds (Cry Havoc asks about twenty), so every row stays legible."""
    from matplotlib.lines import Line2D
    from matplotlib.ticker import PercentFormatter

    from cryhavoc_sim.report.figures import colour, label

    asked = (
        table.group_by("kind").agg(pl.col("asked").sum()).sort(["asked", "kind"], descending=[True, False])
    )
    kinds = asked["kind"].to_list()
    sides = sorted(set(table["faction"].to_list()))
    ax.figure.set_size_inches(7.5, max(4.2, 1.6 + 0.3 * len(kinds)))
    row = {k: len(kinds) - 1 - i for i, k in enumerate(kinds)}  # the most asked on top
    step = 0.7 / max(1, len(sides))
    searched = {(r["faction"], r["kind"]): r["share_over_5pt"] for r in gaps.iter_rows(named=True)}
    handles = []
    for i, s in enumerate(sides):
        c = colour(s, palette)
        offset = ((len(sides) - 1) / 2 - i) * step  # the first side on top, as in the legend
        part = table.filter(pl.col("faction") == s)
        ys = [row[k] + offset for k in part["kind"].to_list()]
        ax.scatter(part["share_with_choice"].to_list(), ys, s=28, color=c, zorder=3)
        mine = [(v, row[k] + offset) for (f, k), v in searched.items() if f == s]
        if mine:
            ax.scatter(
                [v for v, _ in mine], [y for _, y in mine], s=46, marker="D", facecolors="white",
                edgecolors=c, linewidths=1.4, zorder=4,
            )  # fmt: skip
        handles.append(Line2D([], [], marker="o", linestyle="", color=c, label=label(s)))
    handles.append(
        Line2D(
            [],
            [],
            marker="o",
            linestyle="",
            color="#555555",
            label="dot: share with more than one legal answer",
        )
    )
    if gaps.height:
        handles.append(
            Line2D(
                [], [], marker="D", linestyle="", markerfacecolor="white", markeredgecolor="#555555",
                label="diamond: share of the searched\ndecisions with a gap over 0.05",
            )
        )  # fmt: skip
    counts = dict(zip(kinds, asked["asked"].to_list(), strict=True))
    ax.set_yticks(range(len(kinds)), [f"{label(k)} ({counts[k]:,})" for k in reversed(kinds)], fontsize=8)
    ax.set_ylim(-0.6, len(kinds) - 0.4)
    ax.set_xlim(-0.03, 1.06)
    ax.xaxis.set_major_formatter(PercentFormatter(1.0))
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlabel("share of the decisions asked\n(a request with one legal answer is no decision)")
    ax.set_ylabel("request kind (decisions asked)")
    ax.set_title(f"Decisions with a choice by {side} and request kind")
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
