"""Paired ablation (tuning/ablation.py, games/warcry/ablation.py): the ablated content
differs only in the card's abilities, the games are the same seeds, a card whose
abilities never change a game is worth exactly nothing, and the values are the same at
any number of workers."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games import get_game
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.scenario import load_scenario
from cryhavoc_sim.tuning.ablation import ablate


def test_the_ablated_card_loses_its_abilities_and_nothing_else() -> None:
    sc = load_scenario("warcry_all_decks")
    content = content_for(sc)
    hooks = get_game("warcry").ablation
    units = hooks.units(content, sc.setup)
    assert "WC149" in units and all(content.cards[u].abilities for u in units)
    without = hooks.ablated(content, "WC149")
    assert (
        without.cards["WC149"].abilities == ()
        and without.cards["WC149"].strength == content.cards["WC149"].strength
    )
    assert {k: v for k, v in without.cards.items() if k != "WC149"} == {
        k: v for k, v in content.cards.items() if k != "WC149"
    }
    assert without.armies == content.armies and content.cards["WC149"].abilities  # the loaded set untouched


def test_values_are_paired_differences_the_same_at_any_worker_count() -> None:
    sc = load_scenario("warcry_all_decks").with_overrides(games=32)
    one = ablate(sc, ["WC149", "WC2"], workers=1)
    two = ablate(sc, ["WC149", "WC2"], workers=2)
    assert one.values == two.values and one.games_played == 3 * 32
    by_unit = {v.unit: v for v in one.values}
    for v in one.values:
        assert v.value == pytest.approx(v.with_rate - v.without_rate)
        assert v.low <= v.value <= v.high and v.games == 14  # 32 games, 4 decks: 14 non-mirror games hold it
    # the Bloodpack's reaction never fires in these games: no game changes, its value is exactly 0
    assert by_unit["WC2"].value == 0.0 and by_unit["WC2"].with_rate == by_unit["WC2"].without_rate
    # the Swordsmen's support does change games (the same seeds play differently)
    base = [get_game("warcry").play(sc.setup, content_for(sc), sc.seed, i, False).winners for i in range(32)]
    hooks = get_game("warcry").ablation
    changed = [
        get_game("warcry").play(sc.setup, hooks.ablated(content_for(sc), "WC149"), sc.seed, i, False).winners
        for i in range(32)
    ]
    assert base != changed
