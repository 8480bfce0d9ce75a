"""What a designer reads in a report (issue 31): one fair share everywhere (shared wins
counted), percent on every rate axis, human labels instead of raw ids."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import polars as pl
import pytest
from matplotlib.ticker import PercentFormatter

from cryhavoc_sim.analysis.fair import fair_shares
from cryhavoc_sim.games.cavetroll import report as cavetroll
from cryhavoc_sim.games.cryhavoc import report as cryhavoc
from cryhavoc_sim.games.protocol import Vocabulary
from cryhavoc_sim.report import figures

# two 2-player games: the first won by both players (a shared win), the second by seat 1
GAMES = pl.LazyFrame({"game_id": [0, 1], "n_players": [2, 2], "winner": [None, "p0"]})
SEATS = pl.LazyFrame(
    {
        "game_id": [0, 0, 1, 1],
        "player": ["p0", "p1", "p0", "p1"],
        "faction": ["seat 1", "seat 2", "seat 1", "seat 2"],
        "seat": [1, 2, 1, 2],
        "won": [True, True, True, False],
        "is_npc": [False] * 4,
    }
)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("scoring_crystals", "Scoring Crystals"),
        ("humans", "Humans"),
        ("seat 2", "Seat 2"),
        ("score_a_room", "Score a Room"),
    ],
)
def test_ids_become_labels(raw: str, shown: str) -> None:
    assert figures.label(raw) == shown


def test_a_shared_win_is_in_the_fair_share() -> None:
    shares = fair_shares(SEATS, GAMES, by=("n_players",)).collect()
    assert shares["fair_share"].to_list() == [0.75]  # (2/2 + 1/2) / 2, not 1/2


def test_the_game_ender_is_judged_against_the_same_fair_share() -> None:
    events = pl.LazyFrame({"game_id": [0, 1], "kind": ["end", "end"], "player": ["p1", "p1"]})
    enders = cavetroll.ender_wins(events, GAMES, SEATS)
    assert enders.columns[:4] == ["n_players", "games", "wins", "fair_share"]
    assert enders.row(0, named=True)["fair_share"] == 0.75 and enders["wins"].to_list() == [1]


def _draw(draw: object) -> plt.Axes:
    fig, ax = plt.subplots()
    draw(ax)  # type: ignore[operator]
    fig.canvas.draw()
    return ax


def test_cave_troll_figures_are_in_percent_with_the_fair_share_dashed() -> None:
    from cryhavoc_sim.analysis import win_rates

    by_count = win_rates(SEATS, GAMES, by=("n_players",)).collect()
    ax = _draw(lambda ax: cavetroll.seat_figure(ax, by_count, {2: 0.75}))
    assert isinstance(ax.yaxis.get_major_formatter(), PercentFormatter)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Seat 1", "Seat 2"]
    dashed = [c for c in ax.collections if c.get_linestyle()[0][1] is not None]
    assert dashed and dashed[0].get_segments()[0][0][1] == 0.75
    events = pl.LazyFrame({"game_id": [0, 1], "kind": ["end", "end"], "player": ["p1", "p1"]})
    enders = cavetroll.ender_wins(events, GAMES, SEATS)
    ax = _draw(lambda ax: cavetroll.ender_figure(ax, enders))
    assert isinstance(ax.yaxis.get_major_formatter(), PercentFormatter)


def test_shared_figures_show_labels_not_ids() -> None:
    src = pl.DataFrame(
        {
            "faction": ["humans", "humans", "trogs"],
            "source": ["scoring_crystals", "battle_control", "scoring_crystals"],
            "vp_per_game": [10.0, 2.0, 8.0],
        }
    )
    ax = _draw(lambda ax: figures.vp_by_source(ax, src, Vocabulary()))
    assert {t.get_text() for t in ax.get_legend().get_texts()} == {"Scoring Crystals", "Battle Control"}
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Humans", "Trogs"]
    gold = Vocabulary(side="seat", score="gold", seat_is_side=True, side_plural=False)
    assert _draw(lambda ax: figures.vp_by_source(ax, src, gold)).get_title() == "Where the gold comes from"


def test_cry_havoc_game_length_is_in_percent() -> None:
    length = pl.DataFrame(
        {"rounds_played": [4, 5], "end": ["early", "five Rounds"], "share": [0.25, 0.75], "games": [1, 3]}
    )
    ax = _draw(lambda ax: cryhavoc.game_length_figure(ax, length))
    assert isinstance(ax.yaxis.get_major_formatter(), PercentFormatter)


def test_the_winning_margin_counts_the_same_wins() -> None:
    """The margin table counts each player of a shared win, as the win-rate table does
    (Cave Troll's seat 1 had 64 wins there and 60 here: ranks, not wins, were counted)."""
    from cryhavoc_sim.analysis import win_rates, winning_margin

    seats = SEATS.with_columns(pl.Series("final_vp", [20, 20, 30, 25]), pl.Series("rank", [1, 1, 1, 2]))
    margin = winning_margin(seats).collect()
    wins = win_rates(seats, GAMES).collect()
    assert dict(margin.select("faction", "wins").iter_rows()) == dict(
        wins.select("faction", "wins").iter_rows()
    )
    assert margin.row(0, named=True)["mean_margin"] == 5.0  # game 1's lead of 5; game 0 had no loser
