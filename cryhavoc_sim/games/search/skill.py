"""Whether a search family's budget is a skill knob: does more budget play better?

A balance study (``balance``) fits a trend over the budget, calls two rungs "a doubling"
and calls agreement between its top two rungs "stable" only where a larger budget is
known to be a stronger player; otherwise agreement may only mean that two rungs play
alike. Each family declares it here, with the ladder result it rests on (measured on Cry
Havoc's two-player games, docs/bots.md). A family not listed is not known to climb.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SkillKnob:
    """A search family's budget: a skill knob or not, and the measurement that says so."""

    family: str
    knob: bool
    evidence: str


SKILL_KNOBS = {
    "ismcts": SkillKnob(
        "ismcts",
        True,
        "ismcts:32 wins 73.3% (61.0-82.9%) of 120 two-player games against ismcts:16",
    ),
    "paired": SkillKnob(
        "paired",
        False,
        "paired:32 wins 48.3% (39.6-57.2%) of 120 two-player games against paired:16: it searches only the"
        " decision at hand, so more rollouts buy little",
    ),
    "paired-leaf": SkillKnob(
        "paired-leaf",
        False,
        "the paired search on the learned leaf value: it searches only the decision at hand, as paired does",
    ),
}


def family_of(spec: str) -> str:
    """The family of a bot name as a study record written before its rungs kept their
    family reads it: its name before the first colon (``ismcts:32`` -> ``ismcts``)."""
    return spec.split(":", 1)[0]


def skill_knob(family: str) -> SkillKnob | None:
    """The declaration of ``family`` (a bot spec's kind: ``ismcts``, ``paired``...); None
    when it is not declared (a search built on another, ``ismcts-leaf`` on ``ismcts``, is
    not known to climb as it does: that is measured, not inherited)."""
    return SKILL_KNOBS.get(family)
