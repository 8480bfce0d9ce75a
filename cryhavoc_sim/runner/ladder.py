"""The bot ladder: seat-rotated 2-player matches between bot kinds, win rates with
Wilson 95% intervals.

For every pair of bot kinds the game plays its rotations (Cry Havoc: every 2-player
line-up, both ways of handing out the two factions, each bot kind going first once);
game seeds derive from (ladder seed, game index), so a ladder is reproducible."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.games import DEFAULT_GAME, get_game


@dataclass(frozen=True, slots=True)
class Match:
    bot: str  # the bot kind this row speaks of
    faction: str  # the faction it played
    opponent: str  # the other bot kind
    first: bool  # it had the first Initiative
    won: bool


def wilson(wins: int, n: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (scipy)."""
    if n == 0:
        return (0.0, 1.0)
    from scipy.stats import binomtest

    ci = binomtest(wins, n).proportion_ci(confidence_level=0.95, method="wilson")
    return (float(ci.low), float(ci.high))


def ladder_matches(
    content: Any, bots: Sequence[str], rounds: int, seed: int = 1, game: str = DEFAULT_GAME
) -> list[Match]:
    """Play ``rounds`` rotations of every pairing of ``bots``; two rows per game."""
    module = get_game(game)
    out: list[Match] = []
    index = 0
    for a, b in itertools.combinations(bots, 2):
        for d in module.ladder(content, a, b, rounds, seed, index):
            index += 1
            out.append(Match(a, d.side_a, b, d.a_first, d.winner == d.side_a))
            out.append(Match(b, d.side_b, a, not d.a_first, d.winner == d.side_b))
    return out


def ladder_table(matches: Sequence[Match]) -> list[dict[str, object]]:
    """One row per (bot, opponent, faction) and per (bot, opponent) overall."""
    rows: list[dict[str, object]] = []
    keys = sorted({(m.bot, m.opponent) for m in matches})
    for bot, opp in keys:
        mine = [m for m in matches if m.bot == bot and m.opponent == opp]
        for faction in [*sorted({m.faction for m in mine}), "all"]:
            sel = [m for m in mine if faction in ("all", m.faction)]
            wins = sum(m.won for m in sel)
            low, high = wilson(wins, len(sel))
            rows.append(
                {
                    "bot": bot,
                    "opponent": opp,
                    "faction": faction,
                    "games": len(sel),
                    "wins": wins,
                    "win_rate": wins / len(sel),
                    "ci_low": low,
                    "ci_high": high,
                }
            )
    return rows


def render(rows: Sequence[dict[str, object]]) -> str:
    lines = [f"{'bot':<22} {'vs':<22} {'faction':<9} {'games':>6} {'win rate':>9}  95% CI (Wilson)", "-" * 88]
    for r in rows:
        lines.append(
            f"{r['bot']!s:<22} {r['opponent']!s:<22} {r['faction']!s:<9} {r['games']!s:>6} "
            f"{float(r['win_rate']):>8.1%}  [{float(r['ci_low']):.1%}, {float(r['ci_high']):.1%}]"  # type: ignore[arg-type]
        )
    return "\n".join(lines)
