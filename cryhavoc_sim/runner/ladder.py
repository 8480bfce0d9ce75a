"""The bot ladder: seat-rotated 2-player matches between bot kinds, win rates with
Wilson 95% intervals; and the skill ladder (after TAG's SkillLadder): the same round
robin over rungs of growing skill, read per faction.

For every pair of bot kinds the game plays its rotations (Cry Havoc: every 2-player
line-up, both ways of handing out the two factions, each bot kind going first once);
game ``k`` of the ladder takes the seed (ladder seed, k), pairs in the order given,
rotations in order, so a ladder is reproducible and the same at any worker count:
rotations are spread over worker processes and gathered back in order.

The skill table reads the same games per rung and faction: how often a faction wins
when that rung plays it against the rest of the ladder, which is each faction's *reward
for skill* (its difficulty curve). A faction whose line climbs steeply with the rung is
strong only when played well; a flat line, strong or weak whoever plays it. It is no
balance verdict: there one side's player is stronger than the field, while balance needs
every seat played equally well (``cryhavoc-sim balance``)."""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.analysis.wilson import wilson
from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import DEFAULT_GAME, get_game

SKILL_NOTE = (
    "Each faction's reward for skill: its win rate against the rest of the ladder when that rung plays"
    " it. Its player is stronger or weaker than the field, so this is no balance verdict; for that, every"
    " seat must be played equally well: cryhavoc-sim balance SCENARIO."
)


@dataclass(frozen=True, slots=True)
class Match:
    bot: str  # the bot kind this row speaks of
    faction: str  # the faction it played
    opponent: str  # the other bot kind
    first: bool  # it had the first Initiative
    won: bool
    stopped: bool = False  # the game did not end within the ladder's answer limit


# (game, content directory or None for the default, bot a, bot b, ladder seed, index
# of the rotation's first game): plain values, so a task pickles to any worker
Task = tuple[str, str | None, str, str, int, int]
_CONTENT: dict[tuple[str, str | None], Any] = {}  # each process loads a content set once


def _content(game: str, content_dir: str | None) -> Any:
    """The content set of ``game`` in ``content_dir``, loaded once per process."""
    content = _CONTENT.get((game, content_dir))
    if content is None:
        content = _CONTENT[game, content_dir] = get_game(game).load_content(content_dir)
    return content


def _rotation(task: Task) -> list[Match]:
    """One rotation of one pairing: two rows per game."""
    game, content_dir, a, b, seed, first = task
    from cryhavoc_sim.games.harness.ladder import duels

    module = get_game(game)
    content = _content(game, content_dir)
    out: list[Match] = []
    for d in duels(module.rules, content, module.ladder_pairings, a, b, 1, seed, first):
        out.append(Match(a, d.side_a, b, d.a_first, d.winner == d.side_a, d.stopped))
        out.append(Match(b, d.side_b, a, not d.a_first, d.winner == d.side_b, d.stopped))
    return out


def stopped_games(matches: Sequence[Match]) -> int:
    """Games stopped at the ladder's answer limit (two rows a game)."""
    return sum(m.stopped for m in matches) // 2


def stopped_note(matches: Sequence[Match]) -> str:
    """A sentence on the games stopped at the answer limit ("" when none was)."""
    from cryhavoc_sim.games.harness.ladder import LIMIT

    stopped = stopped_games(matches)
    if not stopped:
        return ""
    return (
        f"{stopped:,} of {len(matches) // 2:,} games did not end within {LIMIT:,} answers (nothing in the"
        " rules forced an end) and count as no win for either bot."
    )


def check_bot(rules: Any, name: str, pairings: Sequence[Any]) -> None:
    """Build bot ``name`` for every seat the ladder gives it: a bad name raises the
    game's own one sentence (a ScenarioError) before any game is played."""
    from cryhavoc_sim.games.botspec import BotNameError
    from cryhavoc_sim.games.harness.seeds import Seeds

    for seat in sorted({p.seat_a for p in pairings} | {p.seat_b for p in pairings}):
        try:
            rules.bot(rules.bot_spec(name, seat), seat, Seeds(0).bot(seat))
        except BotNameError as exc:
            raise UserError(f"--bots: {str(exc).rstrip('.')[:300]}.") from None


# Every match is kept (two rows per game) for the tables: a million games is far beyond
# any interval a ladder needs and still fits in memory.
MAX_LADDER_GAMES = 1_000_000


def ladder_matches(
    content_dir: str | None,
    bots: Sequence[str],
    rounds: int,
    seed: int = 1,
    game: str = DEFAULT_GAME,
    workers: int = 1,
    progress: bool = False,
) -> list[Match]:
    """Play ``rounds`` rotations of every pairing of ``bots`` on ``workers`` processes,
    on the content set in ``content_dir`` (None: the game's default); two rows per game,
    in game order whatever the worker count."""
    module = get_game(game)
    pairings = module.ladder_pairings
    size = len(pairings)
    pairs = len(bots) * (len(bots) - 1) // 2
    total = pairs * rounds * size  # counted before a task is made: each game is kept in memory
    if total > MAX_LADDER_GAMES:
        raise UserError(
            f"the ladder would play {total:,} games ({pairs:,} pairings x {rounds:,} rounds x {size} games"
            f" a rotation); allowed: at most {MAX_LADDER_GAMES:,}: lower -r or name fewer bots."
        )
    _content(module.name, content_dir)  # a content set that does not load: its one sentence first
    for kind in bots:  # a bad name: one sentence before any game is played
        check_bot(module.rules, kind, pairings)
    tasks: list[Task] = [
        (module.name, content_dir, a, b, seed, (p * rounds + r) * size)
        for p, (a, b) in enumerate(itertools.combinations(bots, 2))
        for r in range(rounds)
    ]
    from tqdm import tqdm

    bar = tqdm(total=len(tasks) * size, unit="game", disable=not progress, file=sys.stderr)
    out: list[Match] = []
    from cryhavoc_sim.runner.pool import ordered_map

    for rows in ordered_map(_rotation, tasks, workers):
        out.extend(rows)
        bar.update(size)
    bar.close()
    return out


def _row(keys: dict[str, object], sel: Sequence[Match]) -> dict[str, object]:
    wins = sum(m.won for m in sel)
    low, high = wilson(wins, len(sel))
    return {
        **keys,
        "games": len(sel),
        "wins": wins,
        "win_rate": wins / len(sel),
        "ci_low": low,
        "ci_high": high,
    }


def ladder_table(matches: Sequence[Match]) -> list[dict[str, object]]:
    """One row per (bot, opponent, faction) and per (bot, opponent) overall."""
    rows: list[dict[str, object]] = []
    keys = sorted({(m.bot, m.opponent) for m in matches})
    for bot, opp in keys:
        mine = [m for m in matches if m.bot == bot and m.opponent == opp]
        for faction in [*sorted({m.faction for m in mine}), "all"]:
            sel = [m for m in mine if faction in ("all", m.faction)]
            rows.append(_row({"bot": bot, "opponent": opp, "faction": faction}, sel))
    return rows


def skill_table(matches: Sequence[Match], rungs: Sequence[str]) -> list[dict[str, object]]:
    """One row per rung (in ``rungs``' order) and faction, and per rung overall: its win
    rate against every other rung of the ladder."""
    rows: list[dict[str, object]] = []
    factions = sorted({m.faction for m in matches})
    for level, bot in enumerate(rungs):
        mine = [m for m in matches if m.bot == bot]
        for faction in [*factions, "all"]:
            sel = [m for m in mine if faction in ("all", m.faction)]
            if sel:
                rows.append(_row({"rung": level, "bot": bot, "faction": faction}, sel))
    return rows


RATINGS_NOTE = (
    "Ratings of each faction in each rung's hands (Bradley-Terry over the ladder's games, Elo points, mean"
    " 0; 95% bootstrap interval over games): the spread of a faction's ratings across the rungs is how much skill pays"
    " on that side; a game of chance would rate every rung alike."
)

UNCONNECTED = (
    " Each faction's rungs never met the same opponents, so only the rungs' ratings over every faction"
    " are given (a ladder of three rungs or more compares them)."
)


def rating_table(matches: Sequence[Match], rungs: Sequence[str], seed: int = 0) -> dict[str, object]:
    """Ratings of every (rung, faction) entry and of every rung over all factions, each
    faction's spread (the standard deviation of its ratings across the rungs) and the pairs of factions
    whose spreads differ beyond chance (``analysis/ratings.py``); games stopped at the
    answer limit, and games shared by both, are left out (a spread is never below zero and
    noise raises it: compare spreads, not a spread with zero)."""
    import numpy as np  # here, not at the top: the workers that play the games never need it

    from cryhavoc_sim.analysis.ratings import rate

    by_entry = []
    by_rung = []
    for i in range(0, len(matches) - 1, 2):
        x, y = matches[i], matches[i + 1]
        if x.stopped or x.won == y.won:
            continue
        by_entry.append((f"{x.faction}\t{x.bot}", f"{y.faction}\t{y.bot}", 1.0 if x.won else 0.0))
        by_rung.append((x.bot, y.bot, 1.0 if x.won else 0.0))
    entries = rate(by_entry, seed=seed)
    overall = rate(by_rung, seed=seed)
    # faction-and-rung entries that never meet (two rungs of a two-sided game) do not
    # compare: then only the rungs' ratings over every faction are given
    factions = sorted({m.faction for m in matches}) if entries.connected else []
    rows: list[dict[str, object]] = []
    for level, bot in enumerate(rungs):
        for faction in [*factions, "all"]:
            rated = overall if faction == "all" else entries
            key = bot if faction == "all" else f"{faction}\t{bot}"
            if key not in rated.entries:
                continue
            low, high = rated.interval(key)
            rows.append(
                {
                    "rung": level,
                    "bot": bot,
                    "faction": faction,
                    "rating": rated.of(key),
                    "low": low,
                    "high": high,
                }
            )
    spreads: list[dict[str, object]] = []
    samples = {}
    for faction in [*factions, "all"]:
        rated = overall if faction == "all" else entries
        keys = [
            k for k in ((b if faction == "all" else f"{faction}\t{b}") for b in rungs) if k in rated.entries
        ]
        if len(keys) < 2:
            continue
        point, low, high = rated.spread(keys)
        spreads.append({"faction": faction, "spread": point, "low": low, "high": high})
        if faction != "all":
            samples[faction] = (point, rated.spread_samples(keys))
    differ: list[dict[str, object]] = []
    for f, g in itertools.combinations(sorted(samples), 2):
        diff = samples[f][1] - samples[g][1]
        low, high = float(np.percentile(diff, 2.5)), float(np.percentile(diff, 97.5))
        if low > 0 or high < 0:
            more, less = (f, g) if low > 0 else (g, f)
            point = abs(samples[f][0] - samples[g][0])
            lo, hi = (low, high) if low > 0 else (-high, -low)
            differ.append({"more": more, "less": less, "difference": point, "low": lo, "high": hi})
    note = RATINGS_NOTE if entries.connected else RATINGS_NOTE + UNCONNECTED
    return {"ratings": rows, "spread": spreads, "differ": differ, "note": note}


def render_ratings(doc: dict[str, object]) -> str:
    """The ratings: one line per rung, a column per faction; then each faction's spread."""
    rows = doc["ratings"]
    assert isinstance(rows, list)
    factions = [f for f in dict.fromkeys(str(r["faction"]) for r in rows) if f != "all"] + ["all"]
    cell = {(str(r["bot"]), str(r["faction"])): r for r in rows}
    width = 22
    lines = [str(doc["note"]), f"{'rung':<22}" + "".join(f"{f:>{width}}" for f in factions)]
    for bot in dict.fromkeys(str(r["bot"]) for r in rows):
        parts = []
        for f in factions:
            r = cell.get((bot, f))
            parts.append("" if r is None else f"{r['rating']:+.0f} ({r['low']:+.0f} to {r['high']:+.0f})")
        lines.append(f"{bot:<22}" + "".join(f"{p:>{width}}" for p in parts))
    spreads = doc["spread"]
    assert isinstance(spreads, list)
    if spreads:
        lines.append(
            "Skill spread (standard deviation across the rungs, Elo): "
            + ", ".join(f"{s['faction']} {s['spread']:.0f} ({s['low']:.0f}-{s['high']:.0f})" for s in spreads)
            + "."
        )
    differ = doc["differ"]
    assert isinstance(differ, list)
    if differ:
        lines.extend(
            f"Skill pays more for {d['more']} than for {d['less']}: {d['difference']:.0f} Elo more spread"
            f" ({d['low']:.0f}-{d['high']:.0f})."
            for d in differ
        )
    elif len(spreads) > 2:
        lines.append("No faction's spread differs from another's beyond chance.")
    return "\n".join(lines)


def render(rows: Sequence[dict[str, object]]) -> str:
    lines = [
        f"{'bot':<28} {'vs':<28} {'faction':<9} {'games':>6} {'win rate':>9}  95% CI (Wilson)",
        "-" * 100,
    ]
    for r in rows:
        lines.append(
            f"{r['bot']!s:<28} {r['opponent']!s:<28} {r['faction']!s:<9} {r['games']!s:>6} "
            f"{float(r['win_rate']):>8.1%}  [{float(r['ci_low']):.1%}, {float(r['ci_high']):.1%}]"  # type: ignore[arg-type]
        )
    return "\n".join(lines)


def render_skill(rows: Sequence[dict[str, object]]) -> str:
    """The skill table: one line per rung, a column per faction (win rate and interval)."""
    factions = [f for f in dict.fromkeys(str(r["faction"]) for r in rows) if f != "all"] + ["all"]
    cell = {(str(r["bot"]), str(r["faction"])): r for r in rows}
    rungs = list(dict.fromkeys(str(r["bot"]) for r in rows))
    width = 22
    lines = [
        SKILL_NOTE,
        "Win rate against the rest of the ladder, by who plays the faction (95% Wilson interval):",
        f"{'rung':<22}" + "".join(f"{f:>{width}}" for f in factions),
    ]
    for bot in rungs:
        parts = []
        for f in factions:
            r = cell.get((bot, f))
            parts.append(
                ""
                if r is None
                else f"{float(r['win_rate']):.1%} ({float(r['ci_low']):.0%}-{float(r['ci_high']):.0%})"  # type: ignore[arg-type]
            )
        lines.append(f"{bot:<22}" + "".join(f"{p:>{width}}" for p in parts))
    return "\n".join(lines)
