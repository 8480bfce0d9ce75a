"""Faults a long run meets: its parent killed, a second writer, a full disk, a Dask worker
lost. After each, nothing is silently wrong: no process of the run is left, nothing is
written afterwards, and ``--resume`` completes exactly the planned games."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import polars as pl
import pytest

SCENARIO = '[scenario]\nname = "faults"\ngames = {games}\nseed = {seed}\nplayers = {players}\n'


def scenario(tmp: Path, games: int, seed: int = 3, players: int = 4) -> Path:
    path = tmp / f"s{seed}.toml"
    path.write_text(SCENARIO.format(games=games, seed=seed, players=players))
    return path


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "cryhavoc_sim", "run", *args, "-q"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **env} if env else None,
    )


def wait_for_shards(out: Path, n: int, timeout: float = 120.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline and len(list((out / "games").glob("*.parquet"))) < n:
        time.sleep(0.02)


def descendants(pid: int) -> set[int]:
    """Every live process below ``pid`` (from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z":
                parents[int(entry.name)] = int(fields[1])
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - out
        out |= frontier
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def listing(out: Path) -> dict[str, int]:
    return {str(p.relative_to(out)): p.stat().st_mtime_ns for p in out.rglob("*.parquet")}


def assert_same_tables(a: Path, b: Path) -> None:
    for table in ("games", "seats", "events"):
        names = sorted(p.name for p in (a / table).glob("*.parquet"))
        assert names == sorted(p.name for p in (b / table).glob("*.parquet")), table
        for name in names:
            assert (a / table / name).read_bytes() == (b / table / name).read_bytes(), (table, name)


def test_killing_the_parent_kills_its_workers_and_nothing_is_written_after(tmp_path: Path) -> None:
    """Issue 15, silent data 2: after kill -9 of the main process no worker plays on, and
    a new run in the same place holds its own games only."""
    path = scenario(tmp_path, 6000)
    out = tmp_path / "run"
    proc = start(str(path), "-o", str(out), "-j", "2")
    wait_for_shards(out, 1)
    time.sleep(0.3)  # the spawned worker is playing by now
    children = descendants(proc.pid)
    assert children, "the run should have a spawned worker"
    os.kill(proc.pid, signal.SIGKILL)
    proc.communicate()
    deadline = time.time() + 10
    while time.time() < deadline and any(alive(c) for c in children):
        time.sleep(0.05)
    assert not [c for c in children if alive(c)], "a process of the killed run is still alive"
    before = listing(out)
    time.sleep(1.5)
    assert listing(out) == before, "something was written after the run was killed"
    # A new run with another seed in the same place (after removing the old one).
    shutil.rmtree(out)
    other = scenario(tmp_path, 600, seed=8)
    done = cli("run", str(other), "-o", str(out), "-q", "-j", "2")
    assert done.returncode == 0, done.stderr
    games = pl.read_parquet(out / "games" / "*.parquet")
    manifest = json.loads((out / "manifest.json").read_text())
    assert games.height == 600 and games["run_id"].unique().to_list() == [manifest["run_id"]]
    assert sorted(games["game_id"].to_list()) == list(range(600))


def test_a_writer_that_has_not_yet_written_its_manifest_is_named(tmp_path: Path) -> None:
    """The second writer of a race can arrive when the first holds the lock and has written
    only its lock file and a temporary manifest: it is refused as a second writer (not as
    a directory of foreign files), and nothing changes."""
    from cryhavoc_sim.runner.rundir import lock_holder, locked

    out = tmp_path / "run"
    out.mkdir()
    assert lock_holder(out) is None
    with locked(out):
        (out / ".manifest.json.tmp").write_text("{")
        assert lock_holder(out) == str(os.getpid())
        before = sorted(p.name for p in out.iterdir())
        proc = cli("run", str(scenario(tmp_path, 20)), "-o", str(out), "-q", "-j", "1")
        assert proc.returncode == 2 and "another run is writing there" in proc.stderr, proc.stderr
        assert sorted(p.name for p in out.iterdir()) == before
    assert lock_holder(out) is None  # released with the writer


def test_two_writers_on_one_directory_one_is_refused(tmp_path: Path) -> None:
    """Issue 15, silent data 3: two runs started together on the same -o: one runs, the
    other gets exit code 2 and one sentence; the run left behind is whole."""
    path = scenario(tmp_path, 400, players=3)
    for attempt in range(3):
        out = tmp_path / f"run{attempt}"
        procs = [start(str(path), "-o", str(out)) for _ in range(2)]
        results = [(p.wait(timeout=300), p.communicate()[1]) for p in procs]
        codes = sorted(code for code, _ in results)
        assert codes == [0, 2], results
        refused = next(err for code, err in results if code == 2)
        assert len(refused.strip().splitlines()) == 1 and "Traceback" not in refused
        assert "another run is writing there" in refused or "a run already exists there" in refused
        games = pl.read_parquet(out / "games" / "*.parquet")
        assert sorted(games["game_id"].to_list()) == list(range(400))
        assert json.loads((out / "manifest.json").read_text())["status"] == "complete"


def test_a_second_writer_while_a_run_goes_on_is_refused(tmp_path: Path) -> None:
    path = scenario(tmp_path, 3000)
    out = tmp_path / "run"
    first = start(str(path), "-o", str(out))
    wait_for_shards(out, 1)
    second = cli("run", str(path), "-o", str(out), "--resume", "-q")
    assert second.returncode == 2 and "another run is writing there (pid" in second.stderr, second.stderr
    first.send_signal(signal.SIGINT)
    first.communicate(timeout=120)


def _tmpfs(where: Path, size: str) -> bool:
    where.mkdir()
    return (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True
        ).returncode
        == 0
    )


def test_a_full_disk_stops_with_a_sentence_and_resume_completes(tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    if not _tmpfs(disk, "400k"):
        pytest.skip("cannot mount a small tmpfs here (needs root); the injected-OSError test covers the path")
    try:
        path = scenario(tmp_path, 2000, players=2)
        out = disk / "run"
        proc = subprocess.run(
            [sys.executable, "-m", "cryhavoc_sim", "run", str(path), "-o", str(out), "-q"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert proc.returncode == 1, (proc.stdout, proc.stderr)
        assert "Traceback" not in proc.stderr and "No space left on device" in proc.stderr
        assert "--resume" in proc.stderr
        subprocess.run(["mount", "-o", "remount,size=50m", str(disk)], check=True)
        resumed = cli("run", str(path), "-o", str(out), "--resume", "-q")
        assert resumed.returncode == 0, resumed.stderr
        ref = tmp_path / "ref"
        assert cli("run", str(path), "-o", str(ref), "-q").returncode == 0
        assert_same_tables(out, ref)
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def test_a_write_error_stops_the_run_and_resume_completes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same path with an injected OSError (ENOSPC) on the seventh shard write."""
    import errno

    from typer.testing import CliRunner

    from cryhavoc_sim import cli as cli_module
    from cryhavoc_sim.storage import writer

    real = writer.write_shard
    calls = {"n": 0}

    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 7:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(writer, "write_shard", failing)
    path = scenario(tmp_path, 80, players=2)
    out = tmp_path / "run"
    result = CliRunner().invoke(cli_module.app, ["run", str(path), "-o", str(out), "-q"])
    assert result.exit_code == 1 and "No space left on device" in result.output
    assert json.loads((out / "manifest.json").read_text())["status"] == "interrupted"
    monkeypatch.setattr(writer, "write_shard", real)
    assert (
        CliRunner().invoke(cli_module.app, ["run", str(path), "-o", str(out), "-q", "--resume"]).exit_code
        == 0
    )
    ref = tmp_path / "ref"
    assert CliRunner().invoke(cli_module.app, ["run", str(path), "-o", str(ref), "-q"]).exit_code == 0
    assert_same_tables(out, ref)


def test_the_printed_resume_command_keeps_no_events(tmp_path: Path) -> None:
    """Issue 15, silent data 4: pasting the printed command must not mix logged and
    unlogged chunks."""
    path = scenario(tmp_path, 4000, players=2)
    out = tmp_path / "run"
    proc = start(str(path), "-o", str(out), "--no-events")
    wait_for_shards(out, 1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    command = err.strip().splitlines()[-1].split()
    assert "--no-events" in command and "--resume" in command
    again = cli(*command[1:])
    assert again.returncode == 0, again.stderr
    assert not list((out / "events").glob("*.parquet"))
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert sorted(games["game_id"].to_list()) == list(range(4000))


def test_simulate_does_not_reuse_a_run_whose_content_changed(tmp_path: Path) -> None:
    from cryhavoc_sim import simulate
    from cryhavoc_sim.errors import UserError
    from cryhavoc_sim.games.cryhavoc.content.loader import default_content_dir

    content = tmp_path / "content"
    shutil.copytree(default_content_dir(), content)
    path = tmp_path / "s.toml"
    path.write_text(SCENARIO.format(games=20, seed=1, players=2) + 'content = "content"\n')
    run = simulate(path, out=tmp_path / "run")
    assert run.games.collect().height == 20
    assert simulate(path, out=tmp_path / "run").manifest["run_id"] == run.manifest["run_id"]  # reused
    cards = content / "cards.toml"
    cards.write_text(cards.read_text().replace("move = 1", "move = 2", 1))
    with pytest.raises(UserError, match="content set has changed"):
        simulate(path, out=tmp_path / "run")


def test_a_dask_worker_killed_mid_run_loses_no_game(tmp_path: Path) -> None:
    """A LocalCluster worker killed with -9: Dask plays its chunk again elsewhere (or the
    run stops and --resume completes it); the tables equal an undisturbed run's."""
    path = scenario(tmp_path, 1200)
    out = tmp_path / "run"
    proc = start(str(path), "-o", str(out), "--executor", "dask", "-j", "2")
    wait_for_shards(out, 1, timeout=180)
    # A LocalCluster worker is a spawned process; its nanny (in the run's process) starts
    # a new one, and Dask plays the lost chunk again.
    workers = [
        p
        for p in descendants(proc.pid)
        if alive(p) and "spawn_main" in Path(f"/proc/{p}/cmdline").read_text(errors="replace")
    ]
    assert workers, "no Dask worker process found"
    os.kill(max(workers), signal.SIGKILL)
    _, err = proc.communicate(timeout=600)
    if proc.returncode != 0:
        assert proc.returncode == 1 and "--resume" in err and "Traceback" not in err, err
        resumed = cli("run", str(path), "-o", str(out), "--resume", "-q", "--executor", "dask", "-j", "2")
        assert resumed.returncode == 0, resumed.stderr
    ref = tmp_path / "ref"
    assert cli("run", str(path), "-o", str(ref), "-q", "-j", "2").returncode == 0
    assert_same_tables(out, ref)


def test_a_peer_that_is_no_dask_scheduler_is_a_sentence_not_a_hang(tmp_path: Path) -> None:
    """A TCP port that accepts the connection and never answers: one sentence within the
    connect timeout, nothing written."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)
    held: list[socket.socket] = []
    threading.Thread(target=lambda: held.append(server.accept()[0]), daemon=True).start()
    port = server.getsockname()[1]
    started = time.time()
    proc = cli(
        "run",
        str(scenario(tmp_path, 20, players=2)),
        "-o",
        str(tmp_path / "r"),
        "--executor",
        "dask",
        "--scheduler",
        f"tcp://127.0.0.1:{port}",
        env={"CRYHAVOC_DASK_CONNECT_SECONDS": "3"},  # 15 s unless the environment says
    )
    server.close()
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1 and "Dask scheduler" in proc.stderr
    assert "within 3 s" in proc.stderr
    assert time.time() - started < 60 and not (tmp_path / "r").exists()


def test_a_dask_cluster_left_without_workers_stops_the_run_with_a_sentence(tmp_path: Path) -> None:
    """A scheduler whose only worker (no nanny to bring it back) is killed mid-run: after
    the no-worker timeout the run stops like a lost worker, keeps what finished and prints
    the resume command; --resume on the local executor completes it."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    bin_dir = Path(sys.executable).parent
    scheduler = subprocess.Popen(
        [str(bin_dir / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    worker = subprocess.Popen(
        [
            str(bin_dir / "dask"),
            "worker",
            f"tcp://127.0.0.1:{port}",
            "--no-nanny",
            "--nthreads",
            "1",
            "--no-dashboard",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        path = scenario(tmp_path, 3000)
        out = tmp_path / "run"
        proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "cryhavoc_sim", "run", str(path), "-o", str(out), "-q"),
                *("--executor", "dask", "--scheduler", f"tcp://127.0.0.1:{port}"),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "CRYHAVOC_DASK_NO_WORKER_SECONDS": "6"},
        )
        wait_for_shards(out, 1, timeout=120)
        assert list((out / "games").glob("*.parquet")), "the worker played nothing"
        worker.kill()
        try:
            _, err = proc.communicate(timeout=120)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
            raise AssertionError(f"the run did not stop: {err[-2000:]}") from None
        assert proc.returncode == 1, err
        assert "Traceback" not in err and "no worker" in err and "--resume" in err
        resumed = cli("run", str(path), "-o", str(out), "--resume", "-q", "-j", "2")
        assert resumed.returncode == 0, resumed.stderr
        games = pl.read_parquet(out / "games" / "*.parquet")
        assert sorted(games["game_id"].to_list()) == list(range(3000))
    finally:
        worker.kill()
        scheduler.kill()
        worker.wait()
        scheduler.wait()
