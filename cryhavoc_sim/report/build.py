"""The report of a run: PNG figures, a self-contained HTML page (figures embedded), the
same as Markdown, and ``summary.json``; a notice wherever results rest on reconstructed
content."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim import analysis
from cryhavoc_sim.analysis.lineup import LineUp, lineup
from cryhavoc_sim.games import DEFAULT_GAME, get_game
from cryhavoc_sim.report.flow import with_flow
from cryhavoc_sim.report.headline import headline, rate_text, summary_entry
from cryhavoc_sim.report.page import write_pages
from cryhavoc_sim.report.summary import summary_text
from cryhavoc_sim.storage.reader import Run
from cryhavoc_sim.writing import make_dirs, save_figure, write_file

NOTICE = (
    "These results rest on RECONSTRUCTED content: the printed board, cards and tokens are not "
    "public, so what the rulebook and research do not state was invented for this tool "
    "(see `cryhavoc-sim content`, with `--game` for a game other than Cry Havoc). Read them as what this content implies, not as the printed game's balance."
)


@dataclass
class Report:
    out: Path
    html: Path
    markdown: Path
    summary: Path
    figures: list[Path]


def _content(run: Run) -> Any:
    """The run's content set as loaded now, or None when it cannot be loaded."""
    from cryhavoc_sim.errors import UserError
    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.replay import scenario_in

    try:
        return content_for(scenario_in(run.manifest, run.path))
    except UserError:
        return None


def _worded(frame: Any, words: Any) -> Any:
    """A table with the game's words in its headers: the side column named as the game
    names its sides, the score columns as its score (Cave Troll: seat, gold)."""
    if words.side == "faction" and words.score == "VP":
        return frame
    score = words.score.lower().replace(" ", "_")
    names = {c: c.replace("vp", score) for c in frame.columns if "vp" in c.split("_")}
    if "faction" in frame.columns:
        names["faction"] = words.side
    return frame.rename(names)


def _games_fact(m: dict[str, Any], n_games: int, n_deals: int = 0) -> str:
    """Games in the tables, and the deals they were played in (the unit of every
    interval); a run not (yet) complete says so."""
    from cryhavoc_sim.analysis.deals import games_in_deals

    planned = m.get("games_planned")
    shown = games_in_deals(n_games, n_deals)
    if m.get("status") == "complete" or not isinstance(planned, int) or planned == n_games:
        return shown if n_deals else f"{n_games:,}"
    return f"{shown} of {planned:,} planned (the run is {m.get('status', 'unfinished')}: a partial report)"


def _scenario_text(m: dict[str, Any]) -> str:
    """The scenario file as played: a comment says where the command line overrode the
    file's ``games`` or ``seed``."""
    import tomllib

    text = str(m.get("scenario_text", "")).strip()
    raw = m.get("config")
    config: dict[str, Any] = raw if isinstance(raw, dict) else {}
    try:
        head = tomllib.loads(text).get("scenario", {})
    except tomllib.TOMLDecodeError:
        return text
    overrides = [
        f"{key} = {config[key]}"
        for key in ("games", "seed")
        if key in config
        and isinstance(head, dict)
        and head.get(key, 0 if key == "seed" else None) != config[key]
    ]
    if overrides:
        return f"# played with {', '.join(overrides)} (given on the command line)\n{text}"
    return text


def _policy_tables(run: Run, games: Any, plural: bool = True) -> tuple[list[tuple[str, Any]], dict[str, Any]]:
    """With several policies (bot line-ups on the same seeds): the win rates side by
    side and, per headline statement, whether it holds under every policy."""

    from cryhavoc_sim.analysis.policies import policy_verdicts, policy_win_rates, verdict_frame

    if games.height == 0 or games["policy"].n_unique() < 2:
        return [], {}
    table = policy_win_rates(run.seats, run.games).collect()
    shown = table.with_columns(rate_text().alias("cell")).pivot(on="policy", index="faction", values="cell")
    verdicts = policy_verdicts(table, plural)
    tables = [
        ("Win rate by policy (same seeds, 95% interval by deals)", shown),
        ("Headlines under every policy", verdict_frame(verdicts)),
    ]
    return tables, {"policies": {"win_rates": table.to_dicts(), "verdicts": verdicts}}


def shown_path(path: Path) -> str:
    """A path as a report shows it: relative to the working directory where it lies
    below it (a report names no machine's home), else its last two parts."""
    import os

    full = Path(os.path.abspath(path))
    try:
        return str(full.relative_to(os.path.abspath(Path.cwd())))
    except ValueError:
        return str(Path(*full.parts[-2:]))


def build_report(run: Run, out: Path, sensitive: tuple[str, Path] | None = None) -> Report:
    """The report of ``run`` in ``out``; with ``sensitive``, the (sentence, sweep
    directory) of a finished sweep of its scenario (sweeps/lookup.py finds it), the
    headline names the numbers each side's win rate is most sensitive to."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import polars as pl

    from cryhavoc_sim.analysis.deals import games_in_deals
    from cryhavoc_sim.report import figures

    m = run.manifest
    game = get_game(str(m.get("game") or DEFAULT_GAME), f"{run.path}/manifest.json: 'game'")
    palette = game.side_colours
    words = game.vocabulary
    games = run.games.collect()
    n_games = games.height
    n_deals = int(games["seed"].n_unique()) if n_games else 0  # a game's deal is its seed
    wr = analysis.win_rates(run.seats, run.games).collect()
    wr_seat = analysis.win_rates(run.seats, run.games, by=("seat",)).collect()
    wr_lineup = analysis.win_rates(run.seats, run.games, by=("lineup",)).collect()
    seats = run.seats.filter(~pl.col("is_npc")).collect()
    rounds = int(games["rounds_played"].max() or 5) if n_games else 5
    cum = analysis.cumulative_vp_by_round(run.events, run.seats, words.score_event, max(1, rounds)).collect()
    src = analysis.vp_by_source(run.events, run.seats, words.score_event).collect()
    dist = analysis.vp_distribution(run.seats).collect()
    margin = analysis.winning_margin(run.seats).collect()
    own = with_flow(game.report_sections(run, _content(run)), run, game)  # report/flow.py
    by_policy = _policy_tables(run, games, words.side_plural)
    sentences, standing = headline(
        wr, run.seats, games, src, own.findings, words.seat, words.score, words.side_plural, words
    )
    # sources by their printed names from here on (figure, table): no raw identifiers
    src = src.with_columns(pl.col("source").map_elements(words.source, return_dtype=pl.String))
    players = lineup(run)
    sentences.insert(0, players.sentence())
    if sensitive:
        sentences.append(sensitive[0])
    fair = {s.faction: s.fair_share for s in standing}
    shares = {round(v, 6) for v in fair.values() if v is not None}
    seat_fair = shares.pop() if len(shares) == 1 else None

    score, side, rnd = words.score, words.side, words.round
    seat_plot: list[tuple[str, str, Callable[[Any], None]]] = (
        []
        if words.seat_is_side
        else [
            (
                "win_rate_by_seat",
                f"Win rate by {words.seat}",
                lambda ax: figures.win_rate_by_seat(ax, wr_seat, palette, seat_fair, words),
            )
        ]
    )
    plots: list[tuple[str, str, Callable[[Any], None]]] = [
        (
            "win_rates",
            f"Win rate by {side}",
            lambda ax: figures.win_rates(ax, wr, n_games, palette, fair, words),
        ),
        *seat_plot,
        ("vp_distribution", f"Final {score}", lambda ax: figures.vp_distribution(ax, seats, palette, words)),
        *(
            []
            if words.small_counts  # a count of a few by round is the game itself, not a curve
            else [
                (
                    "cumulative_vp",
                    f"Cumulative {score} by {rnd}",
                    lambda ax: figures.cumulative_vp(ax, cum, palette, words),
                )
            ]
        ),
        (
            "vp_by_source",
            f"{score[:1].upper()}{score[1:]} by source",
            lambda ax: figures.vp_by_source(ax, src, words),
        ),
        *own.figures,
    ]
    make_dirs(out)  # only once every table has been read; -o itself may be a link of the user's
    pngs: list[Path] = []
    for name, _, draw in plots:
        fig, ax = plt.subplots(figsize=(7.5, 4.2))
        if n_games:
            draw(ax)
        fig.tight_layout(rect=(0, 0.05, 1, 1))  # room for the footers under the axis labels
        fig.text(0.99, 0.01, "reconstructed content", ha="right", va="bottom", fontsize=7, color="#aa0000")
        fig.text(
            0.01, 0.01, f"players: {players.short()}", ha="left", va="bottom", fontsize=7, color="#444444"
        )
        path = out / f"{name}.png"
        # 200 dpi, shown at half its pixel size: sharp on a high-density screen
        try:
            save_figure(fig, path, dpi=200, bbox_inches="tight")
        finally:
            plt.close(fig)
        pngs.append(path)

    tables = [
        (f"Win rate by {side}", wr),
        *(
            []
            if words.seat_is_side
            else [
                (f"Win rate by {words.seat}", wr_seat),
                # one line-up: the table would repeat the faction table row for row
                *([("Win rate by line-up", wr_lineup)] if wr_lineup["lineup"].n_unique() > 1 else []),
            ]
        ),
        (f"Final {score}", dist),
        ("Winning margin", margin),
        (
            f"{score[:1].upper()}{score[1:]} by source (per game)",
            src.select("faction", "source", "vp_per_game"),
        ),
        *by_policy[0],
        *own.tables,
    ]
    tables = [(caption, _worded(frame, words)) for caption, frame in tables]
    reconstructed = bool(m.get("content_reconstructed", True))
    facts = [
        ("game", game.title),
        ("scenario", str(m.get("scenario"))),
        ("games", _games_fact(m, n_games, n_deals)),
        ("seed", str(m.get("seed"))),
        ("content", f"{m.get('content_id')} (hash {str(m.get('content_hash'))[:16]})"),
        (
            "content provenance",
            ", ".join(f"{k}: {v}" for k, v in (m.get("content_provenance") or {}).items()),
        ),
        ("rules version", str(m.get("rules_version"))),
        ("line-up", players.sentence()),
    ]
    stop = m.get("precision")
    if isinstance(stop, dict):
        where = f"stopped at game {stop['stopped_at']:,}" if stop.get("stopped_at") else "reached its cap"
        shown = ", ".join(
            f"{b['side']} {b['low']:.1%}-{b['high']:.1%}"
            for b in sorted(stop.get("bounds", []), key=lambda b: -b["rate"])
        )
        facts.append(
            (
                "stopping rule",
                f"{stop.get('rule')} (+-{stop.get('target', 0) * 100:g} points, cap {stop.get('max_games'):,} games):"
                f" {where} ({stop.get('decision') or 'undecided'}); confidence-sequence intervals, valid at every"
                f" look: {shown}",
            )
        )
    if sensitive:
        facts.append(("sweep of this scenario", shown_path(sensitive[1])))
    overrides = (m.get("config") or {}).get("overrides")
    if overrides:
        facts.insert(
            5, ("content overrides", ", ".join(f"{k} = {json.dumps(v)}" for k, v in overrides.items()))
        )
    summary = {
        "run_id": m.get("run_id"),
        "game": game.name,
        "scenario": m.get("scenario"),
        "games": n_games,
        "deals": n_deals,  # the games were played in this many deals: the unit of every interval
        "seed": m.get("seed"),
        "content_id": m.get("content_id"),
        "content_reconstructed": reconstructed,
        "rules_version": m.get("rules_version"),
        "lineup": players.as_dict(),
        "headline": sentences,
        "standings": summary_entry(standing),
        "win_rates": wr.to_dicts(),
        "win_rates_by_seat": wr_seat.to_dicts(),
        "vp_by_source": src.to_dicts(),
        **by_policy[1],
        **own.summary,
    }
    trust = trust_lines(players, reconstructed, own.trust)
    summary["trust"] = trust
    summary_path = out / "summary.json"
    write_file(summary_path, summary_text(summary))

    title = f"{game.title} report: {m.get('scenario')} ({games_in_deals(n_games, n_deals)})"
    scenario_text = _scenario_text(m)
    md_path, html_path = write_pages(
        out,
        title,
        NOTICE if reconstructed else None,
        sentences,
        facts,
        [(caption, p) for (_, caption, _), p in zip(plots, pngs, strict=True)],
        tables,
        ("scenario", "Scenario", "toml", scenario_text),
        trust,
    )
    return Report(out, html_path, md_path, summary_path, pngs)


def trust_lines(players: LineUp, reconstructed: bool, game_lines: list[str]) -> list[str]:
    """How far to trust the report, in a few lines: who played, whether the content is
    invented, what the game's own checks of the bots say, and where the verdict at equal
    skill stands."""
    who = (
        f"Who played: {players.sentence()} A win rate measures the players as much as the game; here the"
        " seats were not played alike, so read it as these players against each other."
        if players.mixed
        else f"Who played: {players.short()}. A win rate measures the players as much as the game;"
        " here every seat had the same bot, so differences are the sides' under that bot's play."
    )
    content = (
        "Content: partly RECONSTRUCTED (invented where the printed components are not public);"
        " see the notice above and `cryhavoc-sim content`."
        if reconstructed
        else "Content: as printed, from sources; no invented numbers."
    )
    skill = (
        "Equal-skill verdict: not in this report, whose seats were played by different bots: a side's"
        " rate is also its bot's. `cryhavoc-sim balance SCENARIO` plays every seat with one bot at"
        " several skill levels on the same deals and marks each statement stable or skill-sensitive."
        if players.mixed
        else "Equal-skill verdict: not in this report. One bot in every seat is one skill level;"
        " whether a statement survives stronger play needs the same deals played at several"
        " levels: `cryhavoc-sim balance SCENARIO` does that and marks each statement stable or"
        " skill-sensitive."
    )
    return [who, content, *game_lines, skill]
