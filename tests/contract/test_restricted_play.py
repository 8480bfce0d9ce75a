"""Restricted play (issue 13, Jaffe et al. 2012): a bot named ``<bot>/<restriction>``
never plays the part of its kit the restriction forbids, plans within it, and is told
apart from the bot it restricts; the same seeds unrestricted do play that part, so each
check could fail."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cryhavoc_sim.games.cryhavoc.bots.registry import bot_problem
from cryhavoc_sim.games.cryhavoc.bots.restrictions import RESTRICTIONS, STRUCTURE_OPS, RestrictedBot, allowed
from cryhavoc_sim.games.cryhavoc.content.schema import ContentSet
from cryhavoc_sim.games.cryhavoc.engine import Choice, GameSetup, new_game
from cryhavoc_sim.games.cryhavoc.engine.log import Event
from cryhavoc_sim.rng import game_seed, stream
from tests.conftest import play_out, seat_decider

FOUR = ("humans", "pilgrims", "machines", "trogs")


def games(content: ContentSet, faction: str, bot: str, n: int, seed: int = 31) -> list[list[Event]]:
    """The event logs of ``n`` four-player games, ``faction`` played by ``bot``."""
    out = []
    for i in range(n):
        s = game_seed(seed, i)
        g = new_game(content, GameSetup(FOUR, "veteran"), stream(s, "game"))
        bots = {f: seat_decider(bot if f == faction else "heuristic", f, s) for f in FOUR}
        play_out(g, bots)
        out.append(list(g.events))
    return out


def structure_skill(content: ContentSet) -> Callable[[Event], bool]:
    ids = {k for k, sk in content.skills.items() if any(e.op in STRUCTURE_OPS for e in sk.effect)}
    return lambda e: e.kind == "skill" and e.detail in ids


# (restriction, faction, what the restriction forbids in the log)
CASES: list[tuple[str, str, Callable[[ContentSet], Callable[[Event], bool]]]] = [
    ("no-skills", "humans", lambda c: lambda e: e.kind == "skill"),
    (
        "no-structures",
        "machines",
        lambda c: lambda e: e.kind in ("build", "activate") or structure_skill(c)(e),
    ),
    ("no-battles", "trogs", lambda c: lambda e: e.kind == "battle_declared"),
]


@pytest.mark.parametrize("bot", ["heuristic", "random"])
@pytest.mark.parametrize(("restriction", "faction", "forbids"), CASES, ids=[c[0] for c in CASES])
def test_a_restricted_bot_never_plays_the_forbidden_part(content, bot, restriction, faction, forbids):  # type: ignore[no-untyped-def]
    forbidden = forbids(content)
    free = [
        e for log in games(content, faction, bot, 6) for e in log if e.faction == faction and forbidden(e)
    ]
    assert free, f"the unrestricted {bot} bot never did what {restriction} forbids: the check proves nothing"
    bound = [
        e
        for log in games(content, faction, f"{bot}/{restriction}", 6)
        for e in log
        if e.faction == faction and forbidden(e)
    ]
    assert bound == []


@pytest.mark.parametrize("bot", ["ismcts:4", "paired:4"])
def test_the_search_bots_search_within_their_restriction(content, bot):  # type: ignore[no-untyped-def]
    logs = games(content, "humans", f"{bot}/no-skills", 1)
    assert not [e for e in logs[0] if e.faction == "humans" and e.kind == "skill"]
    assert [e for e in logs[0] if e.faction == "humans" and e.kind == "action"]


def test_a_no_battles_heuristic_pays_for_no_move_it_may_not_make(content):  # type: ignore[no-untyped-def]
    """It plans its Moves within the restriction (free Regions only), so every Move
    Action it pays for moves a Unit: none is wasted on a Battle it may not start."""
    paid = moved = 0
    for log in games(content, "pilgrims", "heuristic/no-battles", 8):
        mine = [e for e in log if e.faction == "pilgrims" and e.kind in ("action", "move")]
        for e, after in zip(mine, [*mine[1:], None], strict=True):
            if e.kind == "action" and e.detail == "move":
                paid += 1
                moved += after is not None and after.kind == "move"
    assert paid >= 3 and moved == paid


def test_the_wrapper_shows_only_the_permitted_options_and_maps_the_answer_back(content):  # type: ignore[no-untyped-def]
    g = new_game(content, GameSetup(FOUR, "veteran"), stream(1, "game"))
    options = (("skill", "humans.scouting"), ("action", "move"), ("action", "build"), ("end", ""))
    d = Choice("turn", "humans", options)
    assert allowed("no-skills", d, g) == [1, 2, 3]
    assert allowed("no-structures", d, g) == [0, 1, 3]
    assert allowed("no-battles", d, g) is None  # nothing forbidden: the request as it is

    class Last:
        name = "last"

        def decide(self, d, g):  # type: ignore[no-untyped-def]
            seen.append(d.options)
            return len(d.options) - 2

    seen: list[tuple[object, ...]] = []
    b = RestrictedBot(Last(), "no-skills")
    assert b.decide(d, g) == 2  # the second-to-last permitted option, in the real options
    assert seen == [options[1:]]
    assert b.name == "last/no-skills"


def test_restricted_names_are_checked() -> None:
    for r in RESTRICTIONS:
        assert bot_problem(f"heuristic:hunter/{r}", "humans") is None
        assert bot_problem(f"ismcts:8/{r}", "trogs") is None
    problem = bot_problem("heuristic/no-tactics", "humans")
    assert problem is not None and "no-skills, no-structures, no-battles" in problem
    assert bot_problem("heuristic:reckless/no-skills", "humans") is not None
