"""A Cave Troll game told turn by turn from its stored events (``cryhavoc-sim replay``):
cards and artifacts by their printed names, spaces by their kind ("room R34",
"staircase S_NE", "pit P2")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from cryhavoc_sim.games.cavetroll.content import CaveTrollContent
from cryhavoc_sim.games.protocol import Played

LINES = {
    "draw": "  {player} draws {detail}",
    "move": "  {player} moves {detail} to {region}",
    "act": "  {player}'s {detail} acts in {region}",
    "pushed": "  {player} moves {other_player}'s {detail} to {region}",
    "removed": "  {player}'s {detail} is removed from {region}",
    "artifact": "  {player} plays the artifact {detail}",
    "scoring": "  {player}'s {detail} fills the scoring pile: the board is scored ({amount} gold paid)",
}


def names(content: CaveTrollContent) -> dict[str, str]:
    """What a player calls each id: "Adventurer (1 scoring icon)", "Treasure Chest",
    an artifact's name, "room R34", "staircase S_NE"."""
    out = {s.id: f"{s.kind} {s.id}" for s in content.spaces.values()}
    for c in content.cards.values():
        icons = f" ({c.icons} scoring icon{'s' if c.icons != 1 else ''})" if c.icons else ""
        out[c.id] = c.name + icons
    out.update({a.id: a.name for a in content.artifacts.values()})
    return out


def account(rows: Iterable[tuple[Any, ...]], called: Mapping[str, str] | None = None) -> list[str]:
    """Readable lines from stored event rows (rows.STORED order); ``called`` names the
    cards, artifacts and spaces (:func:`names`), ids where it does not."""
    said = called or {}
    out: list[str] = []
    gold: dict[str, int] = {}
    for _seq, rnd, _phase, side, kind, region_id, _other_side, amount, detail_id, player, other in rows:
        region = said.get(region_id, region_id)
        detail = (
            said.get(detail_id, detail_id) if kind in ("draw", "play", "artifact", "scoring") else detail_id
        )
        if isinstance(detail, str) and " from " in detail:  # a move's "adventurer from S_SE"
            figure, _, start = detail.partition(" from ")
            detail = f"{figure} from {said.get(start, start)}"
        e = {"player": player, "region": region, "amount": amount, "detail": detail, "other_player": other}
        if kind == "first":
            out.append(f"{player} goes first ({detail} cards)")
        elif kind == "turn":
            out.append(
                f"\n--- round {rnd}: {player} ({side}), {amount} action{'s' if amount != 1 else ''} ---"
            )
        elif kind == "play":
            where = f" on {region}" if region else ""
            out.append(f"  {player} plays {detail}{where} (swing {amount:+d})")
        elif kind == "gold":
            if detail == "end_bonus":
                out.append(f"\n{player}'s deck is empty: the game ends, the board is scored a last time")
            gold[player] = gold.get(player, 0) + amount
            room = f" for {region}" if region else ""
            source = str(detail).replace("_", " ")
            out.append(f"  {player} +{amount} gold ({source}{room}): {gold[player]}")
        elif kind == "end":
            ranked = sorted(gold.items(), key=lambda t: -t[1])
            top = str(detail).split(",")
            out.append("\ngold: " + ", ".join(f"{p} {v}" for p, v in ranked))
            out.append(f"{' and '.join(top)} win{'s' if len(top) == 1 else ' (a shared win, ruling CT10)'}")
        elif kind in LINES:
            out.append(LINES[kind].format(**e))
    return out


def narrate(played: Played) -> list[str]:
    """The account of a played game, every id by its printed name (``replay``)."""
    from cryhavoc_sim.games.cavetroll.rows import stored_events

    return account(stored_events(played), names(played.state.content))
