"""Cave Troll as the harness plays it (``games/state.py``'s ``Rules``): a :class:`Deal` is
a game's setup; :data:`RULES` makes its state (``state.py``), reads a bot's name into its
spec and builds the bot (``catalogue.py``), gives the soak its games and checks
``invariants.py``'s invariants. :data:`PLAY_RULES` is the same game as a scenario's games
play it: the answers the game's own random and heuristic bots have just given are
applied unchecked (``state.py`` says why)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.cavetroll.game import CARD_SETS, COLOURS, CaveTrollGame
from cryhavoc_sim.games.cavetroll.invariants import owned, violations
from cryhavoc_sim.games.cavetroll.state import CaveTrollState, ChooserBot
from cryhavoc_sim.games.harness.ladder import Pairing
from cryhavoc_sim.games.state import Bot, PlayerId
from cryhavoc_sim.rng import Rng


@dataclass(frozen=True, slots=True)
class Deal:
    """One game's setup: players, card set, the knobs of rulings CT1 and CT10, and the
    first player's seat (None: drawn at random, Setup)."""

    players: int
    card_set: str = "classic"
    must_use_all_actions: bool = False
    tie: str = "shared"
    first: int | None = None


class CaveTrollRules:
    """Cave Troll as the harness plays it; ``trusting``: the game's own random and
    heuristic bots vouch for their answers (:data:`PLAY_RULES`)."""

    name = "cavetroll"

    def __init__(self, trusting: bool = False) -> None:
        self.trusting = trusting

    @property
    def bot_names(self) -> tuple[str, ...]:
        from cryhavoc_sim.games.cavetroll.catalogue import BOT_NAMES

        return BOT_NAMES

    def bot_spec(self, name: str, player: PlayerId) -> BotSpec:
        """``catalogue.py``'s reading of ``name`` (the same for every seat)."""
        from cryhavoc_sim.games.cavetroll.catalogue import parse_bot

        return parse_bot(name)

    def default_content(self) -> Any:
        from cryhavoc_sim.games.cavetroll.content import load_content

        return load_content()

    def soak_setup(self, index: int) -> Deal:
        """2, 3 and 4 players in turn, then the other card set (playout.py's cycle)."""
        return Deal(2 + index % 3, CARD_SETS[(index // 3) % 2])

    def describe(self, setup: Deal) -> str:
        return f"{setup.players}p {setup.card_set}"

    def new_state(
        self, content: Any, setup: Deal, seed: int, rng: Rng, record_events: bool
    ) -> CaveTrollState:
        g = CaveTrollGame.new(
            content,
            setup.players,
            rng,
            setup.card_set,
            setup.must_use_all_actions,
            setup.tie,
            setup.first,
            record_events,
        )
        return CaveTrollState(g)

    def bot(self, spec: BotSpec, player: PlayerId, rng: Rng) -> Bot[CaveTrollState]:
        from cryhavoc_sim.games.cavetroll.catalogue import build

        trusted = self.trusting and spec.kind in ("random", "heuristic")
        return ChooserBot(build(spec, rng), vouch=trusted)

    def invariants(self, state: CaveTrollState, memo: dict[str, Any]) -> list[str]:
        g = state.game
        figures = memo.get("figures")
        if figures is None:
            figures = memo["figures"] = owned(g.content, g.card_set)
        return violations(g, figures)

    def extras(self, state: CaveTrollState) -> Mapping[PlayerId, Bot[CaveTrollState]]:
        return {}


RULES = CaveTrollRules()  # every answer checked: the soak, the testers, the ladder
PLAY_RULES = CaveTrollRules(trusting=True)  # a scenario's games (rows.py)


def ladder_pairings() -> tuple[Pairing, ...]:
    """The ladder's rotation: two-player games, classic and variant, each bot going first
    once: 4 games."""
    out = []
    for card_set in CARD_SETS:
        for a_first in (True, False):
            a, b = COLOURS[:2] if a_first else COLOURS[1::-1]
            side_a, side_b = ("seat 1", "seat 2") if a_first else ("seat 2", "seat 1")
            out.append(Pairing(Deal(2, card_set, first=0), a, b, side_a, side_b, a_first))
    return tuple(out)
