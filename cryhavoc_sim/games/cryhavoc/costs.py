"""What copying a game costs: clone, determinize and save of a four-player game in
Round 3 (its first Actions, random bots, played by the harness's driver loop), timed for
``make bench``."""

from __future__ import annotations

from collections.abc import Callable


def state_costs(repeat: int = 2000) -> dict[str, float]:
    """Microseconds to clone, determinize and save a four-player game at the start of
    Round 3's Actions, in this process (pinned to one CPU): the fastest of five batches."""
    import timeit

    from cryhavoc_sim.games.cryhavoc.content import load_content
    from cryhavoc_sim.games.cryhavoc.engine import GameSetup
    from cryhavoc_sim.games.cryhavoc.engine.saves import save
    from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize
    from cryhavoc_sim.games.cryhavoc.rules import RULES
    from cryhavoc_sim.games.cryhavoc.state import CryHavocState
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import new_game, seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds
    from cryhavoc_sim.rng import stream

    factions = ("humans", "pilgrims", "machines", "trogs")
    seeds = Seeds(11)
    state = new_game(RULES, load_content(), GameSetup(factions), seeds, True)
    assert isinstance(state, CryHavocState)
    bots = seat_bots(RULES, state, dict.fromkeys(factions, "random"), seeds)
    play(state, bots, until=lambda s: s.game.round >= 3 and s.game.phase == "actions")
    g = state.game
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
