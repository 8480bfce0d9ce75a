"""The value gaps a search logs as it decides (games/search/gaps.py), on Kuhn poker: the
paired search's answer is the best of its last round of halving and its gap is never
negative; ISMCTS logs its most visited answer's mean against the best other mean; and
with logging off, or on, the searches answer and draw exactly as before."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pytest

from cryhavoc_sim.games.search.gaps import SEARCH_GAPS, SearchGaps, logging_gaps
from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.search.paired import Paired, runner_up
from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.rng import stream
from tests.search.kuhn import KuhnSearch, KuhnState

JACK, QUEEN, KING = 1, 2, 3


class Logged(SearchGaps):
    """A log that also keeps every decision's two values."""

    def __init__(self) -> None:
        super().__init__()
        self.values: list[tuple[str, str, float, float]] = []

    def record(self, player: str, kind: str, chosen: float, second: float) -> None:
        self.values.append((player, kind, chosen, second))
        super().record(player, kind, chosen, second)


class FourWays(KuhnSearch):
    """Kuhn's search part with each answer offered twice under two keys: four
    candidates, so the paired search halves twice (4, then 2, then 1)."""

    def candidates(self, state: KuhnState) -> Sequence[tuple[Hashable, Answer]]:
        return [("p", "p"), ("b", "b"), ("p again", "p"), ("b again", "b")]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_paired_decision_logs_its_answer_as_the_best_of_its_last_round(seed: int) -> None:
    state = KuhnState((QUEEN, KING), "")
    game = FourWays()
    # the same draws twice: once to read the halving's totals, once to decide and log
    totals, counts, alive = Paired("first", FourWays(), 40, stream(seed, "bot:t")).halve(
        state, game.candidates(state)
    )
    with logging_gaps(Logged()) as log:
        Paired("first", game, 40, stream(seed, "bot:t")).decide(state)
    [(player, kind, chosen, second)] = log.values
    assert (player, kind) == ("first", "bet")
    means = [t / c for t, c in zip(totals, counts, strict=True)]
    # the last round: the two candidates with 5 + 10 rollouts; the two out after 5 are not
    assert sorted(counts) == [5, 5, 15, 15]
    last = [i for i in range(4) if counts[i] == 15]
    assert chosen == means[alive[0]] == max(means[i] for i in last)
    assert second == max(means[i] for i in last if i != alive[0]) <= chosen
    row = log.of("first", "bet")
    assert row["searched"] == 1 and row["gap_sum"] == pytest.approx(chosen - second) and row["gap_sum"] >= 0.0


def test_the_runner_up_is_of_the_last_round_only() -> None:
    # candidate 2 went out after one world with a lucky 0.9: it is not the second best
    totals, counts = [3.0, 2.4, 0.9, 0.1], [4, 4, 1, 1]
    assert runner_up(totals, counts, 0) == pytest.approx(0.6)
    assert runner_up(totals, counts, 1) == pytest.approx(0.75)


def test_a_decision_that_matters_and_one_that_does_not() -> None:
    """Facing a bet with the King a call always wins 2 (value 1.0) and a fold loses 1
    (0.25): a gap of 0.75, whatever the world. Both answers offered under the same
    meaning make a decision that does not matter."""
    log = Logged()
    with logging_gaps(log):
        Paired("second", KuhnSearch(), 20, stream(1, "bot:t")).decide(KuhnState((QUEEN, KING), "b"))
    assert log.values == [("second", "bet", 1.0, 0.25)]

    class Same(KuhnSearch):
        def candidates(self, state: KuhnState) -> Sequence[tuple[Hashable, Answer]]:
            return [("b", "b"), ("b again", "b")]

    with logging_gaps(log):
        Paired("second", Same(), 20, stream(1, "bot:t")).decide(KuhnState((QUEEN, KING), "b"))
    assert log.values[1][2] == log.values[1][3]  # the same answer in the same worlds
    assert log.of("second", "bet") == {"searched": 2, "gap_sum": 0.75, "over_1pt": 1, "over_5pt": 1}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_ismcts_decision_logs_its_most_visited_answer_against_the_best_other_mean(seed: int) -> None:
    state = KuhnState((QUEEN, JACK), "")
    root = Ismcts("first", KuhnSearch(), 30, stream(seed, "bot:t")).search(state)
    log = Logged()
    with logging_gaps(log):
        answer = Ismcts("first", KuhnSearch(), 30, stream(seed, "bot:t")).decide(state)
    [(_, _, chosen, second)] = log.values
    picked = root.children[answer]
    other = root.children["b" if answer == "p" else "p"]
    assert picked.visits >= other.visits
    assert chosen == picked.total / picked.visits and second == other.total / other.visits
    assert log.of("first", "bet")["gap_sum"] == max(0.0, chosen - second)


def test_a_negative_gap_counts_as_none() -> None:
    log = SearchGaps()
    log.record("a", "move", 0.40, 0.46)  # ISMCTS's most visited behind on mean
    log.record("a", "move", 0.50, 0.48)
    log.record("a", "move", 0.70, 0.60)
    assert log.of("a", "move") == {
        "searched": 3,
        "gap_sum": pytest.approx(0.12),
        "over_1pt": 2,
        "over_5pt": 1,
    }
    assert log.of("a", "buy") == {"searched": 0, "gap_sum": 0.0, "over_1pt": 0, "over_5pt": 0}


@pytest.mark.parametrize("search", [Paired, Ismcts])
def test_logging_changes_no_answer_and_no_draw(
    search: type[Paired[KuhnState]] | type[Ismcts[KuhnState]],
) -> None:
    assert SEARCH_GAPS.get() is None  # off unless a block opens it
    states = [KuhnState((a, b), h) for a, b in ((JACK, KING), (KING, QUEEN)) for h in ("", "p", "b", "pb")]
    off, on = stream(7, "bot:t"), stream(7, "bot:t")
    plain = [search(s.current_player or "", KuhnSearch(), 12, off).decide(s) for s in states]
    with logging_gaps(SearchGaps()) as log:
        logged = [search(s.current_player or "", KuhnSearch(), 12, on).decide(s) for s in states]
    assert plain == logged and off.random() == on.random()
    assert sum(int(r[0]) for kinds in log.seen.values() for r in kinds.values()) == len(states)
    assert SEARCH_GAPS.get() is None
