"""What a game is to the tool: one frozen :class:`GameSpec`, ``GAME`` on the last line of
the game's ``module.py``, which the registry hands out by name.

Most of it is data, as OpenSpiel's ``GameType`` is: the name, versions, words, colours,
event kinds, scenario fields, the content (:class:`GameContent`), what the game *is*
(its harness :class:`~cryhavoc_sim.games.state.Rules`), its bots' rungs and its ladder
pairings. The rest are the few functions a game writes (:data:`HOOKS`): read a setup,
derive a deal, the rows, the account, the report sections, the sweep measures. Everything
the tool does with them (the bench's scenario, the content doors, a rung's every-seat
scenario) is written once here, and reads the spec, never which game it is.

A function whose module is heavy (a report's figures) is a :class:`Later`: imported on
first call, so that a run never loads report code.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.protocol import Content, GameRows, Measure, Played, ReportSections, Vocabulary

if TYPE_CHECKING:
    from cryhavoc_sim.games.harness.deal import Deal
    from cryhavoc_sim.games.harness.ladder import Pairing
    from cryhavoc_sim.games.state import Rules
    from cryhavoc_sim.games.winprob import WinLine

# The functions a game writes (fields of GameSpec holding its code); the rest is data.
HOOKS = (
    "parse_setup",
    "config",
    "block_size",
    "deal",
    "played",
    "rows",
    "narrate",
    "report_sections",
    "sweep_measures",
)


@dataclass(frozen=True, slots=True)
class Later:
    """``name`` of the game's module ``module`` (the module itself when ``name`` is
    empty), imported when first asked for."""

    module: str
    name: str = ""

    def get(self) -> Any:
        found = import_module(self.module)
        return getattr(found, self.name) if self.name else found

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.get()(*args, **kwargs)


@dataclass(frozen=True, slots=True)
class GameContent:
    """A game's content as the tool reaches it: the ``files`` a set is read from (in
    ``default_dir`` for the shipped one), how a set is loaded (a ContentError naming the
    file or path for any problem), the shipped sets by name, every value a scenario's
    [overrides] or a sweep may set (by path), the ``content`` command's listing
    (``listing(content, as_json)``), how a calibrated set is written (None: the game has no
    numbers to calibrate) and what each value means ((path pattern, meaning, rulebook
    section), the specific before the general)."""

    files: tuple[str, ...]
    default_dir: Path
    load: Callable[[str | None, Mapping[str, Any] | None], Content]
    shipped: Callable[[], Mapping[str, Path]]
    values: Callable[[str | None], dict[str, Any]]
    listing: Callable[[Any, bool], str]
    write: Callable[[str | None, Mapping[str, Any], Path, str, str], Path] | None = None
    meanings: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Column:
    """A column only this game fills, stored after the shared ones of ``table`` ("games"
    or "seats"): its ``name``, its polars type by name ("Int8", "String", "Boolean"...)
    and what it means (docs/data.md). Another game's tables never carry it."""

    table: str
    name: str
    dtype: str
    meaning: str


@dataclass(frozen=True, slots=True)
class Bench:
    """What ``make bench`` times of a game: the [scenario] lines its scenario adds
    (players, decks), the seat its search plays among heuristic seats (None: no search
    seat), what the search-bot line says it times (None: no such line), and how many
    games the lines' and the decisions' cost are timed over."""

    fields: str = ""
    search_seat: str | None = None
    search_line: str | None = None
    line_games: int = 50
    gap_games: int = 4


def _one_block(setup: Any) -> int:
    return 1


def _no_measures(run: Any) -> list[Measure]:
    return []


@dataclass(frozen=True, slots=True)
class GameSpec:
    """One game. A *player* is a seat in one game; its *side* is what balance is measured
    over (a Cry Havoc faction); the stored ``faction`` column holds the side."""

    name: str  # registered name, stored in the ``game`` column
    title: str  # for people: "Cry Havoc"
    rules_version: str  # bumped whenever the game's behaviour changes (``rules_version`` column)
    bots_version: str  # bumped whenever a bot's play changes (a game replays only with its bots)
    vocabulary: Vocabulary  # the words the shared report uses for sides, seats, score, rounds
    event_kinds: Mapping[str, str]  # every event kind the game logs, with what its columns mean
    # [scenario] fields and top-level tables the game reads, besides the generic ones
    scenario_fields: tuple[str, ...]
    scenario_tables: tuple[str, ...]
    content: GameContent
    rules: Rules[Any]  # what the game is (games/state.py): what the harness plays and tests
    # --- the functions a game writes (HOOKS) ---
    # the game's own scenario fields (head: the [scenario] table, doc: the whole file),
    # validated: a ScenarioError naming the field and what is allowed, or a frozen setup
    parse_setup: Callable[[dict[str, Any], dict[str, Any], str], Any]
    # the setup as manifest ``config`` entries (``compare`` lists differences)
    config: Callable[[Any], dict[str, Any]]
    # game game_id's deal (games/harness/deal.py), derived once: the runner's only call for it
    deal: Callable[[Any, int, int], Deal]
    # the final state of a deal as the runner needs it: the sides that won and sat
    played: Callable[[Deal, Any], Played]
    # the rows of a played game (setup, content, played, deal)
    rows: Callable[[Any, Any, Played, Deal], GameRows]
    narrate: Callable[[Played], list[str]]  # a readable account, round by round (``replay``)
    # the game's own figures and tables for the report of a run (content: as loaded now, or None)
    report_sections: Callable[[Any, Any], ReportSections]
    # consecutive games (from game 0) that together are one independent, balanced draw;
    # precision runs count their confidence sequences in blocks (analysis/sequential.py)
    block_size: Callable[[Any], int] = _one_block
    # shares of games a sweep reports over its cells (a cell's Run)
    sweep_measures: Callable[[Any], list[Measure]] = _no_measures
    # --- more data ---
    side_colours: Mapping[str, str] = field(default_factory=dict)  # others: a colour-blind-safe fallback
    knob_defaults: Mapping[str, Any] = field(default_factory=dict)  # each [rules] knob's default
    # what a scenario's games play by when it is not ``rules`` (Cave Troll trusts its own bots)
    play_rules: Rules[Any] | None = None
    win_line: WinLine | None = None  # where the win-probability line is read, and its model
    # one rotation of the ladder's two-player games (every line-up and seat, both ways)
    ladder_pairings: tuple[Pairing, ...] = ()
    # the skill ladder's rungs below the search, weakest first (the random bot, each
    # heuristic personality); ``skill_search``: the search bot at each budget follows
    skill_rungs: tuple[str, ...] = ("random", "heuristic")
    skill_search: bool = False
    # ``balance``'s default rungs, weakest first
    balance_rungs: tuple[str, ...] = ("heuristic",)
    # [scenario] fields dropped when every seat plays one bot (Cry Havoc: several line-ups)
    lineup_fields: tuple[str, ...] = ()
    bench: Bench = Bench()  # what ``make bench`` times
    # the columns only this game fills, after the shared ones (storage/schema.py)
    columns: tuple[Column, ...] = ()
    # microseconds per operation on a mid-game state (clone, determinize, ...): the
    # harness's measure of ``rules`` when None
    costs: Callable[[int], dict[str, float]] | None = None
    # parts only some games have, by name (ablation, value_training, bot_weights,
    # search_match, deck_builder), each imported when a command asks for it
    extras: Mapping[str, Later] = field(default_factory=dict)

    def extra(self, name: str) -> Any:
        """The game's part ``name`` (its module or object), or None when it has none."""
        part = self.extras.get(name)
        return None if part is None else part.get()

    # --- content, through the content record ---
    def shipped_content(self, name: str) -> str | None:
        """The directory of the shipped content set called ``name``, or None."""
        found = self.content.shipped().get(name)
        return None if found is None else str(found)

    def shipped_content_names(self) -> list[str]:
        return sorted(self.content.shipped())

    def content_files(self, content_dir: str | None) -> list[Path]:
        """The files a content set is loaded from (a change reloads it)."""
        base = Path(content_dir) if content_dir else self.content.default_dir
        return [base / name for name in self.content.files]

    def load_content(self, content_dir: str | None, overrides: Mapping[str, Any] | None = None) -> Any:
        return self.content.load(content_dir, overrides)

    def content_values(self, content_dir: str | None) -> dict[str, Any]:
        return self.content.values(content_dir)

    def content_listing(self, content: Any, as_json: bool) -> str:
        return self.content.listing(content, as_json)

    @property
    def number_meanings(self) -> tuple[tuple[str, str, str], ...]:
        return self.content.meanings

    def write_content(
        self, content_dir: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
    ) -> Path:
        """Write the content set with ``overrides`` set as a new set ``name`` in ``target``,
        each changed item saying so (``note``: the search that chose it)."""
        if self.content.write is None:
            raise ContentError(
                f"{self.title} content has no numbers to calibrate; its knobs are set by [overrides]."
            )
        return self.content.write(content_dir, overrides, target, name, note)

    # --- bots, studies and the bench, from the data ---
    def skill_lineup(self, budgets: Sequence[int]) -> list[str]:
        """The skill ladder's rungs, weakest first (``ladder --skill``)."""
        search = [f"ismcts:{b}" for b in budgets] if self.skill_search else []
        return [*self.skill_rungs, *search]

    def every_seat(self, doc: dict[str, Any], bot: str) -> dict[str, Any]:
        """The scenario document ``doc`` with every seat played by ``bot``: [bots] becomes
        ``default = bot``, the :attr:`lineup_fields` go, nothing else changes."""
        if self.lineup_fields:
            head = {k: v for k, v in doc.get("scenario", {}).items() if k not in self.lineup_fields}
            return {**doc, "scenario": head, "bots": {"default": bot}}
        return {**doc, "bots": {"default": bot}}

    def bench_scenario(self, bot: str) -> str:
        """The scenario text ``make bench`` times (one ``games``, overridden)."""
        return (
            f'[scenario]\nname = "bench"\ngame = "{self.name}"\ngames = 1\nseed = 7\n{self.bench.fields}'
            f'\n[bots]\ndefault = "{bot}"\n'
        )

    def search_bench_scenario(self) -> tuple[str, str] | None:
        """(what it times, scenario text) for the bench's search-bot line, or None."""
        searched = self.searched_bench_scenario()
        if searched is None or self.bench.search_line is None:
            return None
        return self.bench.search_line, searched

    def searched_bench_scenario(self) -> str | None:
        """The bench scenario with its search seat played by the search (None: no seat)."""
        if self.bench.search_seat is None:
            return None
        return self.bench_scenario("heuristic") + f'{self.bench.search_seat} = "ismcts"\n'

    def state_costs(self, repeat: int) -> dict[str, float]:
        """Microseconds per operation on a mid-game state (clone, determinize, save)."""
        if self.costs is not None:
            return self.costs(repeat)
        from cryhavoc_sim.games.harness.costs import state_costs

        return state_costs(self.rules, repeat)


def json_listing(listing: Mapping[str, Any], as_json: bool, **dumps: Any) -> str:
    """A flat listing as JSON or as ``key = value`` lines."""
    return json.dumps(listing, **dumps) if as_json else "\n".join(f"{k} = {v}" for k, v in listing.items())
