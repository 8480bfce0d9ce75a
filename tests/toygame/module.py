"""``GAME``: Bluff as the registry hands it out, a :class:`GameSpec`. The tests register it
(``tests/toygame/conftest.py``); the tool never ships it.

Everything that plays moves is the harness's (``games/harness/``): Bluff writes how a
scenario names its bots, what its rows hold and how a game reads; the rest is data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from cryhavoc_sim.games.harness.bots_table import bots_table
from cryhavoc_sim.games.harness.costs import state_costs
from cryhavoc_sim.games.harness.deal import Deal, deal
from cryhavoc_sim.games.harness.ladder import Pairing
from cryhavoc_sim.games.protocol import GameRows, Played, ReportSections, Vocabulary
from cryhavoc_sim.games.spec import GameSpec
from tests.toygame import content
from tests.toygame.rules import BOT_NAMES, EVENT_KINDS, PLAYERS, RULES, BluffState
from tests.toygame.rules import Deal as Hands


@dataclass(frozen=True, slots=True)
class BluffSetup:
    bots: tuple[tuple[str, str], ...]  # (seat, bot name) for both seats


def parse_setup(head: dict[str, Any], doc: dict[str, Any], path: str) -> BluffSetup:
    return BluffSetup(tuple(bots_table(doc.get("bots", {}), path, PLAYERS, RULES, "random").items()))


def rows(setup: BluffSetup, content: Any, played: Played, deal: Deal) -> GameRows:
    state: BluffState = played.state
    ended_by = "fold" if state.history[-1] == "fold" else "showdown"
    game = dict(variant="standard", game="bluff", mode="standard", n_players=2, content_id=content.content_id)
    game |= dict(rules_version=GAME.rules_version, rounds_played=1, ended_by=ended_by, winner=played.winner)
    game |= dict(lineup=",".join(PLAYERS))
    chips = {p: state.chips(p) for p in PLAYERS}
    seats = [
        dict(faction=p, seat=i + 1, bot=deal.bot_name(p), is_npc=False, final_vp=chips[p])
        | dict(rank=1 + sum(chips[q] > chips[p] for q in PLAYERS), won=p in state.winners)
        for i, p in enumerate(PLAYERS)
    ]
    # the events' columns Bluff fills (no region, no other party; the writer stores player as faction)
    names = ("seq", "round", "phase", "faction", "kind", "amount", "detail")
    events = [
        (seq, 1, "play", p, kind, n, detail) for seq, (_, kind, p, n, detail) in enumerate(state.events or ())
    ]
    return GameRows(game, seats, dict(zip(names, map(list, zip(*events, strict=True)), strict=False)))


def narrate(played: Played) -> list[str]:
    lines = ["round 1:"]
    for _, kind, player, amount, detail in played.state.events or ():
        if kind == "showdown":
            lines.append(f"  showdown: {detail}")
        elif kind == "chips":
            lines.append(f"  {player} ends {amount:+d} chips")
        else:
            lines.append(f"  {player} {kind}s" + (f" {amount}" if amount else ""))
    return [*lines, f"winners: {', '.join(played.state.winners)}"]


GAME = GameSpec(
    name="bluff",
    title="Bluff",
    rules_version="bluff-rules-1",
    bots_version="bluff-bots-1",
    vocabulary=Vocabulary("seat", "seat", "chips", "chips", "turn", seat_is_side=True, side_plural=False),
    event_kinds=EVENT_KINDS,
    scenario_fields=(),
    scenario_tables=("bots",),
    content=content.DOOR,
    rules=RULES,
    ladder_pairings=(
        Pairing(Hands(), "first", "second", "first", "second", True),
        Pairing(Hands(), "second", "first", "second", "first", False),
    ),
    skill_rungs=BOT_NAMES,
    costs=partial(state_costs, RULES, answers=1),
    parse_setup=parse_setup,
    config=lambda setup: {"bots": dict(setup.bots)},
    deal=lambda setup, master_seed, game_id: deal(
        RULES, master_seed, game_id, Hands(), PLAYERS, dict(setup.bots)
    ),
    played=lambda deal, state: Played(state.winners, PLAYERS, state),
    rows=rows,
    narrate=narrate,
    report_sections=lambda run, content: ReportSections(
        trust=["Bluff is the test suite's proof game; its bots are two lines of judgement."]
    ),
)
