"""A sweep design: which numbers and knobs vary, over which values, and the cells to play.

```toml
[sweep]
name = "trog_numbers"       # names the cells' scenarios (and the default output directory)
scenario = "four_player"    # a shipped scenario's name or a path (relative to this file)
method = "grid"             # grid | oat | lhs | morris | sobol
games = 2000                # games per cell (every cell plays the same seeds)
seed = 1                    # the cells' master seed (common random numbers across cells)
samples = 8                 # lhs: rows; morris: trajectories; sobol: base samples (a power of 2)

[factors]                   # path = values
"tokens.war_party.*.trogs" = [1, 2, 3]        # these values
"tokens.nest.*.trogs" = "plausible"           # the range the content file declares
"rules.war_party_trogs_delta" = { range = [-1, 1] }   # whole numbers low..high
```

A path names a content number (``cryhavoc-sim content --numbers``), or a scenario table's
key: ``rules.<knob>``, ``scenario.<field>``, ``bots.<faction>``. Every design also plays
the base scenario as shipped (cell 0), the reference its statements are read against.

Methods: ``grid`` every combination; ``oat`` one factor at a time from the shipped
content; ``lhs`` a Latin hypercube of ``samples`` rows; ``morris`` ``samples`` Morris
trajectories and ``sobol`` Saltelli's scheme of ``samples`` x (factors + 2) rows, both
sampled by SALib. SALib works on [0, 1]; a row maps to each factor's nearest value. Rows
that land on the same values share one cell, and a combination whose every value is the
shipped one (``oat``'s shipped value of each factor; the grid's point at the shipped
content) is cell 0 itself: played once, counted once, read at those values.

``games`` sets every cell's games; ``cryhavoc-sim sweep -n GAMES`` replaces it, to try a
design small first or to play it for real.
"""

from __future__ import annotations

import itertools
import json
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError, ScenarioError
from cryhavoc_sim.runner.rundir import MAX_GAMES
from cryhavoc_sim.runner.scenario import Scenario, load_scenario, parse_scenario
from cryhavoc_sim.studies.files import DesignError, fail, read_file, read_head, shown, whole
from cryhavoc_sim.studies.play import scenario_target, scenario_with

METHODS = ("grid", "oat", "lhs", "morris", "sobol")
SWEEP_FIELDS = ("name", "scenario", "method", "games", "seed", "samples", "description")
MAX_CELLS = 10_000
# A factor's values are each checked playable (a content load) before anything runs, and
# a grid multiplies them: more than this many values for one number is no design.
MAX_VALUES = 1_000
MORRIS_LEVELS = 4


@dataclass(frozen=True, slots=True)
class Factor:
    """One varied path and the values it takes, in order."""

    path: str
    values: tuple[Any, ...]
    # the index of the value the base scenario already has (None: none of them is)
    shipped: int | None = None

    @property
    def numeric(self) -> bool:
        return all(isinstance(v, int) and not isinstance(v, bool) for v in self.values)


@dataclass(frozen=True, slots=True)
class Design:
    """A parsed design: the base scenario, the factors, and the cells to play."""

    name: str
    path: str
    text: str
    method: str
    games: int
    seed: int
    samples: int
    base: Scenario
    factors: tuple[Factor, ...]
    # cells[0] is the base scenario as shipped (None for every factor); then each
    # distinct combination of values, as indices into each factor's values.
    cells: tuple[tuple[int | None, ...], ...]
    # SALib's sample rows (morris, sobol, lhs) as cell numbers, in SALib's order
    rows: tuple[int, ...] = ()
    # SALib's own sample matrix on [0, 1] (morris and sobol analyses read it)
    matrix: tuple[tuple[float, ...], ...] = ()
    # the value index cell 0 stands for, per factor: a combination of shipped values
    # folded into cell 0 reads cell 0 at those values (None: cell 0 is at no value)
    base_levels: tuple[int | None, ...] = ()

    @property
    def total_games(self) -> int:
        """Every game the cells play: a ``scenario.games`` factor sets its cells' own games."""
        return sum(self.cell_games(i) for i in range(len(self.cells)))

    def cell_games(self, cell: int) -> int:
        games = self.cell_values(cell).get("scenario.games", self.games)
        return int(games)

    @property
    def base_digest(self) -> str:
        """The digest of the content the base scenario plays (its runs' content_hash)."""
        from cryhavoc_sim.games import get_game

        base = self.base
        return str(get_game(base.game).load_content(base.content_dir, base.override_map).digest)

    def cell_values(self, cell: int) -> dict[str, Any]:
        """path -> value of ``cell`` (only the factors it sets)."""
        return {
            f.path: f.values[i] for f, i in zip(self.factors, self.cells[cell], strict=True) if i is not None
        }

    def cell_levels(self, cell: int) -> dict[str, Any]:
        """path -> value at which ``cell`` is read: what it sets, and for cell 0 the
        shipped values the design's combinations folded into it."""
        if cell:
            return self.cell_values(cell)
        levels = self.base_levels or tuple(None for _ in self.factors)
        return {f.path: f.values[i] for f, i in zip(self.factors, levels, strict=True) if i is not None}

    def cell_scenario(self, cell: int) -> Scenario:
        """Cell ``cell`` as an ordinary scenario: the base with the cell's values set."""
        return scenario_with(
            self.base,
            self.cell_values(cell),
            f"{self.name}-c{cell:04d}",
            self.games,
            self.seed,
            f"cell {cell} of sweep {self.name} ({self.method}) over {self.base.name}",
            f"{self.path} (cell {cell})",
        )


# The shipped designs: package data; the repository's top-level ``designs/`` links here.
SHIPPED = Path(__file__).resolve().parents[1] / "designs"


def shipped_designs() -> list[str]:
    return sorted(p.stem for p in SHIPPED.glob("*.toml"))


def load_design(path: str | Path, max_games: int | None = None, games: int | None = None) -> Design:
    """Read and check a design file (or a shipped design by name), with ``games`` per
    cell instead of its own when given; every problem is a :class:`DesignError` naming
    the file and the field, before anything is played or written."""
    text, where = read_file(path, SHIPPED, "design")
    return parse_design(text, where, max_games, games)


def parse_design(
    text: str, path: str = "<design>", max_games: int | None = None, games: int | None = None
) -> Design:
    doc, head, name = read_head(text, path, "sweep", ("sweep", "factors"), SWEEP_FIELDS)
    _BASE_CONTENT.clear()  # read the content files afresh for every design
    method = head.get("method", "grid")
    if method not in METHODS:
        raise fail(path, "sweep.method", f"is {shown(method)}; allowed: {', '.join(METHODS)}")
    if games is not None and not 1 <= games <= MAX_GAMES:
        raise DesignError(f"-n {games}: games per cell must be a whole number from 1 to {MAX_GAMES:,}.")
    games = whole(head, path, "sweep", "games", None, 1, MAX_GAMES) if games is None else games
    seed = whole(head, path, "sweep", "seed", 0, 0, 2**63 - 1)
    samples = whole(
        head, path, "sweep", "samples", 8 if method in ("lhs", "morris", "sobol") else 1, 1, MAX_CELLS
    )
    if method == "sobol" and samples & (samples - 1):
        raise fail(
            path, "sweep.samples", f"must be a power of 2 for a Sobol design (Saltelli), got {samples}"
        )
    where = head.get("scenario")
    if not isinstance(where, str) or not where:
        raise fail(path, "sweep.scenario", "must name a shipped scenario or a scenario file")
    local = Path(path).parent / where
    try:
        base = load_scenario(local if local.suffix == ".toml" and local.exists() else where)
    except ScenarioError as exc:
        raise fail(path, "sweep.scenario", f"cannot be used: {exc}") from None
    raw = doc.get("factors")
    if not isinstance(raw, dict) or not raw:
        raise DesignError(f"{path}: needs a [factors] table naming at least one path to vary.")
    if len(raw) > MAX_FACTORS:
        raise fail(path, "factors", f"names {len(raw):,} paths; allowed: at most {MAX_FACTORS}")
    check_value_count(path, raw, "factors")
    factors = tuple(parse_factor(path, key, value, base) for key, value in raw.items())
    planned = _planned_cells(method, factors, samples)
    if planned > MAX_CELLS:  # counted before a grid or a sample matrix is built
        field = "factors" if method in ("grid", "oat") else "sweep.samples"
        raise fail(path, field, f"makes {planned:,} cells; allowed: at most {MAX_CELLS:,}")
    cells, rows, matrix, base_levels = _cells(method, factors, samples, seed)
    design = Design(
        name, path, text, method, games, seed, samples, base, factors, cells, rows, matrix, base_levels
    )
    if len(cells) > MAX_CELLS:
        raise fail(path, "sweep.samples", f"makes {len(cells):,} cells; allowed: at most {MAX_CELLS:,}")
    if max_games is not None and design.total_games > max_games:
        raise fail(
            path,
            "sweep.games",
            f"plays {design.total_games:,} games ("
            + (
                f"{len(cells)} cells, each its scenario.games or {games:,}"
                if any(f.path == "scenario.games" for f in factors)
                else f"{len(cells)} cells x {games:,}"
            )
            + f"); allowed with --max-games: at most {max_games:,} (-n sets fewer games per cell)",
        )
    return design


MAX_FACTORS = 100


def check_value_count(path: str, raw: dict[str, Any], section: str) -> None:
    """Every value is checked playable before anything runs (a content load each): the
    values of all factors together are bounded first, counted without making them."""

    def count(value: Any) -> int:
        if isinstance(value, list):
            return len(value)
        r = value.get("range") if isinstance(value, dict) else None
        if isinstance(r, list) and len(r) == 2 and all(isinstance(v, int) for v in r):
            return max(0, int(r[1]) - int(r[0]) + 1)
        return 0  # "plausible" (a content file's few values) or malformed (refused later)

    total = sum(count(v) for v in raw.values())
    if total > MAX_VALUES:
        raise fail(
            path, section, f"give {total:,} values in all; allowed: at most {MAX_VALUES:,} over every path"
        )


def _planned_cells(method: str, factors: tuple[Factor, ...], samples: int) -> int:
    """How many cells ``method`` would make at most (before any is built); cell 0 included."""
    if method == "grid":
        return int(math.prod(len(f.values) for f in factors)) + 1
    if method == "oat":
        return sum(len(f.values) for f in factors) + 1
    if method == "lhs":
        return samples + 1
    if method == "morris":
        return samples * (len(factors) + 1) + 1
    return samples * (len(factors) + 2) + 1  # sobol, first order (Saltelli)


def parse_factor(path: str, key: str, raw: Any, base: Scenario, section: str = "factors") -> Factor:
    """One [factors] entry (or a targets file's [parameters]): a list of values,
    "plausible", or { range = [low, high] }; every value checked playable."""
    where = f"{section}.{key[:80]}"
    from cryhavoc_sim.games import get_game

    game = get_game(base.game)
    table, _ = scenario_target(key, base)
    if raw == "plausible":
        if table != "overrides":
            raise fail(path, where, "is 'plausible', but only content numbers declare plausible values")
        content = base_content(base)
        found = [p for p in content.plausible if p.path == key]
        if not found:
            declared = ", ".join(p.path for p in content.plausible)
            raise fail(path, where, f"has no declared plausible values; declared: {declared}")
        values = tuple(found[0].values())
    elif isinstance(raw, dict) and set(raw) == {"range"}:
        r = raw["range"]
        ok = (
            isinstance(r, list)
            and len(r) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in r)
        )
        if not ok or r[0] >= r[1]:
            raise fail(
                path, where, f"range must be [low, high], whole numbers with low < high, got {shown(r)}"
            )
        if r[1] - r[0] + 1 > MAX_VALUES:  # counted before the values are made
            raise fail(
                path,
                where,
                f"range {shown(r)} holds {r[1] - r[0] + 1:,} values; allowed: at most {MAX_VALUES:,}",
            )
        values = tuple(range(r[0], r[1] + 1))
    elif isinstance(raw, list) and len(raw) >= 2:
        if len(raw) > MAX_VALUES:
            raise fail(path, where, f"lists {len(raw):,} values; allowed: at most {MAX_VALUES:,}")
        values = tuple(raw)
    else:
        raise fail(path, where, 'must be a list of 2 or more values, "plausible", or { range = [low, high] }')
    if len({json.dumps(v) for v in values}) != len(values):
        raise fail(path, where, f"repeats a value in {shown(list(values))}")
    # every value playable on its own, before anything runs; and which one is shipped
    shipped = base_content(base) if table == "overrides" else None
    same = [_check_value(path, where, key, value, table, base, game, shipped) for value in values]
    return Factor(key, values, same.index(True) if True in same else None)


def base_content(base: Scenario) -> Any:
    """The base scenario's content as loaded, once per design (every factor reads it)."""
    key = (base.game, base.content_dir, json.dumps(base.overrides, sort_keys=True, default=str))
    if key not in _BASE_CONTENT:
        from cryhavoc_sim.games import get_game

        _BASE_CONTENT.clear()  # one base at a time: a content set is a few megabytes
        _BASE_CONTENT[key] = get_game(base.game).load_content(base.content_dir, base.override_map)
    return _BASE_CONTENT[key]


_BASE_CONTENT: dict[tuple[str, str | None, str], Any] = {}


def _check_value(
    path: str, where: str, key: str, value: Any, table: str, base: Scenario, game: Any, shipped: Any = None
) -> bool:
    """Whether ``value`` can be played (a DesignError if not) and is what the base
    scenario already plays (``shipped``: its content; then a cell at it is the shipped cell)."""
    if table == "overrides":
        try:
            content = game.load_content(base.content_dir, {**base.override_map, key: value})
        except ContentError as exc:
            raise fail(
                path, where, f"value {json.dumps(value)} cannot be played: {str(exc).rstrip('.')}"
            ) from None
        return _same_content(content, shipped)
    import tomli_w

    doc = tomllib.loads(base.text)
    doc.setdefault(table, {})[key.partition(".")[2]] = value
    try:
        scenario = parse_scenario(tomli_w.dumps(doc), base.path or "<scenario>")
    except ScenarioError as exc:
        raise fail(
            path, where, f"value {json.dumps(value)} cannot be played: {str(exc).rstrip('.')}"
        ) from None
    return _same_setup(scenario.setup, base.setup)


def _same_setup(setup: Any, shipped: Any) -> bool:
    """Whether two games' setups play alike: a field that only records which rules a
    file wrote (Cry Havoc's ``rule_overrides``) is left out, the rules it set are not."""
    import dataclasses

    if not dataclasses.is_dataclass(setup) or isinstance(setup, type):
        return bool(setup == shipped)
    played = [f.name for f in dataclasses.fields(setup) if f.name not in _RECORD_FIELDS]
    return all(getattr(setup, n) == getattr(shipped, n, None) for n in played)


_RECORD_FIELDS = ("rule_overrides",)


def _same_content(content: Any, shipped: Any) -> bool:
    """Whether two loaded content sets hold the same items and numbers. The digest and
    the override list name how a set was written, not what it holds, so they are left
    out: an override to the value a file already has changes neither a rule nor a game."""
    import dataclasses

    if dataclasses.is_dataclass(content) and not isinstance(content, type):
        return bool(
            dataclasses.replace(content, digest=shipped.digest, overrides=shipped.overrides) == shipped
        )
    return bool(getattr(content, "digest", None) == shipped.digest)


def salib_problem(factors: tuple[Factor, ...]) -> dict[str, Any]:
    """SALib's problem definition: every factor on [0, 1] (a row maps to its values)."""
    return {
        "num_vars": len(factors),
        "names": [f.path for f in factors],
        "bounds": [[0.0, 1.0]] * len(factors),
    }


def _level(x: float, k: int) -> int:
    """A SALib coordinate on [0, 1] as the index of one of ``k`` values."""
    return min(k - 1, max(0, round(x * (k - 1))))


def _cells(
    method: str, factors: tuple[Factor, ...], samples: int, seed: int
) -> tuple[
    tuple[tuple[int | None, ...], ...],
    tuple[int, ...],
    tuple[tuple[float, ...], ...],
    tuple[int | None, ...],
]:
    shipped: tuple[int | None, ...] = tuple(None for _ in factors)
    combos: list[tuple[int | None, ...]]
    matrix: list[tuple[float, ...]] = []
    if method == "grid":
        combos = [tuple(c) for c in itertools.product(*(range(len(f.values)) for f in factors))]
    elif method == "oat":
        combos = [
            tuple(i if j == n else None for j in range(len(factors)))
            for n, f in enumerate(factors)
            for i in range(len(f.values))
        ]
    else:
        import numpy as np

        problem = salib_problem(factors)
        if method == "lhs":
            from SALib.sample import latin

            x = latin.sample(problem, samples, seed=seed)
        elif method == "morris":
            from SALib.sample import morris

            x = morris.sample(problem, samples, num_levels=MORRIS_LEVELS, seed=seed)
        else:
            from SALib.sample import sobol

            x = sobol.sample(problem, samples, calc_second_order=False, seed=seed)
        matrix = [tuple(float(v) for v in row) for row in np.asarray(x)]
        combos = [
            tuple(_level(v, len(f.values)) for v, f in zip(row, factors, strict=True)) for row in matrix
        ]
    cells: list[tuple[int | None, ...]] = [shipped]
    index: dict[tuple[int | None, ...], int] = {shipped: 0}
    base_levels: list[int | None] = [None for _ in factors]
    rows = []
    for combo in combos:
        if all(i is None or i == f.shipped for i, f in zip(combo, factors, strict=True)):
            # the shipped scenario again: cell 0, played and counted once, read at these values
            index[combo] = 0
            base_levels = [b if i is None else i for b, i in zip(base_levels, combo, strict=True)]
        elif combo not in index:
            index[combo] = len(cells)
            cells.append(combo)
        rows.append(index[combo])
    return tuple(cells), tuple(rows) if matrix else (), tuple(matrix), tuple(base_levels)
