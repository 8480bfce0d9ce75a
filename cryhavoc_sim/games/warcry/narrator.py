"""The replay account of a WarCry game, by card names: each Battle's muster, Commands,
Combats and their results, and who won it."""

from __future__ import annotations

from cryhavoc_sim.games.protocol import Played
from cryhavoc_sim.games.warcry.state import PLAYERS, WarCryState

VERBS = {
    "muster": "musters {detail} ({amount} gold)",
    "attack": "attacks: {detail}",
    "ranged": "shoots: {detail}",
    "block": "blocks with {detail}",
    "move": "moves {detail} up to the Battle Line",
    "strategy": "plays the Strategy {detail}",
    "command": "uses the Command of {detail}",
    "tactic": "plays {detail} ({amount} TP)",
    "ability": "uses {detail}'s ability",
    "support": "uses {detail}'s support tactic",
    "reaction": "reacts with {detail}",
    "destroyed": "loses {detail}",
    "pass": "passes",
    "retreat": "retreats",
}


def narrate(played: Played) -> list[str]:
    state: WarCryState = played.state
    deck = dict(zip(PLAYERS, played.sides, strict=True))
    lines: list[str] = [f"seat one: {deck['one']}; seat two: {deck['two']} (reconstructed decks)"]
    battle = 0
    for b, kind, player, amount, detail in state.events or ():
        who = f"{player} ({deck.get(player or '', '?')})"
        if b != battle:
            battle = b
            lines.append(f"Battle {b}:")
        if kind == "fields_first":
            lines.append(f"  {who} fields first")
        elif kind == "first_command":
            lines.append(f"  {who} takes the first Command ({amount} Reserve TP and Scouts)")
        elif kind == "combat":
            result = "wins" if amount > 0 else "loses" if amount < 0 else "ties"
            lines.append(f"    combat {detail}: the attacker {result} by {abs(amount)}")
        elif kind == "battle_won":
            lines.append(f"  {who} wins Battle {b} ({detail})")
        elif kind == "game_won":
            lines.append(f"{who} wins the game")
        else:
            lines.append(f"    {who} " + VERBS.get(kind, kind).format(detail=detail, amount=amount))
    return lines
