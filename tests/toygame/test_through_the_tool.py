"""The proof game runs through the whole tool with nothing but its rules, content and
bots (issue 28): the soak and the copy and determinize testers find nothing, and the
CLI's run, report, replay, ladder and soak work for it, in this process (the game is
registered only here, so workers are one)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from cryhavoc_sim import cli
from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.harness.soak import soak
from cryhavoc_sim.games.harness.testers import copy_problems, determinize_problems
from cryhavoc_sim.games.state import IllegalAnswer
from cryhavoc_sim.rng import stream
from tests.toygame.content import load_content
from tests.toygame.rules import RULES, BluffState

SCENARIO = """[scenario]
name = "bluff"
game = "bluff"
games = 300
seed = 5

[bots]
default = "random"
first = "heuristic"
"""


def invoke(*args: str) -> str:
    result = CliRunner().invoke(cli.app, list(args))
    assert result.exit_code == 0, (result.output, result.exception)
    return result.output


def test_the_harness_finds_nothing_wrong() -> None:
    assert soak(RULES, 1, 0, 300) == []
    assert copy_problems(RULES, 1, 60) == []
    assert determinize_problems(RULES, 1, 60) == []


def test_a_hand_played_by_its_rules() -> None:
    """The rules' worked example: first checks, second bets, first calls; the king
    beats the queen and takes the pot of 4 (2 each), +2 chips; an illegal answer is
    refused naming the request and what is allowed."""
    state = BluffState(
        load_content(),
        {"first": "king", "second": "queen"},
        ["jack", "queen"],
        paid={"first": 1, "second": 1},
    )
    for answer in ("check", "bet"):
        state.apply(answer)
    with pytest.raises(IllegalAnswer, match=r"'raise'.*allowed: call, fold"):
        state.apply("raise")
    state.apply("call")
    assert state.is_over and state.winners == ("first",) and state.chips("first") == 2
    tie = BluffState(
        load_content(),
        {"first": "queen", "second": "queen"},
        ["jack", "king"],
        paid={"first": 1, "second": 1},
    )
    tie.apply("check")
    tie.apply("check")
    assert tie.winners == ("first", "second") and tie.results() == {"first": 1.0, "second": 1.0}


def test_a_determinization_keeps_what_the_player_saw_and_redraws_the_rest() -> None:
    state = RULES.new_state(load_content(), RULES.soak_setup(0), 1, stream(1, "game"), False)
    other = {state.determinize("first", stream(1, f"d{k}")).hands["second"] for k in range(30)}
    assert len(other) > 1 and state.hands["first"] not in other - {"queen"}


def test_run_report_replay_ladder_soak_through_the_cli(bluff: str, tmp_path: Path) -> None:
    assert get_game(bluff).title == "Bluff"
    path = tmp_path / "bluff.toml"
    path.write_text(SCENARIO)
    invoke("run", str(path), "-o", str(tmp_path / "run"), "-q", "-j", "1")
    seats = pl.read_parquet(tmp_path / "run" / "seats" / "*.parquet")
    assert seats.height == 600 and set(seats["faction"]) == {"first", "second"}
    assert seats["final_vp"].sum() == 0  # chips change hands, never appear
    heuristic = seats.filter(pl.col("bot") == "heuristic")["won"].mean()
    assert isinstance(heuristic, float) and heuristic > 0.55  # judgement beats coin flips

    invoke("report", str(tmp_path / "run"), "-o", str(tmp_path / "rep"))
    text = (tmp_path / "rep" / "report.md").read_text()
    assert "Bluff" in text and "proof game" in text

    out = invoke("replay", str(tmp_path / "run"), "3")
    assert "Replayed events equal the stored events." in out and "round 1:" in out

    out = invoke("ladder", "--game", bluff, "--bots", "random,heuristic", "-r", "20", "-j", "1", "--json")
    assert '"heuristic"' in out

    out = invoke("soak", "--game", bluff, "-n", "100", "-j", "1", "-q")
    assert "0 game(s) with violations" in out and "0 problem(s)" in out


# The search hook: once games/search/ exists, its ISMCTS must play Bluff through this
# protocol. The coordinator enables this test by deleting the skip.
@pytest.mark.skip(reason="enable when games/search/ (issue 28 part 3) is merged")
def test_search_plays_the_proof_game(bluff: str) -> None:  # pragma: no cover
    from cryhavoc_sim.games.search import Ismcts  # type: ignore[import-not-found]

    state = RULES.new_state(load_content(), RULES.soak_setup(0), 1, stream(1, "game"), False)
    bot = Ismcts(RULES, "first", stream(1, "bot:first"), iterations=50)
    assert bot.decide(state) in state.legal_answers()
