"""Confidence sequences (analysis/sequential.py) and the looks of a precision run."""

from __future__ import annotations

import numpy as np

from cryhavoc_sim.analysis.sequential import bounds, pr_pl_eb
from cryhavoc_sim.runner.precision import Gate, Looks, Precision, blocks_of


def test_the_sequence_covers_the_mean_at_every_look() -> None:
    """Simulated blocks of four games at a 7% win rate: over 100 runs of 1,000 blocks,
    looked at every 25 blocks, the interval misses the true rate at some look in at most
    5% of runs (the whole point: a Wilson interval read at every look misses far more)."""
    from cryhavoc_sim.analysis.wilson import wilson

    rng = np.random.default_rng(7)
    missed_cs = missed_wilson = 0
    for _ in range(100):
        x = rng.binomial(4, 0.07, 1000) / 4
        looks = range(25, 1001, 25)
        missed_cs += any(not (lo <= 0.07 <= hi) for lo, hi in (pr_pl_eb(x[:k], 0.05) for k in looks))
        missed_wilson += any(
            not (lo <= 0.07 <= hi) for lo, hi in (wilson(int(x[:k].sum() * 4), 4 * k) for k in looks)
        )
    assert missed_cs / 100 <= 0.05
    assert missed_wilson > missed_cs  # why the fixed-sample interval is not used for stopping


def test_the_interval_narrows_and_stays_in_0_1() -> None:
    x = np.array([0.25, 0.5, 0.0, 0.25] * 500)
    widths = [pr_pl_eb(x[:k], 0.05) for k in (100, 400, 2000)]
    assert all(0.0 <= lo <= 0.25 <= hi <= 1.0 for lo, hi in widths)
    assert widths[0][1] - widths[0][0] > widths[1][1] - widths[1][0] > widths[2][1] - widths[2][0]
    assert pr_pl_eb([], 0.05) == (0.0, 1.0)


def test_blocks_count_each_side_and_leave_out_an_unfinished_block() -> None:
    outs = [(("a",), ("a", "b")), (("b",), ("a", "b")), None, (("a",), ("a", "b")), (("b",), ("a", "b"))]
    assert blocks_of(outs, 2) == [{"a": (1, 2), "b": (1, 2)}, {"a": (1, 1), "b": (0, 1)}]
    found = bounds(blocks_of(outs, 2))
    assert [b.side for b in found] == ["a", "b"] and found[0].games == 3 and found[0].wins == 2


def test_a_shared_win_counts_for_each_of_its_sides_and_no_win_for_none() -> None:
    """As the ``won`` column counts it (Cave Troll's ruling CT10: equal gold, both win)."""
    outs = [(("a", "b"), ("a", "b", "c")), ((), ("a", "b", "c"))]
    assert blocks_of(outs, 2) == [{"a": (1, 2), "b": (1, 2), "c": (0, 2)}]


def test_looks_happen_in_game_order_whatever_order_chunks_finish() -> None:
    """The stop is the first look (chunk end of the unbroken prefix) where the rule holds,
    the same for chunks arriving 0, 1, 2, ... or in reverse."""
    rng = np.random.default_rng(3)
    outs = [(("a",) if rng.random() < 0.3 else ("b",), ("a", "b")) for _ in range(20_000)]
    chunks = [(s, s + 500) for s in range(0, 20_000, 500)]

    def stop(order: list[tuple[int, int]]) -> int | None:
        looks = Looks(Precision(0.03), 2)
        for a, b in order:
            if looks.add(a, b, outs[a:b]):
                break
        return looks.stopped_at

    forward = stop(chunks)
    assert forward is not None and forward % 500 == 0
    assert stop(list(reversed(chunks))) == forward
    before = bounds(blocks_of(outs[: forward - 500], 2))
    assert any(b.half_width > 0.03 for b in before)  # the look before did not stop
    assert all(b.half_width <= 0.03 for b in bounds(blocks_of(outs[:forward], 2)))


def test_the_gate_decides_pass_moved_or_waits() -> None:
    gate = Gate({"a": 0.3, "b": 0.7}, 0.05, 0.001)
    outs = [(("a",) if i % 10 < 3 else ("b",), ("a", "b")) for i in range(40_000)]
    assert gate.decide(bounds(blocks_of(outs, 2))) == "pass"
    moved = Gate({"a": 0.5, "b": 0.5}, 0.05, 0.001)
    assert moved.decide(bounds(blocks_of(outs, 2))) == "moved"
    assert gate.decide(bounds(blocks_of(outs[:20], 2))) is None
