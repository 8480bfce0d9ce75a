"""A bot as a record: what a bot name says, parsed once by its game's catalogue.

A scenario, the ladder and the studies name bots as text (``heuristic:hunter``,
``ismcts:32``, ``paired:16:aggressive``, ``learned@2~0.5``, ``heuristic/no-skills``); each
game's catalogue (:meth:`~cryhavoc_sim.games.state.Rules.bot_spec`) reads such a name once
into a :class:`BotSpec`, and :meth:`~cryhavoc_sim.games.state.Rules.bot` and the search
take the record: a budget travels as a number, a personality's weights as numbers, and no
one splits the text again. A name the catalogue refuses is a :class:`BotNameError` that
says why in the end of a sentence, which each place that reads names words in its own
way (a scenario field, ``--bots``).

The grammar shared by every game: ``<kind>[:<budget>][:<personality>[{<weight>=<number>,...}]]``
(a heuristic's personality follows its kind directly: ``heuristic:<personality>``),
``<kind>[@<model>][~<temperature>]`` for the learned policy, and ``/<restriction>`` after
any of them. Which kinds, personalities and restrictions exist is the game's.
"""

from __future__ import annotations

from dataclasses import dataclass

from cryhavoc_sim.errors import ScenarioError


@dataclass(frozen=True, slots=True)
class BotSpec:
    """One bot as its game's catalogue read it from a name.

    ``kind``: the bot's family (``random``, ``heuristic``, ``ismcts``, ``paired-leaf``,
    ``learned``...); ``budget``: a search's iterations or rollouts a decision (None: the
    game's default); ``personality``: a named personality ("" for the game's default) and
    ``weights``, weights set over it (sorted by name); ``restriction``: restricted play
    ("" for none); ``model`` and ``temperature``: the learned policy's model ("" for the
    game's default) and sampling temperature (None: it plays its best answer).
    """

    kind: str
    budget: int | None = None
    personality: str = ""
    weights: tuple[tuple[str, float], ...] = ()
    restriction: str = ""
    model: str = ""
    temperature: float | None = None

    @property
    def personality_name(self) -> str:
        """The personality with its weights, as a name writes it (``balanced{attack=1.5}``)."""
        if not self.weights:
            return self.personality
        return self.personality + "{" + ",".join(f"{k}={number_text(v)}" for k, v in self.weights) + "}"

    @property
    def name(self) -> str:
        """The spec as a name its catalogue reads back into the same spec."""
        text = self.kind
        if self.model:
            text += f"@{self.model}"
        if self.temperature is not None:
            text += f"~{number_text(self.temperature)}"
        if self.budget is not None:
            text += f":{self.budget}"
        if self.personality:
            text += f":{self.personality_name}"
        if self.restriction:
            text += f"/{self.restriction}"
        return text


def number_text(value: float) -> str:
    """``value`` as a name writes it: a whole number without its ``.0``, else exactly
    (``repr``: the text reads back to the same float)."""
    return str(int(value)) if value == int(value) else repr(float(value))


class BotNameError(ScenarioError):
    """A bot name its game does not know: ``problem`` says why as the end of a sentence
    (``has the budget '0'; allowed: ismcts:<N> with N iterations from 1 to 1,000``);
    ``str()`` is ``bot '<name>' <problem>``."""

    def __init__(self, name: str, problem: str) -> None:
        super().__init__(f"bot {name!r} {problem}")
        self.name = name
        self.problem = problem


def split_restriction(name: str) -> tuple[str, str]:
    """(the name before ``/``, the restriction after it; "" when none)."""
    head, _, restriction = name.partition("/")
    return head, restriction
