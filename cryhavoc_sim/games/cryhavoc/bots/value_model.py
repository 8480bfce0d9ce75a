"""The learned leaf value: a logistic model over ``features.py``'s features, shipped as
plain coefficients in a JSON file and evaluated in pure Python (no scikit-learn, no
numpy at play time: one evaluation is a few dozen multiplications).

A model file holds the game, the feature set's version and names (in order), the
coefficients and intercept (on the raw features: the training's standardisation is
folded in), and the provenance of its training (rules, bots and content versions, seed,
games, states). :func:`parse_model` refuses a file whose game, feature version or feature
names differ from this code's, in one sentence naming what differs and what is allowed:
a model fitted on other features would silently value positions wrongly. The rules,
bots and content versions are recorded, not enforced: a model stays usable (if less
accurate) when another part of the game is tuned, and ``train-value`` refits it.

``cryhavoc-sim train-value`` fits and writes one (the games, rows and model file are
``games/cryhavoc/value_training.py``'s; ``tuning/value.py`` plays and fits them); the
shipped one is ``data/value_model.json``.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.fields import finite_number
from cryhavoc_sim.games.cryhavoc.bots.features import FEATURES, FEATURES_VERSION, features
from cryhavoc_sim.games.cryhavoc.content.schema import FactionId
from cryhavoc_sim.games.cryhavoc.engine import Game

GAME = "cryhavoc"
# Through importlib.resources, as the personalities: compiled, this module's __file__ is
# in the build's folder, which holds no data.
SHIPPED = resources.files("cryhavoc_sim.games.cryhavoc.bots") / "data" / "value_model.json"
MAX_BYTES = 1_000_000  # a model file is a few kilobytes; more is not a model


@dataclass(frozen=True, slots=True)
class ValueModel:
    """Coefficients of P(the player wins) = logistic(intercept + coef . features)."""

    coef: tuple[float, ...]
    intercept: float
    provenance: dict[str, Any] = field(default_factory=dict)

    def predict(self, x: list[float]) -> float:
        """The win probability of a feature vector (the order of ``FEATURES``)."""
        z = self.intercept
        for w, v in zip(self.coef, x, strict=True):
            z += w * v
        if z < -40.0:  # exp overflows far below where the answer is 0 to a double
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))

    def value(self, g: Game, me: FactionId) -> float:
        """What ``g`` is worth to ``me`` (its observation only), in [0, 1]."""
        return self.predict(features(g, me))

    def to_json(self) -> str:
        doc = {
            "game": GAME,
            "features_version": FEATURES_VERSION,
            "features": list(FEATURES),
            "coef": list(self.coef),
            "intercept": self.intercept,
            "provenance": self.provenance,
        }
        return json.dumps(doc, indent=2, sort_keys=False) + "\n"


def parse_model(text: str, where: str) -> ValueModel:
    """The model in ``text`` (``where`` names it in errors), checked against this game's
    features; a :class:`ScenarioError` of one sentence otherwise."""
    try:
        doc = json.loads(text)
    except ValueError as exc:
        raise ScenarioError(
            f"{where}: not a JSON value model ({exc}); allowed: a file written by train-value."
        ) from None
    if not isinstance(doc, dict):
        raise ScenarioError(f"{where}: not a JSON value model; allowed: a file written by train-value.")
    game = doc.get("game")
    if game != GAME:
        raise ScenarioError(f"{where}: a value model of the game {game!r}; allowed: {GAME!r}.")
    version = doc.get("features_version")
    if version != FEATURES_VERSION:
        raise ScenarioError(
            f"{where}: fitted on the feature set {version!r}; allowed: {FEATURES_VERSION!r}"
            " (retrain it with cryhavoc-sim train-value)."
        )
    names = doc.get("features")
    if names != list(FEATURES):
        extra = [n for n in names or [] if n not in FEATURES] if isinstance(names, list) else []
        missing = [n for n in FEATURES if not isinstance(names, list) or n not in names]
        what = (
            f"unknown {extra[:3]}" if extra else f"missing {missing[:3]}" if missing else "in another order"
        )
        raise ScenarioError(
            f"{where}: its features do not match {FEATURES_VERSION} ({what});"
            f" allowed: the {len(FEATURES)} features of {FEATURES_VERSION} in order (retrain it with"
            " cryhavoc-sim train-value)."
        )
    coef = doc.get("coef")
    intercept = doc.get("intercept")
    if (
        not isinstance(coef, list)
        or len(coef) != len(FEATURES)
        or not all(_finite(c) for c in [*coef, intercept])
    ):
        raise ScenarioError(
            f"{where}: 'coef' and 'intercept' must be {len(FEATURES)} finite numbers and one;"
            " allowed: a file written by train-value."
        )
    assert isinstance(intercept, (int, float))  # checked by _finite above
    provenance = doc.get("provenance", {})
    return ValueModel(
        tuple(float(c) for c in coef), float(intercept), provenance if isinstance(provenance, dict) else {}
    )


def _finite(x: Any) -> bool:
    return finite_number(x)


def load_model(path: Path) -> ValueModel:
    """The model file at ``path``, checked (one-sentence :class:`ScenarioError` if not)."""
    try:
        if not path.is_file():
            raise ScenarioError(f"{path}: no such value model file; allowed: a file written by train-value.")
        if path.stat().st_size > MAX_BYTES:
            raise ScenarioError(
                f"{path}: {path.stat().st_size:,} bytes is not a value model; allowed: at most {MAX_BYTES:,}."
            )
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(f"{path}: cannot be read as a value model ({exc}).") from None
    return parse_model(text, str(path))


@cache
def shipped_model() -> ValueModel:
    """The model shipped with the bots (``data/value_model.json``)."""
    return parse_model(SHIPPED.read_text(encoding="utf-8"), "the shipped value model")
