"""A learned policy's numbers: a linear scorer of candidate answers, one table per
(side, decision kind), read from JSON and evaluated in plain Python (no scikit-learn,
no numpy at play time).

A game describes each candidate answer of a decision by

- its *attributes*: a few numbers about the answer itself (what the game's heuristic
  thinks it is worth, whether the heuristic would pick it, what it costs); the kind's
  attribute names are fixed by the game's code;
- its *descriptor*: a short string naming what kind of answer it is (``move``,
  ``skill:humans.scouting``, ``pass``);

and the decision by its *context*: a few numbers about the position as the deciding
player sees it (the Round, the hand, the lead), the same list for every kind. A table
scores a candidate as

    score = attributes . attribute_weights + context . descriptor_weights[descriptor]

so what an answer is worth may depend on where the game stands, answer by answer (a
descriptor the table never saw adds nothing: content the model was not fitted on
falls back to the attributes). The policy plays the candidate of highest score (the
game's order breaks ties), or samples in proportion to ``exp(score / temperature)``.
Scores are in the units of the fit's target: a win-probability difference.

A file names its game, the features' version, the context's names and each table's
attribute names; :func:`parse_policy` refuses a file whose game, version or names
differ from the code's, whose numbers are not finite or not bounded, or whose shape is
wrong, in one sentence naming what is wrong and what is allowed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.fields import finite_number

MAX_BYTES = 4_000_000  # a policy file is tens of kilobytes; more is not a policy
MAX_WEIGHT = 1e6  # a weight beyond this is not a fitted one (scores are probabilities)
MAX_DESCRIPTORS = 2_000  # per table
MAX_TABLES = 500
FORMAT = "cryhavoc-sim-policy-1"


@dataclass(frozen=True, slots=True)
class Table:
    """The weights of one (side, kind): ``attributes`` and ``descriptors`` (descriptor ->
    one weight per context value)."""

    attributes: tuple[float, ...]
    descriptors: dict[str, tuple[float, ...]]

    def score(self, attrs: Sequence[float], descriptor: str, context: Sequence[float]) -> float:
        """The score of one candidate (see the module docstring)."""
        total = 0.0
        weights = self.attributes
        for i in range(len(weights)):
            total += weights[i] * attrs[i]
        row = self.descriptors.get(descriptor)
        if row is not None:
            for j in range(len(row)):
                total += row[j] * context[j]
        return total


@dataclass(frozen=True, slots=True)
class Layout:
    """What a game's code computes: its features' version, the context's names, and the
    attribute names of every kind it scores."""

    game: str
    version: str
    context: tuple[str, ...]
    attributes: Mapping[str, tuple[str, ...]]  # kind -> attribute names

    def table_problem(self, key: str) -> str | None:
        """Why ``key`` is not a table's name (``<side>.<kind>`` with a kind the game
        scores), or None."""
        side, dot, kind = key.rpartition(".")
        if not dot or not side or kind not in self.attributes:
            return (
                f"names the table {key!r}; allowed: <side>.<kind> with a kind of {', '.join(self.attributes)}"
            )
        return None


@dataclass(frozen=True, slots=True)
class PolicyModel:
    """A fitted policy: its layout's game and version, one :class:`Table` per
    ``<side>.<kind>``, and how it was made (``provenance``: the expert, games, seed)."""

    game: str
    version: str
    tables: dict[str, Table]
    provenance: dict[str, Any] = field(default_factory=dict)

    def table(self, side: str, kind: str) -> Table | None:
        return self.tables.get(f"{side}.{kind}")

    def to_json(self, layout: Layout) -> str:
        doc: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "features_version": self.version,
            "context": list(layout.context),
            "attributes": {k: list(v) for k, v in layout.attributes.items()},
            "tables": {
                key: {
                    "attributes": [_round(w) for w in t.attributes],
                    "descriptors": {d: [_round(w) for w in row] for d, row in sorted(t.descriptors.items())},
                }
                for key, t in sorted(self.tables.items())
            },
            "provenance": self.provenance,
        }
        return json.dumps(doc, indent=1, sort_keys=False) + "\n"


def _round(w: float) -> float:
    return round(float(w), 8)


def _finite(x: Any) -> bool:
    return finite_number(x, MAX_WEIGHT)


def _weights(value: Any, n: int, where: str, what: str) -> tuple[float, ...]:
    if not isinstance(value, list) or len(value) != n or not all(_finite(v) for v in value):
        raise ScenarioError(
            f"{where}: {what} must be {n} finite numbers of at most {MAX_WEIGHT:g} in size;"
            " allowed: a file written by train-policy."
        )
    return tuple(float(v) for v in value)


def parse_policy(text: str, where: str, layout: Layout) -> PolicyModel:
    """The policy in ``text`` (``where`` names it in errors), checked against the
    game's ``layout``; a :class:`ScenarioError` of one sentence otherwise."""
    if len(text) > MAX_BYTES:
        raise ScenarioError(
            f"{where}: {len(text):,} characters is not a policy; allowed: at most {MAX_BYTES:,}."
        )
    try:
        doc = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ScenarioError(
            f"{where}: not a JSON policy ({exc}); allowed: a file written by train-policy."
        ) from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ScenarioError(
            f"{where}: not a policy file ({FORMAT}); allowed: a file written by train-policy."
        )
    if doc.get("game") != layout.game:
        raise ScenarioError(f"{where}: a policy of the game {doc.get('game')!r}; allowed: {layout.game!r}.")
    if doc.get("features_version") != layout.version:
        raise ScenarioError(
            f"{where}: fitted on the features {doc.get('features_version')!r}; allowed: {layout.version!r}"
            " (retrain it with cryhavoc-sim train-policy)."
        )
    if doc.get("context") != list(layout.context):
        raise ScenarioError(
            f"{where}: its context features are not those of {layout.version}; allowed: the"
            f" {len(layout.context)} of this version in order (retrain it with cryhavoc-sim train-policy)."
        )
    attributes = doc.get("attributes")
    if attributes != {k: list(v) for k, v in layout.attributes.items()}:
        raise ScenarioError(
            f"{where}: its attribute features are not those of {layout.version}; allowed: this"
            " version's names for every kind (retrain it with cryhavoc-sim train-policy)."
        )
    raw = doc.get("tables")
    if not isinstance(raw, dict) or len(raw) > MAX_TABLES:
        raise ScenarioError(
            f"{where}: 'tables' must map at most {MAX_TABLES} tables; allowed: a file written by train-policy."
        )
    tables: dict[str, Table] = {}
    for key, t in raw.items():
        problem = layout.table_problem(key)
        if problem:
            raise ScenarioError(f"{where}: {problem}.")
        if not isinstance(t, dict) or not isinstance(t.get("descriptors"), dict):
            raise ScenarioError(
                f"{where}: table {key!r} is malformed; allowed: a file written by train-policy."
            )
        names = layout.attributes[key.rpartition(".")[2]]
        attrs = _weights(t.get("attributes"), len(names), where, f"table {key!r}'s attributes")
        descs = t["descriptors"]
        if len(descs) > MAX_DESCRIPTORS:
            raise ScenarioError(
                f"{where}: table {key!r} has {len(descs):,} descriptors; allowed: at most {MAX_DESCRIPTORS:,}."
            )
        rows = {
            str(d): _weights(row, len(layout.context), where, f"table {key!r}'s descriptor {str(d)[:40]!r}")
            for d, row in descs.items()
        }
        tables[key] = Table(attrs, rows)
    provenance = doc.get("provenance", {})
    return PolicyModel(
        layout.game, layout.version, tables, provenance if isinstance(provenance, dict) else {}
    )


def load_policy(path: Path, layout: Layout) -> PolicyModel:
    """The policy file at ``path``, checked (one-sentence :class:`ScenarioError` if not)."""
    try:
        if not path.is_file():
            raise ScenarioError(f"{path}: no such policy file; allowed: a file written by train-policy.")
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ScenarioError(f"{path}: {size:,} bytes is not a policy; allowed: at most {MAX_BYTES:,}.")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot be read as a policy ({exc}).") from None
    return parse_policy(text, str(path), layout)


def pick(scores: Sequence[float], temperature: float, draw: float) -> int:
    """The candidate played: the first of highest score at temperature 0, else the one
    ``draw`` (uniform in [0, 1), from the bot's own stream) falls on under
    ``exp(score / temperature)``."""
    best = 0
    top = scores[0]
    for i in range(1, len(scores)):
        if scores[i] > top:
            best, top = i, scores[i]
    if temperature <= 0.0:
        return best
    weights = [math.exp((s - top) / temperature) for s in scores]
    total = 0.0
    for w in weights:
        total += w
    target = draw * total
    acc = 0.0
    for i, w in enumerate(weights):
        acc += w
        if target < acc:
            return i
    return len(scores) - 1
