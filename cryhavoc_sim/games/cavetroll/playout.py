"""Random games of Cave Troll (the harness's driver loop, random bots in every seat) with
``invariants.py``'s checks after every answer: the contract test and ``soak``; every game
ends (a game still going after :data:`MAX_ANSWERS` answers is a violation). Also what
copying, listing and valuing a mid-game state costs (``make bench``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cryhavoc_sim.games.cavetroll.content import CaveTrollContent
from cryhavoc_sim.games.cavetroll.game import CARD_SETS, CaveTrollGame
from cryhavoc_sim.games.cavetroll.invariants import owned, violations

if TYPE_CHECKING:
    from cryhavoc_sim.games.cavetroll.state import CaveTrollState
from cryhavoc_sim.rng import game_seed, stream

MAX_ANSWERS = 20_000  # a game that has not ended by then is a violation


@dataclass(frozen=True, slots=True)
class Playout:
    index: int
    seed: int
    players: int
    card_set: str
    violations: tuple[str, ...]
    error: str | None


def random_game(
    content: CaveTrollContent, players: int, seed: int, card_set: str = "classic", check: bool = True
) -> tuple[CaveTrollGame, list[str]]:
    """A game of random bots from ``seed`` (the harness's driver loop), with the
    invariants checked at every step when ``check``: (the game, the first violations
    found, if any)."""
    from cryhavoc_sim.games.cavetroll.rules import RULES, Deal
    from cryhavoc_sim.games.harness.driver import GameDidNotEnd, play
    from cryhavoc_sim.games.harness.play import seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds

    seeds = Seeds(seed)
    state = RULES.new_state(content, Deal(players, card_set), seed, seeds.game(), False)
    bots = seat_bots(RULES, state, dict.fromkeys(state.players, "random"), seeds)
    figures = owned(content, card_set)
    found: list[str] = []

    def observe(st: CaveTrollState) -> None:
        found.extend(violations(st.game, figures))
        if found:
            raise _Stop

    try:  # a bot with nothing to do raises (soak: an error)
        play(state, bots, observe if check else None, MAX_ANSWERS)
    except _Stop:
        pass
    except GameDidNotEnd:
        found.append(f"the game did not end in {MAX_ANSWERS} answers")
    return state.game, found


class _Stop(Exception):
    """The first violations are found: the game stops there."""


def random_playouts(content: CaveTrollContent, master_seed: int, start: int, stop: int) -> list[Playout]:
    """Games ``start``..``stop``: 2, 3 and 4 players and both card sets in turn."""
    out = []
    for i in range(start, stop):
        seed = game_seed(master_seed, i)
        players, card_set = 2 + i % 3, CARD_SETS[(i // 3) % 2]
        try:
            _, found = random_game(content, players, seed, card_set)
            error = None
        except Exception as exc:  # a soak reports the raise with its seed, and goes on
            found, error = [], f"{type(exc).__name__}: {exc}"
        out.append(Playout(i, seed, players, card_set, tuple(found), error))
    return out


def state_costs(repeat: int) -> dict[str, float]:
    """Microseconds to copy a mid-game 4-player state (three rounds of random bots,
    played by the harness's driver loop), to list its legal answers, to value it from
    every space as the heuristic bot's valuation does, and for the bot to decide there
    (a fresh bot: its shortcuts have nothing kept from earlier decisions, its own or
    another bot's: ``forget_positions``)."""
    import time

    from cryhavoc_sim.games.cavetroll.bots import HeuristicBot
    from cryhavoc_sim.games.cavetroll.content import load_content
    from cryhavoc_sim.games.cavetroll.rules import RULES, Deal
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds

    seeds = Seeds(3)
    state = RULES.new_state(load_content(), Deal(4), 3, seeds.game(), False)
    play(state, seat_bots(RULES, state, dict.fromkeys(state.players, "random"), seeds), until=_three_rounds)
    g = state.game
    valuer = HeuristicBot(stream(3, "valuer"))
    valuer._root(g, g.player)  # its tables of the content
    out = {}
    for name, step in (
        ("clone", g.copy),
        ("legal", g.legal),
        ("value", lambda: valuer.full_value(g, g.player)),
        ("decide", lambda: _first_decision(g)),
    ):
        started = time.perf_counter()
        for _ in range(repeat):
            step()
        out[name] = (time.perf_counter() - started) / repeat * 1e6
    return out


def _three_rounds(state: CaveTrollState) -> bool:
    return state.game.turn >= 12  # mid-game: three rounds of four players played


def _first_decision(g: CaveTrollGame) -> tuple[object, ...]:
    """A fresh heuristic bot's decision at ``g``, with nothing kept by earlier bots."""
    from cryhavoc_sim.games.cavetroll.bots import HeuristicBot, forget_positions

    forget_positions()
    return HeuristicBot(stream(3, "decider")).choose(g)
