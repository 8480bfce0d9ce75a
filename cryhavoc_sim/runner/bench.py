"""``make bench``: throughput of 4-player random-bot games on one and two workers, the
cost of event logging, heuristic-bot throughput, the cost of the win-probability lines
and of logging decisions (``decisions = true``), Parquet bytes per game, and peak memory
at 1x and 10x games.

Every figure is wall-clock time of a whole ``run`` (play, frames, Parquet, manifest) in a
fresh process pinned to as many CPUs as it has workers: polars writes Parquet on a
thread pool, so an unpinned one-worker run borrows the second core for its writes and is
no per-core figure. The default of 3,000 games is a short real run, seconds on two
workers, in which a spawned worker's fixed start-up (a fresh interpreter importing the
engine and polars; docs/measured.md, "Short runs") still shows; the bench prints it, and
measures two-worker efficiency again on four times the games, where the start-up is
spread as in the long runs the tool is for. Each configuration is timed in three rounds (see ``run_bench``)."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path

from cryhavoc_sim.games import DEFAULT_GAME, game_names, get_game
from cryhavoc_sim.native import compiled
from cryhavoc_sim.runner.scenario import parse_scenario

ROUNDS = 3


def _timed_run(
    games: int, workers: int, record: bool, out: Path, bot: str = "random", game: str = DEFAULT_GAME
) -> float:
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario

    sc = parse_scenario(get_game(game).bench_scenario(bot)).with_overrides(games=games)
    started = time.perf_counter()
    run_scenario(sc, out, RunOptions(workers, quiet=True, record_events=record))
    return time.perf_counter() - started


SEARCH_GAMES = 3


def timed_search_child(game: str = DEFAULT_GAME) -> None:
    """In a fresh process, pinned to one CPU: one game to warm up, then the seconds per
    game of ``game``'s search-bot scenario ("nan" when it has none)."""
    from cryhavoc_sim.runner.executor import RunOptions, run_scenario

    found = get_game(game).search_bench_scenario()
    if found is None:
        print("nan")
        return
    cpus = _pinned(1)
    if cpus is not None:
        os.sched_setaffinity(0, cpus)
    sc = parse_scenario(found[1])
    with tempfile.TemporaryDirectory() as tmp:
        quiet = RunOptions(quiet=True)
        run_scenario(sc.with_overrides(games=1), Path(tmp) / "warm", quiet)
        started = time.perf_counter()
        run_scenario(sc.with_overrides(games=SEARCH_GAMES), Path(tmp) / "timed", quiet)
    print((time.perf_counter() - started) / SEARCH_GAMES)


def _search_in_child(game: str = DEFAULT_GAME) -> float:
    return float(
        _in_child(f"from cryhavoc_sim.runner.bench import timed_search_child\ntimed_search_child({game!r})\n")
    )


def timed_lines_child(game: str) -> None:
    """In a fresh process pinned to one CPU: the cost of recording the win-probability
    lines (``games/winprob.py``) as a share of a heuristic game of ``game``: the same
    games played with and without the recorder, alternately, in three rounds; prints
    the median round's share ("nan" when the game has no win model)."""
    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.play import play_one

    module = get_game(game)
    if module.win_line is None:
        print("nan")
        return
    cpus = _pinned(1)
    if cpus is not None:
        os.sched_setaffinity(0, cpus)
    sc = parse_scenario(module.bench_scenario("heuristic"))
    content = content_for(sc)
    n = module.bench.line_games
    play_one(sc, content, 0, True, lines=True)  # warm up: imports, the model, the content
    print(
        _median_extra(
            lambda i: play_one(sc, content, i, True, lines=False),
            lambda i: play_one(sc, content, i, True, lines=True),
            n,
        )
    )


def _median_extra(off: Callable[[int], object], on: Callable[[int], object], n: int) -> float:
    """What ``on`` costs beyond ``off`` as a share of ``off``, each playing games 0 to
    ``n`` - 1 in turn, in ``ROUNDS`` rounds: the median round's share."""
    shares = []
    for _ in range(ROUNDS):
        timed = []
        for play in (off, on):
            started = time.perf_counter()
            for i in range(n):
                play(i)
            timed.append(time.perf_counter() - started)
        shares.append((timed[1] - timed[0]) / timed[0])
    return statistics.median(shares)


def _costs_line(child: str, label: str, aim: str) -> str:
    """A bench line: ``child`` (a ``timed_*_child`` of this module) run for every game in a
    fresh process; the games that have what it times ("nan" otherwise)."""
    parts = []
    for name in game_names():
        share = float(_in_child(f"from cryhavoc_sim.runner.bench import {child}\n{child}({name!r})\n"))
        if share == share:  # not nan
            parts.append(f"{get_game(name).title} {share:+.1%}")
    return f"  {label:<22} {', '.join(parts)} {aim}"


def lines_costs() -> str:
    """The bench line: the lines' cost in every game that has them."""
    return _costs_line(
        "timed_lines_child", "win-probability lines", "of a heuristic game's cost (aim: at most 15%)"
    )


def timed_gaps_child(game: str) -> None:
    """In a fresh process pinned to one CPU: the cost of ``decisions = true`` (the
    decision counter and the searches' value gaps, ``games/search/gaps.py``) as a share
    of a search game of ``game`` (its bench scenario with one seat searched): the same
    games played with and without it, alternately, in three rounds; prints the median
    round's share ("nan" for a game without a search seat here)."""
    from dataclasses import replace

    from cryhavoc_sim.runner.chunk import content_for
    from cryhavoc_sim.runner.play import play_one

    module = get_game(game)
    searched = module.searched_bench_scenario()  # one seat searched at its default budget
    if searched is None:
        print("nan")
        return
    cpus = _pinned(1)
    if cpus is not None:
        os.sched_setaffinity(0, cpus)
    off = parse_scenario(searched)
    on = replace(off, decisions=True)
    content = content_for(off)
    n = module.bench.gap_games
    play_one(on, content, 0, True, lines=False)  # warm up: imports, the content
    print(
        _median_extra(
            lambda i: play_one(off, content, i, True, lines=False),
            lambda i: play_one(on, content, i, True, lines=False),
            n,
        )
    )


def gaps_costs() -> str:
    """The bench line: what logging decisions costs a search game, in every game."""
    return _costs_line("timed_gaps_child", "decisions = true", "of a search game's cost (aim: at most 5%)")


def _pinned(workers: int) -> set[int] | None:
    """The CPUs a run with ``workers`` workers is pinned to (None: pinning unsupported)."""
    if not hasattr(os, "sched_getaffinity"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    return set(cpus[:workers]) if len(cpus) >= workers else None


def timed_child(games: int, workers: int, record: bool, out: str, bot: str, game: str = DEFAULT_GAME) -> None:
    """In a fresh process: pin, warm up (imports, content), time one run, print seconds."""
    cpus = _pinned(workers)
    if cpus is not None:
        os.sched_setaffinity(0, cpus)  # before polars starts its threads: they inherit it
    _timed_run(20, 1, record, Path(out + "-warm"), bot, game)
    print(_timed_run(games, workers, record, Path(out), bot, game))


def _in_child(code: str, python: str | None = None, whole: bool = False) -> str:
    """Run ``code`` in a fresh interpreter (``python``: another checkout's); the last
    line it prints (``whole``: every line)."""
    proc = subprocess.run(
        [python or sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    if whole:  # the first line's indent kept
        return proc.stdout.rstrip().lstrip("\n")
    return proc.stdout.strip().splitlines()[-1]


def search_match_child(game: str = DEFAULT_GAME) -> None:
    """In a fresh process: the lines of the game's own search match (its spec's extra
    ``search_match``: Cry Havoc's searches against today's search), if it has one."""
    match = get_game(game).extra("search_match")
    if match is not None:
        match.bench_child()


def _timed(
    games: int,
    workers: int,
    record: bool,
    out: Path,
    bot: str = "random",
    python: str | None = None,
    game: str = DEFAULT_GAME,
) -> float:
    return float(
        _in_child(
            "from cryhavoc_sim.runner.bench import timed_child\n"
            f"timed_child({games}, {workers}, {record}, {str(out)!r}, {bot!r}, {game!r})\n",
            python,
        )
    )


# Games per timed run of the other registered games' bench lines (random, heuristic bots).
OTHER_GAMES = {"random": 2000, "heuristic": 300}


def _game_costs_in_child(name: str, python: str | None = None) -> dict[str, float]:
    """The game's own :meth:`GameSpec.state_costs`, in a fresh process (``python``:
    another checkout's)."""
    import json

    code = (
        "import json\n"
        "from cryhavoc_sim.games import get_game\n"
        f"print(json.dumps(get_game({name!r}).state_costs(2000)))\n"
    )
    costs: dict[str, float] = json.loads(_in_child(code, python))
    return costs


def _side_by_side(measure: Callable[[str | None], dict[str, float]], against: str) -> str:
    """Costs now and in ``against``'s checkout, each measured twice in turn (now, before,
    now, before) and the least kept: "clone 7.0 us before, 6.5 now; ..."; empty when the
    other checkout cannot measure them."""
    now: dict[str, float] = {}
    before: dict[str, float] = {}
    try:
        for _ in range(2):
            for into, python in ((now, None), (before, against)):
                for k, v in measure(python).items():
                    into[k] = min(into.get(k, v), v)
    except (subprocess.CalledProcessError, OSError, IndexError, ValueError):
        return ""
    return "; ".join(f"{k} {before[k]:.1f} us before, {v:.1f} now" for k, v in now.items() if k in before)


def _protocol_costs_in_child(name: str, python: str | None = None) -> dict[str, float]:
    """The harness's state costs of game ``name`` (``games/harness/costs.py``: clone,
    determinize, legal answers and fingerprint through the state protocol), in a fresh
    process (``python``: another checkout's)."""
    import json

    code = (
        "import json\n"
        "from cryhavoc_sim.games import get_game\n"
        "from cryhavoc_sim.games.harness.costs import state_costs\n"
        f"print(json.dumps(state_costs(get_game({name!r}).rules, 2000)))\n"
    )
    costs: dict[str, float] = json.loads(_in_child(code, python))
    return costs


def protocol_costs(against: str | None = None) -> list[str]:
    """One line per registered game: what the state protocol's operations cost on a
    mid-game state (100 random answers in), the same measure for every game; with
    ``against``, side by side with that checkout when it has the protocol and the game."""
    lines = []
    for name in game_names():
        costs = _protocol_costs_in_child(name)
        lines.append(
            f"  {get_game(name).title} through the state protocol, 100 answers in: "
            + ", ".join(f"{k} {v:.1f} us" for k, v in costs.items())
        )
        then = _side_by_side(partial(_protocol_costs_in_child, name), against) if against else ""
        if then:
            lines.append(f"    side by side: {then}")
    return lines


def games_in(python: str) -> set[str]:
    """The games another checkout's Python has registered (an older checkout may lack the
    newer ones); empty when it cannot run this bench at all."""
    try:
        out = _in_child("from cryhavoc_sim.games import game_names\nprint(*game_names())\n", python)
    except (subprocess.CalledProcessError, OSError, IndexError):
        return set()
    return set(out.split())


def other_games(against: str | None = None) -> Iterator[str]:
    """One line per registered game besides the default, yielded as each is measured: its
    4-player bench scenario's games per second on one worker, events on, random and
    heuristic bots (best of ``ROUNDS``), its learned policy (one round), and its own state
    costs; with ``against`` (another
    checkout's Python), each timed next to the same run there when that checkout has the
    game (a line says so when it has not)."""

    theirs = games_in(against) if against else set()
    for name in game_names():
        if name == DEFAULT_GAME:
            continue
        if against and name not in theirs:
            yield f"  {get_game(name).title}: not in {against}'s checkout, timed alone"
        base = Path(tempfile.mkdtemp(prefix=f"bench-{name}-"))
        game = get_game(name)
        best: dict[str, float] = {}
        for bot, n in OTHER_GAMES.items():
            for i in range(ROUNDS):
                now = _timed(n, 1, True, base / f"{name}-{bot}-{i}", bot, game=name)
                best[bot] = min(best.get(bot, now), now)
                if against and name in theirs:
                    old = _timed(n, 1, True, base / f"old-{name}-{bot}-{i}", bot, against, name)
                    best[f"old-{bot}"] = min(best.get(f"old-{bot}", old), old)
        costs = _game_costs_in_child(name)
        costs_then = (
            _side_by_side(partial(_game_costs_in_child, name), against) if against and name in theirs else ""
        )
        yield (
            f"  {game.title}, 4 players, 1 worker: random bots {OTHER_GAMES['random'] / best['random']:6.0f} games/s,"
            f" heuristic bots {OTHER_GAMES['heuristic'] / best['heuristic']:.1f} games/s (best of {ROUNDS} rounds);"
            " a mid-game state: " + ", ".join(f"{k} {v:.1f} us" for k, v in costs.items())
        )
        if "learned" in game.rules.bot_names:  # this checkout's learned policy, one round
            n = OTHER_GAMES["heuristic"]
            took = _timed(n, 1, True, base / f"{name}-learned", "learned", game=name)
            yield (
                f"    learned policy {n / took:8.1f} games/s, {took / best['heuristic']:.2f} times the"
                " heuristic's cost per game"
            )
        search = game.search_bench_scenario()
        if search is not None:  # one round: a search game costs seconds
            yield f"    search bot {_search_in_child(name):8.2f} s per game: {search[0]} ({SEARCH_GAMES} games)"
        if against and name in theirs:
            yield (
                "    side by side: "
                + "; ".join(
                    f"{bot} bots {n / best[f'old-{bot}']:.1f} games/s before, {n / best[bot]:.1f} now"
                    for bot, n in OTHER_GAMES.items()
                )
                + (f"; a mid-game state: {costs_then}" if costs_then else "")
            )
        shutil.rmtree(base, ignore_errors=True)


def _state_costs_in_child(python: str | None = None) -> tuple[float, float, float]:
    code = (
        "import os\n"
        "from cryhavoc_sim.runner.bench import _pinned, state_costs\n"
        "cpus = _pinned(1)\n"
        "if cpus is not None: os.sched_setaffinity(0, cpus)\n"
        "print(*state_costs())\n"
    )
    clone, det, saved = (float(x) for x in _in_child(code, python).split())
    return clone, det, saved


def _state_costs_dict(python: str | None = None) -> dict[str, float]:
    clone, det, saved = _state_costs_in_child(python)
    return {"clone": clone, "determinize": det, "save": saved}


def state_costs(repeat: int = 2000, game: str = DEFAULT_GAME) -> tuple[float, float, float]:
    """Microseconds to clone, determinize and save a mid-game state (the game's own
    :meth:`GameSpec.state_costs`), in this process."""
    costs = get_game(game).state_costs(repeat)
    return costs["clone"], costs["determinize"], costs["save"]


def _peak_rss_mib(games: int) -> float:
    """Peak RSS of a fresh process running ``games`` games serially."""
    code = (
        "import resource, tempfile, pathlib\n"
        "from cryhavoc_sim.runner.bench import _timed_run\n"
        f"_timed_run({games}, 1, True, pathlib.Path(tempfile.mkdtemp()) / 'r')\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    return int(_in_child(code)) / 1024


def run_bench(games: int, against: str | None = None) -> None:
    """Print the bench. ``against``: the Python of another checkout's environment (a git
    worktree of the commit before a change, with its own venv and compiled build), timed
    in the same rounds for a side-by-side comparison."""
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        # Three rounds, each timing every configuration once. Rates are the best of the
        # three; ratios (efficiency, logging cost, heuristic/random) are taken within a
        # round, from runs seconds apart and ordered so that the runs compared follow
        # each other, and the median round is reported: this VM's speed drifts within a
        # minute (docs/measured.md, "Noise"), so the best times of different rounds may
        # come from a fast and a slow phase.
        long = 4 * games
        rounds: list[dict[str, float]] = []
        for i in range(ROUNDS):
            r = {"noevents": _timed(games, 1, False, base / f"noevents-{i}")}
            r["j2"] = _timed(games, 2, True, base / f"j2-{i}")
            r["j1"] = _timed(games, 1, True, base / f"j1-{i}")
            if against:  # next to the run it is compared with
                r["old-j1"] = _timed(games, 1, True, base / f"old-j1-{i}", python=against)
            r["heuristic"] = _timed(games, 1, True, base / f"heuristic-{i}", bot="heuristic")
            if against:
                r["old-heuristic"] = _timed(games, 1, True, base / f"old-heuristic-{i}", "heuristic", against)
            r["learned"] = _timed(games, 1, True, base / f"learned-{i}", bot="learned")
            r["search"] = _search_in_child()
            r["long-j1"] = _timed(long, 1, True, base / f"long-j1-{i}")
            r["long-j2"] = _timed(long, 2, True, base / f"long-j2-{i}")
            rounds.append(r)
            for old in base.glob(f"long-*-{i}"):  # 4x the games: keep the disk small
                shutil.rmtree(old)
        size = sum(p.stat().st_size for p in (base / "j1-0").rglob("*.parquet"))

    def rate(key: str, n: int = games) -> float:
        return n / min(r[key] for r in rounds)

    def each(f: Callable[[dict[str, float]], float], fmt: str) -> str:
        values = [f(r) for r in rounds]
        return f"{format(statistics.median(values), fmt)} ({', '.join(format(v, fmt) for v in values)})"

    build = "compiled with mypyc" if compiled() else "plain Python (no compiled build in use)"
    print(f"bench: {games:,} four-player games, python {sys.version.split()[0]}, engine and bots {build}")
    pinned = "each run pinned to as many CPUs as workers" if _pinned(2) else "runs not pinned to CPUs"
    print(
        f"  random bots unless said; {pinned}; rates: best of {ROUNDS} rounds; ratios: median round (each round)"
    )
    print(f"  1 worker, events on   {rate('j1'):8.0f} games/s")
    print(
        f"  2 workers, events on  {rate('j2'):8.0f} games/s   parallel efficiency"
        f" {each(lambda r: r['j1'] / (2 * r['j2']), '.0%')}"
        f" (start-up and tail {each(lambda r: max(0.0, r['j2'] - r['j1'] / 2), '.2f')} s)"
    )
    print(
        f"  2 workers, {long:,} games {rate('long-j2', long):5.0f} games/s   parallel efficiency"
        f" {each(lambda r: r['long-j1'] / (2 * r['long-j2']), '.0%')}"
        f" ({rate('long-j1', long):.0f} games/s on 1 worker)"
    )
    print(
        f"  1 worker, events off  {rate('noevents'):8.0f} games/s   event logging costs"
        f" {each(lambda r: (r['j1'] - r['noevents']) / r['j1'], '.0%')}"
    )
    print(
        f"  heuristic bots, 1 w.  {rate('heuristic'):8.0f} games/s  "
        f" {each(lambda r: r['heuristic'] / r['j1'], '.2f')} times the random-bot cost per game"
    )
    print(
        f"  learned policy, 1 w.  {rate('learned'):8.0f} games/s  "
        f" {each(lambda r: r['learned'] / r['heuristic'], '.2f')} times the heuristic's cost per game"
        " (aim: at least 100 games/s)"
    )
    if against:
        print(f"  side by side with {against} (same rounds, one worker, events on):")
        print(
            f"    random bots         {rate('old-j1'):8.0f} games/s before, {rate('j1'):.0f} now;"
            f" now / before {each(lambda r: r['old-j1'] / r['j1'], '.2f')}"
        )
        print(
            f"    heuristic bots      {rate('old-heuristic'):8.0f} games/s before, {rate('heuristic'):.0f} now;"
            f" now / before {each(lambda r: r['old-heuristic'] / r['heuristic'], '.2f')}"
        )
    search = get_game(DEFAULT_GAME).search_bench_scenario()
    if search is not None:
        print(
            f"  search bot            {min(r['search'] for r in rounds):8.2f} s per four-player game:"
            f" {search[0]} (best of {ROUNDS} rounds of {SEARCH_GAMES} games)"
        )
    # the default game's searches side by side, through the registry (its search_match)
    match = _in_child(
        "from cryhavoc_sim.runner.bench import search_match_child\nsearch_match_child()\n", whole=True
    )
    if match:
        print(match)
    clone, det, saved = _state_costs_in_child()
    print(
        f"  a 4-player game in Round 3: clone {clone:.1f} us, determinize {det:.1f} us, save {saved:.0f} us"
    )
    then = _side_by_side(_state_costs_dict, against) if against else ""
    if then:
        print(f"    side by side (compiled as each checkout is): {then}")
    print(f"  Parquet               {size / games:8.0f} bytes/game")
    print(lines_costs(), flush=True)
    print(gaps_costs(), flush=True)
    for line in other_games(against):
        print(line, flush=True)
    for line in protocol_costs(against):
        print(line)
    # A worker holds at most one chunk (500 games at most, see executor.chunk_size), so
    # memory is measured where runs have reached that size: 2,000 and 20,000 games.
    small, large = _peak_rss_mib(2000), _peak_rss_mib(20000)
    print(
        f"  peak memory           {small:8.0f} MiB at 2,000 games, {large:.0f} MiB at 20,000 games"
        " (one worker, 500-game chunks)"
    )
