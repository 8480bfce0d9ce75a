"""Paired ablation (tuning/ablation.py, games/warcry/ablation.py): the ablated content
differs only in the card's abilities, the games are the same seeds, a card whose
abilities never change a game is worth exactly nothing, and the values are the same at
any number of workers."""

from __future__ import annotations

from typing import Any

import polars as pl
import pytest

from cryhavoc_sim.analysis.deals import MIN_DEALS
from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.cryhavoc.rows import stored_events as cryhavoc_events
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import Scenario, load_scenario
from cryhavoc_sim.tuning.ablation import ablate


def test_the_ablated_card_loses_its_abilities_and_nothing_else() -> None:
    sc = load_scenario("warcry_all_decks")
    content = content_for(sc)
    hooks = get_game("warcry").extra("ablation")
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
    # the scenario's 32 games, then each card's 12 games that hold it on one side (a game
    # where no side holds it would replay unchanged; a mirror match holds it on both)
    assert one.values == two.values and not one.unpaired
    assert one.games_played == 32 + 2 * 12
    assert one.players == "heuristic in every seat" and one.reconstructed
    by_unit = {v.unit: v for v in one.values}
    for v in one.values:
        assert v.value == pytest.approx(v.with_rate - v.without_rate)
        # 32 games of 4 decks: a deck plays 6 of each 16 pairings against another, and 1 mirror
        assert v.low <= v.value <= v.high and v.games == 12
    # the Bloodpack's reaction never fires in these games: no game changes, its value is exactly 0
    assert by_unit["WC2"].value == 0.0 and by_unit["WC2"].with_rate == by_unit["WC2"].without_rate
    # ... yet its holder wins more of the games it played it (70% against 67% of all 12): the
    # observational reading credits it with a gap its interval [0, 0] excludes, but from 12
    # deals (under MIN_DEALS) no disagreement is marked: both readings rest on a few games
    bloodpack = by_unit["WC2"]
    assert bloodpack.played_rate == pytest.approx(0.7) and bloodpack.observed_gap == pytest.approx(
        0.7 - 8 / 12
    )
    assert bloodpack.deals < MIN_DEALS and not bloodpack.disagrees and not by_unit["WC149"].disagrees
    # the Swordsmen's support does change games (the same seeds play differently)
    base = [play_one(sc, content_for(sc), i, False, lines=False).winners for i in range(32)]
    hooks = get_game("warcry").extra("ablation")
    changed = [
        play_one(sc, hooks.ablated(content_for(sc), "WC149"), i, False, lines=False).winners
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
    hooks = get_game("cryhavoc").extra("ablation")
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
    held = [hooks.holders(content, sc.setup, i, "humans.drop_troopers", frozenset()) for i in range(12)]
    assert set(held) == {("humans",), ()} and held.count(()) == 4
    # "experienced": the Default and one Skill dealt at random (Setup 5c), so every Skill
    # of the invaders can be ablated; first-time players hold the Default only
    skills = {u for u in units if u.startswith("skill:")}
    assert skills == {f"skill:{k}" for k, v in content.skills.items() if v.faction != "trogs"}
    quick = load_scenario("quick")
    assert {u for u in hooks.units(content, quick.setup) if u.startswith("skill:")} == {
        f"skill:{k}" for k, v in content.skills.items() if v.default
    }


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
    hooks = module.extra("ablation")
    content = content_for(sc)
    without = hooks.ablated(content, "skill:trogs.nest_call")
    kind, detail = EVENT_COLUMNS.index("kind"), EVENT_COLUMNS.index("detail")
    used = {"with": 0, "without": 0}
    for label, c in (("with", content), ("without", without)):
        for i in range(8):
            played = play_one(sc, c, i, True, lines=False)
            rows = cryhavoc_events(played)
            used[label] += sum(r[kind] == "skill" and r[detail] == "trogs.nest_call" for r in rows)
            if label == "with":
                seen = hooks.played(played, c)
                assert all(u in c.cards or u.removeprefix("skill:") in c.skills for _, u in seen), seen
    assert used["with"] > 0 and used["without"] == 0, used


def _dealt_games(sc: Scenario, content: Any, n: int) -> list[Any]:
    """Games 0..n-1 of ``sc`` played on ``content``, with their events."""
    return [play_one(sc, content, i, True, lines=False) for i in range(n)]


def test_the_twins_are_dealt_the_same_skills() -> None:
    """Blanking a Skill keeps its place in the content's table, so setup shuffles the same
    list with the same random numbers: both twins hold the same Skills, Regions and
    Initiative in every game (Setup 5c). Removing the Skill instead would deal others
    (the check below would then fail): ``ablate`` refuses such pairs."""
    from dataclasses import replace

    sc = load_scenario("four_player").with_overrides(games=24)  # veteran: two dealt at random
    module = get_game("cryhavoc")
    hooks = module.extra("ablation")
    content = content_for(sc)
    from cryhavoc_sim.storage.schema import EVENT_COLUMNS

    kind = EVENT_COLUMNS.index("kind")

    def setup_rows(played: Any) -> list[tuple[Any, ...]]:  # Seat, HQ and Skills of each faction
        rows = [r for r in cryhavoc_events(played) if r[kind] == "setup"]
        assert len(rows) == 4
        return rows

    for unit in ("skill:pilgrims.teleport", "skill:humans.recon_forces", "skill:trogs.nest_call"):
        base = _dealt_games(sc, content, 24)
        twin = _dealt_games(sc, hooks.ablated(content, unit), 24)
        assert [hooks.dealt(p) for p in base] == [hooks.dealt(p) for p in twin]
        assert [setup_rows(p) for p in base] == [setup_rows(p) for p in twin]
        assert any((f, unit) in hooks.dealt(p) for p in base for f in ("humans", "pilgrims", "trogs"))
    # the dealt Skills are the game state's: the Default and two more for every player
    for p in base:
        dealt = hooks.dealt(p)
        assert {f for f, _ in dealt} == {"humans", "pilgrims", "machines", "trogs"} and len(dealt) == 12
    # the design it guards against: the Skill gone from the table deals differently
    gone = replace(content, skills={k: v for k, v in content.skills.items() if k != "pilgrims.teleport"})
    assert [hooks.dealt(p) for p in _dealt_games(sc, gone, 24)] != [hooks.dealt(p) for p in base]


def test_a_twin_dealt_differently_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from cryhavoc_sim.games.cryhavoc.ablation import CryHavocAblation

    def removed(self: Any, content: Any, unit: str) -> Any:
        sid = unit.removeprefix("skill:")
        return replace(content, skills={k: v for k, v in content.skills.items() if k != sid})

    monkeypatch.setattr(CryHavocAblation, "ablated", removed)
    sc = load_scenario("four_player").with_overrides(games=24)  # the Pilgrims hold Teleport in some
    with pytest.raises(RuntimeError, match="changed the deal"):
        ablate(sc, ["skill:pilgrims.teleport"], workers=1)


def test_a_blanked_skill_changes_only_the_games_that_hold_it() -> None:
    """A game in which nobody holds the Skill plays the same, event for event; the games
    holding it are the pairs, and there it changes play. Its cost goes with its effect:
    the heuristic values stored Crystals only for a Skill that can spend them."""
    from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
    from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
    from cryhavoc_sim.rng import stream

    sc = load_scenario("four_player").with_overrides(games=40)
    module = get_game("cryhavoc")
    hooks = module.extra("ablation")
    content = content_for(sc)
    unit = "skill:pilgrims.teleport"
    without = hooks.ablated(content, unit)
    blank = without.skills["pilgrims.teleport"]
    assert (blank.effect, blank.cost_crystals, blank.cost_units) == ((), 0, 0)
    assert {k: v for k, v in without.skills.items() if k != blank.id} == {
        k: v for k, v in content.skills.items() if k != blank.id
    } and list(without.skills) == list(content.skills)
    held = changed = 0
    for p, q in zip(_dealt_games(sc, content, 40), _dealt_games(sc, without, 40), strict=True):
        holds = ("pilgrims", unit) in hooks.dealt(p)
        same = cryhavoc_events(p) == cryhavoc_events(q)
        assert same or holds, "a game without the Skill in any hand played differently"
        held += holds
        changed += not same
        if holds and not {"pilgrims.crystal_ward", "pilgrims.crystal_offering"} & set(
            q.state.players["pilgrims"].skills
        ):
            bot = HeuristicBot("pilgrims", personality("pilgrims"), stream(0, "test"))
            assert bot.stock_value(q.state, "pilgrims") == 0.0  # no Skill left to spend a Crystal on
            assert bot.stock_value(p.state, "pilgrims") == 0.5
    assert 0 < held < 40 and changed > 0
    # only the games that hold it are replayed: their number, as ablate counts them
    result = ablate(sc, [unit], workers=1)
    assert result.games_played == 40 + held and result.values[0].games == held


def test_a_skill_nobody_holds_gives_no_pair_and_dealt_skills_their_reading() -> None:
    """Three players, "experienced": one deal (three games, the Initiative rotated) holds
    each invader's Default and one of its four other Skills; the three Skills nobody was
    dealt give no pair and are named, not valued, and are not replayed. A dealt Skill's
    second reading compares its holder's games with it and without it."""
    sc = load_scenario("three_player").with_overrides(games=3)
    module = get_game("cryhavoc")
    hooks = module.extra("ablation")
    content = content_for(sc)
    dealt = hooks.dealt(play_one(sc, content, 0, False, lines=False))
    humans = sorted(f"skill:{k}" for k, v in content.skills.items() if v.faction == "humans")
    held = [u for u in humans if ("humans", u) in dealt]
    nobody = [u for u in humans if u not in held]
    assert len(held) == 2 and len(nobody) == 3  # the Default and one at random
    result = ablate(sc, humans, workers=1)
    assert result.unpaired == tuple(nobody)
    assert {v.unit for v in result.values} == set(held) and result.games_played == 3 + 2 * 3
    # the Skill dealt at random has no games without it here (one deal); the Default none ever
    assert all(v.not_dealt_rate is None and v.dealt_gap is None for v in result.values)
    more = load_scenario("three_player").with_overrides(games=60)
    values = {v.unit: v for v in ablate(more, ["skill:humans.scouting", "skill:humans.recon_forces"]).values}
    assert values["skill:humans.scouting"].dealt_gap is None  # the Default: always held
    recon = values["skill:humans.recon_forces"]
    games = [play_one(more, content, i, False, lines=False) for i in range(60)]
    apart = [g for g in games if ("humans", "skill:humans.recon_forces") not in hooks.dealt(g)]
    assert recon.games == 60 - len(apart) and recon.not_dealt_rate == pytest.approx(
        sum("humans" in g.winners for g in apart) / len(apart)
    )
    assert recon.dealt_gap == pytest.approx(recon.with_rate - recon.not_dealt_rate)


def test_the_command_prints_the_same_skills_table_at_any_worker_count(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ablate`` on dealt Skills: the cost line, the 'won when not dealt' column, a Skill
    no game dealt named below the table; ``--json`` the same values at -j 1 and -j 2,
    nothing written."""
    import json

    from typer.testing import CliRunner

    from cryhavoc_sim.cli import app

    args = ["ablate", "three_player", "-n", "6", "-j"]  # two deals: each Human holds two of five
    asked = [f"--card=skill:humans.{s}" for s in ("scouting", "recon_forces", "veteran_forces")]
    asked += [f"--card=skill:humans.{s}" for s in ("forced_march", "frontier_survey")]
    monkeypatch.chdir(tmp_path)
    text = CliRunner().invoke(app, [*args, "1", *asked])
    one = CliRunner().invoke(app, [*args, "1", *asked, "--json"])
    two = CliRunner().invoke(app, [*args, "2", *asked, "--json"])
    assert text.exit_code == 0 and one.exit_code == 0 and two.exit_code == 0, text.output
    assert list(tmp_path.iterdir()) == []
    a, b = json.loads(one.output), json.loads(two.output)
    assert a["values"] == b["values"] and a["unpaired"] == b["unpaired"] and len(a["unpaired"]) == 2
    # the scenario's games, then each Skill's games that dealt it
    assert a["games_played"] == 6 + sum(v["games"] for v in a["values"]) == 6 + 6 + 3 + 3
    assert (a["seed"], a["scenario_games"]) == (3, 6)
    lines = text.output.splitlines()
    assert "the scenario's 6 games, then 12 replayed" in lines[0]
    assert lines[1].endswith("| won when not dealt (gap: when dealt less not)")
    assert any(
        line.startswith("skill:humans.scouting |") and line.endswith("| always held") for line in lines
    )
    assert lines[-2].startswith("No pair (no game of the 6 held it on exactly one side): skill:humans.")
    dealt = [v for v in a["values"] if v["games"] == 3]
    assert len(dealt) == 2 and all(v["dealt_gap"] is not None for v in dealt)


def test_a_mirror_match_gives_no_pair() -> None:
    """Both sides of a mirror match hold every card of their deck, and the match's winner
    is that deck in both twins: no pair (it read as one side that always won)."""
    sc = load_scenario("warcry_all_decks")
    hooks = get_game("warcry").extra("ablation")
    content = content_for(sc)
    mirrors = [i for i in range(32) if len(set(sc.setup.pairing(i).armies)) == 1]
    assert len(mirrors) == 8
    for i in mirrors:
        deck = sc.setup.pairing(i).armies[0]
        card = next(c for c in content.armies[deck].cards if content.cards[c].abilities)
        assert hooks.holders(content, sc.setup, i, card, frozenset()) == (deck, deck)
