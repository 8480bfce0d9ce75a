"""Restricted play (Jaffe, Miller, Andersen, Liu, Karlin and Popović, "Evaluating
Competitive Game Balance with Restricted Play", AIIDE 2012): a bot that may not use
one part of its faction's kit. Comparing a restricted run with a normal one shows how
much of a faction's strength that part carries.

A restriction is a suffix of a bot name: ``heuristic/no-skills``,
``heuristic:hunter/no-battles``, ``ismcts:48/no-structures``. It filters the options of
the bot's own requests (``allowed``); the heuristic bot's planner and the search bot's
tree and rollouts see the same filter, so a restricted bot plans within its limits
rather than stumbling on them. When every option of a request would break the
restriction (none of the shipped content makes that happen: a Skill is only chosen when
it has a permitted target), the request is answered as if unrestricted.
"""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine import Choice, Decision, Game, effects
from cryhavoc_sim.games.cryhavoc.engine.movement import needs_battle

RESTRICTIONS: dict[str, str] = {
    "no-skills": "never uses a Skill",
    "no-structures": (
        "never takes the Build Action (no Structure built or activated) nor a Skill that makes, "
        "moves or dismantles a Structure"
    ),
    "no-battles": (
        "never starts a Battle: no Move or teleport into a Region holding another faction's "
        "Units or a Trog token, no Ambush onto enemy Units"
    ),
}
# Skill primitives that work on Structures (Rulebook, Structures; the Machines' Skills)
STRUCTURE_OPS = frozenset({"unit_to_structure", "structure_to_units", "move_structure"})
# target_region requests whose Region the acting faction's Units enter (or reveal
# under themselves): the destination of a teleport, the token of an Ambush
ENTERING = frozenset({"teleport", "trigger_token"})


def restriction_problem(restriction: str) -> str | None:
    """Why ``restriction`` is not one (a sentence's end), or None."""
    if restriction in RESTRICTIONS:
        return None
    return f"names the restriction {restriction!r}, which does not exist; allowed: {', '.join(RESTRICTIONS)}"


def starts_battle(g: Game, f: FactionId, region: RegionId, context: str) -> bool:
    """``f`` entering ``region`` by ``context`` (a Move step, a teleport, an Ambush)
    would start a Battle with ``f`` as the attacker."""
    if context == "trigger_token":  # the token's Trogs join f where enemies stand
        return any(o != f for o in g.regions[region].units)
    return needs_battle(g, f, region)


def skill_forbidden(restriction: str, g: Game, f: FactionId, skill_id: str) -> bool:
    """Using Skill ``skill_id`` now would break ``restriction``: any Skill under
    no-skills, a Structure Skill under no-structures, an Ambush with only enemy-held
    targets under no-battles."""
    if restriction == "no-skills":
        return True
    ops = [e.op for e in g.content.skills[skill_id].effect]
    if restriction == "no-structures":
        return any(op in STRUCTURE_OPS for op in ops)
    if restriction == "no-battles" and "trigger_token" in ops:
        return all(starts_battle(g, f, r, "trigger_token") for r in effects.ambush_targets(g, f))
    return False


def option_forbidden(restriction: str, d: Choice, g: Game, option: Any) -> bool:
    """Answering ``d`` with ``option`` would break ``restriction``."""
    f = d.actor or d.faction
    if d.kind == "turn":
        kind, what = option
        if kind == "skill":
            return skill_forbidden(restriction, g, f, what)
        return restriction == "no-structures" and kind == "action" and what == "build"
    if restriction != "no-battles" or option is None:
        return False
    if d.kind == "move_step":
        return starts_battle(g, f, option[1], "move")
    if d.kind == "target_region" and d.context in ENTERING:
        return starts_battle(g, f, option, d.context)
    return False


def allowed(restriction: str, d: Decision, g: Game) -> list[int] | None:
    """The indices of ``d``'s options a bot under ``restriction`` may answer, or None
    when it may answer any (not a Choice, nothing forbidden, or everything forbidden)."""
    if not isinstance(d, Choice) or d.kind not in ("turn", "move_step", "target_region"):
        return None
    keep = [i for i, o in enumerate(d.options) if not option_forbidden(restriction, d, g, o)]
    if not keep or len(keep) == len(d.options):
        return None
    return keep


class RestrictedBot:
    """A bot under a restriction: each of its requests shown with only the permitted
    options (a copy of the request), the answer mapped back to the real options."""

    def __init__(self, inner: Any, restriction: str) -> None:
        self.inner = inner
        self.restriction = restriction
        self.name = f"{inner.name}/{restriction}"

    def decide(self, d: Decision, g: Game) -> Any:
        keep = allowed(self.restriction, d, g)
        if keep is None:
            return self.inner.decide(d, g)
        assert isinstance(d, Choice)
        shown = Choice(d.kind, d.faction, tuple(d.options[i] for i in keep), d.actor, d.context, d.points)
        return keep[self.inner.decide(shown, g)]

    def forget(self) -> None:
        forget = getattr(self.inner, "forget", None)
        if forget is not None:
            forget()
