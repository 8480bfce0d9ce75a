"""The command line as a user meets it: exit codes, one-sentence errors, run directories,
kill -9 and --resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

from tests.conftest import assert_same_tables

SMALL = """
[scenario]
name = "small"
games = 60
seed = 11
players = {players}
"""


def cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
        env={**os.environ, **env} if env else None,
    )


def one_sentence_error(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    return proc.stderr


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    path = tmp_path / "small.toml"
    path.write_text(SMALL.format(players=3))
    return path


def test_help_is_quick_and_lists_commands() -> None:
    proc = cli("--help")
    assert proc.returncode == 0
    for command in ("run", "content", "soak", "bench"):
        assert command in proc.stdout


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            '[scenario]\nname = "x"\ngames = 5\nplayers = 3\nfactions = ["humans", "elves", "machines"]',
            "field 'scenario.factions' names unknown faction 'elves'; allowed: humans, pilgrims, machines, trogs",
        ),
        (
            '[scenario]\nname = "x"\ngames = 5\nplayers = 3\nfactions = ["humans", "trogs", "machines"]',
            "names 'trogs', who cannot play a 3-player game",
        ),
        ('[scenario]\nname = "x"\ngames = 5\nplayers = 5', "field 'scenario.players' is 5; allowed: 2, 3, 4"),
        (
            '[scenario]\nname = "x"\ngames = 5\nplayers = 2\nexperience = "guru"',
            "allowed: first_time, experienced, veteran",
        ),
        (
            '[scenario]\nname = "x"\ngames = 5\nplayers = 2\n[bots]\nhumans = "genius"',
            "field 'bots.humans' is 'genius', which is not a bot; allowed: random",
        ),
        (
            '[scenario]\nname = "x"\ngames = 5\nplayers = 2\n[rules]\nhand_limit = "seven"',
            "rule knob 'hand_limit' must be a whole number",
        ),
        (
            '[scenario]\nname = "x"\ngames = 5\nplayers = 2\n[rules]\nhandlimit = 6',
            "unknown rule knob 'handlimit'; allowed:",
        ),
        ("[scenario\n", "is not valid TOML"),
    ],
)
def test_malformed_scenario_exit_2_one_sentence(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    err = one_sentence_error(cli("run", str(path), "-o", str(tmp_path / "out")))
    assert message in err and str(path) in err
    assert not (tmp_path / "out").exists()  # nothing half-written


def test_missing_scenario_and_bad_options(tmp_path: Path, scenario: Path) -> None:
    assert "scenario file not found" in one_sentence_error(cli("run", str(tmp_path / "nope.toml")))
    assert "Invalid value" in one_sentence_error(cli("run", str(scenario), "-j", "0"))
    assert "No such option" in one_sentence_error(cli("run", str(scenario), "--turbo"))


def test_bad_content_directory_exit_2(tmp_path: Path) -> None:
    assert "does not exist" in one_sentence_error(cli("content", "--content", str(tmp_path / "none")))


def test_content_listing_with_provenance() -> None:
    proc = cli("content", "--json")
    assert proc.returncode == 0
    listing = json.loads(proc.stdout)
    assert listing["reconstructed"] is True
    assert {c["provenance"] for c in listing["cards"]} == {"rulebook", "research", "reconstructed"}
    text = cli("content").stdout
    assert "[RECONSTRUCTED]" in text and "Outflank" in text


def test_run_writes_the_output_contract(tmp_path: Path, scenario: Path) -> None:
    out = tmp_path / "run"
    proc = cli("run", str(scenario), "-o", str(out), "-j", "2", "--quiet")
    assert proc.returncode == 0, proc.stderr
    assert "60 games in 20 deals written" in proc.stdout and "RECONSTRUCTED" in proc.stdout
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["games_done"] == 60
    assert manifest["content_reconstructed"] is True and manifest["rules_version"]
    games = pl.read_parquet(out / "games" / "*.parquet")
    seats = pl.read_parquet(out / "seats" / "*.parquet")
    events = pl.read_parquet(out / "events" / "*.parquet")
    assert sorted(games["game_id"].to_list()) == list(range(60))
    assert games["n_players"].unique().to_list() == [3] and games["board_side"].unique().to_list() == ["3-4p"]
    # The vp events are a ledger that sums to each faction's final VP.
    ledger = (
        events.filter(pl.col("kind") == "vp")
        .group_by("game_id", "faction")
        .agg(pl.col("amount").sum().alias("vp"))
    )
    players = (
        seats.filter(~pl.col("is_npc"))
        .join(ledger, on=["game_id", "faction"], how="left")
        .with_columns(pl.col("vp").fill_null(0))
    )
    assert (players["vp"] == players["final_vp"].cast(pl.Int64)).all()
    assert seats.filter(pl.col("won"))["faction"].len() == 60
    assert seats.filter(pl.col("is_npc"))["faction"].unique().to_list() == ["trogs"]
    # A second run into the same directory is refused and loses nothing.
    again = cli("run", str(scenario), "-o", str(out))
    assert "holds a finished run of 60 games; choose another -o" in one_sentence_error(again)
    assert json.loads((out / "manifest.json").read_text())["games_done"] == 60


def test_kill_9_then_resume_completes_exactly_the_planned_games(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(SMALL.format(players=4).replace("games = 60", "games = 1600"))
    out, ref = tmp_path / "killed", tmp_path / "ref"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cryhavoc_sim", "run", str(path), "-o", str(out), "-q"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 120
    while time.time() < deadline and len(list((out / "games").glob("*.parquet"))) < 2:
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    kept = len(list((out / "games").glob("*.parquet")))
    assert 2 <= kept < 7, (
        "the run should have been killed midway (7 chunks: 3 of 400 games, then 200, 100, 50, 50)"
    )
    assert json.loads((out / "manifest.json").read_text())["status"] == "running"
    resumed = cli("run", str(path), "-o", str(out), "--resume", "-q")
    assert resumed.returncode == 0, resumed.stderr
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert games["game_id"].sort().to_list() == list(range(1600))  # no duplicates, none missing
    assert cli("run", str(path), "-o", str(ref), "-q", "-j", "2").returncode == 0
    for table in ("games", "seats", "events"):
        names = sorted(p.name for p in (ref / table).glob("*.parquet"))
        assert names == sorted(p.name for p in (out / table).glob("*.parquet"))
        for name in names:  # byte-identical to an uninterrupted two-worker run
            assert (ref / table / name).read_bytes() == (out / table / name).read_bytes(), (table, name)


def test_resume_refuses_another_scenario(tmp_path: Path, scenario: Path) -> None:
    out = tmp_path / "run"
    assert cli("run", str(scenario), "-o", str(out), "-q").returncode == 0
    err = one_sentence_error(cli("run", str(scenario), "-o", str(out), "--resume", "--seed", "99"))
    assert "cannot resume this run: it was played with another scenario" in err


def test_resume_refuses_a_run_played_under_other_rules(tmp_path: Path, scenario: Path) -> None:
    out = tmp_path / "run"
    assert cli("run", str(scenario), "-o", str(out), "-q").returncode == 0
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["rules_version"] = "cryhavoc-rules-0"
    (out / "manifest.json").write_text(json.dumps(manifest))
    err = one_sentence_error(cli("run", str(scenario), "-o", str(out), "--resume"))
    assert "cryhavoc-rules-0" in err and "mix" in err


def test_resume_and_replay_know_which_bots_played(tmp_path: Path, scenario: Path) -> None:
    from cryhavoc_sim.runner.replay import replay

    out = tmp_path / "run"
    assert cli("run", str(scenario), "-o", str(out), "-q").returncode == 0
    assert replay(out, 1).matches is True  # today's bots replay today's run
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["bots_version"] = "cryhavoc-bots-0"
    (out / "manifest.json").write_text(json.dumps(manifest))
    err = one_sentence_error(cli("run", str(scenario), "-o", str(out), "--resume"))
    assert "cryhavoc-bots-0" in err and "mix" in err
    other = replay(out, 1)
    assert other.matches is None and other.not_compared and "cryhavoc-bots-0" in other.not_compared
    shown = cli("replay", str(out), "1")
    assert shown.returncode == 0 and "not compared with the stored game" in shown.stdout


def test_ctrl_c_stops_cleanly_and_prints_the_resume_command(tmp_path: Path) -> None:
    path = tmp_path / "big.toml"
    path.write_text(SMALL.format(players=2).replace("games = 60", "games = 3000"))
    out = tmp_path / "run"
    proc = subprocess.Popen(
        [sys.executable, "-m", "cryhavoc_sim", "run", str(path), "-o", str(out), "-j", "2", "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.time() + 120
    while time.time() < deadline and not list((out / "games").glob("*.parquet")):
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "--resume" in err
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"
    kept = len(list((out / "games").glob("*.parquet")))
    assert kept >= 1 and not list((out / "games").glob(".*.tmp"))
    assert cli("run", str(path), "-o", str(out), "--resume", "-q").returncode == 0
    assert pl.read_parquet(out / "games" / "*.parquet")["game_id"].sort().to_list() == list(range(3000))


def test_tables_are_byte_identical_for_one_two_workers_and_dask(tmp_path: Path) -> None:
    """Issue #5: the same seed gives byte-identical tables whatever the executor."""
    path = tmp_path / "s.toml"
    path.write_text(SMALL.format(players=4).replace("games = 60", "games = 120"))
    runs = {
        "j1": ("-j", "1"),
        "j2": ("-j", "2"),
        "dask": ("--executor", "dask", "-j", "2"),
    }
    for name, args in runs.items():
        proc = cli("run", str(path), "-o", str(tmp_path / name), "-q", *args)
        assert proc.returncode == 0, proc.stderr
    assert_same_tables(tmp_path / "j1", tmp_path / "j2", tmp_path / "dask")


def test_unreachable_dask_scheduler_is_a_clear_error(tmp_path: Path, scenario: Path) -> None:
    err = one_sentence_error(
        cli(
            "run",
            str(scenario),
            "--executor",
            "dask",
            "--scheduler",
            "tcp://127.0.0.1:9",
            "-o",
            str(tmp_path / "r"),
            env={"CRYHAVOC_DASK_CONNECT_SECONDS": "3"},
        )
    )
    assert "cannot reach the Dask scheduler" in err
    assert not (tmp_path / "r").exists()  # nothing written


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("CRYHAVOC_DASK_CONNECT_SECONDS", "soon"),
        ("CRYHAVOC_DASK_CONNECT_SECONDS", "1.5"),
        ("CRYHAVOC_DASK_NO_WORKER_SECONDS", "0"),
    ],
)
def test_a_dask_wait_from_the_environment_is_whole_seconds(
    tmp_path: Path, scenario: Path, name: str, value: str
) -> None:
    err = one_sentence_error(
        cli("run", str(scenario), "--executor", "dask", "-o", str(tmp_path / "r"), env={name: value})
    )
    assert len(err.strip().splitlines()) == 1 and name in err and "from 1 to 3600" in err
    assert not (tmp_path / "r").exists()


def test_seats_are_balanced_on_paired_seeds(tmp_path: Path) -> None:
    """Issue #5: each faction plays each Initiative seat equally often, and the rotations of
    one deal share a seed (and so the same setup: HQs, decks, tokens)."""
    path = tmp_path / "s.toml"
    path.write_text(SMALL.format(players=3).replace("games = 60", "games = 36"))
    assert cli("run", str(path), "-o", str(tmp_path / "r"), "-q").returncode == 0
    seats = pl.read_parquet(tmp_path / "r" / "seats" / "*.parquet").filter(~pl.col("is_npc"))
    counts = seats.group_by("faction", "seat").len()["len"].unique().to_list()
    assert counts == [12]  # 3 factions x 3 seats, 36 games
    games = pl.read_parquet(tmp_path / "r" / "games" / "*.parquet").sort("game_id")
    assert games["seed"].to_list()[0:3] == [games["seed"][0]] * 3 and games["seed"][3] != games["seed"][0]
    events = pl.read_parquet(tmp_path / "r" / "events" / "*.parquet")
    hqs = (
        events.filter(pl.col("kind") == "setup", pl.col("game_id") < 3)
        .group_by("faction")
        .agg(pl.col("region").n_unique())
    )
    assert hqs["region"].to_list() == [1, 1, 1]  # the same deal in each rotation


def test_ladder_json_is_one_document_on_stdout() -> None:
    """Every --json output is exactly one JSON document on stdout; notices go to stderr."""
    proc = cli("ladder", "--bots", "random,random", "-r", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    rows = doc["pairs"]
    assert {r["faction"] for r in rows} >= {"all"} and all(r["games"] > 0 for r in rows)
    assert {r["bot"] for r in doc["skill"]} == {"random"}
    assert "RECONSTRUCTED" in proc.stderr


def test_run_json_is_one_document_with_counts_rates_and_paths(tmp_path: Path) -> None:
    out = tmp_path / "r"
    proc = cli("run", "quick", "-n", "12", "-o", str(out), "-q", "--json")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    assert doc["status"] == "complete" and doc["exit_code"] == 0
    assert doc["run_dir"] == str(out) and doc["games_done"] == doc["played_now"] == 12
    rates = {r["faction"]: r for r in doc["win_rates"]}
    assert set(rates) == {"humans", "pilgrims", "machines", "trogs"}
    assert all(r["games"] == 12 and r["ci_low"] <= r["win_rate"] <= r["ci_high"] for r in rates.values())
    assert sum(r["wins"] for r in rates.values()) <= 12
    assert "RECONSTRUCTED" in proc.stderr and doc["content_reconstructed"] is True
    again = cli("run", "quick", "-n", "12", "-o", str(out), "--json")  # a used directory: an error
    assert again.returncode == 2
    assert json.loads(again.stdout)["error"]["code"] == 2


def test_usage_errors_under_json_are_a_json_object() -> None:
    proc = cli("run", "quick", "-n", "0", "--json")
    assert proc.returncode == 2 and proc.stderr.startswith("error:")
    assert "--games" in json.loads(proc.stdout)["error"]["message"]


def test_version_option() -> None:
    from importlib import metadata

    proc = cli("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"cryhavoc-sim {metadata.version('cryhavoc-sim')}"


def test_shards_carry_their_run_in_parquet_metadata(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text('[scenario]\nname = "meta"\ngames = 6\nseed = 4\nplayers = 2\n')
    assert cli("run", str(path), "-o", str(tmp_path / "r"), "-q").returncode == 0
    manifest = json.loads((tmp_path / "r" / "manifest.json").read_text())
    for table in ("games", "seats", "events"):
        shard = next((tmp_path / "r" / table).glob("*.parquet"))
        meta = pl.read_parquet_metadata(shard)
        assert meta["cryhavoc_sim.table"] == table and meta["cryhavoc_sim.run_id"] == manifest["run_id"]
        assert meta["cryhavoc_sim.content_id"] == manifest["content_id"]
        assert meta["cryhavoc_sim.rules_version"] == manifest["rules_version"]
        assert meta["cryhavoc_sim.game"] == "cryhavoc" and meta["cryhavoc_sim.scenario"] == "meta"


def test_every_command_has_an_example_and_every_option_a_description() -> None:
    import typer

    from cryhavoc_sim.cli import app

    group = typer.main.get_command(app)
    commands = group.commands  # type: ignore[attr-defined]
    assert {"run", "report", "replay", "compare", "baseline", "check", "ladder", "soak", "bench"} <= set(
        commands
    )
    for name, command in commands.items():
        assert "Example: cryhavoc-sim " in (command.help or ""), name
        for param in command.params:
            if param.param_type_name != "option":
                continue
            assert getattr(param, "help", None), f"{name} {param.opts} has no description"
            if getattr(param, "is_flag", False) and param.opts != ["--help"]:
                assert param.metavar == "", f"{name} {param.opts} shows a value"


def test_shell_completion_completes_commands() -> None:
    import os

    env = {
        **os.environ,
        "_CRYHAVOC_SIM_COMPLETE": "complete_bash",
        "COMP_WORDS": "cryhavoc-sim rep",
        "COMP_CWORD": "1",
    }
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "cryhavoc-sim")],  # the installed script, as a shell runs it
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 0 and set(proc.stdout.split()) == {"replay", "report"}
    assert "--install-completion" in cli("--help").stdout
