"""Analysis metrics on tiny hand-built frames (polars.testing)."""

from __future__ import annotations

import polars as pl
from polars.testing import assert_frame_equal

from cryhavoc_sim import analysis as a
from cryhavoc_sim.games.cryhavoc import analysis as ch
from cryhavoc_sim.storage.schema import EVENTS, GAMES, SEATS


def frame(schema: dict, rows: list[dict]) -> pl.LazyFrame:  # type: ignore[type-arg]
    full = [{c: r.get(c) for c in schema} for r in rows]
    return pl.LazyFrame(full, schema=schema)


GAMES_ = frame(
    GAMES,
    [
        {
            "game_id": 0,
            "n_players": 2,
            "mode": "standard",
            "rounds_played": 5,
            "ended_by": "final_event",
            "lineup": "humans,pilgrims",
        },
        {
            "game_id": 1,
            "n_players": 2,
            "mode": "standard",
            "rounds_played": 4,
            "ended_by": "final_event",
            "lineup": "humans,pilgrims",
        },
        {
            "game_id": 2,
            "n_players": 3,
            "mode": "standard",
            "rounds_played": 5,
            "ended_by": "final_event",
            "lineup": "humans,machines,pilgrims",
        },
    ],
)
SEATS_ = frame(
    SEATS,
    [
        {
            "game_id": 0,
            "faction": "humans",
            "seat": 1,
            "is_npc": False,
            "final_vp": 10,
            "rank": 1,
            "won": True,
        },
        {
            "game_id": 0,
            "faction": "pilgrims",
            "seat": 2,
            "is_npc": False,
            "final_vp": 6,
            "rank": 2,
            "won": False,
        },
        {"game_id": 0, "faction": "trogs", "is_npc": True, "bot": "npc", "final_vp": 0, "won": False},
        {
            "game_id": 1,
            "faction": "humans",
            "seat": 2,
            "is_npc": False,
            "final_vp": 4,
            "rank": 2,
            "won": False,
        },
        {
            "game_id": 1,
            "faction": "pilgrims",
            "seat": 1,
            "is_npc": False,
            "final_vp": 9,
            "rank": 1,
            "won": True,
        },
        {
            "game_id": 2,
            "faction": "humans",
            "seat": 1,
            "is_npc": False,
            "final_vp": 12,
            "rank": 1,
            "won": True,
        },
        {
            "game_id": 2,
            "faction": "pilgrims",
            "seat": 2,
            "is_npc": False,
            "final_vp": 3,
            "rank": 3,
            "won": False,
        },
        {
            "game_id": 2,
            "faction": "machines",
            "seat": 3,
            "is_npc": False,
            "final_vp": 8,
            "rank": 2,
            "won": False,
        },
    ],
)
EVENTS_ = frame(
    EVENTS,
    [
        {
            "game_id": 0,
            "seq": 1,
            "round": 1,
            "faction": "humans",
            "kind": "vp",
            "amount": 4,
            "detail": "scoring_crystals",
        },
        {
            "game_id": 0,
            "seq": 2,
            "round": 3,
            "faction": "humans",
            "kind": "vp",
            "amount": 6,
            "detail": "battle_control",
        },
        {
            "game_id": 0,
            "seq": 3,
            "round": 2,
            "faction": "pilgrims",
            "kind": "vp",
            "amount": 6,
            "detail": "scoring_crystals",
        },
        {"game_id": 0, "seq": 4, "round": 2, "faction": "pilgrims", "kind": "scoring_enabled"},
        {
            "game_id": 1,
            "seq": 1,
            "round": 4,
            "faction": "humans",
            "kind": "vp",
            "amount": 4,
            "detail": "attrition",
        },
    ],
)


def test_win_rates_overall_count_only_players_with_wilson_intervals() -> None:
    out = a.win_rates(SEATS_, GAMES_).collect()
    assert out["faction"].to_list() == ["humans", "machines", "pilgrims"]  # no NPC Trogs
    assert out["games"].to_list() == [3, 1, 3] and out["wins"].to_list() == [2, 0, 1]
    humans = out.row(0, named=True)
    assert abs(humans["win_rate"] - 2 / 3) < 1e-12
    assert 0.2 < humans["ci_low"] < 2 / 3 < humans["ci_high"] < 1.0  # Wilson 95%: [0.208, 0.939]
    assert abs(humans["ci_low"] - 0.2077) < 1e-3 and abs(humans["ci_high"] - 0.9385) < 1e-3


def test_win_rates_by_player_count_and_seat() -> None:
    by_count = a.win_rates(SEATS_, GAMES_, by=("n_players",)).collect()
    assert by_count.filter(pl.col("faction") == "humans")["games"].to_list() == [2, 1]
    by_seat = a.win_rates(SEATS_, GAMES_, by=("seat",)).collect().filter(pl.col("faction") == "humans")
    assert by_seat["seat"].to_list() == [1, 2] and by_seat["wins"].to_list() == [2, 0]


def test_vp_by_source_and_distribution() -> None:
    src = a.vp_by_source(EVENTS_, SEATS_).collect()
    humans = src.filter(pl.col("faction") == "humans").sort("source")
    assert humans["source"].to_list() == ["attrition", "battle_control", "scoring_crystals"]
    assert humans["vp"].to_list() == [4, 6, 4] and humans["vp_per_game"].to_list() == [4 / 3, 2.0, 4 / 3]
    dist = a.vp_distribution(SEATS_).collect()
    assert dist.filter(pl.col("faction") == "humans")["mean"].item() == (10 + 4 + 12) / 3


def test_cumulative_vp_by_round_fills_quiet_rounds() -> None:
    out = a.cumulative_vp_by_round(EVENTS_, SEATS_).collect().filter(pl.col("faction") == "humans")
    # Game 0: 4, 4, 10, 10, 10; game 1: 0, 0, 0, 4, 4; game 2: 0 throughout.
    assert out["mean"].to_list() == [4 / 3, 4 / 3, 10 / 3, 14 / 3, 14 / 3]


def test_winning_margin_game_length_and_scoring_timing() -> None:
    margin = a.winning_margin(SEATS_).collect()
    expected = pl.DataFrame(
        {"faction": ["humans", "pilgrims"], "wins": [2, 1], "mean_margin": [(4 + 4) / 2, 5.0]}
    )
    assert_frame_equal(margin, expected, check_dtypes=False)
    length = ch.game_length(GAMES_).collect()
    assert length["rounds_played"].to_list() == [4, 5] and length["games"].to_list() == [1, 2]
    assert length["end"].to_list() == ["early: Event spots passed", "five Rounds"]
    timing = ch.scoring_enabled(EVENTS_, GAMES_).collect()
    assert timing.row(0, named=True) == {"faction": "pilgrims", "round": 2, "times": 1, "per_game": 1 / 3}


def _ev(rows: list[dict]) -> pl.LazyFrame:  # type: ignore[type-arg]
    return frame(EVENTS, rows)


def test_scoring_gain_leader_changes_and_final_round() -> None:
    ev = _ev(
        [
            # Round 1: Humans lead 3-1 before Scoring; Pilgrims enable and score 5: Pilgrims lead.
            {
                "game_id": 0,
                "seq": 1,
                "round": 1,
                "phase": "battle",
                "faction": "humans",
                "kind": "vp",
                "amount": 3,
                "detail": "battle_control",
            },
            {
                "game_id": 0,
                "seq": 2,
                "round": 1,
                "phase": "actions",
                "faction": "pilgrims",
                "kind": "vp",
                "amount": 1,
                "detail": "card_bonus",
            },
            {
                "game_id": 0,
                "seq": 3,
                "round": 1,
                "phase": "actions",
                "faction": "pilgrims",
                "kind": "scoring_enabled",
            },
            {
                "game_id": 0,
                "seq": 4,
                "round": 1,
                "phase": "scoring",
                "faction": "pilgrims",
                "kind": "vp",
                "amount": 5,
                "detail": "scoring_crystals",
            },
            {
                "game_id": 0,
                "seq": 5,
                "round": 1,
                "phase": "scoring",
                "faction": "humans",
                "kind": "vp",
                "amount": 1,
                "detail": "scoring_crystals",
            },
            # Round 2 (final): Humans act last and win with 4 more.
            {
                "game_id": 0,
                "seq": 6,
                "round": 2,
                "phase": "actions",
                "faction": "pilgrims",
                "kind": "action",
                "amount": 3,
            },
            {
                "game_id": 0,
                "seq": 7,
                "round": 2,
                "phase": "actions",
                "faction": "humans",
                "kind": "action",
                "amount": 3,
            },
            {
                "game_id": 0,
                "seq": 8,
                "round": 2,
                "phase": "scoring",
                "faction": "humans",
                "kind": "vp",
                "amount": 4,
                "detail": "scoring_crystals",
            },
        ]
    )
    games = frame(GAMES, [{"game_id": 0, "n_players": 2, "rounds_played": 2, "winner": "humans"}])
    gain = ch.scoring_gain(ev).collect().row(0, named=True)
    assert gain == {"enabler": "pilgrims", "round": 1, "times": 1, "enabler_vp": 5.0, "others_vp": 1.0}
    changes = ch.leader_changes(ev).collect()
    assert changes["changed"].to_list() == [1, 1]  # Humans -> Pilgrims in round 1, back in round 2
    final = ch.final_round(ev, games).collect().row(0, named=True)
    assert final == {
        "games": 1,
        "final_round_decides": 1.0,
        "last_actor_wins": 1.0,
        "by_chance": 0.5,
        "deals": 1,
        "last_actor_design_effect": 1.0,
    }


def test_battle_summary() -> None:
    ev = _ev(
        [
            {
                "game_id": 0,
                "seq": 1,
                "round": 1,
                "phase": "battle",
                "faction": "humans",
                "other_faction": "trogs",
                "kind": "battle_start",
                "region": "scorch",
            },
            {
                "game_id": 0,
                "seq": 2,
                "round": 1,
                "phase": "battle",
                "faction": "humans",
                "kind": "battle_objective",
                "region": "scorch",
                "detail": "region_control",
            },
            {
                "game_id": 0,
                "seq": 3,
                "round": 1,
                "phase": "battle",
                "faction": "humans",
                "other_faction": "trogs",
                "kind": "kill",
                "region": "scorch",
                "amount": 2,
            },
            {
                "game_id": 0,
                "seq": 4,
                "round": 1,
                "phase": "battle",
                "faction": "trogs",
                "other_faction": "humans",
                "kind": "kill",
                "region": "scorch",
                "amount": 1,
            },
            {
                "game_id": 0,
                "seq": 5,
                "round": 2,
                "phase": "battle",
                "faction": "humans",
                "other_faction": "trogs",
                "kind": "battle_start",
                "region": "foglands",
            },
            {
                "game_id": 0,
                "seq": 6,
                "round": 2,
                "phase": "battle",
                "faction": "trogs",
                "kind": "battle_objective",
                "region": "foglands",
                "detail": "region_control",
            },
            {
                "game_id": 0,
                "seq": 7,
                "round": 2,
                "phase": "battle",
                "faction": "trogs",
                "other_faction": "humans",
                "kind": "capture",
                "region": "foglands",
                "amount": 1,
            },
        ]
    )
    row = ch.battle_summary(ev).collect().row(0, named=True)
    assert row == {
        "attacker": "humans",
        "defender": "trogs",
        "battles": 2,
        "attacker_win_rate": 0.5,
        "killed_per_battle": 1.5,
        "captured_per_battle": 0.5,
    }


def test_battle_summary_by_terrain() -> None:
    ev = _ev(
        [
            {
                "game_id": 0,
                "seq": 1,
                "round": 1,
                "phase": "battle",
                "faction": "humans",
                "other_faction": "pilgrims",
                "kind": "battle_start",
                "region": "scorch",
            },
            {
                "game_id": 0,
                "seq": 2,
                "round": 1,
                "phase": "battle",
                "faction": "humans",
                "kind": "battle_objective",
                "region": "scorch",
                "detail": "region_control",
            },
            {
                "game_id": 0,
                "seq": 3,
                "round": 1,
                "phase": "battle",
                "faction": "humans",
                "other_faction": "pilgrims",
                "kind": "battle_start",
                "region": "foglands",
            },
            {
                "game_id": 0,
                "seq": 4,
                "round": 1,
                "phase": "battle",
                "faction": "pilgrims",
                "kind": "battle_objective",
                "region": "foglands",
                "detail": "region_control",
            },
        ]
    )
    terrains = pl.LazyFrame(
        {"region": ["scorch", "foglands"], "terrain": ["desert", None]},
        schema={"region": pl.String, "terrain": pl.String},
    )
    out = ch.battle_summary_by_terrain(ev, terrains).collect()
    assert out.select("terrain", "battles", "attacker_win_rate").rows() == [
        ("desert", 1, 1.0),
        ("none", 1, 0.0),
    ]


def test_bot_behaviour_rates_from_a_hand_made_log() -> None:
    """Two of Humans' Battles, one hopeless (2 Units against 2, none on Region Control)
    and one lone Unit that is not hopeless (1 against 0, on Region Control); an Action
    paid for that did nothing, one not paid for that did nothing, two that moved, and an
    empty one in the final Round (not counted); a paid Skill that changed nothing; a Move
    straight back along the path of an earlier one."""
    H, T = "humans", "trogs"
    rows = []

    def e(kind: str, faction: str | None, **kw: object) -> None:
        rows.append(
            {
                "game_id": 0,
                "seq": len(rows),
                "round": 1,
                "phase": "actions",
                "kind": kind,
                "faction": faction,
                **kw,
            }
        )

    e("action", H, amount=1, detail="move")
    e("discard", H, amount=1, detail="move")  # paid, nothing moved: empty
    e("action", H, amount=1, detail="build")  # not paid, nothing built: empty (a pass)
    e("action", H, amount=2, detail="move")
    e("discard", H, amount=1, detail="move")
    e("move", H, region="b", detail="a", amount=2)
    e("skill", T, detail="trogs.nest_call")
    e("unit_returned", T, region="c", amount=1, detail="trogs.nest_call")  # paid, then nothing: idle
    e("skill", T, detail="trogs.other")
    e("unit_returned", T, region="c", amount=1, detail="trogs.other")
    e("nest_placed", T, region="d")  # paid and did something
    e("action", H, amount=3, detail="move")
    e("discard", H, amount=1, detail="move")
    e("move", H, region="a", detail="b", amount=1)  # straight back
    for region, att_units, split, def_units in (("x", 2, "0/1/1", 2), ("y", 1, "1/0/0", 0)):
        e("battle_start", H, phase="battle", other_faction=T, region=region)
        e("battle_placement", H, phase="battle", region=region, amount=att_units, detail=split)
        e("battle_placement", T, phase="battle", region=region, amount=def_units, detail=f"{def_units}/0/0")
    e("action", H, amount=1, detail="move", round=2)  # the final Round: a pass is no blunder
    events = frame(EVENTS, rows)
    seats = frame(SEATS, [{"game_id": 0, "faction": f, "is_npc": False} for f in (H, T)])
    got = {r["faction"]: r for r in ch.bot_behaviour(events, seats).collect().to_dicts()}
    h, t = got[H], got[T]
    assert h["battles"] == 2 and h["hopeless_attack_rate"] == 0.5 and h["lone_unit_attack_rate"] == 0.5
    assert h["actions"] == 4 and h["empty_action_rate"] == 0.5
    assert h["back_and_forth_moves_per_game"] == 1.0
    assert t["paid_skills"] == 2 and t["idle_paid_skill_rate"] == 0.5 and t["battles"] == 0
    assert t["hopeless_attack_rate"] is None


def test_the_last_actor_finding_counts_deals() -> None:
    """Acting last wins 43% against a third by chance: beyond doubt over 300 independent
    games, not when their deals decide them three at a time (design effect 3)."""
    from cryhavoc_sim.games.cryhavoc.report import final_round_findings

    def final(design_effect: float) -> pl.DataFrame:
        return pl.DataFrame(
            {
                "games": [300],
                "final_round_decides": [0.1],
                "last_actor_wins": [0.43],
                "by_chance": [1 / 3],
                "deals": [100],
                "last_actor_design_effect": [design_effect],
            }
        )

    assert any("last player to act" in f for f in final_round_findings(final(1.0)))
    assert not any("last player to act" in f for f in final_round_findings(final(3.0)))


def test_kit_use_counts_held_used_and_built_items_from_a_hand_made_log() -> None:
    """Two games of the Humans: game 0 holds Scouting and Recon Forces and uses Scouting
    twice, builds a Watchtower (once by the Action, once by a Skill: ``id|cause``) and
    activates it; game 1 holds Scouting only and uses nothing. The Trogs (no setup row:
    not a player) act and are not counted. The kit names Forced March (never dealt) and
    the Airfield (never built)."""
    H = "humans"
    rows: list[dict[str, object]] = []

    def e(game: int, kind: str, faction: str, detail: str) -> None:
        rows.append(
            {
                "game_id": game,
                "seq": len(rows),
                "round": 1,
                "phase": "actions",
                "kind": kind,
                "faction": faction,
                "detail": detail,
            }
        )

    e(0, "setup", H, "humans.scouting,humans.recon_forces")
    e(0, "skill", H, "humans.scouting")
    e(0, "skill", H, "humans.scouting")
    e(0, "build", H, "humans.watchtower")
    e(0, "build", H, "humans.watchtower|humans.recon_forces")
    e(0, "activate", H, "humans.watchtower")
    e(0, "skill", "trogs", "trogs.nest_call")
    e(1, "setup", H, "humans.scouting")
    items = pl.LazyFrame(
        [
            (H, "Skill", "humans.scouting"),
            (H, "Skill", "humans.recon_forces"),
            (H, "Skill", "humans.forced_march"),
            (H, "Structure", "humans.watchtower"),
            (H, "Structure", "humans.airfield"),
            ("trogs", "Skill", "trogs.nest_call"),
        ],
        schema=ch.kit.ITEMS_SCHEMA,
        orient="row",
    )
    got = {r["item"]: r for r in ch.kit_use(frame(EVENTS, rows), items).collect().to_dicts()}
    assert set(got) == {
        "humans.scouting",
        "humans.recon_forces",
        "humans.forced_march",
        "humans.watchtower",
        "humans.airfield",
    }
    assert got["humans.scouting"] == {
        "faction": H,
        "kind": "Skill",
        "item": "humans.scouting",
        "games_held": 2,
        "used_in": 0.5,
        "uses_per_game": 1.0,
        "built_per_game": None,
    }
    assert got["humans.recon_forces"]["games_held"] == 1 and got["humans.recon_forces"]["used_in"] == 0.0
    assert got["humans.forced_march"]["games_held"] == 0 and got["humans.forced_march"]["used_in"] is None
    w = got["humans.watchtower"]
    assert (w["games_held"], w["used_in"], w["uses_per_game"], w["built_per_game"]) == (2, 0.5, 0.5, 1.0)
    a_ = got["humans.airfield"]
    assert (a_["games_held"], a_["used_in"], a_["built_per_game"]) == (2, 0.0, 0.0)
    # without the kit, only what was held or done shows
    bare = {r["item"] for r in ch.kit_use(frame(EVENTS, rows)).collect().to_dicts()}
    assert bare == {"humans.scouting", "humans.recon_forces", "humans.watchtower"}
