"""A targets file: what a calibration aims for, over which numbers.

```toml
[tune]
name = "calibration"            # the default output directory tunes/<name>
trials = 40                     # Optuna trials (each plays every target's scenario)
games = 1080                    # games per target scenario per trial (same seeds every trial)
seed = 1                        # the search's seed
content_name = "cryhavoc-base-calibrated"   # the name of the content set it writes
content = "cryhavoc-base-reconstructed"      # optional: the shipped set every target plays
                                # and the calibration starts from (default: each scenario's)
rungs = ["ismcts:16", "ismcts:32"]   # optional: judge every target at each of these rungs,
                                # the rung's bot in every seat (as `balance` plays them);
                                # default: each scenario's own bots
first_games = 120               # optional, successive halving: a trial first plays this many
                                # games a target, and plays on (x halving each time, up to
                                # `games`) only while its score ranks among the best
                                # 1/halving of the trials that played as many
halving = 3                     # optional (default 3): the factor of games between stages
confirm = 3                     # optional: the best 3 trials (and the shipped content) are
                                # played again, `games` a target on fresh deals, and the
                                # best of them on those deals is the one chosen

[parameters]                    # the numbers the search sets, as in a sweep's [factors]
"tokens.war_party.*.trogs" = "plausible"
"tokens.nest.*.trogs" = { range = [1, 3] }

[start]                         # optional: the first trial's values (an earlier best, say);
"tokens.nest.*.trogs" = 2       # each among its parameter's values; the rest the search's

[[target]]
scenario = "four_player"
fair_within = 0.10              # every faction within 10 points of its fair share

[[target]]
scenario = "solo_1"
win_rate = [0.05, 0.95]         # the player's win rate inside this range (winnable)
harder_than = "solo_3"          # and below the win rate of that target's scenario
```

With ``rungs``, each target is played once per rung (named ``<scenario>.<rung>``, e.g.
``three_player.ismcts-16``) and must be met at every rung; ``harder_than`` compares
within a rung. The search minimises the sum of the targets' shortfalls, squared (zero when every target
is met), plus a hundredth of each faction's squared distance from its fair share (among
sets that meet every target, the most even). Everything is checked before anything runs.

Successive halving (``first_games``) spends the games on the trials worth them: every
stage's games are whole deals of every target (a multiple of each target's deal size),
and a stage's new games are the same deals in every trial. ``confirm`` answers the
winner's curse: the best of many trials, each scored on the same few deals, looks better
on those deals than it is; its score on deals no trial was chosen on does not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cryhavoc_sim.runner.scenario import NAME, Scenario, load_scenario
from cryhavoc_sim.studies.files import DesignError, fail, named, read_file, read_head, shown, whole
from cryhavoc_sim.sweeps.design import MAX_FACTORS, Factor, check_value_count, parse_factor

TUNE_FIELDS = (
    "name",
    "trials",
    "games",
    "seed",
    "content_name",
    "content",
    "rungs",
    "first_games",
    "halving",
    "confirm",
    "description",
)
TARGET_FIELDS = ("scenario", "fair_within", "win_rate", "harder_than")
MAX_TRIALS = 2000


@dataclass(frozen=True, slots=True)
class Target:
    scenario: Scenario
    fair_within: float | None = None
    win_rate: tuple[float, float] | None = None
    harder_than: str | None = None
    rung: str | None = None  # the bot spec in every seat, or None: the scenario's own bots

    @property
    def name(self) -> str:
        return self.scenario.name if self.rung is None else f"{self.scenario.name}.{rung_tag(self.rung)}"

    def describe(self) -> str:
        parts = []
        if self.fair_within is not None:
            parts.append(f"every faction within {self.fair_within * 100:g} points of its fair share")
        if self.win_rate is not None:
            parts.append(f"win rate {self.win_rate[0]:.0%} to {self.win_rate[1]:.0%}")
        if self.harder_than:
            parts.append(f"won less often than {self.harder_than}")
        at = f" (every seat {self.rung})" if self.rung is not None else ""
        return f"{self.name}{at}: " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Targets:
    name: str
    path: str
    text: str
    trials: int
    games: int
    seed: int
    content_name: str
    parameters: tuple[Factor, ...]
    targets: tuple[Target, ...]
    stages: tuple[int, ...] = ()  # games a target after each stage (successive halving); () = (games,)
    halving: int = 3
    confirm: int = 0  # best trials re-played on fresh deals before one is chosen
    start: tuple[tuple[str, int], ...] = ()  # the first trial's values: (path, index in its values)
    reasons: tuple[tuple[str, str], ...] = ()  # (path, why) of values beyond the declared ones

    @property
    def stage_games(self) -> tuple[int, ...]:
        """The games a target a trial has played after each stage: ``(games,)`` without halving."""
        return self.stages or (self.games,)

    @property
    def total_games(self) -> int:
        """Every game the calibration can play, at most: each trial's (if every trial played
        every stage), the shipped content's reference, and the confirmation's."""
        return (self.trials + 1 + (self.confirm + 1 if self.confirm else 0)) * self.games * len(self.targets)


# The shipped targets files: package data; the repository's top-level ``targets/`` links here.
SHIPPED = Path(__file__).resolve().parents[1] / "targets"


def load_targets(path: str | Path, max_games: int | None = None) -> Targets:
    """Read and check a targets file (or a shipped one by name, e.g. ``calibration``)."""
    text, where = read_file(path, SHIPPED, "targets")
    return parse_targets(text, where, max_games)


def parse_targets(text: str, path: str = "<targets>", max_games: int | None = None) -> Targets:
    doc, head, name = read_head(text, path, "tune", ("tune", "parameters", "target", "start"), TUNE_FIELDS)
    trials = whole(head, path, "tune", "trials", 40, 1, MAX_TRIALS)
    games = whole(head, path, "tune", "games", 1000, 10, 1_000_000)
    seed = whole(head, path, "tune", "seed", 0, 0, 2**31 - 1)
    content_name = head.get("content_name", f"{name}-content")
    if not isinstance(content_name, str) or not NAME.fullmatch(content_name):
        raise fail(
            path,
            "tune.content_name",
            f"must be a name of letters, digits, '_', '-' or '.', got {shown(content_name)}",
        )
    raw_targets = doc.get("target")
    if not isinstance(raw_targets, list) or not raw_targets:
        raise DesignError(f"{path}: needs at least one [[target]] table.")
    targets = [_target(path, i, t) for i, t in enumerate(raw_targets)]
    names = [t.name for t in targets]
    if len(set(names)) != len(names):
        raise DesignError(f"{path}: two [[target]] tables name the same scenario; give each once.")
    _check_harder(path, targets)
    if "rungs" in head:
        targets = _at_rungs(path, head["rungs"], targets)
    content = head.get("content")
    if content is not None:
        content_dir = _shipped_set(path, content, targets[0].scenario.game)
        targets = [replace(t, scenario=replace(t.scenario, content_dir=content_dir)) for t in targets]
    if any(t.scenario.game != targets[0].scenario.game for t in targets):
        raise DesignError(f"{path}: every target's scenario must be of one game.")
    raw = doc.get("parameters")
    if not isinstance(raw, dict) or not raw:
        raise DesignError(f"{path}: needs a [parameters] table naming at least one number to set.")
    base = targets[0].scenario
    if "scenario.games" in raw:  # every trial plays targets.games: a parameter would escape the count
        raise fail(
            path,
            "parameters.scenario.games",
            "cannot be searched: every trial plays [tune] games (set tune.games instead)",
        )
    if len(raw) > MAX_FACTORS:
        raise fail(path, "parameters", f"names {len(raw):,} paths; allowed: at most {MAX_FACTORS}")
    plain, reasons = _reasons(path, raw)
    check_value_count(path, plain, "parameters")
    parameters = tuple(parse_factor(path, key, value, base, "parameters") for key, value in plain.items())
    for factor in parameters:
        _within_declared(path, factor, base, reasons.get(factor.path))
    stages, halving = _stages(path, head, games, targets)
    confirm = whole(head, path, "tune", "confirm", 0, 0, min(20, trials))
    start = _start(path, doc.get("start"), parameters)
    out = Targets(
        name,
        path,
        text,
        trials,
        games,
        seed,
        content_name,
        parameters,
        tuple(targets),
        stages,
        halving,
        confirm,
        start,
        tuple(sorted(reasons.items())),
    )
    if max_games is not None and out.total_games > max_games:
        raise fail(
            path,
            "tune.trials",
            f"plays {out.total_games:,} games ({trials} trials and the reference x {len(targets)} targets"
            f" x {games:,});"
            f" allowed with --max-games: at most {max_games:,}",
        )
    return out


def _stages(
    path: str, head: dict[str, Any], games: int, targets: list[Target]
) -> tuple[tuple[int, ...], int]:
    """The games a target after each stage of successive halving, and its factor:
    ``first_games``, x ``halving`` each stage, the last ``games``; () without halving.
    Every stage ends on whole deals of every target."""
    from math import lcm

    halving = whole(head, path, "tune", "halving", 3, 2, 10)
    if "first_games" not in head:
        if "halving" in head:
            raise fail(
                path, "tune.halving", "needs tune.first_games (the games a target of a trial's first stage)"
            )
        return (), halving
    first = whole(head, path, "tune", "first_games", None, 1, max(1, games - 1))
    from cryhavoc_sim.games import get_game

    deal = lcm(*(get_game(t.scenario.game).block_size(t.scenario.setup) for t in targets))
    for key, value in (("first_games", first), ("games", games)):
        if value % deal:
            raise fail(
                path,
                f"tune.{key}",
                f"is {value:,}, not whole deals of every target; allowed: a multiple of {deal}"
                " (each target's games of one deal)",
            )
    stages = [first]
    while stages[-1] * halving < games:
        stages.append(stages[-1] * halving)
    return (*stages, games), halving


MAX_REASON = 500


def _reasons(path: str, raw: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """[parameters] without their reasons, and the reasons: ``{ range = [...], reason = "..." }``
    or ``{ values = [...], reason = "..." }`` sets values beyond a number's declared
    plausible ones, and says on what evidence."""
    plain, reasons = {}, {}
    for key, value in raw.items():
        if isinstance(value, dict) and "reason" in value:
            why = value["reason"]
            if not isinstance(why, str) or not why.strip() or len(why) > MAX_REASON:
                raise fail(
                    path,
                    f"parameters.{key[:80]}.reason",
                    f"must say in 1 to {MAX_REASON} characters what evidence widens the range, got {shown(why)}",
                )
            reasons[key] = why.strip()
            value = {k: v for k, v in value.items() if k != "reason"}
            if set(value) == {"values"}:
                value = value["values"]
        plain[key] = value
    return plain, reasons


def _within_declared(path: str, factor: Factor, base: Scenario, reason: str | None) -> None:
    """A content number's values must be among its declared plausible values, unless the
    parameter gives the reason it goes beyond them (a rulebook sentence, a published count,
    a photograph's description: the issue's standard of evidence)."""
    from cryhavoc_sim.studies.play import scenario_target
    from cryhavoc_sim.sweeps.design import base_content

    where = f"parameters.{factor.path[:80]}"
    if scenario_target(factor.path, base)[0] != "overrides":
        if reason is not None:
            raise fail(
                path,
                f"{where}.reason",
                "is for a content number's values beyond its declared ones; allowed: no reason",
            )
        return  # a rules knob or a scenario field: no content range to keep to
    content = base_content(base)
    found = [p for p in content.plausible if p.path == factor.path]
    declared = list(found[0].values()) if found else []
    beyond = [v for v in factor.values if v not in declared]
    if not beyond and reason is not None:  # it would be written into the content as if it widened something
        raise fail(
            path,
            f"{where}.reason",
            "is given, but every value is among the declared plausible ones; allowed: no reason",
        )
    if not beyond or reason is not None:
        return
    said = (
        f"its declared plausible values ({', '.join(shown(v, 30) for v in declared[:12])})"
        if declared
        else ("no declared plausible values (a printed or not yet reviewed number)")
    )
    raise fail(
        path,
        where,
        f"sets {', '.join(shown(v, 30) for v in beyond[:6])} beyond {said}; allowed: those values, or the"
        ' same with reason = "..." naming the evidence that widens them',
    )


def _start(path: str, raw: Any, parameters: tuple[Factor, ...]) -> tuple[tuple[str, int], ...]:
    """The ``[start]`` table: each path a parameter's, each value among its values (as
    the index the search proposes)."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not raw:
        raise fail(path, "start", "must be a table of parameter paths and the first trial's values")
    by_path = {p.path: p for p in parameters}
    out = []
    for key, value in raw.items():
        factor = by_path.get(key)
        if factor is None:
            raise fail(
                path, f"start.{key[:80]}", "is not among [parameters]; allowed: " + named(sorted(by_path))
            )
        same = [i for i, v in enumerate(factor.values) if v == value and type(v) is type(value)]
        if not same:
            allowed = ", ".join(shown(v, 30) for v in factor.values[:12])
            raise fail(path, f"start.{key[:80]}", f"is {shown(value)}, not among its values ({allowed})")
        out.append((key, same[0]))
    return tuple(out)


def rung_tag(spec: str) -> str:
    """A rung's bot spec as part of a name (letters, digits, '_', '-' and '.' only)."""
    return re.sub(r"[^A-Za-z0-9_.-]", "-", spec)


def _check_harder(path: str, targets: list[Target]) -> None:
    names = [t.name for t in targets]
    for i, t in enumerate(targets):
        if t.harder_than is not None and (t.harder_than not in names or t.harder_than == t.name):
            others = ", ".join(n for n in names if n != t.name) or "none"
            raise fail(
                path,
                f"target[{i}].harder_than",
                f"is {shown(t.harder_than)}; allowed: another target's scenario ({others})",
            )


def _at_rungs(path: str, raw: Any, targets: list[Target]) -> list[Target]:
    """Each target once per rung, the rung's bot in every seat (``balance``'s rung
    scenarios); ``harder_than`` names the other target at the same rung."""
    from cryhavoc_sim.balance.rungs import Rung, RungError, parse_rungs, rung_scenario

    if not isinstance(raw, list) or not all(isinstance(r, str) for r in raw):
        raise fail(path, "tune.rungs", f'must be a list of bot specs, e.g. ["ismcts:16"], got {shown(raw)}')
    try:
        rungs: tuple[Rung, ...] = parse_rungs(raw)
        tags = [rung_tag(r.spec) for r in rungs]
        if len(set(tags)) != len(tags):
            raise RungError(
                "two rungs differ only in characters a name cannot hold; give each a plainer spec."
            )
        out = []
        for rung in rungs:
            for t in targets:
                harder = None if t.harder_than is None else f"{t.harder_than}.{rung_tag(rung.spec)}"
                out.append(
                    replace(t, scenario=rung_scenario(t.scenario, rung), harder_than=harder, rung=rung.spec)
                )
    except RungError as exc:
        raise fail(path, "tune.rungs", f"cannot be played: {str(exc).rstrip('.')}") from None
    return out


def _shipped_set(path: str, content: Any, game_name: str) -> str:
    """The directory of the shipped content set ``content`` names."""
    from cryhavoc_sim.games import get_game

    game = get_game(game_name)
    found = game.shipped_content(content) if isinstance(content, str) else None
    if found is None:
        allowed = ", ".join(game.shipped_content_names())
        raise fail(
            path, "tune.content", f"names no shipped content set ({shown(content)}); allowed: {allowed}"
        )
    return found


def _player_counts(scenario: Scenario) -> tuple[int, ...]:
    """The player counts a scenario's games take: one number (Cry Havoc), or a list a
    Cave Troll scenario's games take in turn."""
    players = getattr(scenario.setup, "players", 2)
    return tuple(players) if isinstance(players, tuple | list) else (int(players),)


def _target(path: str, i: int, raw: Any) -> Target:
    where = f"target[{i}]"
    if not isinstance(raw, dict):
        raise DesignError(f"{path}: {where} must be a table.")
    for key in raw:
        if key not in TARGET_FIELDS:
            raise fail(
                path, f"{where}.{key[:50]}", f"is not a target field; allowed: {', '.join(TARGET_FIELDS)}"
            )
    name = raw.get("scenario")
    if not isinstance(name, str):
        raise fail(path, f"{where}.scenario", "must name a shipped scenario or a scenario file")
    local = Path(path).parent / name
    try:
        scenario = load_scenario(local if local.suffix == ".toml" and local.exists() else name)
    except DesignError:
        raise
    except Exception as exc:  # a ScenarioError: one sentence
        raise fail(path, f"{where}.scenario", f"cannot be used: {exc}") from None
    fair = raw.get("fair_within")
    if fair is not None and (isinstance(fair, bool) or not isinstance(fair, int | float) or not 0 < fair < 1):
        raise fail(
            path,
            f"{where}.fair_within",
            f"must be a share between 0 and 1 (0.10 = 10 points), got {shown(fair)}",
        )
    rate = raw.get("win_rate")
    if rate is not None:
        ok = (
            isinstance(rate, list)
            and len(rate) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in rate)
            and 0 <= rate[0] < rate[1] <= 1
        )
        if not ok:
            raise fail(
                path, f"{where}.win_rate", f"must be [low, high] with 0 <= low < high <= 1, got {shown(rate)}"
            )
    if fair is None and rate is None and raw.get("harder_than") is None:
        raise DesignError(f"{path}: {where} sets no target; give fair_within, win_rate or harder_than.")
    if fair is not None and min(_player_counts(scenario)) < 2:
        raise fail(
            path, f"{where}.fair_within", f"cannot be met: {name} is a one-player game (no fair share)"
        )
    harder = raw.get("harder_than")
    if harder is not None and not isinstance(harder, str):
        raise fail(path, f"{where}.harder_than", f"must name another target's scenario, got {shown(harder)}")
    return Target(
        scenario,
        float(fair) if fair is not None else None,
        (float(rate[0]), float(rate[1])) if rate is not None else None,
        harder,
    )
