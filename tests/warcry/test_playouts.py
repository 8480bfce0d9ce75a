"""Random and heuristic playouts through the harness: the soak with WarCry's invariants
(cards conserved, gold never overspent, a committed unit never attacks), the copy,
determinize and fairness testers, determinism, and the bots against each other."""

from __future__ import annotations

from collections import Counter

import pytest

from cryhavoc_sim.games.harness.play import named_bot
from cryhavoc_sim.games.harness.soak import soak
from cryhavoc_sim.games.harness.testers import copy_problems, determinize_problems, fairness_problems
from cryhavoc_sim.games.warcry.content import load_content
from cryhavoc_sim.games.warcry.rules import RULES, Setup, new_game
from cryhavoc_sim.games.warcry.state import WarCryState
from cryhavoc_sim.rng import Rng


def play(
    setup: Setup, seed: int, bots: tuple[str, str], content: object = None
) -> tuple[WarCryState, list[str]]:
    s = new_game(content or RULES.default_content(), setup, Rng(seed))  # type: ignore[arg-type]
    players = {
        p: named_bot(RULES, n, p, Rng(seed * 7 + i))
        for i, (p, n) in enumerate(zip(s.players, bots, strict=True))
    }
    prints = []
    while not s.is_over:
        s.apply(players[s.current_player].decide(s))  # type: ignore[index]
        prints.append(s.fingerprint())
    return s, prints


def test_the_soak_finds_no_violation_in_every_pairing() -> None:
    assert soak(RULES, 3, 0, 64) == []


def test_the_soak_holds_with_tactic_points_refreshed_each_combat() -> None:
    assert soak(RULES, 4, 0, 16, load_content(overrides={"rules.tp_refresh": "combat"})) == []


def test_the_copy_and_determinize_testers_find_nothing() -> None:
    assert copy_problems(RULES, 5, 12) == []
    assert determinize_problems(RULES, 5, 12) == []


def test_the_random_and_heuristic_bots_read_only_their_observation() -> None:
    for bot in ("random", "heuristic:bold", "heuristic:cautious"):
        assert fairness_problems(RULES, bot, 6, 6) == []


def test_the_same_seed_plays_the_same_game() -> None:
    a = play(Setup(("Dwarf", "Orc")), 11, ("heuristic", "random"))[1]
    b = play(Setup(("Dwarf", "Orc")), 11, ("heuristic", "random"))[1]
    c = play(Setup(("Dwarf", "Orc")), 12, ("heuristic", "random"))[1]
    assert a == b and a != c


def test_a_game_is_two_or_three_battles_and_ends_with_one_winner() -> None:
    seen: Counter[int] = Counter()
    for seed in range(30):
        s, _ = play(Setup(("Empire", "Chaos")), seed, ("random", "random"))
        assert len(s.winners) == 1 and s.wins[s.players.index(s.winners[0])] == 2
        assert len(s.battle_winners) in (2, 3)
        seen[len(s.battle_winners)] += 1
    assert seen[2] and seen[3]


def test_the_heuristic_beats_the_random_bot_in_both_seats() -> None:
    wins = 0
    for seed in range(40):
        seat = seed % 2
        bots = ("heuristic", "random") if seat == 0 else ("random", "heuristic")
        s, _ = play(Setup(("Dwarf", "Chaos") if seed % 4 < 2 else ("Chaos", "Dwarf")), seed, bots)
        wins += s.winners == (s.players[seat],)
    assert wins >= 30  # measured: 40 of 40


@pytest.mark.parametrize("bot", ["ismcts:4", "paired:4"])
def test_the_search_bots_answer_legally_from_their_observation(bot: str) -> None:
    s, _ = play(Setup(("Orc", "Empire")), 2, (bot, "heuristic"))
    assert s.is_over
    assert fairness_problems(RULES, bot, 7, 1) == []


def test_the_meta_game_finds_the_dominant_deck_and_a_cycles_even_mix() -> None:
    import polars as pl

    from cryhavoc_sim.games.warcry.report import meta_game

    def frame(rates: dict[tuple[str, str], float]) -> pl.DataFrame:
        rows = [{"deck": a, "opponent": b, "win_rate": r} for (a, b), r in rates.items()]
        return pl.DataFrame(rows)

    decks = ("A", "B", "C")
    dominant = {
        (a, b): 0.5 if a == b else 0.8 if a == "A" else 0.2 if b == "A" else 0.5 for a in decks for b in decks
    }
    out = meta_game(frame(dominant))
    assert out.row(0, named=True)["deck"] == "A" and abs(out.row(0, named=True)["nash_share"] - 1.0) < 1e-6
    beats = {("A", "B"), ("B", "C"), ("C", "A")}  # rock, paper, scissors
    cycle = {(a, b): 0.5 if a == b else 0.9 if (a, b) in beats else 0.1 for a in decks for b in decks}
    shares = meta_game(frame(cycle))["nash_share"].to_list()
    assert all(abs(x - 1 / 3) < 1e-6 for x in shares)
