"""Every registered game keeps the state protocol's contract (games/state.py): the
harness's copy tester and determinize tester find nothing on random games of each, and
each tester fails on a game that breaks what it checks (the proof game, broken on
purpose four ways)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cryhavoc_sim.games import game_names, get_game
from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.harness.driver import GameDidNotEnd, play
from cryhavoc_sim.games.harness.seeds import Seeds, seeds
from cryhavoc_sim.games.harness.testers import copy_problems, determinize_problems, fairness_problems
from cryhavoc_sim.games.state import Answer, GameState, IllegalAnswer
from cryhavoc_sim.rng import Rng, stream
from tests.toygame.rules import BluffRules, BluffState

GAMES = 6  # random games per tester and game (each tester checks about a tenth of the decisions)


@pytest.mark.parametrize("name", game_names())
def test_the_copy_tester_finds_nothing(name: str) -> None:
    assert copy_problems(get_game(name).rules, 7, GAMES) == []


@pytest.mark.parametrize("name", game_names())
def test_the_determinize_tester_finds_nothing(name: str) -> None:
    assert determinize_problems(get_game(name).rules, 7, GAMES) == []


@pytest.mark.parametrize("name", game_names())
def test_the_random_and_heuristic_bots_read_only_their_observation(name: str) -> None:
    rules = get_game(name).rules
    for bot in ("random", "heuristic"):
        assert fairness_problems(rules, bot, 7, 3) == []


@pytest.mark.parametrize("name", game_names())
def test_an_illegal_answer_names_the_request_and_changes_nothing(name: str) -> None:
    rules = get_game(name).rules
    s = seeds(3, 0)
    state = rules.new_state(rules.default_content(), rules.soak_setup(0), s.seed, s.game(), False)
    before = state.fingerprint()
    with pytest.raises(IllegalAnswer, match=r"answer 'nonsense' is not legal for .+; allowed: "):
        state.apply("nonsense")
    assert state.fingerprint() == before
    legal = state.legal_answers()
    assert legal and all(hash(a) is not None for a in legal)
    state.apply(legal[0])  # every listed answer is accepted
    assert state.fingerprint() != before


class SharedPaid(BluffState):
    """A clone that shares the chips paid in with its original."""

    def clone(self) -> BluffState:
        c = super().clone()
        c.paid = self.paid
        return c


class SameDraw(BluffState):
    """A determinization whose every draw is seeded the same (OpenSpiel's gin rummy bug)."""

    def determinize(self, player: str, rng: Rng) -> BluffState:
        return super().determinize(player, stream(0, "always the same"))


class Leaky(BluffState):
    """A determinization that re-draws the observer's own card too."""

    def determinize(self, player: str, rng: Rng) -> BluffState:
        c = super().determinize(player, rng)
        pool = sorted([c.hands[player], *c.deck])
        rng.shuffle(pool)
        c.hands[player] = pool.pop()
        c.deck = pool
        return c


class Lenient(BluffState):
    """An apply that takes anything."""

    def apply(self, answer: Answer) -> None:
        if answer in self.legal_answers():
            super().apply(answer)


@dataclass
class Broken(BluffRules):
    kind: type[BluffState] = BluffState

    def new_state(self, content: Any, setup: Any, seed: int, rng: Rng, record_events: bool) -> BluffState:
        good = super().new_state(content, setup, seed, rng, record_events)
        bad = self.kind(good.content, good.hands, good.deck, paid=good.paid)
        bad.events = good.events
        return bad


def test_the_copy_tester_catches_a_shared_clone_and_a_lenient_apply() -> None:
    assert copy_problems(Broken(BluffState), 1, 40) == []
    found = copy_problems(Broken(SharedPaid), 1, 40)
    assert found and "changed the original" in found[0]
    found = copy_problems(Broken(Lenient), 1, 40)
    assert found and "was accepted" in found[0]


def test_the_determinize_tester_catches_a_fixed_draw_and_a_leak() -> None:
    found = determinize_problems(Broken(SameDraw), 1, 40)
    assert found and "no determinization re-drew anything" in found[0]
    found = determinize_problems(Broken(Leaky), 1, 40)
    assert (found and "changed what first sees" in found[0]) or "changed what second sees" in found[0]


class Peeker(BluffRules):
    """A heuristic that looks at the other hand: calls only when it holds more."""

    def bot_spec(self, name: str, player: str) -> BotSpec:
        return BotSpec("peek") if name == "peek" else super().bot_spec(name, player)

    def bot(self, spec: BotSpec, player: str, rng: Rng) -> Any:
        class Peek:
            def decide(self, state: BluffState) -> Answer:
                other = state.hands[state.players[1 - state.players.index(player)]]
                ahead = state.content.ranks[state.hands[player]] >= state.content.ranks[other]
                legal = state.legal_answers()
                return ("bet" if ahead else "check") if "bet" in legal else ("call" if ahead else "fold")

        return Peek() if spec.kind == "peek" else super().bot(spec, player, rng)


def test_the_fairness_tester_catches_a_bot_that_peeks() -> None:
    assert fairness_problems(BluffRules(), "heuristic", 1, 40) == []
    found = fairness_problems(Peeker(), "peek", 1, 40)
    assert found and "cannot tell apart" in found[0]


def test_the_driver_loop_stops_a_game_that_does_not_end() -> None:
    class Stubborn:
        def decide(self, state: GameState) -> Answer:
            return "check"

    class Endless(BluffState):
        def apply(self, answer: Answer) -> None:
            self.history = ()  # never moves on

    rules = Broken(Endless)
    s = Seeds(5)
    state = rules.new_state(rules.default_content(), rules.soak_setup(0), s.seed, s.game(), False)
    with pytest.raises(GameDidNotEnd, match="did not end in 50 answers"):
        play(state, {"first": Stubborn(), "second": Stubborn()}, limit=50)


def test_the_driver_loop_stops_where_until_says_and_plays_the_same_answers() -> None:
    """``until`` stops before the first answer at a state it holds for; the answers up to
    there are the ones a whole game plays (the bench's mid-game states come from it)."""
    from cryhavoc_sim.games.harness.play import new_game, seat_bots

    rules = BluffRules()

    def fresh() -> tuple[Any, dict[str, Any]]:
        s = Seeds(8)
        state = new_game(rules, rules.default_content(), rules.soak_setup(0), s, False)
        return state, seat_bots(rules, state, dict.fromkeys(state.players, "random"), s)

    whole, bots = fresh()
    seen: list[Any] = []
    play(whole, bots, observe=lambda st: seen.append(st.fingerprint()))
    assert len(seen) >= 3
    part, bots = fresh()
    stopped = play(part, bots, until=lambda st: st.fingerprint() == seen[1])
    assert stopped.current_player is not None and stopped.fingerprint() == seen[1]
    never, bots = fresh()
    assert play(never, bots, until=lambda st: False).fingerprint() == seen[-1]  # to the end


@pytest.mark.parametrize("name", game_names())
def test_every_game_s_bench_state_is_mid_game(name: str) -> None:
    from cryhavoc_sim.games.harness.costs import mid_game

    rules = get_game(name).rules
    state = mid_game(rules, 100)
    assert state.current_player is not None
    assert mid_game(rules, 100).fingerprint() == state.fingerprint()  # the same state each time
    assert mid_game(rules, 10**6).current_player is not None  # a game shorter than that: its last request


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("bot", ["learned", "learned~0.5"])
def test_the_learned_policy_reads_only_its_observation(name: str, bot: str) -> None:
    """Every game ships a learned policy (its spec's extra ``policy_game``), greedy or
    sampling from its own stream: the same answer in every world its player cannot tell apart."""
    assert get_game(name).extra("policy_game") is not None
    assert fairness_problems(get_game(name).rules, bot, 7, 3) == []
