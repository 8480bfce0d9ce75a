"""The learned policy (bots/policy.py, bots/policy_features.py, bots/learned.py) and its
trainer (tuning/policy.py, cryhavoc-sim train-policy): features from the player's
observation only, legal complete games in every seat, its names, its guard against a
Tactics loop, deterministic training at any number of workers, a fit that recovers
what the expert measured, the shipped policy's strength, and no search or policy Action
that does nothing. The trainer's tests skip when scikit-learn is absent (the ``train``
extra)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.candidates import candidates, is_searched
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.learned import model_names, shipped_policy
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
from cryhavoc_sim.games.cryhavoc.bots.policy import PolicyBot
from cryhavoc_sim.games.cryhavoc.bots.policy_features import ATTRIBUTES, CONTEXT, LAYOUT, context, describe
from cryhavoc_sim.games.cryhavoc.bots.registry import bot_problem
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize, observation
from cryhavoc_sim.games.harness.play import named_bot
from cryhavoc_sim.games.policy.model import PolicyModel, Table, parse_policy
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import parse_scenario
from tests.contract.test_clone import new_game


@pytest.mark.parametrize("index", [0, 1, 2, 3])  # 2, 3, 4 players and solo
def test_features_read_only_what_the_player_sees(index: int) -> None:
    """Two worlds the player cannot tell apart (a determinization) give the same
    candidates, descriptors, attributes and context at every decision the policy
    scores; and the features move as the game does (a constant would pass the first)."""
    game, walkers = new_game(index)
    game.start()
    seen: set[tuple[float, ...]] = set()
    checked = 0
    while game.request is not None:
        d = game.request
        me = d.faction
        if is_searched(d, me) and not game.is_npc(me) and checked < 80:
            helper = HeuristicBot(me, personality(me), stream(index, "test:helper"))
            cands = candidates(helper, d, game)
            descs, attrs = describe(helper, d, game, cands)
            ctx = context(game, me)
            assert len(ctx) == len(CONTEXT) and all(math.isfinite(v) for v in ctx)
            assert all(len(a) == len(ATTRIBUTES[d.kind]) and all(math.isfinite(v) for v in a) for a in attrs)
            for k in range(2):
                other = determinize(game, me, stream(index * 10 + k, "test:world"))
                assert observation(other, me) == observation(game, me)
                assert other.request is not None
                twin = HeuristicBot(me, personality(me), stream(index, "test:helper"))
                there = candidates(twin, other.request, other)
                assert [key for key, _ in there] == [key for key, _ in cands], d.kind
                assert describe(twin, other.request, other, there) == (descs, attrs), d.kind
                assert context(other, me) == ctx
            seen.add(tuple(ctx))
            checked += 1
        game.apply(walkers[me].decide(d, game))
    assert checked >= 20 and len(seen) > 5


def test_the_shipped_policies_fit_the_features_and_name_their_making() -> None:
    assert model_names()
    for name in model_names():
        model = shipped_policy(name)
        assert parse_policy(model.to_json(LAYOUT), "again", LAYOUT).tables == model.tables
        p = model.provenance
        assert p["iteration"] == int(name) and p["seed"] and p["games"] and "expert" in p
        sides = {key.partition(".")[0] for key in model.tables}
        assert sides == {"humans", "machines", "pilgrims", "trogs"}  # the Trog player too


CASES = {
    "2 players": 'players = 2\nfactions = ["humans", "pilgrims"]',
    "3 players": "players = 3",
    "4 players": 'players = 4\nexperience = "veteran"',
    "solo": 'mode = "solo"\nplayers = 1\nfactions = ["machines"]\ndifficulty = 3',
}


@pytest.mark.parametrize("bot", ["learned", "learned~0.05", "learned/no-battles"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_learned_policy_plays_every_seat_to_the_end(case: str, bot: str) -> None:
    """Every answer goes through the engine's validation (an illegal one raises)."""
    for seed in (4, 5):
        text = f'[scenario]\nname = "learned"\ngames = 1\nseed = {seed}\n{CASES[case]}\n\n[bots]\ndefault = "{bot}"\n'
        sc = parse_scenario(text)
        game = play_one(sc, load_content(), 0, True, lines=False).state
        assert game.outcome is not None and game.request is None
        if bot.endswith("/no-battles"):
            invaders = set(game.player_factions)
            starts = [e for e in game.events if e.kind == "battle_start" and e.faction in invaders]
            assert not starts


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("learned@nope", "names the model 'nope', which is not shipped"),
        ("learned@", "names the model '', which is not shipped"),
        ("learned~", "has the temperature ''"),
        ("learned~hot", "has the temperature 'hot'"),
        ("learned~-0.1", "has the temperature '-0.1'"),
        ("learned~nan", "has the temperature 'nan'"),
        ("learned~inf", "has the temperature 'inf'"),
        ("learned~10.5", "has the temperature '10.5'"),
        ("learned~１", "has the temperature '１'"),
        ("learned@1~x", "has the temperature 'x'"),
    ],
)
def test_a_bad_learned_name_is_one_sentence(name: str, fragment: str) -> None:
    problem = bot_problem(name, "humans")
    assert problem is not None and fragment in problem and "allowed" in problem
    with pytest.raises(ScenarioError, match="bot"):
        parse_scenario(f'[scenario]\nname = "x"\ngames = 1\nplayers = 3\n\n[bots]\ndefault = "{name}"\n')


@pytest.mark.parametrize("name", ["learned", "learned~0", "learned~0.05", "learned/no-skills"])
def test_learned_names(name: str) -> None:
    assert bot_problem(name, "pilgrims") is None
    for model in model_names():
        assert bot_problem(f"learned@{model}~1", "trogs") is None


def meditating() -> PolicyModel:
    """A policy whose Pilgrims always play Meditation in a Battle ("Battle: draw 1 card"),
    which can draw itself back once the deck is empty: without the guard it loops."""
    tables = {"pilgrims.tactic": Table((0.0, 0.0, 0.0, 0.0), {"pilgrims.meditation": (1.0,) * len(CONTEXT)})}
    return PolicyModel(LAYOUT.game, LAYOUT.version, tables)


def test_a_play_that_changed_nothing_is_not_made_again() -> None:
    """Seed 5's first two-player deal drew Meditation back forever before the guard (the
    game did not end in 100,000 answers); every game now ends, and the Pilgrims play
    Meditation at most once per Battle position."""
    from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game as make
    from cryhavoc_sim.games.cryhavoc.engine.playout import setup_for
    from cryhavoc_sim.games.cryhavoc.rules import RULES
    from cryhavoc_sim.games.cryhavoc.state import CryHavocState, DeciderBot
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.seeds import Seeds
    from cryhavoc_sim.rng import game_seed

    played = 0
    for deal in range(4):
        seeds = Seeds(game_seed(5, deal))
        game = make(
            load_content(), setup_for(("humans", "pilgrims"), "first_time"), seeds.game(), record_events=True
        )
        state = CryHavocState(game)
        bots: dict[str, Any] = {
            "humans": named_bot(RULES, "heuristic", "humans", seeds.bot("humans")),
            "pilgrims": DeciderBot(PolicyBot("pilgrims", meditating(), seeds.bot("pilgrims"))),
        }
        play(state, bots, limit=20_000)
        assert game.outcome is not None
        played += sum(e.kind == "card_played" and e.detail == "pilgrims.meditation" for e in game.events)
    assert played >= 1  # the policy did play it


def test_no_action_that_does_nothing_before_the_last_round() -> None:
    """Neither a search nor the learned policy takes an Action that does nothing (a Move
    with no target, a Build with nothing to build) before the game's last Round (bots
    version 7): the blunder table's ``empty_action_rate`` is 0 for them."""
    import polars as pl

    from cryhavoc_sim.games.cryhavoc.analysis.behaviour import bot_behaviour
    from cryhavoc_sim.games.cryhavoc.engine.log import STORED_EVENT_COLUMNS

    for bot in ("paired-leaf:4", "learned"):
        events: list[dict[str, Any]] = []
        seats: list[dict[str, Any]] = []
        for game_id in range(3):
            text = f'[scenario]\nname = "e"\ngames = 3\nseed = 9\nplayers = 3\n\n[bots]\ndefault = "{bot}"\n'
            sc = parse_scenario(text)
            game = play_one(sc, load_content(), game_id, True, lines=False).state
            for e in game.events:
                events.append({"game_id": game_id, **dict(zip(STORED_EVENT_COLUMNS, e, strict=False))})
            seats += [{"game_id": game_id, "faction": f, "is_npc": False} for f in game.player_factions]
        frame = pl.DataFrame(events, infer_schema_length=None).lazy()
        table = bot_behaviour(frame, pl.DataFrame(seats).lazy()).collect()
        assert table["actions"].sum() > 50
        assert table["empty_action_rate"].max() == 0.0, (bot, table)


def test_training_records_are_the_same_at_any_number_of_workers() -> None:
    """The heuristic's games labelled by the paired expert (values in [0, 1]) and a
    policy's games labelled by ISMCTS whose rollouts the policy plays (visit shares):
    the same records in the same order in one process and in two."""
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    for model, expert in ((None, "paired-leaf:2"), (shipped_policy("1"), "ismcts:4")):
        one = policy.sample("cryhavoc", 6, 3, model, 0.3, expert, 1, None, model)
        two = policy.sample("cryhavoc", 6, 3, model, 0.3, expert, 2, None, model)
        assert one == two and one[0] and one[1]
        tables = {r[0] for r in one[0]}
        assert any(t.endswith(".turn") for t in tables) and any(t.endswith(".place_units") for t in tables)
        for _, descs, attrs, ctx, targets in one[0]:
            assert len(descs) == len(attrs) == len(targets) >= 2 and len(ctx) == len(CONTEXT)
            assert all(0.0 <= v <= 1.0 for v in targets)
            if expert.startswith("ismcts"):  # the shares of 4 iterations' visits
                assert sum(targets) == pytest.approx(1.0)
                assert all(4 * v == pytest.approx(round(4 * v)) for v in targets)


def test_labelling_changes_nothing_in_the_game() -> None:
    """The expert draws on streams of its own: a game sampled at any rate is the game its
    bots play unlabelled from the same seed."""
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.tuning import policy

    pytest.importorskip("sklearn")
    plug = policy.policy_game("cryhavoc")
    seed, setup = plug.setup(8, 2)  # four players
    state = plug.new_state(setup, seed)
    play(state, plug.bots(state, dict.fromkeys(state.players, None), seed))
    finals = []
    original = plug.new_state
    for rate in (0.2, 1.0):
        made: list[Any] = []

        def keep(setup: Any, s: int, made: list[Any] = made) -> Any:
            made.append(original(setup, s))
            return made[-1]

        plug.new_state = keep  # type: ignore[method-assign]
        try:
            assert policy.sample_game("cryhavoc", 8, 2, None, rate, "paired-leaf:1")
        finally:
            plug.new_state = original  # type: ignore[method-assign]
        finals.append(made[0].fingerprint())
    assert finals == [state.fingerprint()] * 2


def test_a_fit_recovers_what_the_expert_measured() -> None:
    """Synthetic decisions whose candidates are worth 0.05 per unit of the first
    attribute, and 0.02 more per Round when the descriptor is "draw": the ridge finds
    both (the table's constant per descriptor cancels within a decision)."""
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    rng = stream(1, "test:fit")
    records: list[policy.Record] = []
    for _ in range(400):
        round_ = float(rng.randint(1, 5))
        ctx = [round_] + [0.0] * (len(CONTEXT) - 1)
        descs = ["move", "draw", "recruit"]
        attrs = [[rng.random() * 4, 0.0, 0.0] for _ in descs]
        values = [
            0.3 + 0.05 * a[0] + (0.02 * round_ if d == "draw" else 0.0)
            for d, a in zip(descs, attrs, strict=True)
        ]
        records.append(("humans.turn", descs, attrs, ctx, values))
    table = policy.fit_table(records, 3, len(CONTEXT), "values")
    assert table.attributes[0] == pytest.approx(0.05, abs=0.002)
    assert table.descriptors["draw"][0] - table.descriptors["move"][0] == pytest.approx(0.02, abs=0.002)
    model = PolicyModel(LAYOUT.game, LAYOUT.version, {"humans.turn": table})
    assert policy.scores(model, records)["agreement"] > 0.95
    assert policy.scores(model, records)["regret"] < policy.scores(None, records)["regret"]


def test_a_fit_recovers_the_expert_s_choices() -> None:
    """Synthetic decisions whose expert picks in proportion to exp(2 x the first
    attribute + 0.5 x the Round for "draw"): the conditional logit finds both weights."""
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    rng = stream(1, "test:fit")
    records: list[policy.Record] = []
    for _ in range(3000):
        round_ = float(rng.randint(1, 5))
        ctx = [round_] + [0.0] * (len(CONTEXT) - 1)
        descs = ["move", "draw", "recruit"]
        attrs = [[rng.random() * 2, 0.0, 0.0] for _ in descs]
        logits = [
            2.0 * a[0] + (0.5 * round_ if d == "draw" else 0.0) for d, a in zip(descs, attrs, strict=True)
        ]
        weights = [math.exp(v) for v in logits]
        u = rng.random() * sum(weights)
        pick = 0 if u < weights[0] else 1 if u < weights[0] + weights[1] else 2
        records.append(("humans.turn", descs, attrs, ctx, [1.0 if i == pick else 0.0 for i in range(3)]))
    table = policy.fit_table(records, 3, len(CONTEXT), "shares")
    assert table.attributes[0] == pytest.approx(2.0, rel=0.1)
    draw_vs_move = table.descriptors["draw"][0] - table.descriptors["move"][0]
    assert draw_vs_move == pytest.approx(0.5, rel=0.15)
    model = PolicyModel(LAYOUT.game, LAYOUT.version, {"humans.turn": table})
    fitted = policy.scores(model, records, "shares")
    assert fitted["agreement"] > policy.scores(None, records, "shares")["agreement"]


def test_train_policy_writes_policies_the_bot_plays() -> None:
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    its = policy.train_policy(
        "cryhavoc", games=10, seed=2, iterations=2, rate=0.3, expert="paired-leaf:2", deals=2
    )
    assert [it.model.provenance["iteration"] for it in its] == [1, 2]
    p1, p2 = its[0].model.provenance, its[1].model.provenance
    assert p1["games_played_by"] == p1["expert_rollouts"] == "heuristic" and p1["labels"] == "values"
    assert p2["games_played_by"] == p2["expert_rollouts"] == "iteration 1 policy"
    assert its[1].against_last is not None and its[1].against_last.games == 4
    assert not its[0].seats and "among_heuristic_players" not in p1
    text = its[1].model.to_json(LAYOUT)
    assert "NaN" not in text
    again = parse_policy(text, "x", LAYOUT)
    assert json.loads(again.to_json(LAYOUT)) == json.loads(text)
    for it in its:
        assert it.scores["decisions"] > 0 and math.isfinite(it.scores["regret"])
    assert PolicyBot("humans", again, stream(1, "x")).tables
    fixed = policy.train_policy(
        "cryhavoc", games=5, seed=2, iterations=2, rate=0.3, expert="ismcts:2", fixed_expert=True
    )
    assert fixed[1].model.provenance["expert_rollouts"] == "heuristic"
    assert fixed[1].model.provenance["labels"] == "shares"
    fielded = policy.train_policy(
        "cryhavoc", games=5, seed=2, iterations=1, rate=0.3, expert="paired-leaf:2", field_deals=4
    )
    among = fielded[0].model.provenance["among_heuristic_players"]
    assert sorted(among) == ["1", "2", "3", "4"] and len(fielded[0].seats) >= 10
    assert sum(games for games, _, _ in among["4"].values()) == 4


def test_bad_training_counts_are_one_sentence() -> None:
    from cryhavoc_sim.tuning import policy

    for kwargs, fragment in (
        ({"games": 4}, "games is 4; allowed: a whole number from 5"),
        ({"iterations": 0}, "iterations is 0; allowed: a whole number from 1 to 10"),
        ({"rate": 0.0}, "rate is 0.0; allowed: a number above 0 and at most 1"),
        ({"rate": math.nan}, "rate is nan"),
        ({"expert": "heuristic"}, "expert 'heuristic' is not a search"),
        ({"expert": "ismcts:0"}, "expert 'ismcts:0' has the budget '0'"),
        (
            {"expert": "ismcts:5000"},
            "has the budget '5000'; allowed: ismcts:<N> with N iterations from 1 to 1,000",
        ),
        ({"expert": "paired:8:hunter"}, "is not a search"),
        ({"workers": 0}, "workers is 0; allowed"),
        ({"deals": -1}, "deals is -1; allowed"),
        ({"field_deals": 1.5}, "field deals is 1.5; allowed: a whole number from 0"),
        ({"game": "chess"}, "which has no learned policy yet"),
    ):
        with pytest.raises(ScenarioError, match=fragment.replace("(", r"\(")):
            policy.train_policy(**kwargs)  # type: ignore[arg-type]


def test_the_field_check_plays_each_seat_among_heuristic_players() -> None:
    """``field`` plays the policy one seat at a time among heuristic players, at every
    player count, the same at any number of workers; a policy that plays the heuristic's
    worst Action wins far less often in each seat than the heuristic does there."""
    from cryhavoc_sim.tuning import policy

    worst = Table((-1.0, 0.0, 0.0), {})
    sides = ("humans", "machines", "pilgrims", "trogs")
    model = PolicyModel(LAYOUT.game, LAYOUT.version, {f"{f}.turn": worst for f in sides})
    seats = policy.field("cryhavoc", model, 16, 5, 1)
    assert policy.field("cryhavoc", model, 16, 5, 2) == seats
    by_count: dict[int, set[str]] = {}
    games: dict[int, int] = {}
    for s in seats:
        by_count.setdefault(s.players, set()).add(s.side)
        games[s.players] = games.get(s.players, 0) + s.games
    # 16 deals cycle through 2, 3, 4 players and solo: 4 deals a count, every seat of each
    assert games == {1: 4, 2: 8, 3: 12, 4: 16} and "trogs" in by_count[4]
    assert {s.players: s.deals for s in seats} == {1: 4, 2: 4, 3: 4, 4: 4}
    heuristic = sum(s.heuristic_wins for s in seats)
    assert heuristic >= 8
    assert sum(s.policy_wins for s in seats) <= heuristic / 2
