"""A bots targets file: which faction's heuristic weights to tune, against whom.

```toml
[tune_bots]
name = "bots_heuristic"       # the default output directory tunes/<name>
mode = "population"           # or "best_response" (the population is the top rung)
scenario = "three_player"     # a shipped scenario or a scenario file beside this one
factions = ["humans", "machines", "pilgrims"]   # default: every faction of its line-ups
population = ["heuristic", "heuristic:aggressive"]   # the bots of the other seats
seat = "heuristic"            # who plays the tuned weights: the heuristic, or a search with
                              # them as its own personality ("paired:16": its rollouts)
base = "balanced"             # the personality the search starts from and is compared with
trials = 30                   # Optuna trials per faction
games = 300                   # games per trial (every trial of a faction, the same seeds)
confirm_games = 600           # games per arm of the confirmation, on fresh seeds
seed = 29
alpha = 0.05                  # family-wise error of the confirmation (Holm over factions)

[parameters]                  # personality weights and their ranges
attack = [0.5, 2.0]           # a float range (searched in steps of 0.05)
margin = [0, 3]               # a whole-number range for a whole-number weight
```

Each trial plays the scenario with the trial's weights in the tuned faction's seats (the
heuristic with them, or the ``seat`` search with them as its own personality: its own
rollouts and unsearched decisions) and, as its ``policies``, each population bot in
every other seat (the same deals for each).
Everything is checked before anything runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.games import get_game
from cryhavoc_sim.runner.scenario import Scenario, load_scenario
from cryhavoc_sim.studies.files import DesignError, fail, read_file, read_head, whole

FIELDS = (
    "name",
    "mode",
    "scenario",
    "factions",
    "population",
    "seat",
    "base",
    "trials",
    "games",
    "confirm_games",
    "seed",
    "alpha",
    "description",
)
MODES = ("population", "best_response")
MAX_POPULATION = 8  # the policies of one scenario, with room for the confirmation's two arms
MAX_TRIALS = 500
STEP = 0.05  # the grid of a float weight: short bot names, proposals that repeat exactly


@dataclass(frozen=True, slots=True)
class Weight:
    name: str
    low: float
    high: float
    whole: bool

    @property
    def describe(self) -> str:
        return f"{self.name} {self.low:g}-{self.high:g}"


@dataclass(frozen=True, slots=True)
class BotTargets:
    name: str
    path: str
    text: str
    mode: str
    scenario: Scenario
    factions: tuple[str, ...]
    population: tuple[str, ...]
    base: str
    trials: int
    games: int
    confirm_games: int
    seed: int
    alpha: float
    parameters: tuple[Weight, ...]
    seat: str = "heuristic"  # who plays the tuned weights (see the module docstring)

    @property
    def total_games(self) -> int:
        """Every game: per faction, the base weights and each trial, then two confirmation arms."""
        return len(self.factions) * ((self.trials + 1) * self.games + 2 * self.confirm_games)

    @property
    def players(self) -> int:
        return int(getattr(self.scenario.setup, "players", 0))


SHIPPED = Path(__file__).resolve().parents[1] / "targets"


def load_bot_targets(path: str | Path, max_games: int | None = None) -> BotTargets:
    """Read and check a bots targets file (or a shipped one by name, e.g. ``bots_heuristic``)."""
    text, where = read_file(path, SHIPPED, "targets")
    return parse_bot_targets(text, where, max_games)


def bot_weights(scenario: Scenario) -> Any:
    """The game's personality weights as a bot tuning sets them (its spec's extra
    ``bot_weights``: Cry Havoc's, games/cryhavoc/bot_weights.py)."""
    from cryhavoc_sim.games import get_game

    found = get_game(scenario.game).extra("bot_weights")
    assert found is not None, scenario.game  # _scenario admits only a game whose bots have them
    return found


def parse_bot_targets(text: str, path: str = "<targets>", max_games: int | None = None) -> BotTargets:
    doc, head, name = read_head(text, path, "tune_bots", ("tune_bots", "parameters"), FIELDS)
    mode = head.get("mode", "population")
    if mode not in MODES:
        raise fail(path, "tune_bots.mode", f"is {mode!r}; allowed: {', '.join(MODES)}")
    scenario = _scenario(path, head.get("scenario"))
    lineups = getattr(scenario.setup, "lineups", ())
    playing = sorted({f for lineup in lineups for f in lineup})
    factions = head.get("factions", playing)
    if (
        not isinstance(factions, list)
        or not factions
        or any(f not in playing for f in factions)
        or len(set(factions)) != len(factions)
    ):
        raise fail(
            path,
            "tune_bots.factions",
            f"is {factions!r}; allowed: a list of different factions among {', '.join(playing)}",
        )
    weights = bot_weights(scenario)
    base = head.get("base", "balanced")
    for f in factions:
        if base not in weights.names(f):
            raise fail(
                path,
                "tune_bots.base",
                f"is {base!r}, no personality of {f}; allowed: {', '.join(weights.names(f))}",
            )
    population = _population(path, head.get("population"), playing, scenario)
    seat = _seat(path, head.get("seat", "heuristic"))
    trials = whole(head, path, "tune_bots", "trials", 30, 1, MAX_TRIALS)
    games = whole(head, path, "tune_bots", "games", 300, 10, 1_000_000)
    confirm = whole(head, path, "tune_bots", "confirm_games", 2 * games, 10, 1_000_000)
    seed = whole(head, path, "tune_bots", "seed", 0, 0, 2**31 - 1)
    alpha = head.get("alpha", 0.05)
    if isinstance(alpha, bool) or not isinstance(alpha, int | float) or not 0 < alpha < 0.5:
        raise fail(path, "tune_bots.alpha", f"must be a probability between 0 and 0.5, got {alpha!r}")
    raw = doc.get("parameters")
    if not isinstance(raw, dict) or not raw:
        raise DesignError(f"{path}: needs a [parameters] table naming at least one weight and its range.")
    parameters = tuple(_weight(path, k, v, weights) for k, v in raw.items())
    out = BotTargets(
        name,
        path,
        text,
        mode,
        scenario,
        tuple(factions),
        population,
        base,
        trials,
        games,
        confirm,
        seed,
        float(alpha),
        parameters,
        seat,
    )
    if max_games is not None and out.total_games > max_games:
        raise fail(
            path,
            "tune_bots.trials",
            f"plays {out.total_games:,} games ({len(factions)} factions x ({trials} trials and the base"
            f" x {games:,} + 2 x {confirm:,})); allowed with --max-games: at most {max_games:,}",
        )
    return out


def _scenario(path: str, name: Any) -> Scenario:
    if not isinstance(name, str):
        raise fail(path, "tune_bots.scenario", "must name a shipped scenario or a scenario file")
    local = Path(path).parent / name
    try:
        scenario = load_scenario(local if local.suffix == ".toml" and local.exists() else name)
    except DesignError:
        raise
    except Exception as exc:  # a ScenarioError: one sentence
        raise fail(path, "tune_bots.scenario", f"cannot be used: {exc}") from None
    weighted = get_game(scenario.game).extra("bot_weights") is not None  # personalities to tune
    if not weighted or getattr(scenario.setup, "mode", "") != "standard":
        raise fail(
            path,
            "tune_bots.scenario",
            f"is {name!r}; allowed: a Cry Havoc scenario of 2 to 4 players (its bots have personalities)",
        )
    if getattr(scenario.setup, "policies", ()):
        raise fail(path, "tune_bots.scenario", f"is {name!r}, which sets policies; the population sets them")
    return scenario


def _seat(path: str, raw: Any) -> str:
    """``heuristic``, or a search with its budget (``paired:16``, ``ismcts:32``)."""
    from cryhavoc_sim.games.botspec import BotNameError
    from cryhavoc_sim.games.search.names import search_spec

    if isinstance(raw, str) and raw == "heuristic":
        return raw
    if isinstance(raw, str) and ":" in raw:
        try:
            search_spec(raw)
        except BotNameError as exc:
            if not exc.problem.startswith("is not a search"):  # a search beyond its maximum budget
                raise fail(path, "tune_bots.seat", f"is {raw!r}, which {exc.problem}") from None
        else:
            return raw
    raise fail(
        path,
        "tune_bots.seat",
        f"is {raw!r}; allowed: heuristic, or a search with its budget (ismcts:<N>, paired:<N>)",
    )


def _population(path: str, raw: Any, playing: list[str], scenario: Scenario) -> tuple[str, ...]:
    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.games.botspec import BotNameError

    rules = get_game(scenario.game).rules

    if raw is None:
        raw = ["heuristic"]
    if (
        not isinstance(raw, list)
        or not 1 <= len(raw) <= MAX_POPULATION
        or not all(isinstance(b, str) for b in raw)
        or len(set(raw)) != len(raw)
    ):
        raise fail(
            path,
            "tune_bots.population",
            f"must be a list of 1 to {MAX_POPULATION} different bot names, got {raw!r}",
        )
    for i, bot in enumerate(raw):
        for f in playing:
            try:
                rules.bot_spec(bot, f)
            except BotNameError as exc:
                raise fail(
                    path, f"tune_bots.population[{i}]", f"is {bot!r}, which {exc.problem} ({f})"
                ) from None
    return tuple(raw)


def _weight(path: str, key: str, raw: Any, weights: Any) -> Weight:
    where = f"parameters.{key}"
    if weights.weight_problem(key, 0) and not weights.whole(key):
        raise fail(path, where, str(weights.weight_problem(key, 0)))
    ok = isinstance(raw, list) and len(raw) == 2 and all(not weights.weight_problem(key, v) for v in raw)
    if not ok or raw[0] >= raw[1]:
        kind = "whole numbers" if weights.whole(key) else "numbers"
        top = 1 if key == "token_risk" else 10
        raise fail(path, where, f"must be [low, high], {kind} with 0 <= low < high <= {top}, got {raw!r}")
    return Weight(key, float(raw[0]), float(raw[1]), weights.whole(key))
