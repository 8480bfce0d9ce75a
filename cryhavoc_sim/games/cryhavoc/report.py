"""Cry Havoc's own report sections: game length and how games end, who enables Scoring
and what it earns, whether the final Round decides, Battles by pairing and Terrain, how
much of each faction's kit was used, and win rates by solo difficulty. The report adds them after the sections every game has."""

from __future__ import annotations

from typing import Any

import polars as pl

from cryhavoc_sim.games.cryhavoc import analysis
from cryhavoc_sim.games.cryhavoc.words import SIDE_COLOURS
from cryhavoc_sim.games.protocol import Measure, ReportSections

MIN_CELL = 30  # Battles a pairing-and-Terrain cell needs to be shown (fewer mean little)


def _terrains(run: Any, content: Any) -> Any:
    """Region -> Terrain of the run's content set, when it is the one the run used."""
    if content is None or content.digest != run.manifest.get("content_hash"):
        return None
    mapping = {r.id: r.terrain for b in content.boards.values() for r in b.regions}
    return pl.LazyFrame(
        {"region": list(mapping), "terrain": list(mapping.values())},
        schema={"region": pl.String, "terrain": pl.String},
    )


def report_sections(run: Any, content: Any) -> ReportSections:
    """``run``: a :class:`~cryhavoc_sim.storage.reader.Run`; ``content``: its content set
    as loaded now (None when it cannot be loaded)."""
    from cryhavoc_sim.analysis import win_rates

    games = run.games.collect()
    length = analysis.game_length(run.games).collect()
    timing = analysis.scoring_enabled(run.events, run.games).collect()
    gain = analysis.scoring_gain(run.events).collect()
    changes = analysis.leader_changes(run.events).collect()
    final = analysis.final_round(run.events, run.games).collect()
    fights = analysis.battle_summary(run.events).collect()
    behaviour = analysis.bot_behaviour(run.events, run.seats).collect()
    same_content = content is not None and content.digest == run.manifest.get("content_hash")
    kit = analysis.kit_use(run.events, analysis.kit_items(content) if same_content else None).collect()
    terrain_map = _terrains(run, content)
    by_terrain = (
        analysis.battle_summary_by_terrain(run.events, terrain_map)
        .filter(pl.col("battles") >= MIN_CELL)
        .with_columns(pl.col("terrain").replace("none", "outer ring"))
        .collect()
        if terrain_map is not None
        else None
    )
    solo = games.filter(pl.col("mode") == "solo").height > 0
    by_difficulty = win_rates(run.seats, run.games, by=("difficulty",)).collect() if solo else None
    sections = ReportSections()
    sections.figures = [
        ("game_length", "Game length", lambda ax: game_length_figure(ax, length)),
        ("scoring_timing", "Scoring enabled", lambda ax: scoring_timing_figure(ax, timing)),
    ]
    sections.tables = [
        *([("Win rate by solo difficulty", by_difficulty)] if by_difficulty is not None else []),
        ("Game length", length),
        ("Scoring: what the enabler earns against the others (VP in that Scoring phase)", gain),
        ("How often each Round's Scoring changes the leader", changes),
        ("Does the final Round decide? (leader entering it loses; last player to act wins)", final),
        ("Battles: attacker Region Control win rate, Units killed and captured per Battle", fights),
        *(
            [
                (
                    f"Battles by Terrain (cells of at least {MIN_CELL} Battles; the outer ring has no Terrain)",
                    by_terrain,
                )
            ]
            if by_terrain is not None
            else []
        ),
        (
            "Kit use: each faction's Skills and Structures, the games it held them in, the share"
            " of those it used (or built) each at least once, uses and builds per game held",
            kit,
        ),
        (
            "Bot behaviour: blunders the figures above should not rest on (hopeless and lone-Unit"
            " attacks per Battle started, empty Actions per Action, idle paid Skills per paid Skill,"
            " Moves straight back per game)",
            behaviour,
        ),
    ]
    sections.findings = final_round_findings(final)
    sections.trust = [behaviour_trust(behaviour)]
    sections.summary = {
        "game_length": length.to_dicts(),
        "leader_changes": changes.to_dicts(),
        "final_round": final.to_dicts(),
        "battles": fights.to_dicts(),
        "bot_behaviour": behaviour.to_dicts(),
        "kit_use": kit.to_dicts(),
    }
    return sections


def game_length_figure(ax: Any, length: pl.DataFrame) -> None:
    labels = [
        f"{r} Rounds\n{e}"
        for r, e in zip(length["rounds_played"].to_list(), length["end"].to_list(), strict=True)
    ]
    ax.bar(labels, length["share"].to_list(), color="#666666")
    for i, (s, n) in enumerate(zip(length["share"].to_list(), length["games"].to_list(), strict=True)):
        ax.annotate(
            f"{s:.0%} ({n})", (i, s), textcoords="offset points", xytext=(0, 3), ha="center", fontsize=8
        )
    from matplotlib.ticker import PercentFormatter

    ax.set_ylabel("share of games")
    ax.set_ylim(0, 1.1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_title("Game length and how the game ended")


def scoring_timing_figure(ax: Any, timing: pl.DataFrame) -> None:
    factions = sorted(set(timing["faction"].to_list()))
    width = 0.8 / max(1, len(factions))
    for k, f in enumerate(factions):
        rows = timing.filter(pl.col("faction") == f)
        x = [r - 0.4 + width * (k + 0.5) for r in rows["round"].to_list()]
        ax.bar(
            x,
            rows["per_game"].to_list(),
            width=width,
            label=f.capitalize(),
            color=SIDE_COLOURS.get(f, "#777777"),
        )
    ax.set_xticks([1, 2, 3, 4, 5])
    ax.set_xlabel("Round")
    ax.set_ylabel("Scoring enabled, per game")
    ax.set_title("Who enables Scoring, and when")
    ax.legend(fontsize=8)


def final_round_measures(run: Any) -> list[Measure]:
    """What a sweep follows of the final Round: how often it decides the winner (the
    leader entering it does not win) and how often the last player to act in it wins."""
    final = analysis.final_round(run.events, run.games).collect()
    if final.height == 0:
        return []
    row = final.row(0, named=True)
    n = int(row["games"] or 0)
    if n == 0 or row["final_round_decides"] is None:
        return []
    out = [
        Measure(
            "The final Round decides the winner (the leader entering it does not win)",
            round(float(row["final_round_decides"]) * n),
            n,
        )
    ]
    if row["last_actor_wins"] is not None and row["by_chance"]:
        out.append(
            Measure(
                "The last player to act in the final Round wins",
                round(float(row["last_actor_wins"]) * n),
                n,
                float(row["by_chance"]),
                float(row.get("last_actor_design_effect") or 1.0),
            )
        )
    return out


def final_round_findings(final: pl.DataFrame) -> list[str]:
    """Headline sentences on the final Round: how often it overturns the leader, and
    whether acting last in it wins more than chance (binomial test at the effective
    games of its deals, p < 0.01)."""
    from scipy.stats import binomtest

    if final.height == 0:
        return []
    row = final.row(0, named=True)
    n = int(row["games"] or 0)
    if n < 30 or row["final_round_decides"] is None:
        return []
    out = []
    decides = float(row["final_round_decides"])
    if decides >= 0.25:
        out.append(
            f"The final Round decides {decides:.0%} of games: the leader entering it does not win them "
            "(see 'Does the final Round decide?')."
        )
    last, chance = row["last_actor_wins"], row["by_chance"]
    if last is not None and chance:
        # the games of a deal are not independent: test at the effective games
        from cryhavoc_sim.analysis.deals import effective_n

        trials = max(1, round(effective_n(n, row.get("last_actor_design_effect"))))
        wins = round(float(last) * trials)
        if binomtest(wins, trials, float(chance)).pvalue < 0.01:
            more = "more" if float(last) > float(chance) else "less"
            out.append(
                f"The last player to act in the final Round wins {float(last):.0%} of games, {more} than the "
                f"{float(chance):.0%} of chance."
            )
    return out


def behaviour_trust(behaviour: pl.DataFrame) -> str:
    """The bot-behaviour table in one sentence for the trust box: what its rates count
    and what they cannot say (low rates are no proof of good play)."""
    rates = [c for c in behaviour.columns if c.endswith("_rate")]
    worst = 0.0
    for c in rates:
        top = behaviour[c].drop_nulls().max()
        worst = max(worst, float(top)) if isinstance(top, int | float) else worst
    return (
        f"Bot checks: at most {worst:.1%} of Battles, Actions or paid Skills were a known blunder"
        " (hopeless or lone-Unit attacks, empty Actions, idle Skills; table 'Bot behaviour'). These"
        " count only mistakes the bots were built to avoid: low rates say the bots avoid them, not"
        " that they play every faction equally well."
    )
