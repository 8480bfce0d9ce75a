"""Figures: each draws one aggregated frame onto a matplotlib Axes, with a title, axis
labels and a legend readable without the tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from cryhavoc_sim.games.protocol import Vocabulary

DEFAULT_WORDS = Vocabulary()

# Okabe-Ito, for sides a game gives no colour of its own (GameSpec.side_colours).
FALLBACK = ("#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000")
# Twelve categories told apart (Paul Tol's muted scheme and four of his bright ones, no
# two of one hue), for stacked sources: VP by source.
CATEGORIES = (
    "#332288", "#88CCEE", "#44AA99", "#117733", "#999933", "#DDCC77",
    "#CC6677", "#882255", "#AA4499", "#DDDDDD", "#EE7733", "#000000",
)  # fmt: skip


_SMALL_WORDS = frozenset({"a", "an", "and", "by", "for", "in", "of", "on", "the", "to"})


def label(name: str) -> str:
    """An id as a figure shows it: "scoring_crystals" -> "Scoring Crystals", "humans" ->
    "Humans", "seat 2" -> "Seat 2", "score_a_room" -> "Score a Room"."""
    words = str(name).replace("_", " ").split()
    return " ".join(w if (i and w in _SMALL_WORDS) else w[:1].upper() + w[1:] for i, w in enumerate(words))


def fair_line(ax: Any, xs: list[float], shares: list[float | None], width: float = 0.8) -> None:
    """A dashed fair-share mark over each bar (analysis/fair.py: shared wins counted)."""
    labelled = False
    values = {round(v, 4) for v in shares if v is not None}
    # the legend says the share's value: one for all, or that each side has its own
    name = f"fair share ({values.pop():.0%})" if len(values) == 1 else "fair share (each side's own)"
    for x, share in zip(xs, shares, strict=True):
        if share is None:
            continue
        ax.hlines(
            share,
            x - width / 2,
            x + width / 2,
            colors="black",
            linestyles="--",
            linewidth=1,
            label=None if labelled else name,
        )
        labelled = True


FIGURE_SUFFIXES = (".png", ".svg")


def figure_problem(path: Any) -> str | None:
    """Why ``path`` cannot take a figure (a sentence), or None."""
    from pathlib import Path

    if Path(path).is_symlink():
        return f"--plot {path}: is a symbolic link; the tool never writes through a link: remove it or choose another file."
    if str(path).lower().endswith(FIGURE_SUFFIXES):
        return None
    return f"--plot {path}: the figure must be a .png or .svg file."


def new_figure(size: tuple[float, float]) -> tuple[Any, Any]:
    """A figure and its Axes for a file (no screen); SVG text stays text."""
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.fonttype"] = "none"  # searchable, selectable
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size)


def save_figure(fig: Any, path: Any) -> None:
    """Write ``fig`` to ``path`` (PNG at 200 dpi, or SVG by the suffix) and free it."""
    import matplotlib.pyplot as plt

    from cryhavoc_sim.writing import save_figure as write_figure

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_figure(fig, path, dpi=200)  # whole or not at all, never through a link
    finally:
        plt.close(fig)


def colour(side: str, palette: Mapping[str, str] | None) -> str:
    if palette and side in palette:
        return palette[side]
    return FALLBACK[sum(side.encode()) % len(FALLBACK)]


def win_rates(
    ax: Any,
    wr: pl.DataFrame,
    n_games: int,
    palette: Mapping[str, str] | None = None,
    fair: Mapping[str, float | None] | None = None,
    words: Vocabulary = DEFAULT_WORDS,
) -> None:
    factions = wr["faction"].to_list()
    rates = wr["win_rate"].to_list()
    low = [r - lo for r, lo in zip(rates, wr["ci_low"].to_list(), strict=True)]
    high = [hi - r for r, hi in zip(rates, wr["ci_high"].to_list(), strict=True)]
    ax.bar(
        [label(f) for f in factions],
        rates,
        yerr=[low, high],
        capsize=5,
        color=[colour(f, palette) for f in factions],
    )
    for i, (r, n) in enumerate(zip(rates, wr["games"].to_list(), strict=True)):
        ax.annotate(f"{r:.0%}\nn={n}", (i, r), textcoords="offset points", xytext=(12, 4), fontsize=8)
    if fair:
        fair_line(ax, list(range(len(factions))), [fair.get(f) for f in factions])
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_ylim(0, 1.12)
    ax.yaxis.set_major_formatter(__import__("matplotlib").ticker.PercentFormatter(1.0))
    ax.set_ylabel("win rate (95% interval by deals)")
    ax.set_title(f"Win rate by {words.side} ({n_games:,} games)")


def win_rate_by_seat(
    ax: Any,
    by_seat: pl.DataFrame,
    palette: Mapping[str, str] | None = None,
    fair: float | None = None,
    words: Vocabulary = DEFAULT_WORDS,
) -> None:
    factions = sorted(set(by_seat["faction"].to_list()))
    width = 0.8 / max(1, len(factions))
    for k, f in enumerate(factions):
        rows = by_seat.filter(pl.col("faction") == f).drop_nulls("seat")
        x = [s - 0.4 + width * (k + 0.5) for s in rows["seat"].to_list()]
        y = rows["win_rate"].to_list()
        err = [
            [a - lo for a, lo in zip(y, rows["ci_low"].to_list(), strict=True)],
            [hi - a for a, hi in zip(y, rows["ci_high"].to_list(), strict=True)],
        ]
        ax.bar(x, y, width=width, yerr=err, capsize=2, label=label(f), color=colour(f, palette))
    seats = sorted(s for s in set(by_seat["seat"].to_list()) if s is not None)
    if fair is not None:
        ax.axhline(fair, color="black", linestyle="--", linewidth=1, label=f"fair share ({fair:.0%})")
    ax.set_xticks(seats)
    ax.set_xlabel(f"starting {words.seat} (1 acts first)")
    ax.set_ylabel("win rate (95% interval by deals)")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(__import__("matplotlib").ticker.PercentFormatter(1.0))
    ax.set_title(f"Win rate by {words.seat}")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def vp_distribution(
    ax: Any, seats: pl.DataFrame, palette: Mapping[str, str] | None = None, words: Vocabulary = DEFAULT_WORDS
) -> None:
    factions = sorted(set(seats["faction"].to_list()))
    data = [seats.filter(pl.col("faction") == f)["final_vp"].to_list() for f in factions]
    if words.small_counts:  # a box of a 0-2 count says nothing: the share of games at each count
        counts = sorted({int(v) for d in data for v in d if v is not None})
        width = 0.8 / max(1, len(factions))
        for k, (f, d) in enumerate(zip(factions, data, strict=True)):
            n = max(1, len(d))
            ax.bar(
                [c - 0.4 + width * (k + 0.5) for c in counts],
                [sum(1 for v in d if v == c) / n for c in counts],
                width=width,
                label=label(f),
                color=colour(f, palette),
            )
        ax.set_xticks(counts)
        ax.set_xlabel(f"final {words.score}")
        ax.set_ylabel("share of the side's games")
        ax.yaxis.set_major_formatter(__import__("matplotlib").ticker.PercentFormatter(1.0))
        ax.set_title(f"Final {words.score} by {words.side}: share of games at each count")
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))
        return
    box = ax.boxplot(data, patch_artist=True, showfliers=False)
    ax.set_xticks(range(1, len(factions) + 1), [label(f) for f in factions])
    for patch, f in zip(box["boxes"], factions, strict=True):
        patch.set_facecolor(colour(f, palette))
        patch.set_alpha(0.6)
    ax.set_ylabel(f"final {words.score}")
    ax.set_title(f"Final {words.score} by {words.side} (box: quartiles, whiskers: 1.5 IQR)")


def cumulative_vp(
    ax: Any, cum: pl.DataFrame, palette: Mapping[str, str] | None = None, words: Vocabulary = DEFAULT_WORDS
) -> None:
    """The mean VP total after each Round with its 95% confidence band (mean +- 1.96
    standard errors): how sure the difference between the lines is, not how much games
    vary."""
    for f in sorted(set(cum["faction"].to_list())):
        rows = cum.filter(pl.col("faction") == f).sort("round")
        r, m = rows["round"].to_list(), rows["mean"].to_list()
        half = [
            1.96 * (s or 0.0) / max(1, n) ** 0.5
            for s, n in zip(rows["std"].to_list(), rows["games"].to_list(), strict=True)
        ]
        ax.plot(r, m, marker="o", label=label(f), color=colour(f, palette))
        ax.fill_between(
            r,
            [a - b for a, b in zip(m, half, strict=True)],
            [a + b for a, b in zip(m, half, strict=True)],
            alpha=0.25,
            color=colour(f, palette),
            linewidth=0,
        )
    ax.set_xlabel(words.round)
    ax.set_ylabel(f"{words.score} at the end of the {words.round} (mean, 95% CI)")
    rounds = sorted(set(cum["round"].to_list()))
    ax.set_xticks(rounds if len(rounds) <= 12 else rounds[:: max(1, len(rounds) // 10)])
    ax.set_title(f"Cumulative {words.score} by {words.round}")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def vp_by_source(ax: Any, src: pl.DataFrame, words: Vocabulary = DEFAULT_WORDS) -> None:
    factions = sorted(set(src["faction"].to_list()))
    sources = sorted(set(src["source"].to_list()))
    bottom_pos = [0.0] * len(factions)
    bottom_neg = [0.0] * len(factions)
    for k, s in enumerate(sources):
        vals = []
        for f in factions:
            cell = src.filter((pl.col("faction") == f) & (pl.col("source") == s))["vp_per_game"]
            vals.append(float(cell[0]) if cell.len() else 0.0)
        base = [bp if v >= 0 else bn for v, bp, bn in zip(vals, bottom_pos, bottom_neg, strict=True)]
        ax.bar(
            [label(f) for f in factions],
            vals,
            bottom=base,
            # a printed name (Vocabulary.source) as it is; an id made readable
            label=label(s) if "_" in s else s[:1].upper() + s[1:],
            color=CATEGORIES[k % len(CATEGORIES)],
        )
        bottom_pos = [bp + max(v, 0) for v, bp in zip(vals, bottom_pos, strict=True)]
        bottom_neg = [bn + min(v, 0) for v, bn in zip(vals, bottom_neg, strict=True)]
    ax.axhline(0, color="black", linewidth=0.6)
    negative = " (negative: Prisoner buy-backs)" if words.score == "VP" else ""
    ax.set_ylabel(f"{words.score} per game{negative}")
    plural = words.score == "VP" or words.score.endswith("s")
    ax.set_title(f"Where the {words.score} {'come' if plural else 'comes'} from")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0), title="source", title_fontsize=8)


def differences(ax: Any, rows: list[dict[str, Any]], label_a: str, label_b: str) -> None:
    """Per side: the win-rate difference B - A with its 95% interval, zero marked; a
    difference the corrected test finds (p < 0.05) drawn solid, the others hollow."""
    rows = sorted(rows, key=lambda r: r["diff"])
    ys = list(range(len(rows)))
    for y, r in zip(ys, rows, strict=True):
        sure = r.get("p_adjusted", 1.0) < 0.05
        ax.plot([r["diff_low"], r["diff_high"]], [y, y], color="black", linewidth=1.5)
        ax.plot(r["diff"], y, "o", markersize=7, color="black", markerfacecolor="black" if sure else "white")
    ax.axvline(0, color="0.5", linewidth=1)
    ax.set_yticks(ys, [label(r["faction"]) for r in rows])
    ax.xaxis.set_major_formatter(__import__("matplotlib").ticker.PercentFormatter(1.0))
    ax.set_xlabel(f"win rate of {label_b} minus {label_a} (95% interval; filled: p < 0.05 corrected)")
    ax.set_title("What changed between the runs")
