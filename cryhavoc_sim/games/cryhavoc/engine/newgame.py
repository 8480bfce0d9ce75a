"""A new game: the state (engine/game.py), the Trogs' role, the setup and the Round loop,
composed above the rules so that the state below them imports none (rulebook: Setup;
How to Play)."""

from __future__ import annotations

from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet
from cryhavoc_sim.games.cryhavoc.engine.game import Game, GameSetup
from cryhavoc_sim.games.cryhavoc.engine.roles import AUTOMATON, ORDINARY, trog_role
from cryhavoc_sim.games.cryhavoc.engine.rounds import PlayGame
from cryhavoc_sim.games.cryhavoc.engine.rules import Rules
from cryhavoc_sim.games.cryhavoc.engine.setup import setup_game
from cryhavoc_sim.games.cryhavoc.engine.solo import Automaton
from cryhavoc_sim.rng import Rng

# The solo automaton's role holds no state: every solo game shares it.
AUTOMATON_ROLE = Automaton()


def new_game(
    content: ContentSet,
    setup: GameSetup,
    rng: Rng,
    rules: Rules | None = None,
    record_events: bool = True,
    seed: int | None = None,
) -> Game:
    """A game set up and ready to :meth:`~Game.start` (the Round loop is its first step);
    ``seed`` is the game's own, when ``rng`` is ``stream(seed, "game")`` (saves)."""
    solo = trog_role(len(setup.factions), setup.mode) == AUTOMATON
    g = Game(
        content,
        setup,
        rng,
        rules,
        record_events,
        seed=seed,
        hooks=AUTOMATON_ROLE if solo else ORDINARY,
        opening=PlayGame,
    )
    setup_game(g)
    return g
