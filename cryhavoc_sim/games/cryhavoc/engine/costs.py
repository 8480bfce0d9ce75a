"""What copying a game costs: clone, determinize and save of a four-player game in
Round 3 (about 120 decisions in, random bots), timed for ``make bench``."""

from __future__ import annotations

from collections.abc import Callable


def state_costs(repeat: int = 2000) -> dict[str, float]:
    """Microseconds to clone, determinize and save a four-player game in Round 3 (about
    120 decisions in, random bots), in this process (pinned to one CPU): the fastest of five batches."""
    import timeit

    from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine import GameSetup, new_game
    from cryhavoc_sim.games.cryhavoc.engine.saves import save
    from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize
    from cryhavoc_sim.rng import stream

    factions = ("humans", "pilgrims", "machines", "trogs")
    g = new_game(load_content(), GameSetup(factions), stream(11, "game"), seed=11)
    bots = {f: RandomBot(stream(11, f"bot:{f}")) for f in factions}
    g.start()
    while g.request is not None and (g.round < 3 or g.phase != "actions"):
        g.apply(bots[g.request.faction].decide(g.request, g))
    observer = g.request.faction if g.request is not None else factions[0]
    rng = stream(12, "bench")

    def best(op: Callable[[], object], number: int) -> float:
        # The fastest of five batches: this VM's speed drifts, and a slow phase only adds.
        return min(timeit.repeat(op, number=max(1, number // 5), repeat=5)) / max(1, number // 5) * 1e6

    return {
        "clone": best(g.clone, repeat),
        "determinize": best(lambda: determinize(g, observer, rng), repeat),
        "save": best(lambda: save(g), repeat // 10),
    }
