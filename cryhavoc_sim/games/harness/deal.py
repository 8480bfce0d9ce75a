"""A deal: one game of a scenario as data, derived once by the runner before it is played.

A game's module turns (its scenario setup, the master seed, the game's index) into a
:class:`Deal` with :func:`deal` (the one seed recipe, :mod:`.seeds`, and each seat's bot
name read once by the game's catalogue); the harness plays it (``play.play_deal``), and
the runner stores its seed and policy beside the game's rows. Nothing derives a game's
seed, bots or policy a second time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.harness.driver import MAX_ANSWERS
from cryhavoc_sim.games.harness.seeds import seeds
from cryhavoc_sim.games.state import Rules

DEFAULT_POLICY = "default"  # the policy of a scenario with one bot line-up (storage's too)


@dataclass(frozen=True, slots=True)
class Deal:
    """One game: its ``seed`` (it replays the game alone), the ``setup`` its rules make the
    state from (:meth:`Rules.new_state`), each seat's bot as (seat, name as the scenario
    wrote it, the spec its catalogue read; None for a seat the game's own decider plays,
    :meth:`Rules.extras`), the ``policy`` (the bot line-up's name), and the answers it
    may take before it is taken for a bug (``limit``)."""

    seed: int
    setup: Any
    bots: tuple[tuple[str, str, BotSpec | None], ...]
    policy: str = DEFAULT_POLICY
    limit: int = MAX_ANSWERS

    def bot_name(self, seat: str) -> str:
        """The bot name seat ``seat`` was given (the ``bot`` column)."""
        for player, name, _ in self.bots:
            if player == seat:
                return name
        raise KeyError(seat)


def deal(
    rules: Rules[Any],
    master_seed: int,
    index: int,
    setup: Any,
    seats: Iterable[str],
    names: Mapping[str, str],
    policy: str = DEFAULT_POLICY,
    limit: int = MAX_ANSWERS,
    automata: Iterable[str] = (),
) -> Deal:
    """The deal of seed index ``index`` of a run with ``master_seed`` (the seed recipe;
    games of a run may share a deal's index: a deal played from every seat), with the
    bot ``names[seat]`` in each of ``seats``, each name read once by ``rules``'s catalogue;
    ``automata``: seats the game's own decider plays, whose names are only kept."""
    bots: tuple[tuple[str, str, BotSpec | None], ...] = (
        *((p, names[p], rules.bot_spec(names[p], p)) for p in seats),
        *((p, names[p], None) for p in automata),
    )
    return Deal(seeds(master_seed, index).seed, setup, bots, policy, limit)
