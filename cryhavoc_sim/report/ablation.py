"""What ``ablate -o DIR`` writes: ``ablation.json`` (the values as ``--json`` prints them,
with the content, the scenario file as read and the games and seed it was played with,
the bots, their versions and the date),
``ablation.md`` (the ranked table in words) and ``ablation.png`` (a forest plot of the
values with their 95% intervals by deals, the observational reading beside each).

The folder appears whole or not at all: the files are written into a temporary folder
beside it, which is then renamed into place (an existing empty folder, such as ".", is
kept and the files moved into it one by one, taken out again on a failure); an error or
Ctrl-C on the way removes the temporary folder (and any folder made on the way to it). A symbolic link at the target,
or a target that is not a new or empty folder, is refused before a game is played
(:func:`check_out`) and again before the rename.

The record is built from plain values (the ablation's fields, ``tuning/ablation.py``),
so this module needs nothing above the report layer. Everything in it follows from the
scenario and its seed except the date, the day it was written (UTC; ``SOURCE_DATE_EPOCH``
fixes it, as for reproducible builds): the seconds the games took are printed, not kept.
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cryhavoc_sim.analysis.deals import MIN_DEALS
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.writing import WriteError, save_figure, write_file

FILES = ("ablation.json", "ablation.md", "ablation.png")


def check_out(out: Path) -> None:
    """One sentence when ``out`` cannot take an ablation's files: a symbolic link, a file,
    a folder that is not empty, a place under a file or where nothing can be written."""
    from cryhavoc_sim.runner.rundir import check_target, refuse_links

    if out.is_symlink():
        raise UserError(
            f"{out}: is a symbolic link; the tool never writes through a link: remove it or choose another -o."
        )
    if out.exists() and not out.is_dir():
        raise UserError(f"{out}: is a file, not a directory; give a new or empty directory for the ablation.")
    check_target(out)  # a folder under a file
    refuse_links(out)
    inside = sorted(p.name for p in out.iterdir()) if out.is_dir() else []
    if inside:
        shown = ", ".join(inside[:3]) + (", ..." if len(inside) > 3 else "")
        raise UserError(f"{out}: is not empty ({shown}); choose a new or empty directory for the ablation.")
    # the folder the new one is made in (renamed into, for an empty target) must be writable
    place = next(p for p in out.absolute().parents if p.exists())
    if not os.access(place, os.W_OK | os.X_OK):
        raise UserError(f"{out}: cannot be written ({place} is read-only); choose another -o.")


def today() -> str:
    """The date an ablation is written (UTC), or ``SOURCE_DATE_EPOCH``'s when it is set."""
    from datetime import UTC, datetime

    fixed = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    when = datetime.fromtimestamp(int(fixed), UTC) if fixed.isdigit() else datetime.now(UTC)
    return when.strftime("%Y-%m-%d")


def points(x: float | None) -> str:
    return "" if x is None else f"{x * 100:+.1f}"


def markdown(record: Mapping[str, Any], notice: str | None) -> str:
    """``ablation.md``: who played, the cost, the ranked values in a table, the units that
    gave no pair, and the figure."""
    values: Sequence[Mapping[str, Any]] = record["values"]
    dealt = any(v.get("not_dealt_rate") is not None for v in values)
    replays = record["games_played"] - record["scenario_games"]
    lines = [f"# Ablation: what each card is worth in {record['scenario']}", ""]
    if notice:
        lines += [f"> **Notice.** {notice}", ""]
    lines += [
        f"- **Who played**: {record['players']} (bots {record['bots_version']}, rules {record['rules_version']});"
        " a value is what the card is worth as these bots play it.",
        f"- **game**: {record['game']}",
        f"- **scenario**: {record['scenario']} (seed {record['seed']}, {record['scenario_games']:,} games)",
        f"- **cost**: {record['games_played']:,} games (the scenario's {record['scenario_games']:,}, then"
        f" {replays:,} replayed: each ablation replays the games in which one side holds the card)",
        f"- **content**: {record['content_id']} (hash {str(record['content_hash'])[:16]})"
        + (", RECONSTRUCTED" if record["content_reconstructed"] else ""),
        f"- **date**: {record['date']}",
        "",
        "## Values, ranked",
        "",
        "Value: the holder's win rate with the card's abilities less without them, on the same deals"
        " (points, 95% interval by deals). Won when played: the holder's win rate in the games it played"
        " the card less in all the games it held it, the reading of a table of played cards; DISAGREES"
        " where that gap lies outside the value's interval."
        + (
            " Won when dealt: a Skill dealt at random, the holder's win rate in the games it was dealt it"
            " less in its games without it."
            if dealt
            else ""
        ),
        "",
    ]
    head = [
        "rank",
        "card",
        "name",
        "games",
        "deals",
        "with",
        "without",
        "value (95% interval)",
        "won when played (gap)",
        "readings",
    ]
    if dealt:
        head.append("won when dealt less not")
    rows = [head]
    for rank, v in enumerate(values, 1):
        seen = (
            "never played"
            if v["played_rate"] is None or v["observed_gap"] is None
            else f"{v['played_rate']:.1%} ({points(v['observed_gap'])})"
        )
        row = [
            str(rank),
            f"`{v['unit']}`",
            str(v["name"]),
            f"{v['games']:,}",
            f"{v['deals']:,}",
            f"{v['with_rate']:.1%}",
            f"{v['without_rate']:.1%}",
            f"{points(v['value'])} ({points(v['low'])} to {points(v['high'])})",
            seen,
            "DISAGREES" if v["disagrees"] else "agree" if v["deals"] >= MIN_DEALS else "too few deals",
        ]
        if dealt:
            row.append("always held" if v.get("dealt_gap") is None else points(v["dealt_gap"]))
        rows.append(row)
    lines += ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    lines.append("")
    if record["unpaired"]:
        lines += [
            f"No pair (no game of the {record['scenario_games']:,} held it on exactly one side): "
            + ", ".join(f"`{u}`" for u in record["unpaired"])
            + ".",
            "",
        ]
    if values:
        lines += [
            "## Figure",
            "",
            "![Each card's value with its 95% interval by deals, ranked; the observational gap beside it]"
            "(ablation.png)",
            "",
        ]
    return "\n".join(lines)


def forest(ax: Any, values: Sequence[Mapping[str, Any]], players: str) -> None:
    """A forest plot: one row per card, ranked (the most valuable on top), its value in
    points with the 95% interval by deals; the observational gap ("won when played") as a
    hollow diamond; a row whose readings disagree marked in red."""
    from matplotlib.lines import Line2D

    n = len(values)
    ax.figure.set_size_inches(7.5, max(3.6, 2.4 + 0.42 * n))  # two lines a card, the legend below
    red, ink = "#B2182B", "#222222"
    for i, v in enumerate(values):
        y = n - 1 - i
        c = red if v["disagrees"] else ink
        ax.plot([v["low"] * 100, v["high"] * 100], [y, y], color=c, linewidth=1.6, zorder=2)
        ax.plot(v["value"] * 100, y, "o", color=c, markersize=6, zorder=3)
        if v["observed_gap"] is not None:
            ax.plot(
                v["observed_gap"] * 100,
                y,
                "D",
                markersize=6,
                markerfacecolor="white",
                markeredgecolor=c,
                markeredgewidth=1.3,
                zorder=4,
            )
    labels = [
        f"{v['name']}" + (" DISAGREES" if v["disagrees"] else "") + f"\n{v['unit']}" for v in reversed(values)
    ]
    ax.set_yticks(range(n), labels, fontsize=8)
    for tick, v in zip(ax.get_yticklabels(), reversed(values), strict=True):
        tick.set_color(red if v["disagrees"] else ink)
    ax.axvline(0, color="#888888", linewidth=1)
    ax.set_ylim(-0.7, n - 0.3)
    ax.grid(axis="x", alpha=0.3)
    ax.set_xlabel("points of the holder's win rate: with the card less without it")
    ax.set_title(f"What each card is worth, ranked ({players})", fontsize=10)
    ax.legend(
        handles=[
            Line2D([], [], color=ink, marker="o", label="value, 95% interval by deals"),
            Line2D(
                [],
                [],
                linestyle="",
                marker="D",
                markerfacecolor="white",
                markeredgecolor=ink,
                label="won when played less held\n(the observational gap)",
            ),
            Line2D([], [], color=red, marker="o", label="DISAGREES: the gap is\noutside the interval"),
        ],
        fontsize=8,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.16 if n > 6 else -0.3),
        ncol=3,
        frameon=False,
    )


def _figure(path: Path, record: Mapping[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7.5, 4.2))
    try:
        if record["values"]:
            forest(ax, record["values"], record["players"])
        else:
            ax.set_axis_off()
            ax.text(0.5, 0.5, "no card gave a pair: nothing to value", ha="center", va="center")
        fig.tight_layout(rect=(0, 0.05, 1, 1))
        if record["content_reconstructed"]:
            fig.text(
                0.99, 0.01, "reconstructed content", ha="right", va="bottom", fontsize=7, color="#aa0000"
            )
        fig.text(
            0.01, 0.01, f"players: {record['players']}", ha="left", va="bottom", fontsize=7, color="#444444"
        )
        save_figure(fig, path, dpi=200, bbox_inches="tight")  # no date in a PNG's metadata
    finally:
        plt.close(fig)


def _fill(tmp: Path, out: Path) -> None:
    """Move the files of ``tmp`` into the existing empty folder ``out``, which keeps its
    identity (a shell standing in it, its mode and owner), then remove ``tmp``; on a
    failure the files already moved are taken out again, so ``out`` stays empty."""
    moved: list[Path] = []
    try:
        for name in FILES:
            os.replace(tmp / name, out / name)
            moved.append(out / name)
    except BaseException:
        for path in moved:
            path.unlink(missing_ok=True)
        raise
    tmp.rmdir()


def write_ablation(out: Path, record: Mapping[str, Any], notice: str | None) -> list[Path]:
    """Write :data:`FILES` into ``out``, whole or not at all (see the module docstring)."""
    check_out(out)
    missing = [p for p in (out.absolute().parent, *out.absolute().parent.parents) if not p.exists()]
    tmp = out.absolute().parent / f".{out.absolute().name}.tmp-{os.getpid()}"
    try:
        try:
            out.absolute().parent.mkdir(parents=True, exist_ok=True)
            tmp.mkdir()
        except OSError as exc:
            raise WriteError(out, str(exc.strerror or exc)) from None
        try:
            write_file(tmp / FILES[0], json.dumps(record, indent=2) + "\n")
            write_file(tmp / FILES[1], markdown(record, notice))
            _figure(tmp / FILES[2], record)
        except WriteError as exc:  # named by the target, not the temporary folder
            raise WriteError(out, exc.why) from None
        check_out(out)  # nothing came there while the files were written
        try:
            if out.exists():  # an empty folder the user made (or "."): kept, filled file by file
                _fill(tmp, out)
            else:
                os.rename(tmp, out.absolute())
        except OSError as exc:
            raise WriteError(out, str(exc.strerror or exc)) from None
    except BaseException:
        if tmp.is_dir() and not tmp.is_symlink():
            shutil.rmtree(tmp, ignore_errors=True)
        for p in missing:  # the deepest first: only the folders made here, and only empty
            try:
                p.rmdir()
            except OSError:
                break
        raise
    return [out / name for name in FILES]
