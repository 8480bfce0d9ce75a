"""The learned policy's names and shipped models.

``learned`` plays the shipped policy (``policy.py``) greedily; ``learned@<model>`` one of
the shipped models by name (``data/learned/<model>.json``: each expert iteration's, so
that one can be measured against another); ``~<temperature>`` after either samples its
answers in proportion to ``exp(score / temperature)`` instead (scores are win-probability
differences: 0.02 keeps to near-ties, 1 is close to uniform). A restriction may follow as
for any bot (``learned/no-skills``). :func:`learned_problem` is the one check of a name.
"""

from __future__ import annotations

import math
from functools import cache
from importlib import resources

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.policy import PolicyBot
from cryhavoc_sim.games.cryhavoc.bots.policy_features import LAYOUT
from cryhavoc_sim.games.policy.model import PolicyModel, parse_policy
from cryhavoc_sim.rng import Rng

LEARNED = "learned"
DEFAULT_MODEL = "3"  # the shipped policy: the last expert iteration (docs/bots.md)
MAX_TEMPERATURE = 10.0
# Through importlib.resources, as the personalities: compiled, a module's __file__ is in
# the build's folder, which holds no data.
MODELS = resources.files("cryhavoc_sim.games.cryhavoc.bots") / "data" / "learned"


def is_learned(name: str) -> bool:
    """Whether ``name`` (its restriction cut off) names the learned policy."""
    return name.partition("~")[0].partition("@")[0] == LEARNED


@cache
def model_names() -> tuple[str, ...]:
    """The shipped models' names, sorted."""
    return tuple(sorted(p.name[: -len(".json")] for p in MODELS.iterdir() if p.name.endswith(".json")))


def parse_learned(name: str) -> tuple[str, float]:
    """(model, temperature) of ``name``, checked first by :func:`learned_problem`."""
    head, tilde, temperature = name.partition("~")
    _, at, model = head.partition("@")
    return (model if at else DEFAULT_MODEL), (float(temperature) if tilde else 0.0)


def learned_problem(name: str) -> str | None:
    """Why ``name`` is not the learned policy's (a sentence's end), or None."""
    head, tilde, temperature = name.partition("~")
    kind, at, model = head.partition("@")
    allowed = "learned, learned@<model> (" + ", ".join(model_names()) + "), either followed by ~<temperature>"
    if kind != LEARNED:
        return f"is not the learned policy; allowed: {allowed}"
    if at and model not in model_names():
        return f"names the model {model!r}, which is not shipped; allowed: {', '.join(model_names())}"
    if tilde:
        try:
            t = float(temperature)
        except ValueError:
            t = math.nan
        if not (temperature.isascii() and math.isfinite(t) and 0.0 <= t <= MAX_TEMPERATURE):
            return (
                f"has the temperature {temperature!r}; allowed: a number from 0 to {MAX_TEMPERATURE:g}"
                " (0 plays the best answer)"
            )
    return None


@cache
def shipped_policy(model: str = DEFAULT_MODEL) -> PolicyModel:
    """The shipped model ``model`` (``data/learned/<model>.json``), checked."""
    if model not in model_names():
        raise ScenarioError(
            f"the learned policy {model!r} is not shipped; allowed: {', '.join(model_names())}."
        )
    text = (MODELS / f"{model}.json").read_text(encoding="utf-8")
    return parse_policy(text, f"the shipped learned policy {model!r}", LAYOUT)


def make_learned(name: str, faction: str, rng: Rng) -> PolicyBot:
    """The learned policy ``name`` for ``faction`` on ``rng`` (the name checked first)."""
    model, temperature = parse_learned(name)
    return PolicyBot(faction, shipped_policy(model), rng, temperature, name=name)
