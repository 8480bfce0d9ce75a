"""What copying a game costs: clone, determinize and save of a four-player game in
Round 3 (about 120 decisions in, random bots), timed for ``make bench``."""

from __future__ import annotations


def state_costs(repeat: int = 2000) -> dict[str, float]:
    """Microseconds to clone, determinize and save a four-player game in Round 3 (about
    120 decisions in, random bots), in this process (pinned to one CPU)."""
    import timeit

    from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine import Game, GameSetup
    from cryhavoc_sim.games.cryhavoc.engine.saves import save
    from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize
    from cryhavoc_sim.rng import stream

    factions = ("humans", "pilgrims", "machines", "trogs")
    g = Game(load_content(), GameSetup(factions), stream(11, "game"), seed=11)
    bots = {f: RandomBot(stream(11, f"bot:{f}")) for f in factions}
    g.start()
    while g.request is not None and (g.round < 3 or g.phase != "actions"):
        g.apply(bots[g.request.faction].decide(g.request, g))
    observer = g.request.faction if g.request is not None else factions[0]
    rng = stream(12, "bench")
    clone = timeit.timeit(g.clone, number=repeat) / repeat
    det = timeit.timeit(lambda: determinize(g, observer, rng), number=repeat) / repeat
    saved = timeit.timeit(lambda: save(g), number=repeat // 10) / (repeat // 10)
    return {"clone": clone * 1e6, "determinize": det * 1e6, "save": saved * 1e6}
