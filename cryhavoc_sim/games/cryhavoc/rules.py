"""Cry Havoc as the harness plays it (``games/state.py``'s ``Rules``): :data:`RULES` makes
a game of a setup (with a scenario's rule knobs when its deal holds them, a
:class:`KnobbedSetup`), reads a bot's name into its spec and builds the bot
(``bots/registry.py``), gives the soak its games (``engine/playout.py``'s cycle) and
checks the invariants (``engine/invariants.py``). The state it makes is ``state.py``'s.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.cryhavoc.content.schema import INVADERS
from cryhavoc_sim.games.cryhavoc.engine import GameSetup, new_game
from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for
from cryhavoc_sim.games.cryhavoc.engine.rules import Rules as Knobs
from cryhavoc_sim.games.cryhavoc.state import CryHavocState, DeciderBot
from cryhavoc_sim.games.harness.ladder import Pairing
from cryhavoc_sim.games.state import Bot, PlayerId
from cryhavoc_sim.rng import Rng


@dataclass(frozen=True, slots=True)
class KnobbedSetup:
    """A scenario's game as its deal holds it: the setup and the scenario's [rules] knobs."""

    setup: GameSetup
    knobs: Knobs


class CryHavocRules:
    """Cry Havoc as the harness plays it."""

    name = "cryhavoc"

    @property
    def bot_names(self) -> tuple[str, ...]:
        """``bots/registry.py``'s list, every faction's personalities included."""
        from cryhavoc_sim.games.cryhavoc.bots.registry import bot_names

        return tuple(bot_names())

    def bot_spec(self, name: str, player: PlayerId) -> BotSpec:
        """``bots/registry.py``'s reading of ``name`` for a seat of faction ``player``."""
        from cryhavoc_sim.games.cryhavoc.bots.registry import parse_bot

        return parse_bot(name, player)

    def default_content(self) -> Any:
        from cryhavoc_sim.games.cryhavoc.content import load_content

        return load_content()

    def soak_setup(self, index: int) -> GameSetup:
        """The soak's and testers' games: 2, 3 and 4 players and solo in turn, their
        line-ups and the experience levels (engine/playout.py's cycle, which the soak's
        seeds replay)."""
        _, factions, experience = playout_spec(0, index)
        return setup_for(factions, experience)

    def describe(self, setup: GameSetup) -> str:
        if setup.mode == "solo":
            return f"{setup.factions[0]} solo difficulty {setup.difficulty}"
        return f"{','.join(setup.factions)} {setup.experience}"

    def new_state(
        self, content: Any, setup: GameSetup | KnobbedSetup, seed: int, rng: Rng, record_events: bool
    ) -> CryHavocState:
        """A game of ``setup`` (with a scenario's rule knobs when it is a :class:`KnobbedSetup`)."""
        if isinstance(setup, KnobbedSetup):
            return CryHavocState(new_game(content, setup.setup, rng, setup.knobs, record_events, seed=seed))
        return CryHavocState(new_game(content, setup, rng, None, record_events, seed=seed))

    def bot(self, spec: BotSpec, player: PlayerId, rng: Rng) -> Bot[CryHavocState]:
        """The bot ``bots/registry.py`` builds from ``spec`` (its restriction included), on ``rng``."""
        from cryhavoc_sim.games.cryhavoc.bots.registry import build

        return DeciderBot(build(spec, player, rng))

    def invariants(self, state: CryHavocState, memo: dict[str, Any]) -> list[str]:
        """engine/invariants.py's checks (one observer per game: it follows Battles)."""
        from cryhavoc_sim.games.cryhavoc.engine.invariants import InvariantObserver

        observer = memo.get("observer")
        if observer is None:
            observer = memo["observer"] = InvariantObserver()
        seen = len(observer.violations)
        observer(state.game, state.game.request)
        return list(observer.violations[seen:])

    def extras(self, state: CryHavocState) -> Mapping[PlayerId, Bot[CryHavocState]]:
        """The solo mode's Trog automaton decides for the Trogs."""
        if state.game.setup_spec.mode != "solo":
            return {}
        from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot

        return {"trogs": DeciderBot(AutomatonBot())}


RULES = CryHavocRules()


def ladder_pairings() -> tuple[Pairing, ...]:
    """The ladder's rotation: every 2-player line-up, both ways of handing out its two
    factions, each bot kind going first once: 12 games."""
    out = []
    for pair in itertools.combinations(INVADERS, 2):
        for fa, fb in (pair, pair[::-1]):
            for a_first in (True, False):
                init = (fa, fb) if a_first else (fb, fa)
                setup = GameSetup((fa, fb), "experienced", initiative=init)
                out.append(Pairing(setup, fa, fb, fa, fb, a_first))
    return tuple(out)
