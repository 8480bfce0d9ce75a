"""``make soak``: many random playouts across processes, every invariant checked at
every step (the harness's soak, ``games/harness/soak.py``), then the copy and
determinize testers (``games/harness/testers.py``) on the game; each violation is
reported with the seed that replays it."""

from __future__ import annotations

import sys
import time

from cryhavoc_sim.games import DEFAULT_GAME, get_game
from cryhavoc_sim.games.protocol import Violation

_CHUNK = 500
TESTED = 40  # games the copy and determinize testers play after the soak


def _chunk(args: tuple[str, int, int, int]) -> list[Violation]:
    from cryhavoc_sim.games.harness.soak import soak

    game, seed, start, stop = args
    return soak(get_game(game).rules, seed, start, stop)


def tester_problems(game: str, seed: int, games: int = TESTED) -> list[str]:
    """The copy and determinize testers' findings on ``games`` random games of ``game``."""
    from cryhavoc_sim.games.harness.testers import copy_problems, determinize_problems

    rules = get_game(game).rules
    content = rules.default_content()
    return copy_problems(rules, seed, games, content) + determinize_problems(rules, seed, games, content)


def run_soak(
    games: int, workers: int, seed: int, quiet: bool = False, game: str = DEFAULT_GAME
) -> list[Violation]:
    from tqdm import tqdm

    title = get_game(game).title
    tasks = [(game, seed, s, min(s + _CHUNK, games)) for s in range(0, games, _CHUNK)]
    bad: list[Violation] = []
    started = time.perf_counter()
    bar = tqdm(total=games, unit="game", disable=quiet, file=sys.stderr)
    from cryhavoc_sim.runner.pool import ordered_map

    for (_, _, a, b), found in zip(tasks, ordered_map(_chunk, tasks, workers), strict=True):
        bad.extend(found)
        bar.update(b - a)
    bar.close()
    seconds = time.perf_counter() - started
    print(
        f"soak: {games} random games of {title} (master seed {seed}) in {seconds:.0f} s,"
        f" {games / seconds:.0f} games/s"
    )
    for v in bad[:50]:
        print(f"  VIOLATION game {v.index} seed {v.seed} {v.setup}: {v.what}")
    print(f"soak: {len(bad)} game(s) with violations")
    tested = min(games, TESTED)
    problems = tester_problems(game, seed, tested)
    for p in problems[:50]:
        print(f"  CONTRACT {p}")
    print(f"soak: copy and determinize testers on {tested} games: {len(problems)} problem(s)")
    bad.extend(Violation(-1, seed, "contract", p) for p in problems)
    return bad
