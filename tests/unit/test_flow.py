"""The game-flow and calibration measures (analysis/flow.py) on hand-built lines, and the
win-probability recorder and model files (games/winprob.py) on hand-made states."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import polars as pl
import pytest

from cryhavoc_sim.analysis import flow
from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.winprob import LineRecorder, WinModel, parse_model


def seats(rows: list[tuple[int, str, int, bool, list[float] | None]]) -> pl.LazyFrame:
    """(game_id, player, seat, won, line) rows as the seats table holds them."""
    return pl.DataFrame(
        {
            "run_id": ["r"] * len(rows),
            "game_id": [r[0] for r in rows],
            "player": [r[1] for r in rows],
            "faction": [r[1] for r in rows],
            "seat": [r[2] for r in rows],
            "won": [r[3] for r in rows],
            "win_line": [r[4] for r in rows],
        },
        schema_overrides={"win_line": pl.List(pl.Float32), "seat": pl.Int8},
    ).lazy()


def games(ids: list[int], n: int = 2) -> pl.LazyFrame:
    return pl.DataFrame({"run_id": ["r"] * len(ids), "game_id": ids, "n_players": [n] * len(ids)}).lazy()


def test_a_comeback_game_measures_as_defined() -> None:
    # a trails 0.5 -> 0.25 -> 0.75 and wins: one lead change at checkpoint 2 (b leads),
    # another at 3; it leads from 3 on; comeback 1 / 0.25 = 4; drama: 0 + (0.75 - 0.25) + 0
    s = seats([(0, "a", 1, True, [0.5, 0.25, 0.75]), (0, "b", 2, False, [0.5, 0.75, 0.25])])
    out = flow.game_flow(flow.line_points(s), games([0])).collect().row(0, named=True)
    assert out["winner"] == "a" and out["winner_seat"] == 1 and out["checkpoints"] == 3
    assert out["lead_changes"] == 2
    assert out["ahead_from"] == 3
    assert out["comeback"] == pytest.approx(4.0)
    assert out["drama"] == pytest.approx(0.5)
    # a moves 0.25 + 0.5 + (1 - 0.75); b the same: half of the sum
    assert out["excitement"] == pytest.approx(1.0)


def test_a_tie_at_the_start_goes_to_the_first_name_and_a_win_from_behind_has_no_ahead_from() -> None:
    s = seats([(0, "a", 1, False, [0.5, 0.8]), (0, "b", 2, True, [0.5, 0.2])])
    out = flow.game_flow(flow.line_points(s), games([0])).collect().row(0, named=True)
    assert out["lead_changes"] == 0  # a leads both checkpoints (the tie goes to "a")
    assert out["ahead_from"] is None
    assert out["comeback"] == pytest.approx(5.0)


def test_shared_wins_solo_lines_and_lineless_seats_are_left_out() -> None:
    s = seats(
        [
            (0, "a", 1, True, [0.5, 0.5]),
            (0, "b", 2, True, [0.5, 0.5]),  # a shared win
            (1, "a", 1, True, [0.3, 0.6]),  # one player on the line (solo)
            (2, "a", 1, True, [0.6, 0.9]),
            (2, "b", 2, False, [0.4, 0.1]),
            (2, "npc", 3, False, None),
        ]
    )
    out = flow.game_flow(flow.line_points(s), games([0, 1, 2])).collect()
    assert out["game_id"].to_list() == [2]


def test_calibration_brier_and_expected_calibration_error() -> None:
    # predictions 0.05 (won 0 of 2) and 0.85 (won 1 of 2): bins 0 and 8
    s = seats([(0, "a", 1, False, [0.05, 0.85]), (0, "b", 2, True, [0.05, 0.85])])
    pts = flow.line_points(s)
    cal = flow.calibration(pts).collect().row(0, named=True)
    brier = (0.05**2 + 0.95**2 + 0.85**2 + 0.15**2) / 4
    assert cal["predictions"] == 4 and cal["games"] == 1
    assert cal["brier"] == pytest.approx(brier, abs=1e-6)
    assert cal["ece"] == pytest.approx((2 * abs(0.05 - 0.5) + 2 * abs(0.85 - 0.5)) / 4, abs=1e-6)
    rel = flow.reliability(pts).collect()
    assert rel["bin"].to_list() == [0, 8] and rel["predictions"].to_list() == [2, 2]


def test_flow_summary_shares() -> None:
    s = seats(
        [
            (0, "a", 1, True, [0.5, 0.1, 0.9]),  # comeback 10, won from checkpoint 3
            (0, "b", 2, False, [0.5, 0.9, 0.1]),
            (1, "a", 1, True, [0.6, 0.7]),  # led throughout
            (1, "b", 2, False, [0.4, 0.3]),
        ]
    )
    per_game = flow.game_flow(flow.line_points(s), games([0, 1]))
    row = flow.flow_summary(per_game).collect().row(0, named=True)
    assert row["games"] == 2
    assert row["comeback_5_plus"] == pytest.approx(0.5) and row["comeback_10_plus"] == pytest.approx(0.5)
    assert row["decided_by_2"] == pytest.approx(0.5)
    assert row["with_lead_change"] == pytest.approx(0.5)
    assert row["won_from_behind"] == pytest.approx(0.0)


@dataclass
class Toy:
    """A state with a checkpoint and one feature per player."""

    round: int
    x: dict[str, float]
    is_over: bool = False


class ToyLine:
    game = "toy"
    features_version = "toy-1"
    features = ("x",)
    reads = "observation"
    checkpoint_word = "Round"

    def checkpoint(self, state: Any) -> int:
        return int(state.round)

    def players(self, state: Any) -> tuple[str, ...]:
        return tuple(sorted(state.x))

    def features_of(self, state: Any, player: str) -> list[float]:
        return [state.x[player]]

    def shipped(self) -> WinModel:
        return WinModel("toy", "toy-1", ("x",), (1.0,), 0.0)


def test_recorder_reads_each_checkpoint_once_normalises_and_repeats_a_skipped_one() -> None:
    line = ToyLine()
    rec = LineRecorder(line, line.shipped())
    rec(Toy(1, {"a": 0.0, "b": 0.0}))
    rec(Toy(1, {"a": 5.0, "b": -5.0}))  # the same Round: not read again
    rec(Toy(3, {"a": math.log(3), "b": -math.log(3)}))  # Round 2 had no decision
    lines = rec.lines()
    assert lines["a"][:2] == [0.5, 0.5]
    # logistic(ln 3) = 0.75, logistic(-ln 3) = 0.25: they sum to 1 already
    assert lines["a"][2] == pytest.approx(0.75) and lines["b"][2] == pytest.approx(0.25)


def test_a_model_file_of_another_game_features_or_content_is_refused() -> None:
    line = ToyLine()
    good = WinModel("toy", "toy-1", ("x",), (1.0,), 0.0, {"content": "toy-base@1+abc"})
    assert parse_model(good.to_json(), "m", line, "toy-base@1+def").coef == (1.0,)  # overrides: another hash
    with pytest.raises(ScenarioError, match="a win model of the game 'other'; allowed: 'toy'"):
        parse_model(good.to_json().replace('"toy"', '"other"'), "m", line)
    with pytest.raises(ScenarioError, match="fitted on the feature set 'toy-0'"):
        parse_model(good.to_json().replace('"toy-1"', '"toy-0"'), "m", line)
    with pytest.raises(
        ScenarioError, match="fitted on the content 'toy-base@1\\+abc'; allowed: a model of 'toy-base@2'"
    ):
        parse_model(good.to_json(), "m", line, "toy-base@2+abc")
    with pytest.raises(ScenarioError, match="not a JSON win model"):
        parse_model("[", "m", line)


@dataclass
class Asked:
    current_player: str | None
    kind: str
    answers: tuple[int, ...]

    def legal_answers(self) -> tuple[int, ...]:
        return self.answers


def test_the_decision_counter_counts_choices_by_player_and_kind() -> None:
    from cryhavoc_sim.analysis.decisions import decision_points
    from cryhavoc_sim.games.decisions import DecisionCounter

    count = DecisionCounter()
    for state in (
        Asked("a", "move", (1, 2)),
        Asked("a", "move", (1,)),  # one legal answer: no choice
        Asked("a", "buy", (1, 2, 3)),
        Asked("b", "move", (4,)),
        Asked(None, "", ()),  # the end of the game
    ):
        count(state)
    count.gaps.record("a", "move", 0.62, 0.50)  # a search answered a's move with a choice
    rows = count.rows()
    none = {"searched": 0, "gap_sum": 0.0, "over_1pt": 0, "over_5pt": 0}
    assert rows == {
        "a": [
            {"kind": "buy", "asked": 1, "choices": 1, **none},
            {
                "kind": "move",
                "asked": 2,
                "choices": 1,
                "searched": 1,
                "gap_sum": pytest.approx(0.12),
                "over_1pt": 1,
                "over_5pt": 1,
            },
        ],
        "b": [{"kind": "move", "asked": 1, "choices": 0, **none}],
    }
    seats_frame = pl.DataFrame(
        {"run_id": ["r", "r"], "game_id": [0, 0], "faction": ["x", "x"], "decisions": [rows["a"], rows["b"]]}
    ).lazy()
    out = decision_points(seats_frame).collect()
    move = out.filter(pl.col("kind") == "move").row(0, named=True)
    assert move["asked"] == 3 and move["choices"] == 1 and move["share_with_choice"] == pytest.approx(1 / 3)


def test_decision_gaps_pool_the_searched_decisions_of_a_side_and_kind() -> None:
    from cryhavoc_sim.analysis.decisions import decision_gaps
    from cryhavoc_sim.storage.schema import SEATS

    def kind(
        name: str, searched: int | None, gap_sum: float | None, over_1: int | None, over_5: int | None
    ) -> dict[str, object]:
        return {
            "kind": name,
            "asked": 9,
            "choices": 6,
            "searched": searched,
            "gap_sum": gap_sum,
            "over_1pt": over_1,
            "over_5pt": over_5,
        }

    seats = pl.DataFrame(
        {
            "run_id": ["r"] * 4,
            "game_id": [0, 0, 1, 2],
            "faction": ["x", "y", "x", "x"],
            "decisions": [
                [kind("move", 4, 0.2, 3, 1), kind("buy", 0, 0.0, 0, 0)],  # buy: never searched, no row
                [kind("move", 0, 0.0, 0, 0)],
                [kind("move", 6, 0.3, 2, 1)],
                [kind("move", None, None, None, None)],  # a run written before the gaps
            ],
        },
        schema={
            "run_id": pl.String,
            "game_id": pl.Int64,
            "faction": pl.String,
            "decisions": SEATS["decisions"],
        },
    ).lazy()
    out = decision_gaps(seats).collect()
    assert out.select("faction", "kind").rows() == [("x", "move")]
    row = out.row(0, named=True)
    assert row["games"] == 2 and row["searched"] == 10
    assert row["mean_gap"] == pytest.approx(0.05)
    assert row["share_over_1pt"] == pytest.approx(0.5) and row["share_over_5pt"] == pytest.approx(0.2)


def test_the_deal_share_is_one_when_the_deal_decides_and_zero_when_it_tells_nothing() -> None:
    from cryhavoc_sim.analysis.luck import deal_share

    def frames(won: list[bool], seeds: list[int]) -> tuple[pl.LazyFrame, pl.LazyFrame]:
        n = len(won)
        seats_frame = pl.DataFrame(
            {
                "run_id": ["r"] * n,
                "game_id": list(range(n)),
                "faction": ["x"] * n,
                "is_npc": [False] * n,
                "won": won,
            }
        ).lazy()
        games_frame = pl.DataFrame({"run_id": ["r"] * n, "game_id": list(range(n)), "seed": seeds}).lazy()
        return seats_frame, games_frame

    # two games a deal; deals 1 and 3 won twice, 2 and 4 lost twice: the deal decides
    decided = deal_share(
        *frames([True, True, False, False, True, True, False, False], [1, 1, 2, 2, 3, 3, 4, 4])
    )
    row = decided.collect().row(0, named=True)
    assert row["deals"] == 4 and row["games"] == 8
    assert row["deal_share"] == pytest.approx(1.0) and row["eta2"] == pytest.approx(1.0)
    # every deal won once and lost once: the deal tells nothing (ICC(1) estimates -1: shown as 0)
    nothing = deal_share(*frames([True, False] * 4, [1, 1, 2, 2, 3, 3, 4, 4])).collect().row(0, named=True)
    assert nothing["eta2"] == pytest.approx(0.0) and nothing["deal_share"] == 0.0
    # one game a deal: the deal cannot be told from the game
    alone = deal_share(*frames([True, False, True], [1, 2, 3])).collect().row(0, named=True)
    assert alone["deal_share"] is None


def test_the_deal_share_is_the_same_on_every_reading(tmp_path: Any) -> None:
    """The same games read again give the same shares to the last digit: the rows reach a
    group in an order, and polars' float sum adds them in pieces, that vary from call to
    call (a balance report's summary.json differed in eta2's last digit)."""
    from cryhavoc_sim.analysis.luck import deal_share

    for part in range(6):  # six shards of 100 games: three a deal, each with three sides
        ids = [g for g in range(part * 100, part * 100 + 100) for _ in range(3)]
        pl.DataFrame(
            {
                "run_id": ["r"] * 300,
                "game_id": ids,
                "faction": ["x", "y", "z"] * 100,
                "is_npc": [False] * 300,
                "won": [(g * 2654435761 + k * 97) % 10 < 4 for k, g in enumerate(ids)],
            }
        ).write_parquet(tmp_path / f"seats-{part}.parquet")
        games = range(part * 100, part * 100 + 100)
        pl.DataFrame(
            {"run_id": ["r"] * 100, "game_id": list(games), "seed": [(g // 3) * 7919 for g in games]}
        ).write_parquet(tmp_path / f"games-{part}.parquet")
    seats, games = (
        pl.scan_parquet(tmp_path / "seats-*.parquet"),
        pl.scan_parquet(tmp_path / "games-*.parquet"),
    )
    readings = {tuple(deal_share(seats, games).collect().rows()) for _ in range(12)}
    assert len(readings) == 1
