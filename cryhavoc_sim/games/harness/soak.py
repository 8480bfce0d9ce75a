"""The soak: random games with the game's invariants checked before every answer and at
the end; each game that breaks one (or raises) is a :class:`Violation` whose seed replays
it. Game ``index`` plays the rules' ``soak_setup(index)`` on the seed recipe's streams."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.harness.driver import play
from cryhavoc_sim.games.harness.play import new_game, seat_bots
from cryhavoc_sim.games.harness.seeds import seeds
from cryhavoc_sim.games.protocol import Violation
from cryhavoc_sim.games.state import GameState, Rules


class _Broken(Exception):
    """Stops a soak game at its first violations."""


def soak_game(rules: Rules[Any], content: Any, master_seed: int, index: int) -> Violation | None:
    """Random game ``index``: None when it ends keeping every invariant, else what broke."""
    s = seeds(master_seed, index)
    setup = rules.soak_setup(index)
    memo: dict[str, Any] = {}
    found: list[str] = []

    def check(state: GameState) -> None:
        found.extend(rules.invariants(state, memo))
        if found:
            raise _Broken

    try:
        state = new_game(rules, content, setup, s, record_events=True)
        names = dict.fromkeys(state.players, "random")
        play(state, seat_bots(rules, state, names, s), check)
    except _Broken:
        pass
    except Exception as exc:  # a crash is a violation too, reported with its seed
        found.append(f"{type(exc).__name__}: {exc}")
    if not found:
        return None
    return Violation(index, s.seed, rules.describe(setup), "; ".join(found[:3]))


def soak(rules: Rules[Any], master_seed: int, start: int, stop: int, content: Any = None) -> list[Violation]:
    """Random games ``start``..``stop`` (the rules' default content unless given)."""
    content = rules.default_content() if content is None else content
    out = []
    for i in range(start, stop):
        v = soak_game(rules, content, master_seed, i)
        if v is not None:
            out.append(v)
    return out
