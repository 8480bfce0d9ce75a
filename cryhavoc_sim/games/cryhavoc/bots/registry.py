"""Bot names in scenarios and on the ladder: ``random``, ``heuristic`` (the balanced
personality), ``heuristic:<personality>``, ``ismcts`` (the default budget) or
``ismcts:<iterations>``, ``paired`` or ``paired:<rollouts>`` (the paired-rollout search;
a search's own personality after a second colon, ``paired:16:aggressive``),
``ismcts-leaf`` or ``ismcts-leaf:<iterations>``, ``paired-leaf`` or ``paired-leaf:<rollouts>``
(either search with the learned leaf value, bots/leaf.py), ``learned``,
``learned@<model>``, either with ``~<temperature>`` (the learned policy, bots/learned.py), ``paired-learned[:N]``,
``ismcts-learned[:N]`` (a search over it, bots/learned_search.py), ``heuristic:<personality>{<weight>=<number>,...}`` (a
personality with some weights set, as a tuning trial plays it), each optionally followed by ``/<restriction>`` (restricted
play, bots/restrictions.py: ``heuristic/no-skills``). :func:`bot_problem` is the one
check of a name."""

from __future__ import annotations

from functools import partial

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.learned import is_learned, learned_problem
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality, personality_names
from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
from cryhavoc_sim.games.cryhavoc.bots.restrictions import RESTRICTIONS, RestrictedBot, restriction_problem
from cryhavoc_sim.games.cryhavoc.engine import Decider
from cryhavoc_sim.games.harness.seeds import Seeds
from cryhavoc_sim.games.search.names import SEARCHES, budget, budget_problem
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
BOTS_VERSION = "cryhavoc-bots-8"  # 4: determinizations in a canonical order (fair search)

# Learned-policy tables fitted under an earlier (rules, bots) version that still play every
# game they played then, and why (a test holds each shipped table to the versions it plays
# under, or to one of these).
POLICY_CARRIED_OVER: dict[tuple[str, str], str] = {
    ("cryhavoc-rules-6", "cryhavoc-bots-7"): (
        "rules 7 changed only the solo automaton (rulings S11, S12) and bots 8 only what the"
        " searches re-draw: the policy plays every two- to four-player game as it did, and"
        " meets the corrected automaton in solo without having been trained against it"
    )
}


# the searches with the learned leaf value (bots/leaf.py), and the search each one is
LEAVES = {"ismcts-leaf": "ismcts", "paired-leaf": "paired"}
# the searches over the learned policy (bots/learned_search.py), and the search each one is
LEARNED_SEARCHES = {"paired-learned": "paired", "ismcts-learned": "ismcts"}


def make_search(name: str, faction: str, rng: Rng) -> Decider:
    """``ismcts[:N[:personality]]`` or ``paired[:N[:personality]]`` for ``faction`` on
    ``rng`` (the name checked first)."""
    from cryhavoc_sim.games.cryhavoc.bots.ismcts import DEFAULT_ITERATIONS, IsmctsBot

    search, own = split_search(name)
    return IsmctsBot(faction, budget(search, DEFAULT_ITERATIONS), rng, search.partition(":")[0], own)


def make_leaf(name: str, faction: str, rng: Rng) -> Decider:
    """``ismcts-leaf[:N]`` or ``paired-leaf[:N]`` for ``faction`` on ``rng`` (the name
    checked first)."""
    from cryhavoc_sim.games.cryhavoc.bots.leaf import DEFAULT_ITERATIONS, LeafIsmctsBot

    return LeafIsmctsBot(faction, budget(name, DEFAULT_ITERATIONS), rng, kind=LEAVES[name.partition(":")[0]])


def split_search(name: str) -> tuple[str, str]:
    """A search bot's name without its own personality, and that personality:
    ``paired:16:aggressive`` -> (``paired:16``, ``aggressive``); ``balanced`` when the name
    gives none. The personality weighs the search's own rollouts and the decisions it does
    not search (the other seats' rollouts keep theirs)."""
    parts = name.split(":", 2)
    if len(parts) == 3:
        return f"{parts[0]}:{parts[1]}", parts[2]
    return name, "balanced"


def bot_names(faction: str) -> list[str]:
    """The names a seat of ``faction`` may take (``ismcts:<N>`` stands for any budget)."""
    return [
        "random",
        "heuristic",
        *(f"heuristic:{p}" for p in personality_names(faction)),
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


def bot_problem(name: str, faction: str) -> str | None:
    """Why ``name`` is not a bot for ``faction`` (a sentence's end), or None."""
    name, slash, restriction = name.partition("/")
    if slash:
        problem = restriction_problem(restriction)
        if problem:
            return problem
    kind, colon, option = name.partition(":")
    if kind in SEARCHES:
        search, own = split_search(name)
        problem = budget_problem(search)
        if problem is None and own != "balanced":
            try:
                personality(faction, own)
            except ScenarioError as exc:
                return f"cannot be played: {str(exc).rstrip('.')}"
        return problem
    if kind in LEAVES or kind in LEARNED_SEARCHES:
        base = LEAVES.get(kind) or LEARNED_SEARCHES[kind]
        problem = budget_problem(base + name[len(kind) :])
        return problem.replace(f"allowed: {base}:<N>", f"allowed: {kind}:<N>") if problem else None
    if is_learned(name):
        return learned_problem(name)
    if name in bot_names(faction):
        return None
    if kind == "heuristic" and colon and "{" in option:
        try:
            personality(faction, option)
        except ScenarioError as exc:
            return f"cannot be played: {str(exc).rstrip('.')}"
        return None
    if kind == "heuristic" and colon:
        allowed = ", ".join(personality_names(faction))
        return f"names the personality {option!r}, unknown for {faction}; allowed: {allowed}"
    return (
        f"is not a bot; allowed: {', '.join(bot_names(faction))}, each optionally followed by "
        f"/<restriction> ({', '.join(RESTRICTIONS)})"
    )


def check_bot_name(name: str, faction: str, where: str) -> None:
    problem = bot_problem(name, faction)
    if problem:
        raise ScenarioError(f"{where}: bot {name!r} {problem}.")


def make_bot(name: str, faction: str, seed: int) -> Decider:
    """The bot ``name`` for ``faction`` with its own RNG stream of game ``seed``."""
    if name == "automaton":
        from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot

        return AutomatonBot()
    check_bot_name(name, faction, "bots")
    name, slash, restriction = name.partition("/")
    bot = _make(name, faction, seed)
    if not slash:
        return bot
    restrict = getattr(bot, "restrict", None)  # a bot that plans ahead plans within it
    if restrict is not None:
        restrict(restriction)
    return RestrictedBot(bot, restriction)


def _make(name: str, faction: str, seed: int) -> Decider:
    if name == "random":
        return RandomBot(Seeds(seed).bot(faction))
    kind, _, option = name.partition(":")
    if kind in SEARCHES:
        return make_search(name, faction, Seeds(seed).bot(faction))
    if kind in LEAVES:
        return make_leaf(name, faction, Seeds(seed).bot(faction))
    if is_learned(name):
        from cryhavoc_sim.games.cryhavoc.bots.learned import make_learned

        return make_learned(name, faction, Seeds(seed).bot(faction))
    if kind in LEARNED_SEARCHES:
        from cryhavoc_sim.games.cryhavoc.bots.learned_search import make_learned_search

        return make_learned_search(name, faction, Seeds(seed).bot(faction))
    # The same stream, made only if the bot ever breaks a tie.
    return HeuristicBot(
        faction, personality(faction, option or "balanced"), partial(Seeds(seed).bot, faction)
    )
