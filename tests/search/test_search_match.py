"""The head-to-head match of two searches (games/cryhavoc/leaf_match.py, what ``make bench`` prints
side by side): every pairing both ways on the same deals, wins counted for the new bot,
its Wilson interval, each bot's time a decision; and the four-player timing."""

from __future__ import annotations

from cryhavoc_sim.analysis.wilson import wilson
from cryhavoc_sim.games.cryhavoc.leaf_match import describe, four_player_seconds, head_to_head


def test_a_match_plays_every_pairing_both_ways_and_counts_the_new_bot() -> None:
    m = head_to_head("heuristic", "paired:2", rounds=1, seed=3)
    assert m.games == 6  # three pairings, each deal played with the new bot in either seat
    assert sum(n for _, n in m.by_faction.values()) == 6
    assert set(m.by_faction) == {"humans", "machines", "pilgrims"}
    assert sum(w for w, _ in m.by_faction.values()) == m.new_wins
    # three deals of two games: the interval counts deals, wider than the games' Wilson interval
    low, high = wilson(m.new_wins, m.games)
    assert m.low <= low and high <= m.high
    assert m.new_s_per_decision > 0 and m.old_s_per_decision > 0
    assert "paired:2 wins" in describe(m) and "against heuristic" in describe(m)
    again = head_to_head("heuristic", "paired:2", rounds=1, seed=3)
    assert again.new_wins == m.new_wins and again.by_faction == m.by_faction  # the same games


def test_four_player_seconds_plays_whole_games() -> None:
    assert four_player_seconds("random", 1) > 0.0
