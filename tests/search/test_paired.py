"""The paired-rollout search (games/search/paired.py) on Kuhn poker: it finds the answers
that are right whatever the hidden card, rolls every candidate out in the same worlds,
spends its budget by halving, gives the same answers from the same seed and decides from
the player's observation only."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.search.names import search_spec, searcher
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.rng import Rng, copy_rng, stream
from tests.conftest import seat_decider
from tests.search.kuhn import KuhnSearch, KuhnState, RandomKuhn

JACK, QUEEN, KING = 1, 2, 3


def _answer(cards: tuple[int, int], history: str, seed: int = 1, rollouts: int = 60) -> object:
    state = KuhnState(cards, history)
    player = state.current_player
    assert player is not None
    return Paired(player, KuhnSearch(), rollouts, stream(seed, "bot:test")).decide(state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_calls_a_bet_with_the_king_and_folds_the_jack(seed: int) -> None:
    """Facing a bet a call with the King always wins 2 (a fold loses 1) and one with the
    Jack always loses 2 (a fold 1): right whatever the other card is."""
    assert _answer((JACK, KING), "b", seed) == "b"
    assert _answer((QUEEN, JACK), "b", seed) == "p"
    assert _answer((KING, QUEEN), "pb", seed) == "b"
    assert _answer((JACK, QUEEN), "pb", seed) == "p"


class Recorder(KuhnSearch):
    """Kuhn's search part that also records, for every rollout, the world it started in
    and the first number its rollout stream gives."""

    def __init__(self) -> None:
        super().__init__()
        self.rollouts: list[tuple[tuple[int, int], float]] = []

    def rollout(self, sim: KuhnState, player: str, rng: Rng) -> RandomKuhn:
        self.rollouts.append((sim.cards, copy_rng(rng).random()))
        return super().rollout(sim, player, rng)


def test_every_candidate_is_rolled_out_in_the_same_worlds_with_the_same_stream() -> None:
    game = Recorder()
    search = Paired("second", game, 10, stream(4, "bot:test"))
    state = KuhnState((QUEEN, KING), "b")
    totals, counts, alive = search.halve(state, game.candidates(state))
    # two candidates: one round, 10 // 2 = 5 worlds, both candidates in each
    assert counts == [5, 5] and len(game.determinized) == 5
    assert len(game.rollouts) == 10
    for w in range(5):
        assert game.rollouts[2 * w] == game.rollouts[2 * w + 1]  # the pass and the call alike
    assert len({r for r in game.rollouts}) > 1  # and the worlds differ from each other
    assert alive[0] == max(range(2), key=lambda i: (totals[i] / counts[i], -i))


def test_halving_spends_the_budget_on_the_candidates_still_in() -> None:
    game = KuhnSearch()
    state = KuhnState((QUEEN, KING), "b")
    options = [(k, a) for k in range(3) for a in ("p", "b")]  # six candidates, two answers
    _, counts, alive = Paired("second", game, 60, stream(5, "bot:test")).halve(state, options)
    # ceil(log2 6) = 3 rounds: 60 // (3 x 6) = 3 worlds for all six, 60 // (3 x 3) = 6 more
    # for the best three, 60 // (3 x 2) = 10 more for the best two
    assert sorted(counts) == [3, 3, 3, 9, 19, 19]
    assert counts[alive[0]] == 19
    assert options[alive[0]][1] == "b"  # the call, with the King behind: never worse
    # a budget below the candidates still rolls each out once, in one world
    _, counts, alive = Paired("second", KuhnSearch(), 1, stream(5, "bot:test")).halve(state, options)
    assert min(counts) >= 1 and len(alive) == 1


def test_the_same_seed_gives_the_same_rollouts_and_another_seed_other_worlds() -> None:
    runs = []
    for seed in (5, 5, 6):
        game = KuhnSearch()
        state = KuhnState((QUEEN, KING), "")
        out = Paired("first", game, 40, stream(seed, "bot:test")).halve(state, game.candidates(state))
        runs.append((out, [w.cards for w in game.determinized]))
    assert runs[0] == runs[1]
    assert runs[0][1] != runs[2][1]


def test_it_decides_from_the_observation_only() -> None:
    """Two deals the first player cannot tell apart: the same generator re-draws the
    same worlds and gives the same answer."""
    answers, worlds = [], []
    for other in (JACK, KING):
        game = KuhnSearch()
        answers.append(Paired("first", game, 40, stream(9, "bot:test")).decide(KuhnState((QUEEN, other), "")))
        worlds.append([w.cards for w in game.determinized])
    assert answers[0] == answers[1]
    assert worlds[0] == worlds[1]


def test_a_kind_and_a_budget_build_either_search() -> None:
    game = KuhnSearch()
    rng = stream(1, "bot:test")
    assert isinstance(searcher("paired", 7, "first", game, rng, 0.7, 1, 400), Paired)
    assert isinstance(searcher("ismcts", 7, "first", game, rng, 0.7, 1, 400), Ismcts)
    assert searcher("paired", 24, "first", game, rng, 0.7, 1, 400).iterations == 24
    assert search_spec("paired:16") == BotSpec("paired", 16)
    with pytest.raises(BotNameError, match="paired:<N> with N rollouts from 1 to 1,000"):
        search_spec("paired:0")
    with pytest.raises(BotNameError, match="paired or paired:<N>"):
        search_spec("flat:3")
    with pytest.raises(ValueError, match="at least 1"):
        Paired("first", game, 0, rng)


def test_a_cry_havoc_search_takes_its_own_personality() -> None:
    """``paired:16:aggressive``: the search with that personality for its own rollouts and
    unsearched decisions (the other seats' rollouts keep theirs); a bad one is one
    sentence; without one it is the balanced personality, the same bot as before."""
    from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
    from cryhavoc_sim.games.cryhavoc.bots.registry import bot_problem, parse_bot

    assert parse_bot("paired:16:aggressive", "humans") == BotSpec("paired", 16, "aggressive")
    assert parse_bot("ismcts:8", "humans") == BotSpec("ismcts", 8)
    assert bot_problem("paired:16:aggressive", "humans") is None
    assert bot_problem("ismcts:4:balanced{attack=1.5}", "pilgrims") is None
    assert "unknown for humans" in (bot_problem("paired:16:reckless", "humans") or "")
    assert "budget" in (bot_problem("paired:x:aggressive", "humans") or "")
    bot = seat_decider("paired:16:balanced{attack=1.5}", "humans", 3)
    assert bot.name == "paired:16:balanced{attack=1.5}"  # type: ignore[attr-defined]
    own = bot.game.own  # type: ignore[attr-defined]
    assert own.attack == 1.5 and bot.game.helper.w.attack == 1.5  # type: ignore[attr-defined]
    plain = seat_decider("paired:16", "humans", 3)
    assert plain.game.own == personality("humans")  # type: ignore[attr-defined]
