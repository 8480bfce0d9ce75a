"""Work a design can ask for is bounded before any is done (issue 32): a range, a list, a
grid of several knobs and the games a ``scenario.games`` factor sets are counted first."""

from __future__ import annotations

import pytest

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.sweeps.design import parse_design

HEAD = """[sweep]
name = "big"
scenario = "four_player"
method = "{method}"
games = 10

[factors]
"""


def refused(body: str, message: str, method: str = "grid", max_games: int | None = None) -> None:
    with pytest.raises(UserError) as err:
        parse_design(HEAD.format(method=method) + body, "d.toml", max_games)
    assert str(err.value).startswith("d.toml: ") and message in str(err.value), str(err.value)


def test_a_huge_range_is_refused_before_its_values_are_made() -> None:
    # before: range(1, 100000001) was made, then each value checked (memory and hours)
    refused(
        '"rules.trog_start_units_4p" = { range = [1, 100000000] }',
        "give 100,000,000 values in all; allowed: at most 1,000",
    )


def test_a_long_list_is_refused_before_each_value_is_checked() -> None:
    values = ", ".join(str(i) for i in range(5000))
    refused(f'"rules.trog_start_units_4p" = [{values}]', "5,000 values in all; allowed: at most 1,000")


def test_a_grid_of_several_knobs_is_counted_before_it_is_built() -> None:
    # six real knobs of 5 to 10 playable values each: 52 values, 200,000 combinations
    # (before, every combination was made, then counted)
    body = """"rules.start_units" = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
"rules.hand_limit" = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
"rules.actions_per_round" = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
"rules.max_rounds" = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
"rules.draw_per_round" = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
"rules.battle_tokens" = [1, 2]
"""
    refused(body, "field 'factors' makes 200,001 cells; allowed: at most 10,000")


def test_a_games_factor_counts_toward_max_games() -> None:
    # each cell plays its own scenario.games: before, only sweep.games x cells was counted
    # (the value 10 is the base's own, so that cell is the base cell, played once)
    body = '"scenario.games" = [10, 5000]\n'
    refused(body, "plays 5,010 games (2 cells, each its scenario.games or 10)", max_games=1000)
    design = parse_design(HEAD.format(method="grid") + body, "d.toml", 5010)
    assert design.total_games == 10 + 5000


def test_too_many_sobol_rows_are_counted_before_salib_samples() -> None:
    with pytest.raises(UserError, match="allowed: at most 10,000"):
        parse_design(
            HEAD.format(method="sobol").replace("games = 10", "games = 10\nsamples = 8192")
            + '"rules.trog_start_units_4p" = [1, 3]\n',
            "d.toml",
        )


def test_a_megabyte_value_is_not_echoed_whole() -> None:
    # error lines name the first characters and the length (issue 32: lines were megabytes)
    with pytest.raises(UserError) as err:
        parse_design(
            HEAD.format(method="grid").replace('name = "big"', f'name = "{"x" * 1_000_000}"'), "d.toml"
        )
    assert len(str(err.value)) < 300 and "(1,000,002 characters)" in str(err.value)

    with pytest.raises(UserError) as err:
        parse_design(HEAD.format(method="grid") + "[" + "x" * 100_000 + "]\n", "d.toml")
    assert len(str(err.value)) < 300, str(err.value)[:400]
