"""Cave Troll's own report sections, answering its users' questions: win rate by seat
and player count (does the escalating start balance the turn order?), classic against
variant, which cards swing gold most when played, who triggers board Scorings and what
it earns them, and how often the player who ends the game wins. Gold by source is the
shared report's "score by source" (the game's ``gold`` events). Every fair share is the
shared one (analysis/fair.py: a win shared by k players is k / players to each), every
rate a percentage."""

from __future__ import annotations

from typing import Any

import polars as pl

from cryhavoc_sim.games.cavetroll.words import SIDE_COLOURS
from cryhavoc_sim.games.protocol import Measure, ReportSections

MIN_PLAYS = 30  # plays a card needs to be shown in the swing table


def by_card_set(games: pl.LazyFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    """Per player count and card set: games, mean rounds, mean gold per player and of the
    winner, shared wins, and the spread of win rates between the best and worst seat."""
    g = games.select("game_id", "n_players", pl.col("variant").alias("card_set"), "rounds_played", "winner")
    s = seats.join(g, on="game_id")
    seat_rates = (
        s.group_by("n_players", "card_set", "seat")
        .agg(pl.col("won").cast(pl.Float64).mean().alias("rate"))
        .group_by("n_players", "card_set")
        .agg((pl.col("rate").max() - pl.col("rate").min()).alias("seat_spread"))
    )
    return (
        s.group_by("n_players", "card_set")
        .agg(
            pl.col("game_id").n_unique().alias("games"),
            pl.col("final_vp").mean().alias("gold_per_player"),
            pl.col("final_vp").filter(pl.col("won")).mean().alias("winner_gold"),
        )
        .join(
            g.group_by("n_players", "card_set").agg(
                pl.col("rounds_played").cast(pl.Float64).mean().alias("rounds"),
                pl.col("winner").is_null().mean().alias("shared_wins"),
            ),
            on=["n_players", "card_set"],
        )
        .join(seat_rates, on=["n_players", "card_set"])
        .sort("n_players", "card_set")
        .collect()
    )


PLACED_ON = {"hero": "staircase", "monster": "pit", "chest": "room", "event": "-"}


def card_swings(events: pl.LazyFrame, content: Any = None) -> pl.DataFrame:
    """Per card: plays, the mean swing (the player's gold plus what the board would pay
    it now, less the best opponent's, after the card's whole effect less before) with a
    95% interval, and the mean size of the swing. With the ``content``, what the card is
    and where its figure goes, and its scoring icons: a hero enters on a staircase and
    a monster on a pit, where they change no room's control, so their swing is the
    Scoring their icons set off, if any; their worth comes with the moves after."""
    plays = events.filter(pl.col("kind") == "play").select(pl.col("detail").alias("card"), "amount")
    out = (
        plays.group_by("card")
        .agg(
            pl.len().alias("plays"),
            pl.col("amount").cast(pl.Float64).mean().alias("mean_swing"),
            pl.col("amount").cast(pl.Float64).std().alias("sd"),
            pl.col("amount").cast(pl.Float64).abs().mean().alias("mean_abs_swing"),
        )
        .with_columns((1.96 * pl.col("sd") / pl.col("plays").sqrt()).alias("half"))
        .with_columns(
            (pl.col("mean_swing") - pl.col("half")).alias("ci_low"),
            (pl.col("mean_swing") + pl.col("half")).alias("ci_high"),
        )
        .drop("sd", "half")
        .sort("mean_swing", "card", descending=[True, False])
        .collect()
    )
    out = out.filter(pl.col("plays") >= MIN_PLAYS)
    cards = getattr(content, "cards", None)
    if not cards:
        return out
    described = pl.DataFrame(
        {
            "card": list(cards),
            "name": [c.name for c in cards.values()],
            "kind": [c.kind for c in cards.values()],
            "placed_on": [
                "room" if c.placed == "cave_troll" else PLACED_ON.get(c.kind, "-") for c in cards.values()
            ],
            "icons": [c.icons for c in cards.values()],
        },
        schema_overrides={"icons": pl.Int64},
    )
    return out.join(described, on="card", how="left", maintain_order="left").select(
        "card", "name", "kind", "placed_on", "icons", *[c for c in out.columns if c != "card"]
    )


def scorings(events: pl.LazyFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    """Per seat: board Scorings it sets off per game, the gold each earns it, and the
    gold each pays every other player on average, and how often it earns the most."""
    e = events.filter(pl.col("kind").is_in(["scoring", "gold"])).sort("game_id", "seq")
    marked = e.with_columns(
        pl.when(pl.col("kind") == "scoring").then(pl.col("seq")).otherwise(None).alias("scoring_seq")
    ).with_columns(pl.col("scoring_seq").forward_fill().over("game_id"))
    triggers = marked.filter(pl.col("kind") == "scoring").select(
        "game_id", "scoring_seq", pl.col("player").alias("trigger"), pl.col("faction").alias("seat_side")
    )
    paid = marked.filter(
        (pl.col("kind") == "gold")
        & pl.col("detail").is_in(["board_scoring", "board"])  # "board" before cavetroll-rules-2
    ).select("game_id", "scoring_seq", "player", "amount")
    n_players = seats.group_by("game_id").agg(pl.len().alias("n"))
    paid = paid.group_by("game_id", "scoring_seq", "player").agg(pl.col("amount").sum())  # per player
    per = (
        triggers.join(paid, on=["game_id", "scoring_seq"], how="left")
        .join(n_players, on="game_id")
        .group_by("game_id", "scoring_seq", "trigger", "seat_side", "n")
        .agg(
            pl.col("amount").filter(pl.col("player") == pl.col("trigger")).sum().alias("own"),
            pl.col("amount").filter(pl.col("player") != pl.col("trigger")).sum().alias("others_total"),
            pl.col("amount").filter(pl.col("player") != pl.col("trigger")).max().alias("best_other"),
        )
        .with_columns(
            (pl.col("others_total") / (pl.col("n") - 1)).alias("per_other"),
            (pl.col("own") > pl.col("best_other").fill_null(0)).alias("earns_most"),
        )
    )
    played = seats.group_by(pl.col("faction").alias("seat_side")).agg(pl.len().alias("games"))
    return (
        per.group_by("seat_side")
        .agg(
            pl.len().alias("scorings"),
            pl.col("own").cast(pl.Float64).mean().alias("gold_to_trigger"),
            pl.col("per_other").mean().alias("gold_to_each_other"),
            pl.col("earns_most").mean().alias("trigger_earns_most_share"),
        )
        .join(played, on="seat_side")
        .with_columns((pl.col("scorings") / pl.col("games")).alias("per_game"))
        .rename({"seat_side": "seat"})
        .select(
            "seat",
            "scorings",
            "per_game",
            "gold_to_trigger",
            "gold_to_each_other",
            "trigger_earns_most_share",
        )
        .sort("seat")
        .collect()
    )


def ender_wins(events: pl.LazyFrame, games: pl.LazyFrame, seats: pl.LazyFrame) -> pl.DataFrame:
    """Per player count: how often the player whose deck ran out (and so ended the game)
    wins (alone or sharing), against any player's fair share of those games (shared wins
    counted, as in the headline); its interval and design effect by deals (the games of a
    deal share its cards, ``analysis/deals.py``)."""
    from cryhavoc_sim.analysis.deals import intervals, with_deal
    from cryhavoc_sim.analysis.fair import player_shares

    enders = events.filter(pl.col("kind") == "end").select("game_id", pl.col("player").alias("ender"))
    won = seats.filter(pl.col("won")).select(
        "game_id", pl.col("player").alias("ender"), pl.lit(True).alias("w")
    )
    share = player_shares(seats, games).group_by("game_id").agg(pl.col("fair_share").first())
    per_game = (
        enders.join(won, on=["game_id", "ender"], how="left")
        .join(games.select("game_id", "n_players"), on="game_id")
        .join(share, on="game_id")
    )
    per_deal = (
        with_deal(per_game, games)
        .group_by("n_players", "deal")
        .agg(pl.len().alias("games"), pl.col("w").fill_null(False).cast(pl.Int64).sum().alias("wins"))
    )
    fair = per_game.group_by("n_players").agg(pl.col("fair_share").mean())
    return (
        intervals(per_deal, ["n_players"])
        .join(fair, on="n_players")
        .select(
            "n_players",
            "games",
            "wins",
            "fair_share",
            "win_rate",
            "ci_low",
            "ci_high",
            "deals",
            "design_effect",
        )
        .sort("n_players")
        .collect()
    )


def report_sections(run: Any, content: Any) -> ReportSections:
    from cryhavoc_sim.analysis import win_rates
    from cryhavoc_sim.analysis.fair import fair_shares

    games = run.games.collect()
    by_count = win_rates(run.seats, run.games, by=("n_players",)).collect()
    fair_by_count = dict(
        fair_shares(run.seats, run.games, by=("n_players",))
        .select("n_players", "fair_share")
        .collect()
        .iter_rows()
    )
    sets = by_card_set(run.games, run.seats)
    by_set = win_rates(run.seats, run.games, by=("variant",)).collect().rename({"variant": "card_set"})
    swings = card_swings(run.events, content)
    triggered = scorings(run.events, run.seats)
    enders = ender_wins(run.events, run.games, run.seats)
    several_sets = games["variant"].n_unique() > 1 if games.height else False
    s = ReportSections()
    s.figures = [
        (
            "win_rate_by_players",
            "Win rate by seat and player count",
            lambda ax: seat_figure(ax, by_count, fair_by_count),
        ),
        ("card_swings", "Gold swing when a card is played", lambda ax: swing_figure(ax, swings)),
        ("ender_wins", "Does ending the game win it?", lambda ax: ender_figure(ax, enders)),
    ]
    s.tables = [
        ("Win rate by seat and player count (seat 1 plays first)", by_count),
        (
            "Classic and variant cards: length, gold and the seat spread (best less worst seat's win rate)",
            sets,
        ),
        *([("Win rate by seat and card set", by_set)] if several_sets else []),
        (
            "Gold swing when a card is played\n"
            f"Cards played at least {MIN_PLAYS} times. The swing is the player's gold plus what the board"
            " would pay it now, less the best opponent's, after the card's effect less before; ci low and"
            " ci high bound its mean (95%). A hero enters on a staircase and a monster on a pit, changing"
            " no room's control: their swing is only the Scoring their icons set off; their worth comes"
            " with the moves after.",
            swings,
        ),
        ("Board Scorings: who sets them off and what they earn (gold per Scoring)", triggered),
        (
            "How often the player who ends the game (whose deck runs out) wins\n"
            "The player holding its deck's last card chooses when to draw it (the game ends after that"
            " action: Winning the Game). How often it wins is how well the bots choose that moment, not an"
            " edge the rules give a seat.",
            enders,
        ),
    ]
    shared = games["winner"].null_count() / games.height if games.height else 0.0
    s.trust = [
        "Bot checks: the heuristic bot beats the random bot in every ladder game and decides from"
        " what its player sees (a test re-draws the hidden cards and asks it again); the game-ender's"
        " win rate measures how well it chooses when to draw its last card, not an edge of the game."
    ]
    s.findings = [
        *(
            [
                f"{shared:.0%} of games end in a shared win (ruling CT10: equal gold, no tie-break printed); each"
                " tied player counts a win, so the seats' fair shares add up to more than 100%"
                ' ([rules] tie = "seat_order" breaks ties by seat).'
            ]
            if shared >= 0.01
            else []
        ),
        *findings(enders, swings, sets),
    ]
    s.summary = {
        "win_rate_by_players": by_count.to_dicts(),
        "card_sets": sets.to_dicts(),
        "card_swings": swings.to_dicts(),
        "scorings": triggered.to_dicts(),
        "ender_wins": enders.to_dicts(),
    }
    return s


def findings(enders: pl.DataFrame, swings: pl.DataFrame, sets: pl.DataFrame) -> list[str]:
    """Headline sentences: the game-ender's edge when the data tells it from chance
    (binomial test at the effective games of its deals, p < 0.01), the card that swings most, the card sets compared."""
    from scipy.stats import binomtest

    from cryhavoc_sim.analysis.deals import effective

    out = []
    for r in enders.iter_rows(named=True):
        n, w, chance = int(r["games"]), int(r["wins"]), float(r["fair_share"])
        ew, en = effective(r)  # the games of a deal are not independent
        trials = max(1, round(en))
        if n >= 30 and binomtest(min(trials, round(ew)), trials, chance).pvalue < 0.01:
            word = "more" if w / n > chance else "less"
            out.append(
                f"In {r['n_players']}-player games the player who ends the game wins {w / n:.0%} of them, {word}"
                f" than a player's fair share of {chance:.0%}: the rules let the player holding its deck's last card choose"
                " when to draw it, and these bots draw it when they expect to win, so this measures the bots'"
                " endgame, not an edge the game gives (see 'How often the player who ends the game wins')."
            )
    if swings.height:
        top = swings.row(0, named=True)
        out.append(
            f"{top.get('name') or str(top['card']).replace('_', ' ').capitalize()} swings gold most when played: {top['mean_swing']:+.1f}"
            f" a play on average over {top['plays']:,} plays (see 'Gold swing when a card is played')."
        )
    if sets.height and sets["card_set"].n_unique() > 1:
        for n in sorted(set(sets["n_players"].to_list())):
            rows = {r["card_set"]: r for r in sets.filter(pl.col("n_players") == n).iter_rows(named=True)}
            if "classic" in rows and "variant" in rows:
                c, v = rows["classic"], rows["variant"]
                out.append(
                    f"{n}-player variant games last {v['rounds']:.1f} rounds against {c['rounds']:.1f} classic, pay"
                    f" {v['gold_per_player']:.0f} gold a player against {c['gold_per_player']:.0f}, with a seat spread of"
                    f" {v['seat_spread'] * 100:.0f} points against {c['seat_spread'] * 100:.0f} (see 'Classic and"
                    " variant cards')."
                )
    return out


def sweep_measures(run: Any) -> list[Measure]:
    """What a sweep follows: how often the game-ender wins and the first player wins."""
    enders = ender_wins(run.events, run.games, run.seats)
    out = []
    if enders.height:
        n, w = int(enders["games"].sum()), int(enders["wins"].sum())
        chance = float((enders["fair_share"] * enders["games"]).sum() / max(n, 1))
        effective = float((enders["games"] / enders["design_effect"]).sum())  # over the player counts
        out.append(
            Measure("The player who ends the game wins", w, n, chance, n / effective if effective else 1.0)
        )
    from cryhavoc_sim.analysis.deals import estimate, with_deal
    from cryhavoc_sim.analysis.fair import player_shares

    first = with_deal(player_shares(run.seats, run.games).filter(pl.col("seat") == 1), run.games).collect()
    if first.height:  # its fair share, shared wins counted
        chance = float(first["fair_share"].mean())  # type: ignore[arg-type]
        per_deal = (
            first.group_by("deal")
            .agg(pl.len().alias("games"), pl.col("won").cast(pl.Int64).sum())
            .sort("deal")
        )
        found = estimate(per_deal["won"].to_list(), per_deal["games"].to_list())
        out.append(
            Measure(
                "The first player wins", int(first["won"].sum()), first.height, chance, found.design_effect
            )
        )
    return out


def seat_figure(ax: Any, wr: pl.DataFrame, fair: dict[int, float] | None = None) -> None:
    """Each seat's win rate per player count, the fair share of those games dashed."""
    from matplotlib.ticker import PercentFormatter

    counts = sorted(set(wr["n_players"].to_list()))
    sides = sorted(set(wr["faction"].to_list()))
    width = 0.8 / max(1, len(sides))
    for k, side in enumerate(sides):
        rows = wr.filter(pl.col("faction") == side)
        xs = [counts.index(n) - 0.4 + width * (k + 0.5) for n in rows["n_players"].to_list()]
        rates = rows["win_rate"].to_list()
        err = [
            [r - lo for r, lo in zip(rates, rows["ci_low"].to_list(), strict=True)],
            [hi - r for r, hi in zip(rates, rows["ci_high"].to_list(), strict=True)],
        ]
        ax.bar(
            xs,
            rates,
            width=width,
            yerr=err,
            capsize=3,
            label=side.capitalize(),
            color=SIDE_COLOURS.get(side, "#777777"),
        )
    for i, n in enumerate(counts):
        share = (fair or {}).get(n, 1 / n)
        ax.hlines(share, i - 0.45, i + 0.45, colors="black", linestyles="dashed", linewidth=1)
    ax.set_xticks(range(len(counts)), [f"{n} players" for n in counts])
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("win rate (95% Wilson interval; dashed: fair share)")
    ax.set_title("Win rate by seat (seat 1 plays first) and player count")
    ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.0, 1.0))


def swing_figure(ax: Any, swings: pl.DataFrame) -> None:
    rows = swings.sort("mean_swing")
    names = rows["name"].to_list() if "name" in rows.columns else [None] * rows.height
    # the printed name, told apart from a card of the same name by its icons
    icons = rows["icons"].to_list() if "icons" in rows.columns else [0] * rows.height
    labels = [
        (n or str(c).replace("_", " ").capitalize())
        + (f" ({i} icon{'s' if i > 1 else ''})" if n and i else "")
        for c, n, i in zip(rows["card"].to_list(), names, icons, strict=True)
    ]
    means = rows["mean_swing"].to_list()
    err = [
        [m - lo for m, lo in zip(means, rows["ci_low"].to_list(), strict=True)],
        [hi - m for m, hi in zip(means, rows["ci_high"].to_list(), strict=True)],
    ]
    ax.barh(labels, means, xerr=err, capsize=3, color=["#2f6fb3" if m >= 0 else "#c0392b" for m in means])
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("mean gold swing for the player (95% interval)")
    ax.set_title("Which cards swing gold most when played")


def ender_figure(ax: Any, enders: pl.DataFrame) -> None:
    from matplotlib.ticker import PercentFormatter

    labels = [f"{n} players" for n in enders["n_players"].to_list()]
    rates = enders["win_rate"].to_list()
    err = [
        [r - lo for r, lo in zip(rates, enders["ci_low"].to_list(), strict=True)],
        [hi - r for r, hi in zip(rates, enders["ci_high"].to_list(), strict=True)],
    ]
    ax.bar(labels, rates, yerr=err, capsize=5, color="#666666")
    for i, c in enumerate(enders["fair_share"].to_list()):
        ax.hlines(c, i - 0.4, i + 0.4, colors="black", linestyles="dashed", linewidth=1)
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(PercentFormatter(1.0))
    ax.set_ylabel("the game-ender wins (dashed: fair share)")
    ax.set_title("How often the player who ends the game wins")
