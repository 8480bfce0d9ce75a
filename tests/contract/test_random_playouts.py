"""The random-playout contract: thousands of games over 2, 3 and 4 players and every
experience level, with every invariant checked at every decision point."""

from __future__ import annotations

import collections

import pytest

from cryhavoc_sim.engine.playout import random_playouts

GAMES = 2100  # at least 2,000 (issue #2); split over the parametrised chunks below
CHUNKS = 6


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_invariant(content, chunk):  # type: ignore[no-untyped-def]
    size = GAMES // CHUNKS
    results = list(random_playouts(content, master_seed=2016, start=chunk * size, stop=(chunk + 1) * size))
    bad = [r for r in results if r.violations or r.error]
    assert not bad, "\n".join(
        f"seed {r.seed} {r.factions} {r.experience}: {r.error or r.violations[:3]}" for r in bad[:5]
    )
    counts = collections.Counter((len(r.factions), r.experience) for r in results)
    assert set(counts) == {(n, e) for n in (2, 3, 4) for e in ("first_time", "experienced", "veteran")}
    assert all(r.outcome is not None and r.outcome.winner in r.factions for r in results)


def test_playouts_exercise_every_rule_path(content):  # type: ignore[no-untyped-def]
    """The contract run is only as good as what it reaches: check that random games
    actually hit Battles, captures, buy-backs, early endings, Skills and every Action."""
    from cryhavoc_sim.bots.random_bot import RandomBot
    from cryhavoc_sim.engine import Game, GameSetup, play
    from cryhavoc_sim.engine.playout import playout_spec
    from cryhavoc_sim.rng import stream

    kinds: collections.Counter[str] = collections.Counter()
    details: collections.Counter[str] = collections.Counter()
    for i in range(300):
        seed, factions, experience = playout_spec(7, i)
        g = Game(content, GameSetup(factions, experience), stream(seed, "game"))
        play(g, {f: RandomBot(stream(seed, f"bot:{f}")) for f in factions})
        for e in g.events:
            kinds[e.kind] += 1
            if e.kind in ("action", "vp", "skill", "build", "activate", "card_played"):
                details[f"{e.kind}:{e.detail}"] += 1
    for kind in (
        "battle_declared",
        "capture",
        "kill",
        "retreat",
        "prisoner_return",
        "scoring_enabled",
        "exploration",
        "token_revealed",
        "nest_placed",
        "initiative_change",
        "event_passed",
    ):
        assert kinds[kind] > 0, kind
    for action in ("move", "recruit", "build", "draw", "enable_scoring"):
        assert details[f"action:{action}"] > 0, action
    used_skills = {d.split(":", 1)[1] for d in details if d.startswith("skill:")}
    assert used_skills == set(content.skills)
