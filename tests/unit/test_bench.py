"""``make bench``'s report (cryhavoc_sim.runner.bench): every figure issue #5 asks for,
ratios taken within a round, and the one-worker runs pinned to one CPU."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from cryhavoc_sim.runner import bench


def test_the_report_names_every_figure(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[tuple[int, int, bool, str]] = []

    def fake(
        games: int,
        workers: int,
        record: bool,
        out: Path,
        bot: str = "random",
        python: str | None = None,
        game: str = "cryhavoc",
    ) -> float:
        if game != "cryhavoc":  # the other registered games' lines: 200 and 5 games/s (2 before)
            return games / (200 if bot == "random" else 2 if python else 5)
        calls.append((games, workers, record, bot))
        slow = 1.0 + 0.1 * int(out.name[-1])  # each round runs 10% slower than the last
        cost = {"heuristic": 1.8, "learned": 3.6}.get(bot, 1.0)
        per_game = (1 / 500 if workers == 1 else 1 / 950) * cost
        return slow * games * per_game * (1.0 if record else 0.8)

    monkeypatch.setattr(bench, "_timed", fake)
    monkeypatch.setattr(bench, "_peak_rss_mib", lambda games: 100.0 + games / 20000)
    monkeypatch.setattr(
        bench,
        "_state_costs_in_child",
        lambda python=None: (30.0, 70.0, 310.0) if python else (25.0, 60.0, 300.0),
    )
    real_child = bench._in_child
    monkeypatch.setattr(  # the search match (games/cryhavoc/leaf_match.py, the game's search_match) plays real games
        bench,
        "_in_child",
        lambda code, python=None, whole=False: (
            "  learned-leaf search   x\n  paired-rollout search y"
            if "search_match" in code
            else real_child(code, python, whole)
        ),
    )
    searched = iter([1.5, 1.25, 1.75])  # Cry Havoc's three rounds; WarCry's one: 2.5 s
    monkeypatch.setattr(
        bench, "_search_in_child", lambda game="cryhavoc": next(searched) if game == "cryhavoc" else 2.5
    )
    monkeypatch.setattr(bench, "_game_costs_in_child", lambda name: {"clone": 9.0, "legal": 8.0})
    monkeypatch.setattr(
        bench, "_protocol_costs_in_child", lambda name, python=None: {"clone": 7.0, "fingerprint": 6.0}
    )
    monkeypatch.setattr(bench, "lines_costs", lambda: "  win-probability lines  x")
    monkeypatch.setattr(bench, "gaps_costs", lambda: "  decisions = true       x")
    bench.run_bench(1000)
    out = capsys.readouterr().out
    assert "  win-probability lines  x" in out and "  decisions = true       x" in out
    assert len(calls) == 21 and (4000, 2, True, "random") in calls and (1000, 1, True, "learned") in calls
    assert "1 worker, events on        500 games/s" in out
    # within a round the drift cancels: 95% in each, though rounds run at different speeds
    assert "parallel efficiency 95% (95%, 95%, 95%)" in out
    assert "4,000 games   950 games/s   parallel efficiency 95% (95%, 95%, 95%)" in out
    assert "event logging costs 20% (20%, 20%, 20%)" in out
    assert "1.80 (1.80, 1.80, 1.80) times the random-bot cost per game" in out
    assert (
        "learned policy, 1 w.       139 games/s   2.00 (2.00, 2.00, 2.00) times the heuristic's cost" in out
    )
    assert "bytes/game" in out and "MiB at 20,000 games" in out
    assert "clone 25.0 us, determinize 60.0 us, save 300 us" in out
    assert "search bot                1.25 s per four-player game: one ismcts seat" in out
    assert "Cave Troll, 4 players, 1 worker: random bots    200 games/s, heuristic bots 5.0 games/s" in out
    assert "a mid-game state: clone 9.0 us, legal 8.0 us" in out
    assert "Cave Troll through the state protocol, 100 answers in: clone 7.0 us, fingerprint 6.0 us" in out
    assert "Cry Havoc through the state protocol" in out
    assert "  learned-leaf search   x\n  paired-rollout search y\n" in out  # every line of the match
    assert "search bot     2.50 s per game: seat one ismcts (64 iterations), seat two heuristic" in out


def test_the_protocol_costs_are_measured_for_every_game() -> None:
    from cryhavoc_sim.games import game_names, get_game
    from cryhavoc_sim.games.harness.costs import state_costs

    for name in game_names():
        costs = state_costs(get_game(name).rules, 10)
        assert set(costs) == {"clone", "determinize", "legal", "fingerprint"}
        assert all(v > 0 for v in costs.values())  # measured, not compared


def test_the_state_costs_are_measured() -> None:
    clone, det, saved = bench.state_costs(repeat=20)
    assert clone > 0 and det > 0 and saved > 0  # measured, not compared: no timing assertions


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="no CPU affinity on this platform")
def test_runs_are_pinned_to_as_many_cpus_as_workers() -> None:
    one = bench._pinned(1)
    assert one is not None and len(one) == 1 and one <= os.sched_getaffinity(0)
    if len(os.sched_getaffinity(0)) >= 2:
        two = bench._pinned(2)
        assert two is not None and len(two) == 2
    assert bench._pinned(10_000) is None


def test_the_search_bench_plays_one_search_seat_among_heuristic_bots() -> None:
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.scenario import parse_scenario

    found = get_game("cryhavoc").search_bench_scenario()
    assert found is not None and "one ismcts seat" in found[0]
    bots = parse_scenario(found[1]).setup.bots
    assert bots["humans"] == "ismcts" and {bots[f] for f in ("pilgrims", "machines", "trogs")} == {
        "heuristic"
    }


def test_the_search_match_is_reached_through_the_registry(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bench's child plays the game's own search match as its spec's optional part
    ``search_match``, and prints each of its lines."""
    from types import SimpleNamespace

    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.games.cryhavoc import leaf_match

    assert get_game("cryhavoc").extra("search_match") is leaf_match
    assert get_game("warcry").extra("search_match") is None
    match = SimpleNamespace(bench_child=lambda: print("  one\n  two"))
    monkeypatch.setattr(bench, "get_game", lambda name: SimpleNamespace(extra={"search_match": match}.get))
    bench.search_match_child()
    assert capsys.readouterr().out == "  one\n  two\n"
    monkeypatch.setattr(bench, "get_game", lambda name: SimpleNamespace(extra={}.get))
    bench.search_match_child()  # a game without one: nothing
    assert capsys.readouterr().out == ""


def test_a_child_gives_its_last_line_or_every_line() -> None:
    code = "print('  a')\nprint('  b')\n"
    assert bench._in_child(code) == "  b"
    assert bench._in_child(code, whole=True) == "  a\n  b"  # every line, indented as printed


def test_the_other_games_are_timed_side_by_side_with_another_checkout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[str, str | None]] = []

    def fake(
        games: int,
        workers: int,
        record: bool,
        out: Path,
        bot: str = "random",
        python: str | None = None,
        game: str = "cryhavoc",
    ) -> float:
        seen.append((bot, python))
        return games / (200 if bot == "random" else 2 if python else 5)

    monkeypatch.setattr(bench, "_timed", fake)
    monkeypatch.setattr(
        bench, "_game_costs_in_child", lambda name, python=None: {"clone": 11.0 if python else 9.0}
    )
    monkeypatch.setattr(bench, "_search_in_child", lambda game: 2.5)
    # The other checkout predates WarCry: WarCry is timed alone, and said so.
    monkeypatch.setattr(bench, "games_in", lambda python: {"cryhavoc", "cavetroll"})
    lines = list(bench.other_games(against="/old/python"))
    assert ("heuristic", "/old/python") in seen and ("heuristic", None) in seen
    assert seen.count(("heuristic", "/old/python")) == bench.ROUNDS  # Cave Troll's rounds only
    assert any("WarCry: not in /old/python's checkout, timed alone" in line for line in lines)
    assert any(
        "side by side: random bots 200.0 games/s before, 200.0 now; heuristic bots 2.0 games/s before, 5.0 now;"
        " a mid-game state: clone 11.0 us before, 9.0 now" in line
        for line in lines
    )
    assert any("search bot     2.50 s per game: seat one ismcts" in line for line in lines)  # WarCry's
    assert ("learned", None) in seen and ("learned", "/old/python") not in seen  # this checkout's only
    assert any(
        "learned policy      5.0 games/s, 1.00 times the heuristic's cost per game" in line for line in lines
    )


def test_the_state_costs_are_side_by_side_when_the_other_checkout_has_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def costs(name: str, python: str | None = None) -> dict[str, float]:
        if python == "/older/python":  # a checkout from before the state protocol
            raise subprocess.CalledProcessError(1, "python")
        return {"clone": 8.0 if python else 6.0, "fingerprint": 5.0}

    monkeypatch.setattr(bench, "_protocol_costs_in_child", costs)
    lines = bench.protocol_costs(against="/old/python")
    assert "    side by side: clone 8.0 us before, 6.0 now; fingerprint 5.0 us before, 5.0 now" in lines
    assert len(lines) == 2 * len(bench.game_names())
    older = bench.protocol_costs(against="/older/python")
    assert len(older) == len(bench.game_names()) and not any("side by side" in line for line in older)


def test_the_copy_costs_are_side_by_side_with_another_checkout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench, "_timed", lambda games, *args, **kwargs: games / 500)
    monkeypatch.setattr(bench, "_peak_rss_mib", lambda games: 100.0)
    monkeypatch.setattr(bench, "_search_in_child", lambda game="cryhavoc": 1.0)
    monkeypatch.setattr(
        bench,
        "_state_costs_in_child",
        lambda python=None: (30.0, 70.0, 310.0) if python else (25.0, 60.0, 300.0),
    )
    monkeypatch.setattr(bench, "other_games", lambda against: iter(()))
    monkeypatch.setattr(bench, "protocol_costs", lambda against: [])
    # the learned-leaf side by side, the lines' and the decisions' costs play real games
    # (two minutes of the suite): this test reads the copy costs only
    monkeypatch.setattr(
        bench, "_in_child", lambda code, python=None, whole=False: "  learned-leaf search   x"
    )
    monkeypatch.setattr(bench, "lines_costs", lambda: "  win-probability lines  x")
    monkeypatch.setattr(bench, "gaps_costs", lambda: "  decisions = true       x")
    bench.run_bench(1000, against="/old/python")
    out = capsys.readouterr().out
    assert "clone 25.0 us, determinize 60.0 us, save 300 us" in out
    assert (
        "    side by side (compiled as each checkout is): clone 30.0 us before, 25.0 now;"
        " determinize 70.0 us before, 60.0 now; save 310.0 us before, 300.0 now"
    ) in out


def test_the_lines_cost_names_every_game_with_a_win_model(monkeypatch: pytest.MonkeyPatch) -> None:
    shares = {"cryhavoc": "0.05", "cavetroll": "0.1", "warcry": "-0.01"}

    def child(code: str, python: str | None = None) -> str:
        return next(v for k, v in shares.items() if repr(k) in code)

    monkeypatch.setattr(bench, "_in_child", child)
    line = bench.lines_costs()
    assert "Cave Troll +10.0%, Cry Havoc +5.0%, WarCry -1.0% of a heuristic game's cost" in line


def test_the_decision_logging_cost_names_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    shares = {"cryhavoc": "0.02", "cavetroll": "nan", "warcry": "-0.004"}

    def child(code: str, python: str | None = None) -> str:
        assert "timed_gaps_child" in code
        return next(v for k, v in shares.items() if repr(k) in code)

    monkeypatch.setattr(bench, "_in_child", child)
    line = bench.gaps_costs()
    assert line.endswith("Cry Havoc +2.0%, WarCry -0.4% of a search game's cost (aim: at most 5%)")


@pytest.mark.parametrize("game", ["cryhavoc", "cavetroll", "warcry"])
def test_the_decision_logging_bench_searches_one_seat(game: str) -> None:
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.runner.scenario import parse_scenario

    module = get_game(game)
    sc = parse_scenario(module.searched_bench_scenario() or "")
    bots = dict(sc.setup.bots)
    searched = [s for s, b in bots.items() if b == "ismcts"]
    assert searched == [module.bench.search_seat] and not sc.decisions
