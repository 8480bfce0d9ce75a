"""WarCry's deck builder: the search keeps the construction rules, plays every candidate
on the same deals, improves a weak deck, is reproducible, and reads the meta's health;
bad input is one sentence and exit code 2."""

from __future__ import annotations

from dataclasses import replace

from typer.testing import CliRunner

from cryhavoc_sim import cli
from cryhavoc_sim.games.warcry.content import ARMY_TYPES, Content, Deck, load_content, validate
from cryhavoc_sim.games.warcry.deckbuilder import Found, Study, build, describe

CONTENT = load_content()
# a weak Good deck: the cheapest, weakest Empire and Dwarf units and no attachment
WEAK = ("WC157", "WC164", "WC148", "WC149", "WC162", "WC163", "WC156", "WC160", "WC145", "WC134")


def _weak() -> Content:
    deck = Deck("Weak", "Good", tuple(c for c in WEAK for _ in range(3)), CONTENT.armies["Empire"].provenance)
    validate(deck, CONTENT.cards, "test", ARMY_TYPES)
    return replace(CONTENT, armies={**CONTENT.armies, "Weak": deck})


def test_a_weak_deck_is_improved_within_the_rules_and_the_same_seed_finds_the_same_deck() -> None:
    content = _weak()
    study = Study("Weak", ("Chaos",), deals=3, confirm=4, rounds=3, swaps=6, seed=5)
    found = build(content, study)
    assert found.search_best > found.search_start  # a swap that wins more on the same deals is kept
    validate(found.best, CONTENT.cards, "test", ARMY_TYPES)  # 30+ cards, 3 copies at most, one alignment
    added, dropped = found.changes()
    assert added and sum(added.values()) == sum(dropped.values())
    again = build(content, study)
    assert again.best.cards == found.best.cards and again.matrix == found.matrix
    # fresh deals, each played from both seats: a deal is one sample of the interval
    assert [g for _, g in found.confirm_best] == [g for _, g in found.confirm_start] == [2] * 4
    text = "\n".join(describe(content, study, found))
    assert "RECONSTRUCTED" in text and "Added:" in text and "cycle" in text
    assert "8 games in 4 deals (95% intervals by deals)" in text


def test_the_meta_health_reads_losing_matchups_and_cycles() -> None:
    deck = CONTENT.armies["Empire"]
    rps = Found(deck, deck, 0.5, 0.5, 0, [], [])
    for a, b in (("rock", "scissors"), ("scissors", "paper"), ("paper", "rock")):
        rps.matrix[(a, b)], rps.matrix[(b, a)] = 0.7, 0.3
    assert rps.cyclic_share() == 1.0
    assert rps.losing() == {"paper": ["scissors"], "rock": ["paper"], "scissors": ["rock"]}
    chain = Found(deck, deck, 0.5, 0.5, 0, (0, 0), (0, 0))
    for a, b in (("a", "b"), ("b", "c"), ("a", "c")):
        chain.matrix[(a, b)], chain.matrix[(b, a)] = 0.7, 0.3
    assert chain.cyclic_share() == 0.0 and chain.losing()["a"] == []


def test_bad_input_is_one_sentence_and_exit_2() -> None:
    for args, words in (
        (["deckbuild", "Empire", "--field", "Chaos,Skaven"], "deck 'Skaven' unknown; allowed: Chaos,"),
        (["deckbuild", "Empire", "--action", "Grim"], "action deck 'Grim' unknown; allowed: Base, Full."),
        (["deckbuild", "Empire", "--field", ""], "deck '' unknown"),
        (
            ["deckbuild", "Humans", "--game", "cryhavoc"],
            "--game cryhavoc: it has no deck builder; allowed: warcry.",
        ),
    ):
        result = CliRunner().invoke(cli.app, args)
        assert result.exit_code == 2 and words in result.output, result.output
        assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
