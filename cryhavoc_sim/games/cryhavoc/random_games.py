"""Random playouts with invariant checks (the harness's driver loop): the backbone of the
contract test. One game per (seed, player count, experience), through the soak's cycle
(``engine/playout.py``), random bots in every seat; a crash is reported with its seed."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet
from cryhavoc_sim.games.cryhavoc.engine.game import Game
from cryhavoc_sim.games.cryhavoc.engine.invariants import InvariantObserver
from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game
from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for
from cryhavoc_sim.games.cryhavoc.engine.state import Outcome
from cryhavoc_sim.games.cryhavoc.rules import RULES
from cryhavoc_sim.games.cryhavoc.state import CryHavocState
from cryhavoc_sim.games.harness.driver import play
from cryhavoc_sim.games.harness.play import seat_bots
from cryhavoc_sim.games.harness.seeds import Seeds


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    index: int
    seed: int
    factions: tuple[str, ...]
    experience: str
    outcome: Outcome | None
    violations: tuple[str, ...]
    steps: int
    error: str | None = None
    used: frozenset[str] = frozenset()


def content_used(game: Game) -> frozenset[str]:
    """Which content items a game used: ``skill:ID``, ``build:ID``, ``activate:ID``,
    ``passive:ID``, ``card:ID`` (played, discarded for an Action, or enabling Scoring),
    ``matrix_card_played``."""
    used: set[str] = set()
    stored: set[str] = set()
    for e in game.events:
        if e.kind in ("skill", "activate", "passive"):
            used.add(f"{e.kind}:{e.detail}")
        elif e.kind == "build" and e.detail:
            used.add(f"build:{e.detail.split('|')[0]}")
        elif e.kind == "card_stored" and e.detail:
            stored.add(e.detail)
        elif e.kind in ("card_played", "scoring_enabled") and e.detail:
            used.add(f"card:{e.detail}")
            if e.detail in stored:
                used.add("matrix_card_played")
        elif e.kind == "discard" and e.cards and e.detail != "hand_limit":
            used.update(f"card:{c}" for c in e.cards.split(","))
    return frozenset(used)


def random_playout(content: ContentSet, master_seed: int, index: int) -> PlayoutResult:
    seed, factions, experience = playout_spec(master_seed, index)
    seeds = Seeds(seed)
    game = new_game(content, setup_for(factions, experience), seeds.game(), seed=seed)
    state = CryHavocState(game)
    bots = seat_bots(RULES, state, dict.fromkeys(factions, "random"), seeds)
    observer = InvariantObserver()
    try:
        play(state, bots, lambda st: observer(st.game, st.game.request))
        outcome = game.outcome
        assert outcome is not None
    except Exception as exc:  # a crash is a violation too, reported with its seed
        return PlayoutResult(
            index,
            seed,
            factions,
            experience,
            None,
            tuple(observer.violations),
            observer.steps,
            repr(exc),
        )
    return PlayoutResult(
        index,
        seed,
        factions,
        experience,
        outcome,
        tuple(observer.violations),
        observer.steps,
        used=content_used(game),
    )


def random_playouts(content: ContentSet, master_seed: int, start: int, stop: int) -> Iterator[PlayoutResult]:
    for i in range(start, stop):
        yield random_playout(content, master_seed, i)
