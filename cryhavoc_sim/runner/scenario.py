"""Scenario files: what to simulate (TOML in ``scenarios/``), validated with clear errors.

```toml
[scenario]
name = "quick"            # used in run directory names and every output row
games = 200
seed = 1
players = 4               # 2, 3 or 4
factions = "all"          # "all" (the usual line-up), "every_combination", or a list
experience = "first_time" # first_time | experienced | veteran
variant = "base"
content = ""              # optional content directory, relative to this file

[bots]
default = "random"        # or per faction: humans = "random"

[rules]                   # optional rule knobs (cryhavoc_sim.engine.rules.Rules)
```
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.content.schema import FACTIONS, INVADERS
from cryhavoc_sim.engine.rules import EXPERIENCE_SKILLS, Rules
from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.runner.rundir import MAX_GAMES

NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


@dataclass(frozen=True, slots=True)
class Scenario:
    name: str
    games: int
    seed: int
    players: int
    lineups: tuple[tuple[str, ...], ...]
    experience: str
    variant: str
    bots: dict[str, str]
    rules: Rules
    content_dir: str | None
    mode: str = "standard"
    difficulty: int = 0  # solo: Skills in play (1 hardest .. 3)
    seats: str = "rotate"  # "rotate": every seat equally often on paired seeds; "random"
    text: str = ""
    path: str = ""
    rule_overrides: dict[str, Any] = field(default_factory=dict)

    def plan(self, game_id: int) -> tuple[int, tuple[str, ...], tuple[str, ...] | None]:
        """(seed, factions, initial Initiative or None for random) of game ``game_id``.

        ``seats = "rotate"``: consecutive games share a deal (one seed) and rotate the
        Initiative order through it, so each faction takes each seat equally often and a
        seat comparison sees the same deals."""
        from cryhavoc_sim.rng import game_seed

        if self.seats == "random":
            return game_seed(self.seed, game_id), self.lineups[game_id % len(self.lineups)], None
        width = self.players + (1 if self.mode == "solo" else 0)
        deal, turn = divmod(game_id, width)
        factions = self.lineups[deal % len(self.lineups)]
        order = (*factions, "trogs") if self.mode == "solo" else factions
        return game_seed(self.seed, deal), factions, order[turn:] + order[:turn]

    def with_overrides(self, games: int | None = None, seed: int | None = None) -> Scenario:
        from dataclasses import replace

        return replace(
            self,
            games=self.games if games is None else games,
            seed=self.seed if seed is None else seed,
        )


def _fail(path: str, field_: str, problem: str) -> ScenarioError:
    return ScenarioError(f"{path}: field '{field_}' {problem}.")


def parse_scenario(text: str, path: str = "<scenario>") -> Scenario:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"{path}: is not valid TOML ({exc}).") from None
    except RecursionError:
        raise ScenarioError(f"{path}: is nested too deeply to be a scenario file.") from None
    unknown = set(doc) - {"scenario", "bots", "rules"}
    if unknown:
        raise ScenarioError(
            f"{path}: unknown table(s) {', '.join(sorted(unknown))}; allowed: scenario, bots, rules."
        )
    head = doc.get("scenario")
    if not isinstance(head, dict):
        raise ScenarioError(f"{path}: needs a [scenario] table.")
    allowed = {
        "name",
        "games",
        "seed",
        "players",
        "factions",
        "experience",
        "variant",
        "content",
        "mode",
        "difficulty",
        "seats",
        "description",
    }
    for key in head:
        if key not in allowed:
            raise _fail(
                path,
                f"scenario.{key}",
                f"is not a scenario field; allowed: {', '.join(sorted(allowed))}",
            )

    def get(key: str, kind: type, default: Any = None) -> Any:
        value = head.get(key, default)
        if value is None:
            raise _fail(path, f"scenario.{key}", "is missing")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise _fail(path, f"scenario.{key}", f"must be {kind.__name__}, got {value!r}")
        return value

    name = get("name", str)
    if not NAME.fullmatch(name) or ".." in name:
        shown = name if len(name) <= 40 else name[:40] + "..."
        raise _fail(
            path,
            "scenario.name",
            f"is {shown!r}; allowed: 1 to 64 letters, digits, '_', '-' and '.', starting with a letter or"
            " digit (it names the run directory)",
        )
    games = get("games", int)
    if not 1 <= games <= MAX_GAMES:
        raise _fail(
            path,
            "scenario.games",
            f"must be between 1 and {MAX_GAMES:,} (split larger studies into runs with other seeds), got {games}",
        )
    seed = get("seed", int, 0)
    if not 0 <= seed < 2**64:
        raise _fail(path, "scenario.seed", f"must be between 0 and 2^64-1, got {seed}")
    mode = get("mode", str, "standard")
    if mode not in ("standard", "solo"):
        raise _fail(path, "scenario.mode", f"is {mode!r}; allowed: standard, solo")
    difficulty = 0
    if mode == "solo":
        difficulty = get("difficulty", int, 2)
        if difficulty not in (1, 2, 3):
            raise _fail(
                path,
                "scenario.difficulty",
                f"is {difficulty}; allowed: 1, 2, 3 (Skills in play; 1 is hardest)",
            )
    elif "difficulty" in head:
        raise _fail(path, "scenario.difficulty", 'applies only with mode = "solo"')
    players = get("players", int, 1 if mode == "solo" else None)
    if mode == "solo" and players != 1:
        raise _fail(path, "scenario.players", f"is {players}; the solo mode has 1 player")
    if mode == "standard" and players not in (2, 3, 4):
        raise _fail(path, "scenario.players", f"is {players}; allowed: 2, 3, 4")
    usable = INVADERS + (("trogs",) if players == 4 else ())
    factions = head.get("factions", "all")
    lineups: tuple[tuple[str, ...], ...]
    if mode == "solo" and factions in ("all", "every_combination"):
        lineups = tuple((f,) for f in INVADERS)
    elif factions == "all":
        lineups = (("humans", "pilgrims"),) if players == 2 else (usable[:players],)
    elif factions == "every_combination":
        lineups = tuple(c for c in itertools.combinations(INVADERS, players) if players < 4) or (usable,)
    elif isinstance(factions, list) and all(isinstance(f, str) for f in factions):
        for f in factions:
            if f not in FACTIONS:
                raise _fail(
                    path,
                    "scenario.factions",
                    f"names unknown faction {f!r}; allowed: {', '.join(FACTIONS)}",
                )
            if f not in usable:
                raise _fail(
                    path,
                    "scenario.factions",
                    f"names {f!r}, who cannot play a {players}-player game; allowed: {', '.join(usable)}",
                )
        if len(factions) != players or len(set(factions)) != players:
            raise _fail(path, "scenario.factions", f"must list {players} different factions, got {factions}")
        if players == 4 and "trogs" not in factions:
            raise _fail(path, "scenario.factions", "must include trogs in a 4-player game")
        lineups = (tuple(factions),)
    else:
        raise _fail(
            path,
            "scenario.factions",
            f'is {factions!r}; allowed: "all", "every_combination", or a list of factions',
        )
    experience = get("experience", str, "first_time")
    if experience not in EXPERIENCE_SKILLS:
        raise _fail(
            path,
            "scenario.experience",
            f"is {experience!r}; allowed: {', '.join(EXPERIENCE_SKILLS)}",
        )
    variant = get("variant", str, "base")
    content = head.get("content") or None
    if content is not None and not isinstance(content, str):
        raise _fail(path, "scenario.content", f"must be a directory path, got {content!r}")
    if content is not None and path not in ("<scenario>", ""):
        content = str((Path(path).parent / content).resolve())

    raw_bots = doc.get("bots", {})
    if not isinstance(raw_bots, dict):
        raise ScenarioError(f"{path}: [bots] must be a table.")
    bots: dict[str, str] = {}
    default = raw_bots.get("default", "random")
    from cryhavoc_sim.bots.registry import bot_names

    for key, value in raw_bots.items():
        if key != "default" and key not in FACTIONS:
            raise _fail(path, f"bots.{key}", f"is not a faction; allowed: default, {', '.join(FACTIONS)}")
        for f in FACTIONS if key == "default" else (key,):
            if value not in bot_names(f):
                raise _fail(path, f"bots.{key}", f"is {value!r}; allowed: {', '.join(bot_names(f))}")
    for f in FACTIONS:
        bots[f] = str(raw_bots.get(f, default))

    raw_rules = doc.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise ScenarioError(f"{path}: [rules] must be a table.")
    rules = Rules.from_mapping(raw_rules, f"{path}: [rules]")
    seats = get("seats", str, "rotate")
    if seats not in ("rotate", "random"):
        raise _fail(path, "scenario.seats", f"is {seats!r}; allowed: rotate, random")
    if mode == "solo":
        bots["trogs"] = "automaton"
    return Scenario(
        name,
        games,
        seed,
        players,
        lineups,
        experience,
        variant,
        bots,
        rules,
        content,
        mode,
        difficulty,
        seats,
        text,
        path,
        dict(raw_rules),
    )


def load_scenario(path: str | Path) -> Scenario:
    p = Path(path)
    if not p.exists() and not p.suffix:
        shipped = Path(__file__).resolve().parents[2] / "scenarios" / f"{p.name}.toml"
        if shipped.exists():
            p = shipped
    try:
        text = p.read_text()
    except FileNotFoundError:
        raise ScenarioError(
            f"{path}: scenario file not found (give a path to a .toml file, e.g. scenarios/quick.toml)."
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: scenario file cannot be read ({exc}).") from None
    return parse_scenario(text, str(p))
