"""A game's learned-policy bot names and shipped models, the same for every game.

``learned`` plays the game's shipped policy greedily; ``learned@<model>`` one of its
shipped models by name (``<package>/data/learned/<model>.json``: each expert
iteration's, so that one can be measured against another); ``~<temperature>`` after
either samples answers in proportion to ``exp(score / temperature)`` instead (scores
are win-probability differences: 0.02 keeps to near-ties, 1 is close to uniform).
:meth:`LearnedNames.spec` is the one reading of a name.
"""

from __future__ import annotations

import math
from functools import cached_property
from importlib import resources

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.policy.model import Layout, PolicyModel, parse_policy

LEARNED = "learned"
MAX_TEMPERATURE = 10.0


class LearnedNames:
    """The learned policy's names of one game: its models in ``package``'s
    ``data/learned/`` folder (read through importlib.resources: compiled, a module's
    ``__file__`` is in the build's folder, which holds no data), checked against
    ``layout``; ``default`` is the model ``learned`` plays."""

    def __init__(self, package: str, layout: Layout, default: str) -> None:
        self.package = package
        self.layout = layout
        self.default = default
        self._models: dict[str, PolicyModel] = {}

    @staticmethod
    def is_learned(name: str) -> bool:
        """Whether ``name`` (its restriction cut off) names the learned policy."""
        return name.partition("~")[0].partition("@")[0] == LEARNED

    @cached_property
    def model_names(self) -> tuple[str, ...]:
        """The shipped models' names, sorted."""
        folder = resources.files(self.package) / "data" / "learned"
        if not folder.is_dir():
            return ()
        return tuple(sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json")))

    def spec(self, name: str) -> BotSpec:
        """``name`` read once into a spec (model "" and temperature None where it names
        none: the default model, played greedily); a BotNameError saying why it is not
        the learned policy's."""
        head, tilde, temperature = name.partition("~")
        kind, at, model = head.partition("@")
        names = self.model_names
        allowed = "learned, learned@<model> (" + ", ".join(names) + "), either followed by ~<temperature>"
        if kind != LEARNED:
            raise BotNameError(name, f"is not the learned policy; allowed: {allowed}")
        if not names:
            raise BotNameError(name, "names the learned policy, which this game does not ship yet")
        if at and model not in names:
            raise BotNameError(
                name, f"names the model {model!r}, which is not shipped; allowed: {', '.join(names)}"
            )
        t: float | None = None
        if tilde:
            try:
                t = float(temperature)
            except ValueError:
                t = math.nan
            if not (temperature.isascii() and math.isfinite(t) and 0.0 <= t <= MAX_TEMPERATURE):
                raise BotNameError(
                    name,
                    f"has the temperature {temperature!r}; allowed: a number from 0 to {MAX_TEMPERATURE:g}"
                    " (0 plays the best answer)",
                )
        return BotSpec(LEARNED, model=model if at else "", temperature=t)

    def policy(self, model: str | None = None) -> PolicyModel:
        """The shipped model ``model`` (the default when None or ""), checked once."""
        model = model or self.default
        found = self._models.get(model)
        if found is not None:
            return found
        if model not in self.model_names:
            raise ScenarioError(
                f"the learned policy {model!r} is not shipped; allowed: {', '.join(self.model_names)}."
            )
        text = (resources.files(self.package) / "data" / "learned" / f"{model}.json").read_text(
            encoding="utf-8"
        )
        found = self._models[model] = parse_policy(text, f"the shipped learned policy {model!r}", self.layout)
        return found
