"""What a game provides to the game-agnostic parts of the tool (``GAME`` in its module).

What the game *is* (its states, bots and invariants) is :attr:`GameModule.rules`
(``games/state.py``), which the harness plays (``games/harness/``: soak, copy and
determinize testers, ladder). The runner derives each game's deal once
(:meth:`GameModule.deal`), has the harness play it (``harness.play.play_deal``, by
``play_rules`` where a game has them, else ``rules``) and stores the rows
:meth:`GameModule.rows` returns; the scenario parser reads the generic fields (name,
games, seed, game, content, description) and hands the rest to
:meth:`GameModule.parse_setup`; the report adds :meth:`GameModule.report_sections` to
its own; bench, replay and the ``content`` command each call one method.

Vocabulary: a *player* is a seat in one game; its *side* is what balance is measured
over (a Cry Havoc faction). The stored ``faction`` column holds the side.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from cryhavoc_sim.games.harness.deal import Deal
    from cryhavoc_sim.games.harness.ladder import Pairing
    from cryhavoc_sim.games.state import Rules
    from cryhavoc_sim.games.winprob import WinLine


@dataclass(frozen=True, slots=True)
class Plausible:
    """A content file's declared plausible range (``low``..``high``) or alternatives
    (``choices``) for every value a path names, its rationale, and the values shipped
    (``current``, one per value the path names). ``sweep`` varies these."""

    path: str
    file: str
    low: int | None
    high: int | None
    choices: tuple[Any, ...]
    rationale: str
    current: tuple[Any, ...]

    def values(self) -> list[Any]:
        """Every value the declaration allows, in order."""
        if self.choices:
            return list(self.choices)
        assert self.low is not None and self.high is not None
        return list(range(self.low, self.high + 1))

    def describe(self) -> str:
        if self.choices:
            return "one of " + ", ".join(json.dumps(c) for c in self.choices)
        return f"{self.low} to {self.high}"

    def shipped(self) -> str:
        """The shipped value, or "1-2 (mixed)" when the path names several that differ."""
        distinct = sorted({json.dumps(c) for c in self.current})
        if len(distinct) == 1:
            return distinct[0]
        return f"{', '.join(distinct)} (mixed)"


@dataclass(frozen=True, slots=True)
class Vocabulary:
    """The words the shared report uses for a game's things (Cry Havoc's by default):
    what a side is, the seat, the score and its event kind, a round; ``seat_is_side``
    when the side is the seat itself (Cave Troll), so the seat figure would repeat the
    side figure; ``side_plural`` when a side's name is plural (the Machines), so the
    sentences agree with it."""

    side: str = "faction"
    seat: str = "Initiative seat"
    score: str = "VP"
    score_event: str = "vp"  # the event kind whose amount is score gained (detail: its source)
    round: str = "Round"
    seat_is_side: bool = False
    side_plural: bool = True  # "Machines win ... of their games"; a seat: "Seat 2 wins ... of its games"
    # How the score is gained, in a sentence: "Machines score 69% of their VP from ...";
    # WarCry: "Empire wins 48% of its Battles by holding the field".
    score_verb: str = "score"
    source_preposition: str = "from"
    # Printed names of the score's sources (the event's detail), where the id is no word:
    # ("scoring_crystals", "Crystals at Scoring"); any other id is shown with spaces.
    sources: tuple[tuple[str, str], ...] = ()
    # The score is a count of a few (WarCry: 0-2 Battles): the report draws the share of
    # games at each count (bars), not boxes, and no score-by-round curve (it is the game).
    small_counts: bool = False

    def source(self, name: str) -> str:
        """A score source's printed name."""
        return dict(self.sources).get(name, str(name).replace("_", " "))


class Content(Protocol):
    """A loaded content set, as the manifest and the report see it."""

    @property
    def overrides(self) -> tuple[tuple[str, Any], ...]:
        """The scenario's overrides applied to the files: (path, value), sorted."""
        ...

    @property
    def plausible(self) -> tuple[Plausible, ...]:
        """The files' declared plausible ranges and alternatives."""
        ...

    @property
    def content_id(self) -> str: ...

    @property
    def digest(self) -> str: ...

    @property
    def reconstructed(self) -> bool: ...

    def provenance_counts(self) -> dict[str, int]: ...


@dataclass(frozen=True, slots=True)
class Played:
    """A finished game as the runner needs it: who won, which players sat (each counts
    one game in its side's win-rate denominator), and the game object itself, which only
    the game's own :meth:`GameModule.rows` and :meth:`GameModule.narrate` look into.
    ``winners`` names every side that won: one, several in a shared win (each counts a
    win, as the ``won`` column does), or none; ``lines``: each player's win-probability
    line (``seats.win_line``), when the runner recorded one."""

    winners: tuple[str, ...]
    sides: tuple[str, ...]
    state: Any
    # each player's win-probability line (games/winprob.py), when the runner recorded one
    lines: Mapping[str, Sequence[float]] | None = None
    # each player's decisions by request kind (games/decisions.py), when the scenario asked
    decisions: Mapping[str, Sequence[Mapping[str, Any]]] | None = None

    @property
    def winner(self) -> str | None:
        """The one winning side (the ``games.winner`` column); None: no winner, or a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None


@dataclass(frozen=True, slots=True)
class GameRows:
    """One game's rows: the ``games`` row and the ``seats`` rows (column -> value; the
    runner adds ``run_id``, ``game_id``, ``seed`` and ``scenario``), and the events as
    columns (name -> values, one per event; the runner adds ``run_id`` and ``game_id``).
    A game whose players are its sides leaves out ``player`` and ``other_player``: they
    are stored as ``faction`` and ``other_faction``."""

    game: dict[str, Any]
    seats: list[dict[str, Any]]
    events: dict[str, Sequence[Any]]


@dataclass(frozen=True, slots=True)
class Violation:
    """A soak game that broke an invariant or raised: the seed replays it."""

    index: int
    seed: int
    setup: str
    what: str


@dataclass
class ReportSections:
    """A game's own part of a report: figures (name, caption, draw(ax)), tables
    (caption, polars DataFrame), ``summary.json`` entries, and findings: sentences for
    the headline, strongest first, each naming the figure or table behind it; ``trust``:
    lines for the report's "How far to trust this" box (what the game's checks of its
    bots say, and what they do not)."""

    figures: list[tuple[str, str, Callable[[Any], None]]] = field(default_factory=list)
    tables: list[tuple[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)
    findings: list[str] = field(default_factory=list)
    trust: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Measure:
    """A share of games a sweep follows from cell to cell (besides the win rates):
    ``successes`` of ``trials`` games, and the share chance alone would give (None when
    chance says nothing), e.g. "the last player to act in the final Round wins";
    ``design_effect``: its variance by deals over the binomial one (the games of a deal
    are not independent; 1.0: as independent games)."""

    text: str
    successes: int
    trials: int
    chance: float | None = None
    design_effect: float = 1.0


@dataclass(frozen=True, slots=True)
class Duel:
    """One two-player ladder game: the sides bot A and bot B played, whether A went
    first, and the winning side (None: no winner, or a shared win: neither beat the other);
    ``stopped``: the game did not end within the ladder's answer limit (no winner either)."""

    side_a: str
    side_b: str
    a_first: bool
    winner: str | None
    stopped: bool = False


class GameModule(Protocol):
    @property
    def rules(self) -> Rules[Any]:
        """What the game is (``games/state.py``): what the harness plays, soaks and tests."""
        ...

    @property
    def name(self) -> str:
        """The registered name, stored in the ``game`` column."""
        ...

    @property
    def title(self) -> str:
        """For people: "Cry Havoc"."""
        ...

    @property
    def rules_version(self) -> str:
        """Bumped whenever the game's behaviour changes (``rules_version`` column)."""
        ...

    @property
    def bots_version(self) -> str:
        """Bumped whenever a bot's play changes: a game replays from its seed only with
        the bots that played it (manifest ``bots_version``)."""
        ...

    @property
    def scenario_fields(self) -> tuple[str, ...]:
        """[scenario] fields the game reads, besides the generic ones."""
        ...

    @property
    def scenario_tables(self) -> tuple[str, ...]:
        """Top-level scenario tables the game reads (Cry Havoc: bots, rules)."""
        ...

    @property
    def event_kinds(self) -> Mapping[str, str]:
        """Every event kind the game logs, with what its columns mean."""
        ...

    @property
    def side_colours(self) -> Mapping[str, str]:
        """Colours of the sides in figures (others get a colour-blind-safe fallback)."""
        ...

    @property
    def vocabulary(self) -> Vocabulary:
        """The words the shared report uses for this game's sides, seats, score, rounds."""
        ...

    def parse_setup(self, head: dict[str, Any], doc: dict[str, Any], path: str) -> Any:
        """The game's own scenario fields (``head``: the [scenario] table, ``doc``: the
        whole file), validated: a :class:`~cryhavoc_sim.errors.ScenarioError` naming the
        field and what is allowed, or a frozen, picklable setup object."""
        ...

    def config(self, setup: Any) -> dict[str, Any]:
        """The setup as manifest ``config`` entries (``compare`` lists differences)."""
        ...

    def block_size(self, setup: Any) -> int:
        """Consecutive games (from game 0) that together are one independent, balanced
        draw: games of one block may share a deal, blocks share nothing. Precision runs
        count their confidence sequences in blocks (analysis/sequential.py)."""
        ...

    def shipped_content(self, name: str) -> str | None:
        """The directory of the shipped content set called ``name``, or None."""
        ...

    def shipped_content_names(self) -> list[str]:
        """The names ``shipped_content`` knows, sorted."""
        ...

    def content_files(self, content_dir: str | None) -> list[Path]:
        """The files a content set is loaded from (a change reloads it)."""
        ...

    def load_content(self, content_dir: str | None, overrides: Mapping[str, Any] | None = None) -> Content:
        """The content set in ``content_dir`` (None: the game's default) with ``overrides``
        (path -> value) set; any problem is a ContentError naming the file or path."""
        ...

    def deal(self, setup: Any, master_seed: int, game_id: int) -> Deal:
        """Game ``game_id``'s deal (``games/harness/deal.py``): its seed, the setup its rules
        make the state from, each seat's bot spec and the policy, derived once (the
        runner's only call for them); the harness plays it (``harness.play.play_deal``)."""
        ...

    def played(self, deal: Deal, state: Any) -> Played:
        """The final state of ``deal`` as the runner needs it: the sides that won and sat."""
        ...

    def win_line(self) -> WinLine | None:
        """Where the game's win-probability line is read and its model
        (``games/winprob.py``); None when the game has none."""
        ...

    def rows(self, setup: Any, content: Any, played: Played, deal: Deal) -> GameRows:
        """The rows of ``played``, the game ``deal`` of a scenario with ``setup``."""
        ...

    def stored_events(self, played: Played) -> list[tuple[Any, ...]]:
        """The game's events as stored rows (the events table's columns after
        ``game_id``, in :data:`~cryhavoc_sim.storage.schema.EVENT_COLUMNS` order)."""
        ...

    def narrate(self, played: Played) -> list[str]:
        """A readable account of the game, Round by Round (``replay``)."""
        ...

    def report_sections(self, run: Any, content: Any) -> ReportSections:
        """The game's own figures and tables for the report of ``run`` (``content``: the
        run's content set as loaded now, or None when it cannot be)."""
        ...

    def sweep_measures(self, run: Any) -> list[Measure]:
        """The game's own shares of games that a sweep reports over its cells (``run``: a
        cell's :class:`~cryhavoc_sim.storage.reader.Run`)."""
        ...

    def bench_scenario(self, bot: str) -> str:
        """The scenario text ``make bench`` times (one ``games``, overridden)."""
        ...

    def search_bench_scenario(self) -> tuple[str, str] | None:
        """(what it times, scenario text) for the bench's search-bot line: one seat
        played by the game's search bot at its default budget, the others heuristic;
        None when the game has no search bot."""
        ...

    def state_costs(self, repeat: int) -> dict[str, float]:
        """Microseconds per operation on a mid-game state (clone, determinize, save)."""
        ...

    def ladder_pairings(self) -> Sequence[Pairing]:
        """One rotation of the ladder's two-player games (every line-up and seat, both
        ways), played by the harness's ladder loop (``games/harness/ladder.py``)."""
        ...

    def skill_lineup(self, budgets: Sequence[int]) -> list[str]:
        """The skill ladder's rungs, weakest first: the random bot, each heuristic
        personality, the search bot at each of ``budgets`` (``ladder --skill``)."""
        ...

    def balance_rungs(self) -> tuple[str, ...]:
        """The default rungs of ``balance``, weakest first: the game's best heuristic,
        then its search at doubling budgets (only the heuristic when it has no search)."""
        ...

    def every_seat(self, doc: dict[str, Any], bot: str) -> dict[str, Any]:
        """The scenario document ``doc`` (parsed TOML) with every seat played by ``bot``
        and nothing else changed (``balance`` builds each rung's scenario with it)."""
        ...

    def content_listing(self, content: Any, as_json: bool) -> str: ...

    def write_content(
        self, content_dir: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
    ) -> Path:
        """Write the content set with ``overrides`` set as a new set ``name`` in ``target``,
        each changed item saying so (``note``: the search that chose it)."""
        ...

    def content_values(self, content_dir: str | None) -> dict[str, Any]:
        """Every content value a scenario's [overrides] or a sweep may set, by path."""
        ...

    @property
    def knob_defaults(self) -> Mapping[str, Any]:
        """Each [rules] knob's default, so ``compare`` and ``check`` can show both values of
        a knob one run leaves at its default."""
        ...

    @property
    def number_meanings(self) -> tuple[tuple[str, str, str], ...]:
        """What each content value means: (path pattern, meaning, rulebook section), the
        specific before the general (``content --numbers --explain``; see
        :mod:`cryhavoc_sim.games.content_kit.meanings`)."""
        ...
