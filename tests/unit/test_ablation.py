"""Paired ablation (tuning/ablation.py, games/warcry/ablation.py): the ablated content
differs only in the card's abilities, the games are the same seeds, a card whose
abilities never change a game is worth exactly nothing, and the values are the same at
any number of workers."""

from __future__ import annotations

import polars as pl
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
    assert one.players == "heuristic in every seat" and one.reconstructed
    by_unit = {v.unit: v for v in one.values}
    for v in one.values:
        assert v.value == pytest.approx(v.with_rate - v.without_rate)
        assert v.low <= v.value <= v.high and v.games == 14  # 32 games, 4 decks: 14 non-mirror games hold it
    # the Bloodpack's reaction never fires in these games: no game changes, its value is exactly 0
    assert by_unit["WC2"].value == 0.0 and by_unit["WC2"].with_rate == by_unit["WC2"].without_rate
    # ... yet its holder wins more of the games it played it (75% against 71% of all 14): the
    # observational reading credits it with a gap its interval [0, 0] excludes
    bloodpack = by_unit["WC2"]
    assert bloodpack.played_rate == pytest.approx(0.75) and bloodpack.observed_gap == pytest.approx(
        0.75 - 10 / 14
    )
    assert bloodpack.disagrees and not by_unit["WC149"].disagrees
    # the Swordsmen's support does change games (the same seeds play differently)
    base = [get_game("warcry").play(sc.setup, content_for(sc), sc.seed, i, False).winners for i in range(32)]
    hooks = get_game("warcry").ablation
    changed = [
        get_game("warcry").play(sc.setup, hooks.ablated(content_for(sc), "WC149"), sc.seed, i, False).winners
        for i in range(32)
    ]
    assert base != changed


def _matrix(rate: dict[tuple[str, str], float]) -> pl.DataFrame:
    rows = [
        {"deck": d, "opponent": o, "win_rate": p, "ci_low": p - 0.05, "ci_high": p + 0.05}
        for (d, o), p in rate.items()
    ]
    return pl.DataFrame(rows)


def test_the_meta_is_all_cycle_for_rock_paper_scissors_and_all_ranking_for_ratings() -> None:
    import math

    from cryhavoc_sim.games.warcry.meta import meta_health

    cycle = {
        ("a", "b"): 0.8,
        ("b", "c"): 0.8,
        ("c", "a"): 0.8,
        ("b", "a"): 0.2,
        ("c", "b"): 0.2,
        ("a", "c"): 0.2,
    }
    table, summary = meta_health(_matrix({**cycle, **{(d, d): 0.5 for d in "abc"}}))
    assert summary["cyclic_share"] == pytest.approx(1.0)
    assert table["losing_matchups"].to_list() == [1, 1, 1]
    strength = {"a": 1.0, "b": 0.0, "c": -0.5}
    ranked = {(d, o): 1 / (1 + math.exp(strength[o] - strength[d])) for d in "abc" for o in "abc"}
    table, summary = meta_health(_matrix(ranked))
    assert summary["cyclic_share"] == pytest.approx(0.0, abs=1e-12)
    assert summary["best_deck"] == "a" and table["deck"].to_list() == ["a", "b", "c"]
    assert table.filter(table["deck"] == "c")["losing_matchups"].item() == 2
    assert table.filter(table["deck"] == "c")["lost_beyond_doubt"].item() == "a, b"


def test_cry_havoc_offers_its_factions_tactics_and_default_skills() -> None:
    """A faction card's Tactic or a default Skill's effect blanked, nothing else; Terrain
    cards (every faction draws them) and the factions not playing are not offered."""
    sc = load_scenario("two_player")  # the invaders only: no Trog player's cards
    content = content_for(sc)
    hooks = get_game("cryhavoc").ablation
    units = hooks.units(content, sc.setup)
    assert "humans.drop_troopers" in units and "skill:humans.scouting" in units
    assert not any(u.startswith("trogs.") or u.startswith("mountain.") for u in units)
    without = hooks.ablated(content, "humans.drop_troopers")
    card, before = without.cards["humans.drop_troopers"], content.cards["humans.drop_troopers"]
    assert card.tactic == () and before.tactic and (card.move, card.recruit) == (before.move, before.recruit)
    assert {k: v for k, v in without.cards.items() if k != card.id} == {
        k: v for k, v in content.cards.items() if k != card.id
    }
    skill = hooks.ablated(content, "skill:humans.scouting").skills["humans.scouting"]
    assert skill.effect == () and content.skills["humans.scouting"].effect
    # only a game the Humans play holds their card: two-player games rotate three pairings
    held = [hooks.holders(content, sc.setup, i, "humans.drop_troopers") for i in range(12)]
    assert set(held) == {("humans",), ()} and held.count(()) == 4


def test_cry_havoc_ablation_is_paired_and_the_same_at_any_worker_count() -> None:
    sc = load_scenario("four_player").with_overrides(games=40)
    one = ablate(sc, ["humans.drop_troopers", "skill:trogs.nest_call"], workers=1)
    two = ablate(sc, ["humans.drop_troopers", "skill:trogs.nest_call"], workers=2)
    assert one.values == two.values and one.games_played == 3 * 40
    for v in one.values:
        assert v.games == 40 and v.deals == 10 and v.low <= v.value <= v.high
        assert v.value == pytest.approx(v.with_rate - v.without_rate)
    # the Tactic is played in these games, and the same seeds play differently without it
    troopers = next(v for v in one.values if v.unit == "humans.drop_troopers")
    assert troopers.played_rate is not None and troopers.with_rate != troopers.without_rate


def test_an_ablated_skill_is_never_offered_and_played_names_units() -> None:
    """Without its effect a Skill is not offered at all (not a decoy that still costs a
    Unit); the games' played items are unit ids, so two cards sharing a printed name
    (the Humans' two Outflanks) are told apart."""
    from cryhavoc_sim.runner.scenario import parse_scenario
    from cryhavoc_sim.storage.schema import EVENT_COLUMNS

    sc = parse_scenario(
        '[scenario]\nname = "r"\ngames = 8\nseed = 3\nplayers = 4\n[bots]\ndefault = "random"\n'
    )
    module = get_game("cryhavoc")
    hooks = module.ablation
    content = content_for(sc)
    without = hooks.ablated(content, "skill:trogs.nest_call")
    kind, detail = EVENT_COLUMNS.index("kind"), EVENT_COLUMNS.index("detail")
    used = {"with": 0, "without": 0}
    for label, c in (("with", content), ("without", without)):
        for i in range(8):
            played = module.play(sc.setup, c, sc.seed, i, True)
            rows = module.stored_events(played)
            used[label] += sum(r[kind] == "skill" and r[detail] == "trogs.nest_call" for r in rows)
            if label == "with":
                seen = hooks.played(module, played, c)
                assert all(u in c.cards or u.removeprefix("skill:") in c.skills for _, u in seen), seen
    assert used["with"] > 0 and used["without"] == 0, used
