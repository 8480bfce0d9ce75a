"""Cry Havoc's bot catalogue: the one list of its bot names (:func:`bot_names`), the one
reading of a name into a :class:`~cryhavoc_sim.games.botspec.BotSpec` (:func:`parse_bot`),
and the one place a spec becomes a bot (:func:`build`).

The names: ``random``, ``heuristic`` (the balanced personality), ``heuristic:<personality>``,
``ismcts`` (the default budget) or ``ismcts:<iterations>``, ``paired`` or ``paired:<rollouts>``
(the paired-rollout search; a search's own personality after a second colon,
``paired:16:aggressive``), ``ismcts-leaf`` or ``ismcts-leaf:<iterations>``, ``paired-leaf`` or
``paired-leaf:<rollouts>`` (either search with the learned leaf value, bots/leaf.py),
``learned``, ``learned@<model>``, either with ``~<temperature>`` (the learned policy,
bots/learned.py), ``paired-learned[:N]``, ``ismcts-learned[:N]`` (a search over it,
bots/learned_search.py), ``heuristic:<personality>{<weight>=<number>,...}`` (a personality
with some weights set, as a tuning trial plays it), each optionally followed by
``/<restriction>`` (restricted play, bots/restrictions.py: ``heuristic/no-skills``)."""

from __future__ import annotations

from dataclasses import replace

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.botspec import BotNameError, BotSpec, split_restriction
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.learned import NAMES, is_learned
from cryhavoc_sim.games.cryhavoc.bots.personalities import (
    parse_personality,
    personality_names,
    personality_of,
)
from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
from cryhavoc_sim.games.cryhavoc.bots.restrictions import RESTRICTIONS, RestrictedBot, restriction_problem
from cryhavoc_sim.games.cryhavoc.engine import Decider
from cryhavoc_sim.games.search.names import SEARCHES, parse_budget
from cryhavoc_sim.rng import Rng

# Bumped whenever any bot's play changes (the same seed, other games). Runs record it;
# ``replay`` compares only games played by the same bots. Runs written before it existed
# were played by version 1.
# 5: balanced (``heuristic``, and the search's rollouts) tuned per invader (issue 29)
# 6: ``ismcts-leaf`` only: rollouts to the Round's end, valued by a model of search
# self-play, exploration 0.2; new: ``paired-leaf`` (every other bot plays version 5's games)
# 7: a search never takes an Action that does nothing (bots/candidates.py); new: ``learned``
# 8: the searches re-draw the Machines' face-down Matrix cards (engine/visibility.py); every
# other bot plays version 7's games
# 9: ``learned`` retrained under rules 7 (the solo automaton corrected), and the default
# table is the first iteration's (bots/learned.py), and so the searches over it
# (``paired-learned``, ``ismcts-learned``); every other bot plays version 8's games
BOTS_VERSION = "cryhavoc-bots-9"  # 4: determinizations in a canonical order (fair search)

# Learned-policy tables fitted under an earlier (rules, bots) version that still play every
# game they played then, and why (a test holds each shipped table to the versions it plays
# under, or to one of these).
POLICY_CARRIED_OVER: dict[tuple[str, str], str] = {
    ("cryhavoc-rules-7", "cryhavoc-bots-8"): (
        "fitted under bots 8 (its expert paired-leaf:8, and the heuristic of its first"
        " iteration, are version 8's and unchanged in 9): version 9 is these tables"
    )
}


# the searches with the learned leaf value (bots/leaf.py), and the search each one is
LEAVES = {"ismcts-leaf": "ismcts", "paired-leaf": "paired"}
# the searches over the learned policy (bots/learned_search.py), and the search each one is
LEARNED_SEARCHES = {"paired-learned": "paired", "ismcts-learned": "ismcts"}


def bot_names(faction: str | None = None) -> list[str]:
    """The names a seat of ``faction`` may take (``ismcts:<N>`` stands for any budget); with
    no faction, every faction's personalities."""
    from cryhavoc_sim.games.cryhavoc.content.schema import FACTIONS

    personalities = (
        personality_names(faction)
        if faction is not None
        else sorted({p for f in FACTIONS for p in personality_names(f)})
    )
    return [
        "random",
        "heuristic",
        *(f"heuristic:{p}" for p in personalities),
        "ismcts",
        "ismcts:<N>",
        "paired",
        "paired:<N>",
        "ismcts-leaf",
        "ismcts-leaf:<N>",
        "paired-leaf",
        "paired-leaf:<N>",
        "learned",
        "learned@<model>",
        "learned~<temperature>",
        "paired-learned",
        "paired-learned:<N>",
        "ismcts-learned",
        "ismcts-learned:<N>",
    ]


def _personality(name: str, faction: str, text: str) -> tuple[str, tuple[tuple[str, float], ...]]:
    """(personality, weights) of ``text`` for ``faction``, checked: a bot that cannot be
    played with it is a BotNameError."""
    try:
        base, weights = parse_personality(text)
        personality_of(faction, base, weights)
    except ScenarioError as exc:
        raise BotNameError(name, f"cannot be played: {str(exc).rstrip('.')}") from None
    return base, weights


def parse_bot(name: str, faction: str) -> BotSpec:
    """``name`` read once into a spec for a seat of ``faction``; a BotNameError saying why
    it is not one of :func:`bot_names` (a restriction after "/" included)."""
    head, restriction = split_restriction(name)
    if "/" in name:
        problem = restriction_problem(restriction)
        if problem:
            raise BotNameError(name, problem)
    kind, colon, option = head.partition(":")
    if kind in SEARCHES:
        text, own_colon, own = option.partition(":")
        budget = parse_budget(name, kind, text, kind) if colon else None
        base, weights = _personality(name, faction, own) if own_colon else ("", ())
        return BotSpec(kind, budget, base, weights, restriction)
    if kind in LEAVES or kind in LEARNED_SEARCHES:
        search = LEAVES.get(kind) or LEARNED_SEARCHES[kind]
        budget = parse_budget(name, kind, option, search) if colon else None
        return BotSpec(kind, budget, restriction=restriction)
    if is_learned(head):
        try:
            return replace(NAMES.spec(head), restriction=restriction)
        except BotNameError as exc:
            raise BotNameError(name, exc.problem) from None
    if head == "random":
        return BotSpec("random", restriction=restriction)
    if kind == "heuristic" and (not colon or option in personality_names(faction) or "{" in option):
        base, weights = _personality(name, faction, option) if colon else ("", ())
        return BotSpec("heuristic", personality=base, weights=weights, restriction=restriction)
    if kind == "heuristic" and colon:
        allowed = ", ".join(personality_names(faction))
        raise BotNameError(
            name, f"names the personality {option!r}, unknown for {faction}; allowed: {allowed}"
        )
    raise BotNameError(
        name,
        f"is not a bot; allowed: {', '.join(bot_names(faction))}, each optionally followed by "
        f"/<restriction> ({', '.join(RESTRICTIONS)})",
    )


def bot_problem(name: str, faction: str) -> str | None:
    """Why ``name`` is not a bot for ``faction`` (a sentence's end), or None."""
    try:
        parse_bot(name, faction)
    except BotNameError as exc:
        return exc.problem
    return None


def build(spec: BotSpec, faction: str, rng: Rng) -> Decider:
    """The bot ``spec`` (read by :func:`parse_bot` for ``faction``) for ``faction`` on its own
    generator ``rng``, under its restriction if it has one."""
    bot = _build(spec, faction, rng)
    if not spec.restriction:
        return bot
    restrict = getattr(bot, "restrict", None)  # a bot that plans ahead plans within it
    if restrict is not None:
        restrict(spec.restriction)
    return RestrictedBot(bot, spec.restriction)


def _build(spec: BotSpec, faction: str, rng: Rng) -> Decider:
    kind = spec.kind
    if kind == "random":
        return RandomBot(rng)
    if kind == "heuristic":
        return HeuristicBot(
            faction, personality_of(faction, spec.personality or "balanced", spec.weights), rng
        )
    if kind in SEARCHES:
        from cryhavoc_sim.games.cryhavoc.bots.ismcts import DEFAULT_ITERATIONS, IsmctsBot

        # the personality of its own rollouts and unsearched decisions (None: balanced)
        own = personality_of(faction, spec.personality, spec.weights) if spec.personality else None
        return IsmctsBot(faction, spec.budget or DEFAULT_ITERATIONS, rng, kind, own)
    if kind in LEAVES:
        from cryhavoc_sim.games.cryhavoc.bots.leaf import DEFAULT_ITERATIONS as LEAF_ITERATIONS
        from cryhavoc_sim.games.cryhavoc.bots.leaf import LeafIsmctsBot

        return LeafIsmctsBot(faction, spec.budget or LEAF_ITERATIONS, rng, kind=LEAVES[kind])
    if kind in LEARNED_SEARCHES:
        from cryhavoc_sim.games.cryhavoc.bots.learned_search import DEFAULT_ITERATIONS as LEARNED_ITERATIONS
        from cryhavoc_sim.games.cryhavoc.bots.learned_search import LearnedSearchBot

        return LearnedSearchBot(faction, spec.budget or LEARNED_ITERATIONS, rng, LEARNED_SEARCHES[kind])
    assert is_learned(kind), spec
    from cryhavoc_sim.games.cryhavoc.bots.policy import PolicyBot

    return PolicyBot(faction, NAMES.policy(spec.model), rng, spec.temperature or 0.0, name=spec.name)
