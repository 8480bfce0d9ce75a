"""A Cave Troll game told turn by turn from its stored events (``cryhavoc-sim replay``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

LINES = {
    "draw": "  {player} draws {detail}",
    "move": "  {player} moves {detail} to {region}",
    "act": "  {player}'s {detail} acts in {region}",
    "pushed": "  {player} moves {other_player}'s {detail} to {region}",
    "removed": "  {player}'s {detail} is removed from {region}",
    "artifact": "  {player} plays the artifact {detail}",
    "scoring": "  {player}'s {detail} fills the scoring pile: the board is scored ({amount} gold paid)",
}


def account(rows: Iterable[tuple[Any, ...]]) -> list[str]:
    """Readable lines from stored event rows (rows.STORED order)."""
    out: list[str] = []
    gold: dict[str, int] = {}
    for _seq, rnd, _phase, side, kind, region, _other_side, amount, detail, player, other in rows:
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
