"""Sweeps (issue 14): designs, cells as ordinary runs, resume, analysis and report."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.sweeps.design import parse_design

GRID = """[sweep]
name = "tiny"
scenario = "four_player"
method = "grid"
games = {games}
seed = 3

[factors]
"tokens.war_party.*.trogs" = [1, 3]
"rules.trog_start_units_4p" = [1, 3]
"""


def write(tmp: Path, text: str, name: str = "d.toml") -> Path:
    path = tmp / name
    path.write_text(text)
    return path


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args], capture_output=True, text=True, timeout=600, cwd=cwd
    )


def test_grid_cells_are_every_combination_after_the_shipped_cell() -> None:
    d = parse_design(GRID.format(games=10))
    assert len(d.cells) == 5 and d.cells[0] == (None, None)
    assert d.cell_values(0) == {}
    assert [d.cell_values(i) for i in range(1, 5)] == [
        {"tokens.war_party.*.trogs": a, "rules.trog_start_units_4p": b} for a in (1, 3) for b in (1, 3)
    ]
    sc = d.cell_scenario(4)
    assert sc.override_map == {"tokens.war_party.*.trogs": 3}
    assert sc.setup.rules.trog_start_units_4p == 3 and sc.games == 10 and sc.seed == 3
    assert sc.name == "tiny-c0004"


def test_oat_varies_one_factor_at_a_time() -> None:
    d = parse_design(GRID.format(games=10).replace('"grid"', '"oat"'))
    sets = [d.cell_values(i) for i in range(len(d.cells))]
    # 1 War Party Trog is shipped: that cell is cell 0 (four cells, not five)
    assert sets[0] == {} and all(len(s) == 1 for s in sets[1:]) and len(sets) == 4


@pytest.mark.parametrize(("method", "samples", "rows"), [("lhs", 6, 6), ("morris", 3, 9), ("sobol", 4, 16)])
def test_salib_designs_map_rows_onto_cells(method: str, samples: int, rows: int) -> None:
    text = (
        GRID.format(games=10)
        .replace('"grid"', f'"{method}"')
        .replace("seed = 3", f"seed = 3\nsamples = {samples}")
    )
    d = parse_design(text)
    assert len(d.rows) == rows == len(d.matrix)
    assert set(d.rows) <= set(range(1, len(d.cells))) and len(d.cells) <= rows + 1
    assert parse_design(text).cells == d.cells  # the seed fixes the sample
    for row, cell in zip(d.matrix, d.rows, strict=True):  # each row lands on its nearest values
        for x, f, i in zip(row, d.factors, d.cells[cell], strict=True):
            assert i == round(x * (len(f.values) - 1))


def test_plausible_takes_the_declared_range() -> None:
    d = parse_design(GRID.format(games=10).replace('[1, 3]\n"rules', '"plausible"\n"rules', 1))
    assert d.factors[0].values == (1, 2, 3, 4)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            ('"tokens.war_party.*.trogs"', '"tokens.war_party.*.trog"'),
            "factors.tokens.war_party.*.trog' value 1 cannot be played",
        ),
        (('[1, 3]\n"rules', '[1, 300]\n"rules'), "value 300 cannot be played"),
        (
            ('"rules.trog_start_units_4p" = [1, 3]', '"rules.trog_start_units_4p" = [1, 99]'),
            "must be between 0 and 16",
        ),
        (
            ('"rules.trog_start_units_4p" = [1, 3]', '"rules.trog_start_units_4p" = "plausible"'),
            "only content numbers declare",
        ),
        (('method = "grid"', 'method = "magic"'), "allowed: grid, oat, lhs, morris, sobol"),
        (('method = "grid"', 'method = "sobol"\nsamples = 6'), "must be a power of 2"),
        (("games = 10", "games = 0"), "sweep.games' must be a whole number"),
        (('scenario = "four_player"', 'scenario = "nope"'), "field 'sweep.scenario' cannot be used"),
        (("[factors]", "[factors]\nx = 1"), "must be a list of 2 or more values"),
    ],
)
def test_bad_designs_are_one_sentence(edit: tuple[str, str], message: str) -> None:
    text = GRID.format(games=10)
    assert edit[0] in text
    with pytest.raises(UserError, match=None) as err:
        parse_design(text.replace(*edit), "d.toml")
    assert str(err.value).startswith("d.toml: ") and message in str(err.value), str(err.value)


def test_a_design_too_large_for_max_games_is_refused() -> None:
    with pytest.raises(
        UserError, match=r"plays 5,000 games \(5 cells x 1,000\); allowed with --max-games: at most 4,000"
    ):
        parse_design(GRID.format(games=1000), "d.toml", max_games=4000)


def test_a_sweep_end_to_end_and_its_resume(tmp_path: Path) -> None:
    """The CLI plays every cell as an ordinary run, writes results and the report; a
    cell lost afterwards is played again by --resume, identically (same seeds)."""
    design = write(tmp_path, GRID.format(games=24))
    out = tmp_path / "sw"
    done = cli("sweep", str(design), "-o", str(out), "-j", "2", "-q")
    assert done.returncode == 0, done.stderr
    assert "Sweep of 5 cells x 24 games complete" in done.stdout and "Report written to" in done.stdout
    record = json.loads((out / "sweep.json").read_text())
    assert record["status"] == "complete" and all(c["complete"] for c in record["cells"])
    results = pl.read_parquet(out / "results.parquet")
    assert results["cell"].n_unique() == 5 and set(results["side"]) == {
        "humans",
        "pilgrims",
        "machines",
        "trogs",
    }
    assert (results.group_by("cell").agg(pl.col("wins").sum())["wins"] == 24).all()
    for c in range(5):
        m = json.loads((out / "cells" / f"c{c:04d}" / "manifest.json").read_text())
        content = {k: v for k, v in record["cells"][c]["values"].items() if not k.startswith("rules.")}
        assert m["status"] == "complete" and m["config"].get("overrides", {}) == content
    page = (out / "report" / "report.html").read_text()
    assert "How far each factor moves" in page and page.count("<img") == 2
    assert "Statements of the shipped scenario" in page and "RECONSTRUCTED" in page
    assert 'class="trust"' in page and "the bots unchanged" in page and "Who played: heuristic" in page
    summary = json.loads((out / "report" / "summary.json").read_text())
    assert summary["cells"] == 5 and summary["statements"]
    # the game's own measures (GameSpec.sweep_measures): the final Round, per cell
    measures = pl.read_parquet(out / "measures.parquet")
    assert measures["cell"].n_unique() == 5 and (measures["trials"] == 24).all()
    assert any(m.startswith("The final Round decides the winner") for m in measures["measure"])
    assert any("more often than chance" in s["statement"] for s in summary["statements"])
    assert "own measures: share of games" in page

    # the report of an ordinary run of the scenario names its most sensitive numbers when
    # asked (--sweep), naming the sweep by a relative path; never unasked
    assert cli("run", "four_player", "-n", "8", "-o", str(tmp_path / "runs" / "fp"), "-q").returncode == 0
    (tmp_path / "sweeps").mkdir()
    (tmp_path / "sweeps" / "tiny").symlink_to(out)
    rep = cli("report", "runs/fp", "-o", "rep", cwd=tmp_path)
    assert rep.returncode == 0, rep.stderr
    assert "Most sensitive numbers" not in (tmp_path / "rep" / "report.md").read_text()
    rep = cli("report", "runs/fp", "-o", "rep2", "--sweep", "sweeps/tiny", cwd=tmp_path)
    assert rep.returncode == 0, rep.stderr
    text = (tmp_path / "rep2" / "report.md").read_text()
    assert "Most sensitive numbers (sweep tiny, 5 cells of 24 games" in text
    assert "sweeps/tiny" in text and str(tmp_path) not in text

    # a finished sweep is not overwritten
    again = cli("sweep", str(design), "-o", str(out), "-q")
    assert again.returncode == 2 and "add --resume" in again.stderr
    # lose a cell: --resume plays exactly it, with the same result
    before = pl.read_parquet(out / "cells" / "c0003" / "games" / "*.parquet").sort("game_id")
    import shutil

    shutil.rmtree(out / "cells" / "c0003")
    resumed = cli("sweep", str(design), "-o", str(out), "-q", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "24 games played now" in resumed.stdout
    after = pl.read_parquet(out / "cells" / "c0003" / "games" / "*.parquet").sort("game_id")
    assert after.drop("run_id").equals(before.drop("run_id"))
    # a changed design does not resume into this sweep
    changed = cli("sweep", str(write(tmp_path, GRID.format(games=25))), "-o", str(out), "-q", "--resume")
    assert changed.returncode == 2 and "another design" in changed.stderr


def test_an_interrupted_sweep_keeps_its_cells_and_resumes(tmp_path: Path) -> None:
    design = write(tmp_path, GRID.format(games=150))
    out = tmp_path / "sw"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cryhavoc_sim", "sweep", str(design), "-o", str(out), "-j", "1", "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 300
    while time.time() < deadline and not (out / "cells" / "c0001" / "manifest.json").exists():
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=300)
    assert proc.returncode == 130, err
    assert "cells complete in" in err and "--resume" in err
    record = json.loads((out / "sweep.json").read_text())
    assert record["status"] == "interrupted" and not (out / "results.parquet").exists()
    kept = [c["cell"] for c in record["cells"] if c["complete"]]
    assert 0 in kept and len(kept) < 5
    command = err.strip().splitlines()[-1].split()
    again = cli(*command[1:])
    assert again.returncode == 0, again.stderr
    results = pl.read_parquet(out / "results.parquet")
    assert (results.group_by("cell").agg(pl.col("wins").sum())["wins"] == 150).all()


def test_the_notebook_api(tmp_path: Path) -> None:
    from cryhavoc_sim import sweep

    design = write(
        tmp_path,
        GRID.format(games=12).replace('"grid"', '"morris"').replace("seed = 3", "seed = 3\nsamples = 2"),
    )
    result = sweep(design, out=tmp_path / "sw", workers=1)
    assert result.results["cell"].n_unique() >= 2
    assert set(result.spans["side"]) == {"humans", "pilgrims", "machines", "trogs"}
    assert result.report.exists() and "Morris mu*" in result.report.read_text()
    assert sweep(design, out=tmp_path / "sw").results.equals(result.results)  # reused


def test_bot_line_ups_and_scenario_fields_are_factors() -> None:
    """A sweep can vary who plays (bots.<faction> / bots.default) and scenario fields."""
    d = parse_design(
        '[sweep]\nname = "b"\nscenario = "quick"\nmethod = "oat"\ngames = 10\n[factors]\n'
        '"bots.default" = ["heuristic", "random"]\n"scenario.experience" = ["first_time", "veteran"]\n'
    )
    # heuristic bots and first_time are quick's own: both are cell 0
    assert d.cell_levels(0) == {"bots.default": "heuristic", "scenario.experience": "first_time"}
    assert len(d.cells) == 3
    assert d.cell_scenario(1).setup.bots["humans"] == "random"
    assert d.cell_scenario(2).setup.experience == "veteran"
    assert d.cell_scenario(2).setup.bots["humans"] == "heuristic"


def test_shipped_values_are_cell_0_played_and_counted_once(tmp_path: Path) -> None:
    """A value equal to the shipped one (here a knob's 0) is the shipped scenario again:
    it is cell 0 itself, not a second cell playing cell 0's games and counted twice in
    every statement; the level means read cell 0 at that value."""
    text = GRID.format(games=6).replace('"four_player"', '"two_player"')
    text = text.split("[factors]")[0] + '[factors]\n"rules.war_party_trogs_delta" = [0, 1]\n'
    d = parse_design(text)
    assert d.cells == ((None,), (1,)) and d.cell_levels(0) == {"rules.war_party_trogs_delta": 0}
    out = tmp_path / "sw"
    done = cli("sweep", str(write(tmp_path, text)), "-o", str(out), "-q")
    assert done.returncode == 0, done.stderr
    assert "Sweep of 2 cells x 6 games complete" in done.stdout and "12 games played now" in done.stdout
    results = pl.read_parquet(out / "results.parquet").unique("cell").sort("cell")
    assert results["plays_like"].to_list() == [0, 1]
    assert results["value:rules.war_party_trogs_delta"].to_list() == ["0", "1"]
    summary = json.loads((out / "report" / "summary.json").read_text())
    assert summary["cells"] == 2 and all(s["cells"] == 2 for s in summary["statements"])
    assert not any("played the very same games" in s for s in summary["headline"])


def test_oat_plays_the_shipped_values_once() -> None:
    """One factor at a time from the shipped content: each factor's shipped value is the
    shipped scenario, so it is cell 0 for every factor (it was one cell per factor)."""
    text = GRID.format(games=10).replace('"grid"', '"oat"')  # war party trogs: 1 is shipped
    d = parse_design(text.replace("[1, 3]\n", "[1, 2, 3]\n", 1))
    assert [d.cell_values(i) for i in range(len(d.cells))] == [
        {},
        {"tokens.war_party.*.trogs": 2},
        {"tokens.war_party.*.trogs": 3},
        {"rules.trog_start_units_4p": 1},
        {"rules.trog_start_units_4p": 3},
    ]
    assert d.cell_levels(0) == {"tokens.war_party.*.trogs": 1}


def test_statements_agree_with_the_sides_names() -> None:
    """A plural side wins ... their fair share, a seat wins ... its (Vocabulary.side_plural)."""
    from cryhavoc_sim.sweeps.analyse import statements

    results = pl.DataFrame(
        {
            "cell": [0, 0],
            "side": ["seat 1", "seat 2"],
            "win_rate": [0.7, 0.3],
            "ci_low": [0.6, 0.2],
            "ci_high": [0.8, 0.4],
            "fair_share": [0.5, 0.5],
            "verdict": ["above", "below"],
        }
    )
    seats = pl.DataFrame({"cell": [0], "seat": [1], "n_players": [2], "games": [10], "wins": [7]})
    said = statements(results, seats, plural=False)["statement"].to_list()
    assert said[0] == "Seat 1 wins more than its fair share (50%)"
    said = statements(results, seats)["statement"].to_list()
    assert said[0] == "Seat 1 win more than their fair share (50%)"  # the plural form, for Humans


def test_n_sets_the_games_of_every_cell(tmp_path: Path) -> None:
    """`sweep -n GAMES` plays GAMES games in every cell (the design's own `games` is 1000
    here); resuming with another -n is refused rather than mixing the two."""
    text = GRID.format(games=1000).replace('"four_player"', '"two_player"')
    text = text.split("[factors]")[0] + '[factors]\n"rules.war_party_trogs_delta" = [0, 1]\n'
    design, out = write(tmp_path, text), tmp_path / "sw"
    done = cli("sweep", str(design), "-o", str(out), "-q", "-n", "4")
    assert done.returncode == 0, done.stderr
    assert "Sweep of 2 cells x 4 games complete" in done.stdout and "8 games played now" in done.stdout
    assert json.loads((out / "sweep.json").read_text())["games_per_cell"] == 4
    results = pl.read_parquet(out / "results.parquet")
    assert (results.group_by("cell").agg(pl.col("wins").sum())["wins"] == 4).all()
    other = cli("sweep", str(design), "-o", str(out), "-q", "-n", "6", "--resume")
    assert other.returncode == 2 and "resume it with -n 4" in other.stderr, other.stderr
    too_many = cli("sweep", str(design), "-o", str(tmp_path / "x"), "-n", "3000", "--max-games", "5000")
    assert too_many.returncode == 2 and "6,000 games (2 cells x 3,000)" in too_many.stderr


def test_factors_are_named_in_words_and_whole() -> None:
    from cryhavoc_sim.sweeps.report import factor_name

    assert factor_name("skills.humans.veteran_forces.effect.count") == "Humans Veteran Forces: effect\ncount"
    assert factor_name("rules.start_units") == "rule: start units"
    assert factor_name("tokens.war_party.*.trogs") == "War Party (all): trogs"
    assert factor_name("factions.humans.units") == "Humans: units"
