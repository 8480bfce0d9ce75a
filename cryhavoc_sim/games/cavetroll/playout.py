"""Cave Troll's invariants, checked after every answer of a random game (the contract test
and ``soak``): figures conserved (no colour has more of a kind on the board than its deck
places), room capacity (beyond it only while a Wraith pushes, while the escapes from a
full room a Cave Troll was placed in are asked, or by a Berserker's entry),
no hero in a pit, no other character in a Cave Troll's room once the escapes are done (a
chest placed there later is no character: ruling CT2), the
gold ledger equal to the gold; and every game ends."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cryhavoc_sim.games.cavetroll.content import CaveTrollContent
from cryhavoc_sim.games.cavetroll.game import CARD_SETS, CaveTrollGame

if TYPE_CHECKING:
    from cryhavoc_sim.games.cavetroll.state import CaveTrollState
from cryhavoc_sim.rng import game_seed, stream

MAX_ANSWERS = 20_000  # a game that has not ended by then is a violation


def owned(content: CaveTrollContent, card_set: str) -> Counter[str]:
    """Figures of each kind one colour owns: one per card of its deck that places one."""
    return Counter(kind for c in content.deck(card_set) if (kind := content.cards[c].placed) is not None)


def violations(g: CaveTrollGame, figures: Counter[str] | None = None) -> list[str]:
    """Every invariant ``g`` breaks now (empty: none)."""
    content = g.content
    figures = figures if figures is not None else owned(content, g.card_set)
    out = []
    cap = content.numbers["room_capacity"]
    on_board: Counter[tuple[str, str]] = Counter()
    for space, here in g.board.spaces.items():
        kind = content.spaces[space].kind
        for f in here:
            on_board[(f.owner, f.kind)] += 1
            if f.is_hero and kind == "pit":
                out.append(f"hero {f.owner} {f.kind} in pit {space}")
        # over capacity only while a Wraith pushes or a Cave Troll placed in a full room
        # ("any room"; ruling CT4) waits for the escapes before clearing it
        pushing = any(r.kind in ("push", "escape") and r.space == space for r in g.pending)
        berserkers = sum(1 for f in here if f.kind == "berserker")
        if kind == "room" and g.board.characters(space) > cap + berserkers and not pushing:
            out.append(f"{space} holds {g.board.characters(space)} characters")
        if not g.pending and g.board.has_cave_troll(space) and g.board.characters(space) > 1:
            out.append(f"{space}: characters beside the Cave Troll")  # a chest placed later may stay
    for (owner, kind), n in on_board.items():
        if n > figures[kind]:
            out.append(f"{owner} has {n} {kind} on the board, owns {figures[kind]}")
    for p in g.players:
        if sum(a for q, _, a in g.ledger if q == p) != g.gold[p]:
            out.append(f"{p}: ledger and gold differ")
    return out


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
    from cryhavoc_sim.games.cavetroll.state import RULES, Deal
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
    from cryhavoc_sim.games.cavetroll.state import RULES, Deal
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
