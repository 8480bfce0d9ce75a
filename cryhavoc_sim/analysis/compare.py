"""Comparing win rates between two runs (a variant against a base, or a run against a
stored baseline): the difference with a 95% interval, a test corrected for multiple
comparisons, and the games needed to detect a given difference. Statistics from scipy.

Where games share deals every statistic takes the *effective* counts of each side
(games / design effect, analysis/deals.py), so the interval, the test and the games to
detect count deals; rows without a design effect are independent games."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from functools import cache
from typing import Any

from cryhavoc_sim.analysis.deals import effective
from cryhavoc_sim.analysis.wilson import wilson_interval


def diff_interval(w1: float, n1: float, w2: float, n2: float) -> tuple[float, float]:
    """Newcombe's 95% interval for p2 - p1, from the two Wilson intervals (counts may be
    effective, not whole)."""
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson_interval(p1, n1)
    l2, u2 = wilson_interval(p2, n2)
    d = p2 - p1
    return (d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2), d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2))


def games_needed(
    p: float, delta: float, alpha: float = 0.05, power: float = 0.8, design_effect: float = 1.0
) -> int:
    """Games per run to detect a win-rate change of ``delta`` from ``p`` (two-sided),
    times the design effect of the run's deals."""
    from scipy.stats import norm

    p2 = min(max(p + delta, 1e-6), 1 - 1e-6)
    pbar = (p + p2) / 2
    za, zb = norm.ppf(1 - alpha / 2), norm.ppf(power)
    n = (za * math.sqrt(2 * pbar * (1 - pbar)) + zb * math.sqrt(p * (1 - p) + p2 * (1 - p2))) ** 2 / max(
        abs(p2 - p), 1e-9
    ) ** 2
    return math.ceil(float(n) * design_effect)


def compare_rates(
    a: list[dict[str, Any]], b: list[dict[str, Any]], keys: tuple[str, ...], delta: float = 0.05
) -> list[dict[str, Any]]:
    """Rows matched on ``keys`` between two win-rate tables (``wins``, ``games`` and, by
    deals, ``design_effect``): the difference b - a, its interval, Fisher's exact p-value
    (on the effective counts, rounded) and the Benjamini-Hochberg adjusted one, and the
    games per run needed to detect ``delta``."""
    from scipy.stats import false_discovery_control, fisher_exact

    index = {tuple(r[k] for k in keys): r for r in a}
    rows: list[dict[str, Any]] = []
    for r in b:
        key = tuple(r[k] for k in keys)
        if key not in index:
            continue
        base = index[key]
        w1, n1, w2, n2 = int(base["wins"]), int(base["games"]), int(r["wins"]), int(r["games"])
        if not n1 or not n2:
            continue
        e1, f1 = effective(base)
        e2, f2 = effective(r)
        low, high = diff_interval(e1, f1, e2, f2)
        k1, m1, k2, m2 = round(e1), max(1, round(f1)), round(e2), max(1, round(f2))
        p = float(fisher_exact([[k1, m1 - k1], [k2, m2 - k2]]).pvalue)
        rows.append(
            {
                **dict(zip(keys, key, strict=True)),
                "rate_a": w1 / n1,
                "games_a": n1,
                "rate_b": w2 / n2,
                "games_b": n2,
                "diff": w2 / n2 - w1 / n1,
                "diff_low": low,
                "diff_high": high,
                "p_value": p,
                "deals_a": base.get("deals"),
                "deals_b": r.get("deals"),
                "games_to_detect": games_needed(w1 / n1, delta, design_effect=n1 / f1),
            }
        )
    if rows:
        adjusted = false_discovery_control([r["p_value"] for r in rows], method="bh")
        for r, q in zip(rows, adjusted, strict=True):
            r["p_adjusted"] = float(q)
    return rows


def _n(games: int, deals: int | None) -> str:
    """ "n=3000 in 1000 deals", or "n=3000" where every game is its own deal."""
    return f"n={games} in {deals} deals" if deals and deals < games else f"n={games}"


def markdown(
    rows: list[dict[str, Any]], keys: tuple[str, ...], title: str, labels: tuple[str, str] = ("A", "B")
) -> str:
    """The comparison as a Markdown table; ``labels`` name the two runs in the headers
    (``check``: "baseline" and "run")."""
    a, b = labels
    head = [*keys, a, b, f"{b} - {a}", "95% interval", "p (BH)", "games to detect"]
    out = [f"### {title}", "", "| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        cells = [str(r[k]) for k in keys] + [
            f"{r['rate_a']:.1%} ({_n(r['games_a'], r.get('deals_a'))})",
            f"{r['rate_b']:.1%} ({_n(r['games_b'], r.get('deals_b'))})",
            f"{r['diff']:+.1%}",
            f"[{r['diff_low']:+.1%}, {r['diff_high']:+.1%}]",
            f"{r.get('p_adjusted', r['p_value']):.3g}",
            str(r["games_to_detect"]),
        ]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


# What a run is, as far as comparing it with another goes: (label, manifest reader).
# "rule knobs" and "content" are said key by key (_knobs, _content).
_ASPECTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("game", ("game",)),
    ("player count", ("config", "players")),
    ("scenario", ("scenario",)),
    ("line-up", ("config", "lineups")),
    ("bots", ("config", "bots")),
    ("experience", ("config", "experience")),
    ("rule knobs", ("config", "rules")),
    ("content", ("content_hash",)),
    ("rules version", ("rules_version",)),
    ("bots version", ("bots_version",)),
)
# Differences that make two runs' win rates incomparable (not the same balance question).
INCOMPARABLE = ("game", "player count")


def _aspect(manifest: dict[str, Any], path: tuple[str, ...]) -> Any:
    value: Any = manifest
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    if path == ("game",) and value is None:
        return "cryhavoc"  # runs written before the game column
    return value


def _changed_keys(a: Any, b: Any, unset: str, defaults: Mapping[str, Any] | None = None) -> str:
    """The keys whose values differ between two tables: "key: A 1, B 2", a key one of them
    leaves out shown with its value in ``defaults`` and ``unset`` ("A 4 (default), B 3"),
    or as ``unset`` alone when the default is not known."""
    a, b = a if isinstance(a, dict) else {}, b if isinstance(b, dict) else {}

    def shown(table: dict[str, Any], key: str) -> str:
        if key in table:
            return json.dumps(table[key], sort_keys=True)
        if defaults is not None and key in defaults:
            return f"{json.dumps(defaults[key], sort_keys=True)} ({unset})"
        return unset

    return "; ".join(
        f"{k}: A {shown(a, k)}, B {shown(b, k)}" for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)
    )


def _content(a: dict[str, Any], b: dict[str, Any]) -> str:
    """How two runs' content differs: the set (name and version), the scenario's
    [overrides] value by value (a path one run leaves alone shown with its value in that
    run's files, where the set is a shipped one), or else the files themselves."""
    parts = []
    set_a, set_b = (str(m.get("content_id") or "").split("+")[0] for m in (a, b))
    if set_a != set_b:
        parts.append(f"set: A {set_a or 'unrecorded'}, B {set_b or 'unrecorded'}")
    over_a, over_b = _aspect(a, ("config", "overrides")), _aspect(b, ("config", "overrides"))
    over_a, over_b = over_a if isinstance(over_a, dict) else {}, over_b if isinstance(over_b, dict) else {}
    values = "; ".join(
        f"{k}: A {_override_shown(a, over_a, k)}, B {_override_shown(b, over_b, k)}"
        for k in sorted(set(over_a) | set(over_b))
        if over_a.get(k) != over_b.get(k)
    )
    if values:
        parts.append(values)
    return "; ".join(parts) or "the files themselves differ: same set, same overrides"


def _override_shown(manifest: dict[str, Any], overrides: dict[str, Any], path: str) -> str:
    """The value ``path`` had in a run: its override, else what the run's content files
    hold there ("3 (as in the files)"; "1-3 (as in the files)" for a pattern naming values
    that differ), or "as in the files" when the set is not one this tool ships."""
    if path in overrides:
        return json.dumps(overrides[path], sort_keys=True)
    found = _file_values(manifest, path)
    if not found:
        return "as in the files"
    if all(v == found[0] for v in found):
        return f"{json.dumps(found[0], sort_keys=True)} (as in the files)"
    numbers = [v for v in found if isinstance(v, int | float) and not isinstance(v, bool)]
    if len(numbers) == len(found):
        return f"{min(numbers)}-{max(numbers)} (as in the files)"
    return "several values (as in the files)"


def _file_values(manifest: dict[str, Any], path: str) -> list[Any]:
    """The values ``path`` (an address or a pattern) names in the run's shipped content
    set, before any override; empty when the set is not shipped or the path names none."""
    from cryhavoc_sim.errors import UserError
    from cryhavoc_sim.games import game_names
    from cryhavoc_sim.games.content_kit import patterns

    name = _aspect(manifest, ("game",))
    set_name = str(manifest.get("content_id") or "").split("+")[0].split("@")[0]
    if name not in game_names() or not set_name:
        return []
    try:
        values = _shipped_values(name, set_name)
        return [values[address] for address in patterns.matching(values, path)]
    except (UserError, patterns.PatternTooLarge, KeyError):
        return []


@cache
def _shipped_values(game: str, set_name: str) -> Mapping[str, Any]:
    """Every value of ``game``'s shipped content set ``set_name`` by address (empty for a
    set the tool does not ship), read once however many paths are shown."""
    from cryhavoc_sim.games import get_game

    module = get_game(game)
    where = module.shipped_content(set_name)
    return {} if where is None else module.content_values(where)


def _knob_defaults(manifest: dict[str, Any]) -> Mapping[str, Any] | None:
    """The [rules] knobs' defaults of the run's game (None for a game not registered here)."""
    from cryhavoc_sim.games import game_names, get_game

    name = _aspect(manifest, ("game",))
    return get_game(name).knob_defaults if name in game_names() else None


def run_differences(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    """The aspects (game, player count, scenario, line-up, bots, ...) in which the runs of
    manifests ``a`` and ``b`` differ, in words: "bots (A: ..., B: ...)"; rule knobs and
    content values are named one by one: "rule knobs (war_party_trogs_delta: A default, B 1)"."""
    out = []
    for label, path in _ASPECTS:
        va, vb = _aspect(a, path), _aspect(b, path)
        if va == vb:
            continue
        if label == "content":
            shown = _content(a, b)
        elif label == "rule knobs":
            shown = _changed_keys(va, vb, "default", _knob_defaults(a))
        else:
            shown = f"A: {json.dumps(va, sort_keys=True)}, B: {json.dumps(vb, sort_keys=True)}"
        out.append(f"{label} ({shown})")
    return out


def incomparable(differences: list[str]) -> list[str]:
    return [d for d in differences if d.split(" (")[0] in INCOMPARABLE]


def changed_words(rows: list[dict[str, Any]]) -> str:
    """The differences the corrected test finds, in words, largest first."""
    sure = sorted((r for r in rows if r.get("p_adjusted", 1.0) < 0.05), key=lambda r: -abs(r["diff"]))
    # an interval excluding 0 for a faction the corrected test does not confirm reads as a
    # contradiction of "no faction differs": say what the table's intervals are
    loose = [r["faction"] for r in rows if r not in sure and (r["diff_low"] > 0 or r["diff_high"] < 0)]
    note = (
        f" The table's 95% intervals are each faction's alone, not corrected for comparing {len(rows)}:"
        f" {', '.join(map(str, loose))} {'excludes' if len(loose) == 1 else 'exclude'} no change on its own,"
        " which the corrected test does not confirm."
        if loose
        else ""
    )
    if not sure:
        return (
            "No faction's win rate differs beyond chance (Fisher's exact test, corrected, p < 0.05)." + note
        )
    parts = [
        f"{r['faction']} {'gain' if r['diff'] > 0 else 'lose'} {abs(r['diff']) * 100:.1f} points "
        f"({r['rate_a']:.1%} to {r['rate_b']:.1%}; 95% interval {r['diff_low'] * 100:+.1f} to "
        f"{r['diff_high'] * 100:+.1f})"
        for r in sure
    ]
    return "In B, " + "; ".join(parts) + "." + note
