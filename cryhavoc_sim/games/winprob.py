"""Win probability for every game: a logistic model over a game's own features, read at
the game's checkpoints (the start of every Round, turn round or Battle: the game says
where), and the recorder that writes each player's win-probability line while a run
plays (``seats.win_line``).

A game offers a :class:`WinLine` (``GameSpec.win_line``): where its checkpoints are,
its features of a state for one player, whether they read the player's observation or
the whole state, and its shipped :class:`WinModel`. The model is plain coefficients in a
JSON file (the layout of Cry Havoc's learned leaf value, ``bots/value_model.py``, which
*is* Cry Havoc's win model), evaluated in pure Python: no scikit-learn or numpy at play
time. ``cryhavoc-sim train-value --game NAME`` fits one (``tuning/winmodel.py``).

The recorder only reads states: it draws nothing and answers nothing, so the games a
run plays are the same with it and without it. At the first decision of each new
checkpoint it asks the model for every player's probability and divides each by their
sum (the line of a game sums to 1 at every checkpoint; a solo player keeps its own). A checkpoint without a decision
repeats the line before it, so that position ``k`` of a line is always checkpoint
``k + 1``.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.fields import finite_number

MAX_BYTES = 1_000_000  # a model file is a few kilobytes; more is not a model


@dataclass(frozen=True, slots=True)
class WinModel:
    """P(the player wins) = logistic(intercept + coef . features), with what it was fitted
    on: the game, the feature set (version and names in order) and the provenance of its
    training (content, rules, bots, games, seed)."""

    game: str
    features_version: str
    features: tuple[str, ...]
    coef: tuple[float, ...]
    intercept: float
    provenance: dict[str, Any] = field(default_factory=dict)

    def predict(self, x: Sequence[float]) -> float:
        z = self.intercept
        for w, v in zip(self.coef, x, strict=True):
            z += w * v
        if z < -40.0:
            return 0.0
        if z > 40.0:
            return 1.0
        return 1.0 / (1.0 + math.exp(-z))

    def to_json(self) -> str:
        doc = {
            "game": self.game,
            "features_version": self.features_version,
            "features": list(self.features),
            "coef": list(self.coef),
            "intercept": self.intercept,
            "provenance": self.provenance,
        }
        return json.dumps(doc, indent=2) + "\n"

    def digest(self) -> str:
        """A short hash of the model (a run's manifest names the model it was read with)."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()[:16]

    def describe(self) -> str:
        """Its training in a few words: "fitted on 1,600 games of heuristic (seed 1)"."""
        p = self.provenance
        games = p.get("games")
        shown = f"{games:,}" if isinstance(games, int) else "?"
        return f"fitted on {shown} games of {p.get('bot', '?')} (seed {p.get('seed', '?')})"


def _finite(x: Any) -> bool:
    return finite_number(x)


def parse_model(text: str, where: str, line: WinLine, content_id: str | None = None) -> WinModel:
    """The model in ``text`` (``where`` names it), checked against the game's ``line``
    (game, feature version and names) and, given ``content_id``, against the content it
    will be read with (the set's name; the hash may differ by overrides): a
    :class:`ScenarioError` of one sentence naming what differs otherwise."""
    allowed = f"allowed: a file written by cryhavoc-sim train-value --game {line.game}"
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError):
        raise ScenarioError(f"{where}: not a JSON win model; {allowed}.") from None
    if not isinstance(doc, dict):
        raise ScenarioError(f"{where}: not a JSON win model; {allowed}.")
    if doc.get("game") != line.game:
        raise ScenarioError(f"{where}: a win model of the game {doc.get('game')!r}; allowed: {line.game!r}.")
    if doc.get("features_version") != line.features_version or doc.get("features") != list(line.features):
        raise ScenarioError(
            f"{where}: fitted on the feature set {doc.get('features_version')!r}; allowed:"
            f" {line.features_version!r} (retrain it with cryhavoc-sim train-value --game {line.game})."
        )
    coef, intercept = doc.get("coef"), doc.get("intercept")
    if (
        not isinstance(coef, list)
        or len(coef) != len(line.features)
        or not all(map(_finite, [*coef, intercept]))
    ):
        raise ScenarioError(
            f"{where}: 'coef' and 'intercept' must be {len(line.features)} finite numbers and one; {allowed}."
        )
    provenance = doc.get("provenance")
    provenance = provenance if isinstance(provenance, dict) else {}
    if content_id is not None:
        fitted = provenance.get("content")
        if not isinstance(fitted, str) or content_name(fitted) != content_name(content_id):
            raise ScenarioError(
                f"{where}: fitted on the content {fitted!r}; allowed: a model of {content_name(content_id)!r}"
                f" (retrain it with cryhavoc-sim train-value --game {line.game})."
            )
    assert isinstance(intercept, (int, float))
    return WinModel(
        line.game,
        line.features_version,
        tuple(line.features),
        tuple(float(c) for c in coef),
        float(intercept),
        provenance,
    )


def content_name(content_id: str) -> str:
    """A content id's set and version without its hash ("cryhavoc-base@1+7a9a" -> "cryhavoc-base@1")."""
    return content_id.split("+")[0]


def load_model(path: Path, line: WinLine, content_id: str | None = None) -> WinModel:
    """The win-model file at ``path``, checked (see :func:`parse_model`)."""
    from cryhavoc_sim.inputs import read_text

    try:
        text = read_text(path, MAX_BYTES)
    except (OSError, UnicodeDecodeError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise ScenarioError(f"{path}: cannot be read as a win model ({why}).") from None
    return parse_model(text, str(path), line, content_id)


class WinLine(Protocol):
    """What a game says about its win probability (see the module docstring)."""

    @property
    def game(self) -> str: ...

    @property
    def features_version(self) -> str: ...

    @property
    def features(self) -> tuple[str, ...]: ...

    @property
    def reads(self) -> str:
        """What the features read: "observation" (the player's own view) or "full state"."""
        ...

    @property
    def checkpoint_word(self) -> str:
        """What a checkpoint is called in this game ("Round", "Battle")."""
        ...

    def checkpoint(self, state: Any) -> int:
        """The checkpoint ``state`` is in, from 1."""
        ...

    def players(self, state: Any) -> tuple[str, ...]:
        """The players the line follows (every seat a player sits in; no NPC)."""
        ...

    def features_of(self, state: Any, player: str) -> list[float]:
        """The features of ``state`` for ``player``, in the order of :attr:`features`."""
        ...

    def shipped(self) -> WinModel:
        """The model shipped with the game."""
        ...


def model_entry(line: WinLine, model: WinModel) -> dict[str, Any]:
    """The model as a run's manifest names it (``win_model``): the report says which
    model drew the lines it reads."""
    return {
        "game": model.game,
        "features_version": model.features_version,
        "digest": model.digest(),
        "reads": line.reads,
        "checkpoint": line.checkpoint_word,
        "fitted": model.describe(),
        "provenance": model.provenance,
    }


class LineRecorder:
    """The driver loop's observer (``harness/driver.py``) that records every player's
    win-probability line at the game's checkpoints (see the module docstring); it only
    reads the states it is shown."""

    __slots__ = ("last", "line", "model", "players", "points")

    def __init__(self, line: WinLine, model: WinModel) -> None:
        self.line = line
        self.model = model
        self.last = 0
        self.points: list[dict[str, float]] = []
        self.players: tuple[str, ...] = ()

    def __call__(self, state: Any) -> None:
        if state.is_over:
            return
        c = self.line.checkpoint(state)
        if c <= self.last:
            return
        if not self.players:
            self.players = self.line.players(state)
        raw = {p: self.model.predict(self.line.features_of(state, p)) for p in self.players}
        total = sum(raw.values())
        n = len(raw)
        # one player against the game (Cry Havoc's solo mode) keeps its own probability
        now = raw if n < 2 else {p: (v / total if total > 0 else 1.0 / n) for p, v in raw.items()}
        while len(self.points) < c - 1:  # a checkpoint without a decision repeats the last
            self.points.append(self.points[-1] if self.points else now)
        self.points.append(now)
        self.last = c

    def lines(self) -> dict[str, list[float]]:
        """Each player's line, checkpoint 1 first, rounded to 4 places."""
        return {p: [round(pt[p], 4) for pt in self.points] for p in self.players}
