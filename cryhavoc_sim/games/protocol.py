"""The records a game and the tool exchange: a played game (:class:`Played`), its rows
(:class:`GameRows`), a content set as the manifest and report see it (:class:`Content`,
:class:`Plausible`), the report's words (:class:`Vocabulary`) and a game's own sections
(:class:`ReportSections`), a sweep's measures (:class:`Measure`), a ladder game
(:class:`Duel`) and a soak's broken game (:class:`Violation`). What a game *is* to the
tool is its :class:`~cryhavoc_sim.games.spec.GameSpec` (``games/spec.py``).

Vocabulary: a *player* is a seat in one game; its *side* is what balance is measured
over (a Cry Havoc faction). The stored ``faction`` column holds the side.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol


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
    the game's own :meth:`GameSpec.rows` and :meth:`GameSpec.narrate` look into.
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
