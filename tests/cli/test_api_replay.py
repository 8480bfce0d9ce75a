"""The notebook API (simulate, load_run) and replay."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import polars as pl
import pytest

from cryhavoc_sim import load_run, simulate
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.replay import replay

SOLO = """
[scenario]
name = "solo_small"
mode = "solo"
difficulty = 1
games = 30
seed = 5

[bots]
default = "heuristic"
"""


def test_simulate_returns_lazy_frames_and_reuses_a_finished_run(tmp_path: Path) -> None:
    path = tmp_path / "solo.toml"
    path.write_text(SOLO)
    run = simulate(path, n_games=24, seed=9, workers=2, out=tmp_path / "run")
    assert isinstance(run.games, pl.LazyFrame) and run.manifest["games_done"] == 24
    games = run.games.collect()
    assert games["mode"].unique().to_list() == ["solo"] and games["difficulty"].unique().to_list() == [1]
    seats = run.seats.collect()
    assert set(seats.filter(pl.col("is_npc"))["bot"]) == {"automaton"}
    stamp = (tmp_path / "run" / "manifest.json").stat().st_mtime_ns
    again = simulate(path, n_games=24, seed=9, out=tmp_path / "run")
    assert (tmp_path / "run" / "manifest.json").stat().st_mtime_ns == stamp  # reused, not re-run
    assert again.games.collect().equals(games)
    assert load_run(tmp_path / "run").manifest["run_id"] == run.manifest["run_id"]


def test_simulate_after_polars_ran_in_the_parent(tmp_path: Path) -> None:
    """TOOLCHAIN_NOTES trap: polars used in the parent, then worker processes (spawn)."""
    code = textwrap.dedent(
        f"""
        import polars as pl
        pl.DataFrame({{"a": range(100_000)}}).group_by("a").len()
        from cryhavoc_sim import simulate
        run = simulate("quick", n_games=40, seed=3, workers=2, out=r"{tmp_path / "run"}")
        print(run.games.collect().height)
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).parents[2],
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "40"


def test_replay_checks_events_and_tells_the_story(tmp_path: Path) -> None:
    path = tmp_path / "solo.toml"
    path.write_text(SOLO)
    simulate(path, n_games=6, out=tmp_path / "run")
    result = replay(tmp_path / "run", 3)
    assert result.matches is True
    text = "\n".join(result.account)
    assert "=== Round 5 ===" in text and "Game over:" in text and "score after scoring" in text
    # Tamper with the stored events: the replay notices.
    events = tmp_path / "run" / "events"
    shard = sorted(events.glob("*.parquet"))[0]
    frame = pl.read_parquet(shard)
    frame.with_columns(
        pl.when(pl.col("seq") == 5).then(pl.lit("tampered")).otherwise(pl.col("detail")).alias("detail")
    ).write_parquet(shard)
    # A reader refuses a shard the run did not write (its SHA-256 is not the ledger's) ...
    with pytest.raises(UserError, match="are not the shards this run wrote"):
        replay(tmp_path / "run", 3)
    # ... and with the ledger changed to match, the replay's own check still notices.
    import json

    from cryhavoc_sim.storage.ledger import file_sha256
    from cryhavoc_sim.storage.writer import shard_name

    manifest = json.loads((tmp_path / "run" / "manifest.json").read_text())
    for start, entry in manifest["chunks"].items():
        if shard_name(int(start)) == shard.name:
            entry["shards"]["events"] = file_sha256(shard)
    (tmp_path / "run" / "manifest.json").write_text(json.dumps(manifest))
    assert replay(tmp_path / "run", 3).matches is False


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"n_games": 0}, "n_games is 0; allowed: a whole number from 1 to"),
        ({"n_games": 10**12}, "n_games is 1000000000000; allowed"),
        ({"n_games": -5}, "n_games is -5"),
        ({"seed": -1}, "seed is -1; allowed: a whole number from 0 to 2**64 - 1"),
        ({"seed": 2**64}, "seed is 18446744073709551616"),
        ({"workers": 0}, "workers is 0; allowed"),
    ],
)
def test_simulate_refuses_what_the_cli_refuses(tmp_path: Path, kwargs: dict[str, int], words: str) -> None:
    """The notebook API bounds the counts the CLI bounds (issue 32), before writing."""
    path = tmp_path / "solo.toml"
    path.write_text(SOLO)
    with pytest.raises(UserError, match=words.replace("*", r"\*").replace("(", r"\(")):
        simulate(path, out=tmp_path / "run", **kwargs)  # type: ignore[arg-type]
    assert not (tmp_path / "run").exists()


def test_sweep_and_tune_refuse_what_the_cli_refuses(tmp_path: Path) -> None:
    """The notebook's sweep() and tune() bound the games as the CLI's --max-games does,
    with its defaults (issue 32: sweep() had no bound, tune() took none), and check -j."""
    from cryhavoc_sim.api import sweep, tune

    design = tmp_path / "d.toml"
    design.write_text(
        '[sweep]\nname = "big"\nscenario = "quick"\ngames = 1500000\n\n[factors]\n'
        '"tokens.war_party.*.trogs" = [1, 3]\n'
    )  # two cells: [1, 3] holds the shipped value 1, which is the base cell
    with pytest.raises(
        UserError, match=r"plays 3,000,000 games .*allowed with --max-games: at most 2,000,000"
    ):
        sweep(design, out=tmp_path / "sw")
    with pytest.raises(UserError, match="workers is 0; allowed"):
        sweep(design, out=tmp_path / "sw", workers=0)
    targets = tmp_path / "t.toml"
    targets.write_text(
        '[tune]\nname = "big"\ntrials = 100\ngames = 1000000\n\n[parameters]\n'
        '"structures.humans.*.build_cost" = [1, 3]\n\n[[target]]\nscenario = "quick"\nfair_within = 0.1\n'
    )
    with pytest.raises(UserError, match=r"plays 101,000,000 games .*at most 5,000,000"):
        tune(targets, out=tmp_path / "tu")
    assert not (tmp_path / "sw").exists() and not (tmp_path / "tu").exists()
