"""The scenario fields Cry Havoc reads, validated, and the plan of each game.

```toml
[scenario]
players = 4               # 2, 3 or 4 (1 with mode = "solo")
factions = "all"          # "all" (the usual line-up), "every_combination", or a list
experience = "first_time" # first_time | experienced | veteran
variant = "base"
mode = "standard"         # or "solo" (difficulty = 1..3)
seats = "rotate"          # or "random"
policies = ["heuristic", "heuristic:hunter"]  # optional: several bot line-ups, same seeds

[bots]
default = "random"        # or per faction: humans = "heuristic"

[rules]                   # optional rule knobs (engine/rules.py)
```
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.fields import field_error, get_field
from cryhavoc_sim.games.cryhavoc.content.schema import FACTIONS, INVADERS
from cryhavoc_sim.games.cryhavoc.engine.rules import EXPERIENCE_SKILLS, Rules
from cryhavoc_sim.games.harness.bots_table import bots_table
from cryhavoc_sim.games.harness.deal import DEFAULT_POLICY

FIELDS = ("players", "factions", "experience", "variant", "mode", "difficulty", "seats", "policies")
MAX_POLICIES = 16
TABLES = ("bots", "rules")


@dataclass(frozen=True, slots=True)
class CryHavocSetup:
    players: int
    lineups: tuple[tuple[str, ...], ...]
    experience: str
    variant: str
    bots: dict[str, str]
    rules: Rules
    mode: str = "standard"
    difficulty: int = 0  # solo: Skills in play (1 hardest .. 3)
    seats: str = "rotate"  # "rotate": every seat equally often on paired seeds; "random"
    rule_overrides: dict[str, Any] = field(default_factory=dict)
    # (name, bots) per bot line-up; games take them in turn, each policy the same seeds
    policies: tuple[tuple[str, dict[str, str]], ...] = ()

    def policy_of(self, game_id: int) -> tuple[str, dict[str, str]]:
        """(name, bots by faction) of the policy playing game ``game_id``: with several,
        game ``i`` is policy ``i % P`` playing the deal of game ``i // P`` (so every
        policy plays the same seeds, and a partial run holds all of them alike)."""
        if not self.policies:
            return DEFAULT_POLICY, self.bots
        return self.policies[game_id % len(self.policies)]

    def block(self) -> int:
        """Games that together are one independent, balanced draw: every policy, seat
        rotation and line-up of one cycle of the plan (each block takes its own seeds)."""
        width = self.players + (1 if self.mode == "solo" else 0) if self.seats == "rotate" else 1
        return max(1, len(self.policies)) * width * len(self.lineups)

    def plan(self, game_id: int) -> tuple[int, tuple[str, ...], tuple[str, ...] | None]:
        """(deal index, factions, initial Initiative or None for random) of game
        ``game_id``; its seed is the seed recipe's for the deal index (rows.deal).

        ``seats = "rotate"``: consecutive games share a deal (one seed) and rotate the
        Initiative order through it, so each faction takes each seat equally often and a
        seat comparison sees the same deals. Several policies play each plan in turn."""
        game_id //= max(1, len(self.policies))
        if self.seats == "random":
            return game_id, self.lineups[game_id % len(self.lineups)], None
        width = self.players + (1 if self.mode == "solo" else 0)
        deal, turn = divmod(game_id, width)
        factions = self.lineups[deal % len(self.lineups)]
        order = (*factions, "trogs") if self.mode == "solo" else factions
        return deal, factions, order[turn:] + order[:turn]


def parse_setup(head: dict[str, Any], doc: dict[str, Any], path: str) -> CryHavocSetup:
    def get(key: str, kind: type, default: Any = None) -> Any:
        return get_field(head, "scenario", path, key, kind, default)

    mode = get("mode", str, "standard")
    if mode not in ("standard", "solo"):
        raise field_error(path, "scenario.mode", f"is {mode!r}; allowed: standard, solo")
    difficulty = 0
    if mode == "solo":
        difficulty = get("difficulty", int, 2)
        if difficulty not in (1, 2, 3):
            raise field_error(
                path,
                "scenario.difficulty",
                f"is {difficulty}; allowed: 1, 2, 3 (Skills in play; 1 is hardest)",
            )
    elif "difficulty" in head:
        raise field_error(path, "scenario.difficulty", 'applies only with mode = "solo"')
    players = get("players", int, 1 if mode == "solo" else None)
    if mode == "solo" and players != 1:
        raise field_error(path, "scenario.players", f"is {players}; the solo mode has 1 player")
    if mode == "standard" and players not in (2, 3, 4):
        raise field_error(path, "scenario.players", f"is {players}; allowed: 2, 3, 4")
    lineups = _lineups(head.get("factions", "all"), players, mode, path)
    experience = get("experience", str, "first_time")
    if experience not in EXPERIENCE_SKILLS:
        raise field_error(
            path, "scenario.experience", f"is {experience!r}; allowed: {', '.join(EXPERIENCE_SKILLS)}"
        )
    variant = get("variant", str, "base")
    bots = _bots(doc.get("bots", {}), path)
    raw_rules = doc.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise ScenarioError(f"{path}: [rules] must be a table.")
    rules = Rules.from_mapping(raw_rules, f"{path}: [rules]")
    seats = get("seats", str, "rotate")
    if seats not in ("rotate", "random"):
        raise field_error(path, "scenario.seats", f"is {seats!r}; allowed: rotate, random")
    policies = _policies(head.get("policies"), doc.get("bots", {}), path)
    if mode == "solo":
        bots["trogs"] = "automaton"
        for _, p in policies:
            p["trogs"] = "automaton"
    return CryHavocSetup(
        players, lineups, experience, variant, bots, rules, mode, difficulty, seats, dict(raw_rules), policies
    )


def _policies(raw: Any, base: Any, path: str) -> tuple[tuple[str, dict[str, str]], ...]:
    """``policies``: a list of bot line-ups, each a bot name (every seat plays it) or a
    table like [bots] with a ``name`` (its keys override [bots])."""
    if raw is None:
        return ()
    where = "scenario.policies"
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_POLICIES:
        raise field_error(
            path,
            where,
            f"must be a list of 1 to {MAX_POLICIES} bot line-ups (bot names or tables), got {raw!r}",
        )
    out: list[tuple[str, dict[str, str]]] = []
    for i, item in enumerate(raw):
        if isinstance(item, str):
            name, table = item, {"default": item}
        elif isinstance(item, dict):
            name = item.get("name", f"policy_{i + 1}")
            if not isinstance(name, str) or not name:
                raise field_error(path, f"{where}[{i}].name", f"must be a non-empty string, got {name!r}")
            table = {
                **(base if isinstance(base, dict) else {}),
                **{k: v for k, v in item.items() if k != "name"},
            }
        else:
            raise field_error(path, f"{where}[{i}]", f"must be a bot name or a table, got {item!r}")
        if any(name == n for n, _ in out):
            raise field_error(path, f"{where}[{i}]", f"repeats the policy name {name!r}; each must be unique")
        out.append((name, _bots(table, path, f"{where}[{i}]")))
    return tuple(out)


def _lineups(factions: Any, players: int, mode: str, path: str) -> tuple[tuple[str, ...], ...]:
    usable = INVADERS + (("trogs",) if players == 4 else ())
    if mode == "solo" and factions in ("all", "every_combination"):
        return tuple((f,) for f in INVADERS)
    if factions == "all":
        return (("humans", "pilgrims"),) if players == 2 else (usable[:players],)
    if factions == "every_combination":
        return tuple(c for c in itertools.combinations(INVADERS, players) if players < 4) or (usable,)
    if isinstance(factions, list) and all(isinstance(f, str) for f in factions):
        for f in factions:
            if f not in FACTIONS:
                raise field_error(
                    path, "scenario.factions", f"names unknown faction {f!r}; allowed: {', '.join(FACTIONS)}"
                )
            if f not in usable:
                raise field_error(
                    path,
                    "scenario.factions",
                    f"names {f!r}, who cannot play a {players}-player game; allowed: {', '.join(usable)}",
                )
        if len(factions) != players or len(set(factions)) != players:
            raise field_error(
                path, "scenario.factions", f"must list {players} different factions, got {factions}"
            )
        if players == 4 and "trogs" not in factions:
            raise field_error(path, "scenario.factions", "must include trogs in a 4-player game")
        return (tuple(factions),)
    raise field_error(
        path,
        "scenario.factions",
        f'is {factions!r}; allowed: "all", "every_combination", or a list of factions',
    )


def _bots(raw: Any, path: str, where: str = "bots") -> dict[str, str]:
    from cryhavoc_sim.games.cryhavoc.rules import RULES

    return bots_table(raw, path, FACTIONS, RULES, "random", where, "faction")


def config(setup: CryHavocSetup) -> dict[str, Any]:
    """The setup as manifest ``config`` entries (``compare`` lists differences)."""
    return {
        "players": setup.players,
        "lineups": [list(x) for x in setup.lineups],
        "experience": setup.experience,
        "variant": setup.variant,
        "bots": setup.bots,
        "rules": setup.rule_overrides,
        # only when there are several: configs (and their hashes) of others unchanged
        **({"policies": [[n, b] for n, b in setup.policies]} if setup.policies else {}),
    }
