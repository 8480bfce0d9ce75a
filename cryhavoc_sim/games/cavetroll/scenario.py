"""The scenario fields Cave Troll reads, validated, and the plan of each game.

```toml
[scenario]
game = "cavetroll"
players = 4               # 2, 3 or 4; or a list, e.g. [2, 3, 4]: games take them in turn
card_set = "classic"      # "classic" or "variant" (The Variant Game); or both in a list
seats = "rotate"          # one deal played once from each seat; or "random"

[bots]
default = "heuristic"     # random, heuristic, heuristic:<personality>; or per colour: red = "random"

[rules]                   # ruling knobs (docs/rulings.md, Cave Troll)
must_use_all_actions = false  # CT1
tie = "shared"                # CT10: "shared" or "seat_order"
```

A Cave Troll player is its colour; the side balance is measured over is its seat in the
turn order ("seat 1" plays first), so the win rate by side answers "does the escalating
start balance the turn order?".
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.fields import field_error, get_field
from cryhavoc_sim.games.cavetroll.game import CARD_SETS, COLOURS, TIES
from cryhavoc_sim.games.cavetroll.rules import RULES as GAME_RULES
from cryhavoc_sim.games.harness.bots_table import bots_table

FIELDS = ("players", "card_set", "seats")
TABLES = ("bots", "rules")
RULES = {"must_use_all_actions": "true or false (ruling CT1)", "tie": "shared or seat_order (ruling CT10)"}
KNOB_DEFAULTS = {"must_use_all_actions": False, "tie": "shared"}


def side_of(seat: int) -> str:
    """The side a seat plays: "seat 1" for the first player."""
    return f"seat {seat}"


@dataclass(frozen=True, slots=True)
class CaveTrollSetup:
    players: tuple[int, ...]
    card_sets: tuple[str, ...]
    seats: str
    bots: tuple[tuple[str, str], ...]  # (colour, bot name) for every colour
    must_use_all_actions: bool = False
    tie: str = "shared"

    @property
    def deals(self) -> list[tuple[int, str]]:
        """(players, card set) of each kind of game, in the order games take them."""
        return list(itertools.product(self.players, self.card_sets))

    def block(self) -> int:
        """Games that are one balanced draw: each kind of game, from every seat."""
        return sum(n if self.seats == "rotate" else 1 for n, _ in self.deals)

    def plan(self, game_id: int) -> tuple[int, int, str, int | None]:
        """(deal index, players, card set, first player's seat or None for random) of game
        ``game_id``; its seed is the seed recipe's for the deal index (rows.deal).
        ``rotate``: one deal (one seed) is played once with each player going first, so
        seats are compared on the same cards."""
        deals = self.deals
        if self.seats == "random":
            n, card_set = deals[game_id % len(deals)]
            return game_id, n, card_set, None
        block, offset = divmod(game_id, self.block())
        for k, (n, card_set) in enumerate(deals):
            if offset < n:
                return block * len(deals) + k, n, card_set, offset
            offset -= n
        raise AssertionError("offset beyond the block")


def parse_setup(head: dict[str, Any], doc: dict[str, Any], path: str) -> CaveTrollSetup:
    players = _one_or_list(head.get("players"), "scenario.players", (2, 3, 4), path)
    card_sets = _one_or_list(head.get("card_set", "classic"), "scenario.card_set", CARD_SETS, path)
    seats = get_field(head, "scenario", path, "seats", str, "rotate")
    if seats not in ("rotate", "random"):
        raise field_error(path, "scenario.seats", f"is {seats!r}; allowed: rotate, random")
    bots = tuple(bots_table(doc.get("bots", {}), path, COLOURS, GAME_RULES, "random", noun="colour").items())
    rules = doc.get("rules", {})
    if not isinstance(rules, dict):
        raise ScenarioError(f"{path}: [rules] must be a table.")
    for key in rules:
        if key not in RULES:
            raise field_error(
                path, f"rules.{key}", f"is not a Cave Troll rule knob; allowed: {', '.join(RULES)}"
            )
    must = rules.get("must_use_all_actions", False)
    if not isinstance(must, bool):
        raise field_error(path, "rules.must_use_all_actions", f"must be true or false, got {must!r}")
    tie = rules.get("tie", "shared")
    if tie not in TIES:
        raise field_error(path, "rules.tie", f"is {tie!r}; allowed: {', '.join(TIES)}")
    return CaveTrollSetup(players, card_sets, seats, bots, must, tie)


def _one_or_list(raw: Any, where: str, allowed: tuple[Any, ...], path: str) -> tuple[Any, ...]:
    """A value of ``allowed`` or a list of different ones."""
    shown = ", ".join(str(a) for a in allowed)
    if raw is None:
        raise field_error(path, where, f"is missing; allowed: {shown}, or a list of them")
    values = raw if isinstance(raw, list) else [raw]
    if not values or len(set(map(str, values))) != len(values):
        raise field_error(path, where, f"must list different values of {shown}, got {raw!r}")
    for v in values:
        if v not in allowed or isinstance(v, bool):
            raise field_error(path, where, f"is {raw!r}; allowed: {shown}, or a list of them")
    return tuple(values)


def config(setup: CaveTrollSetup) -> dict[str, Any]:
    """The setup as manifest ``config`` entries (``compare`` lists differences)."""
    return {
        "players": setup.players[0] if len(setup.players) == 1 else list(setup.players),
        "card_sets": list(setup.card_sets),
        "seats": setup.seats,
        "bots": dict(setup.bots),
        "rules": {"must_use_all_actions": setup.must_use_all_actions, "tie": setup.tie},
    }
