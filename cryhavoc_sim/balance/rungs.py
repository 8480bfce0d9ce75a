"""The rungs of a balance study: each a bot spec that plays every seat, weakest first.

A rung's scenario is the study's scenario with every seat given to the rung's bot (the
game says how: :meth:`GameSpec.every_seat`) and nothing else changed: the same seed,
games and content, so every rung plays the same deals (common random numbers: a game's
deal comes from (master seed, game index), never from its bots). A rung's family and
search budget are what its game's catalogue read from its name (the ``BotSpec`` of its
scenario's deal, :func:`read_rung`); a trend is fitted over the budgets of one family,
and only where its budget is a skill knob (games/search/skill.py).
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cryhavoc_sim.errors import ScenarioError, UserError
from cryhavoc_sim.runner.scenario import Scenario, parse_scenario

MAX_RUNGS = 12
MAX_SPEC = 64


class RungError(UserError):
    """A rung list that cannot be played: one sentence naming the rung and what is allowed."""


@dataclass(frozen=True, slots=True)
class Rung:
    """A bot played in every seat: ``spec``, its name as given; ``family``, the bot its
    game's catalogue read, without its budget (``ismcts``, ``paired-leaf``,
    ``ismcts/no-skills``, ``heuristic:aggressive``...; "" until read); ``budget``, the
    search budget the name gives (None: none given, or no search)."""

    spec: str
    family: str = ""
    budget: int | None = None


def family_trend(rungs: Sequence[Rung]) -> dict[str, str]:
    """Per search family among ``rungs`` (by :mod:`~cryhavoc_sim.games.search.skill`):
    "" when a trend over its budgets means something (its budget is a skill knob and two
    of its rungs differ in budget), else why not, in words."""
    from cryhavoc_sim.games.search.skill import skill_knob

    out: dict[str, str] = {}
    for family in sorted({r.family for r in rungs if r.budget is not None}):
        budgets = {r.budget for r in rungs if r.budget is not None and r.family == family}
        knob = skill_knob(family)
        if knob is None:
            out[family] = f"{family}'s budget is not known to be a skill knob (no ladder result declares it)"
        elif not knob.knob:
            out[family] = f"{family}'s budget is not a skill knob ({knob.evidence})"
        elif len(budgets) < 2:
            out[family] = f"one {family} budget only"
        else:
            out[family] = ""
    return out


def upper_stronger(lower: Rung, upper: Rung) -> tuple[bool, str]:
    """Whether ``upper`` is shown to play better than ``lower``, and the ladder result
    that shows it (or why it is not shown): only a larger budget of a family whose budget
    is a skill knob is known to be stronger."""
    from cryhavoc_sim.games.search.skill import skill_knob

    fam_lo, fam_up = lower.family, upper.family
    if fam_lo != fam_up or lower.budget is None or upper.budget is None:
        return (
            False,
            f"{upper.spec} and {lower.spec} are different bots and no ladder result declares which is stronger",
        )
    knob = skill_knob(fam_up)
    if knob is None:
        return False, f"{fam_up}'s budget is not known to be a skill knob"
    if not knob.knob:
        return False, f"{fam_up}'s budget is not a skill knob ({knob.evidence})"
    if upper.budget <= lower.budget:
        return False, f"{upper.spec} has no more budget than {lower.spec}"
    return True, f"a larger {fam_up} budget plays better: {knob.evidence}"


def parse_rungs(specs: Sequence[str] | str) -> tuple[Rung, ...]:
    """Rungs from a list of specs or one comma-separated string, checked for shape (the
    game checks the bot names when each rung's scenario is built)."""
    raw = [s.strip() for s in specs.split(",")] if isinstance(specs, str) else [str(s).strip() for s in specs]
    if not raw or raw == [""]:
        raise RungError(
            "the rung list is empty; allowed: 1 to 12 bot specs, weakest first, e.g. heuristic,ismcts:16,ismcts:32."
        )
    if len(raw) > MAX_RUNGS:
        raise RungError(f"the rung list has {len(raw)} rungs; allowed: 1 to {MAX_RUNGS}.")
    seen: set[str] = set()
    for spec in raw:
        if not spec or len(spec) > MAX_SPEC or not spec.isprintable():
            shown = spec if len(spec) <= MAX_SPEC else spec[:MAX_SPEC] + "..."
            raise RungError(
                f"rung {shown!r} is not a bot spec; allowed: a bot name of the game, up to {MAX_SPEC} characters."
            )
        if spec in seen:
            raise RungError(f"rung {spec!r} is listed twice; each rung must be a different bot.")
        seen.add(spec)
    return tuple(Rung(s) for s in raw)


def rung_scenario(base: Scenario, rung: Rung) -> Scenario:
    """``base`` with every seat played by ``rung``'s bot; an unknown bot is one sentence."""
    import tomli_w

    from cryhavoc_sim.games import get_game

    if not base.text:
        raise UserError(
            f"scenario {base.name!r} has no file text to play at other rungs; load it with load_scenario."
        )
    doc = tomllib.loads(base.text)
    doc = get_game(base.game).every_seat(doc, rung.spec)
    try:
        sc = parse_scenario(tomli_w.dumps(doc), base.path or "<scenario>")
    except ScenarioError as exc:
        raise RungError(f"rung {rung.spec!r} cannot play {base.name}: {exc}") from None
    return sc.with_overrides(games=base.games, seed=base.seed)


def read_rung(scenario: Scenario, rung: Rung) -> Rung:
    """``rung`` with its family and budget as the game of its rung ``scenario`` read its
    name (the spec of a seat of the scenario's first deal; every seat plays the rung)."""
    from cryhavoc_sim.games import get_game

    deal = get_game(scenario.game).deal(scenario.setup, scenario.seed, 0)
    read = [spec for _, name, spec in deal.bots if spec is not None and name == rung.spec]
    if not read:  # no seat plays it: rung_scenario refused such a rung already
        raise RungError(
            f"rung {rung.spec!r} plays no seat of {scenario.name}; allowed: a bot name of the game."
        )
    # the family is the bot without its budget: a personality or a restriction is another
    # family, not known to climb as the plain search does (games/search/skill.py)
    return replace(rung, family=replace(read[0], budget=None).name, budget=read[0].budget)
