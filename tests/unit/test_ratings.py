"""Bradley-Terry ratings (analysis/ratings.py) and the skill ladder's ratings table."""

from __future__ import annotations

import json
import math
import subprocess
import sys

from cryhavoc_sim.analysis.ratings import ELO, rate
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.ladder import Match, rating_table, render_ratings


def _games(truth: dict[str, float], n: int, seed: int) -> list[tuple[str, str, float]]:
    rng = stream(seed, "ratings-test")
    names = sorted(truth)
    out = []
    for _ in range(n):
        a, b = rng.sample(names, 2)
        p = 1.0 / (1.0 + math.exp((truth[b] - truth[a]) / ELO))
        out.append((a, b, 1.0 if rng.random() < p else 0.0))
    return out


def test_the_fit_recovers_known_ratings_and_its_intervals_cover_them() -> None:
    truth = {"a": -300.0, "b": 0.0, "c": 100.0, "d": 200.0}
    rated = rate(_games(truth, 4000, 1), resamples=100)
    mean = sum(truth.values()) / len(truth)
    for name, value in truth.items():
        low, high = rated.interval(name)
        assert abs(rated.of(name) - (value - mean)) < 45, (name, rated.of(name))
        assert low <= value - mean <= high, (name, low, high)
    assert abs(sum(rated.rating)) < 1e-6  # centred on the mean entry


def test_the_order_of_the_games_does_not_matter_and_a_perfect_record_stays_finite() -> None:
    games = _games({"x": 0.0, "y": 150.0}, 300, 2) + [("z", "x", 1.0)] * 20 + [("z", "y", 1.0)] * 20
    shuffled = list(games)
    stream(3, "ratings-test").shuffle(shuffled)
    one, two = rate(games, resamples=0), rate(shuffled, resamples=0)
    assert all(abs(p - q) < 1e-3 for p, q in zip(one.rating, two.rating, strict=True))
    assert one.of("z") > one.of("y") > one.of("x") and math.isfinite(one.of("z")) and one.of("z") < 3000


RUNGS = ("weak", "mid", "strong")


def _ladder(truth: dict[tuple[str, str], float], rounds: int) -> list[Match]:
    """Every pair of three rungs, each rung on either side in turn; ``truth``: each
    (rung, side)'s Elo rating, which decides every game's chance."""
    rng = stream(4, "ratings-test")
    rows = []
    for _ in range(rounds):
        for x, y in ((0, 1), (0, 2), (1, 2)):
            for a_side, b_side in (("north", "south"), ("south", "north")):
                a, b = RUNGS[x], RUNGS[y]
                p = 1.0 / (1.0 + math.exp((truth[b, b_side] - truth[a, a_side]) / ELO))
                won = rng.random() < p
                rows.append(Match(a, a_side, b, True, won))
                rows.append(Match(b, b_side, a, False, not won))
    stopped = [
        Match("strong", "north", "weak", True, False, True),
        Match("weak", "south", "strong", False, False, True),
    ]
    return rows + stopped


def test_the_ladder_says_on_which_side_skill_pays_more() -> None:
    pays = {**{(r, "north"): 200.0 * i for i, r in enumerate(RUNGS)}, **{(r, "south"): 150.0 for r in RUNGS}}
    doc = rating_table(_ladder(pays, 400), list(RUNGS), seed=1)
    spread = {str(s["faction"]): s for s in doc["spread"]}  # type: ignore[attr-defined]
    assert float(spread["north"]["spread"]) > float(spread["south"]["spread"])
    assert doc["differ"] and doc["differ"][0]["more"] == "north"  # type: ignore[index]
    text = render_ratings(doc)
    assert "Skill pays more for north than for south" in text and "strong" in text
    # a ladder of chance: no side pays more for skill than another
    chance = rating_table(_ladder(dict.fromkeys(pays, 0.0), 400), list(RUNGS), seed=1)
    assert not chance["differ"]


def test_two_rungs_of_a_two_sided_game_give_the_rungs_ratings_only() -> None:
    two = [m for m in _ladder(dict.fromkeys([(r, s) for r in RUNGS for s in ("north", "south")], 0.0), 50)]
    two = [m for m in two if m.bot != "mid" and m.opponent != "mid"]
    doc = rating_table(two, ["weak", "strong"], seed=1)
    assert {r["faction"] for r in doc["ratings"]} == {"all"}  # type: ignore[attr-defined]
    assert "never met the same opponents" in str(doc["note"])


def test_ladder_skill_prints_and_writes_the_ratings() -> None:
    args = ("ladder", "--skill", "--bots", "random,heuristic", "-r", "1", "-j", "1", "--json")
    proc = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(proc.stdout)
    rows = doc["ratings"]["ratings"]
    mine = {(r["bot"], r["faction"]): r["rating"] for r in rows}
    assert mine[("heuristic", "all")] > mine[("random", "all")]
