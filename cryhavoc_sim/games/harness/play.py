"""One game from a setup, seeds and bot names, or from a :class:`~.deal.Deal`: the state
made by the game's rules, a bot for every seat on its own stream (the seed recipe),
played by the driver loop. :func:`play_deal` is how every game of a scenario is played."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cryhavoc_sim.games.harness.deal import Deal
from cryhavoc_sim.games.harness.driver import MAX_ANSWERS, play
from cryhavoc_sim.games.harness.seeds import Seeds
from cryhavoc_sim.games.state import Bot, GameState, Rules
from cryhavoc_sim.rng import Rng


def new_game(rules: Rules[Any], content: Any, setup: Any, seeds: Seeds, record_events: bool) -> GameState:
    """The game ``setup`` with ``content``, on the game stream of ``seeds``."""
    state: GameState = rules.new_state(content, setup, seeds.seed, seeds.game(), record_events)
    return state


def seat_bots(
    rules: Rules[Any], state: GameState, names: Mapping[str, str], seeds: Seeds
) -> dict[str, Bot[Any]]:
    """The bot named ``names[seat]`` for every seat (the name read once, by the game's
    catalogue), each on its own stream, and the game's own deciders for seats no player
    sits in."""
    bots: dict[str, Bot[Any]] = {p: named_bot(rules, names[p], p, seeds.bot(p)) for p in state.players}
    bots.update(rules.extras(state))
    return bots


def named_bot(rules: Rules[Any], name: str, player: str, rng: Rng) -> Bot[Any]:
    """The bot ``name`` for seat ``player`` on ``rng``: the name read once into a spec by
    the game's catalogue (:meth:`Rules.bot_spec`, a BotNameError when it is no bot of the
    game), then built (:meth:`Rules.bot`)."""
    return rules.bot(rules.bot_spec(name, player), player, rng)


def play_game(
    rules: Rules[Any],
    content: Any,
    setup: Any,
    seeds: Seeds,
    names: Mapping[str, str],
    record_events: bool = True,
    limit: int = MAX_ANSWERS,
    observe: Callable[[Any], None] | None = None,
) -> Any:
    """Game ``setup`` played to its end by the bots ``names`` (by seat); the final state.
    ``observe`` sees every state before its answer and the last (the driver loop's)."""
    state = new_game(rules, content, setup, seeds, record_events)
    return play(state, seat_bots(rules, state, names, seeds), observe, limit=limit)


def play_deal(
    rules: Rules[Any],
    content: Any,
    deal: Deal,
    record_events: bool = True,
    observe: Callable[[Any], None] | None = None,
) -> Any:
    """The game ``deal`` played to its end with ``content`` by ``rules``; the final state.
    Each seat's bot is built from the deal's spec on its own stream; the game's own
    deciders (:meth:`Rules.extras`: Cry Havoc's solo automaton) play the seats without one.
    ``observe`` sees every state before its answer and the last."""
    s = Seeds(deal.seed)
    state: GameState = rules.new_state(content, deal.setup, deal.seed, s.game(), record_events)
    bots: dict[str, Bot[Any]] = dict(rules.extras(state))
    for player, _, spec in deal.bots:
        if spec is not None:
            bots[player] = rules.bot(spec, player, s.bot(player))
    return play(state, bots, observe, limit=deal.limit)
