"""The learned leaf value (bots/features.py, bots/value_model.py, tuning/value.py) and the
search that uses it (bots/leaf.py, ``ismcts-leaf``): features from the player's
observation only, coefficients that round-trip, the pure-Python prediction equal to
scikit-learn's, deterministic training, and legal complete games in every seat.
The scikit-learn tests skip when it is not installed (the ``train`` extra)."""

from __future__ import annotations

import json
import math

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cryhavoc.bots.features import FEATURES, FEATURES_VERSION, features
from cryhavoc_sim.games.cryhavoc.bots.registry import bot_problem
from cryhavoc_sim.games.cryhavoc.bots.value_model import (
    SHIPPED,
    ValueModel,
    load_model,
    parse_model,
    shipped_model,
)
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine.visibility import determinize, observation
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import parse_scenario
from cryhavoc_sim.tuning import value
from tests.conftest import seat_decider
from tests.contract.test_clone import new_game


@pytest.mark.parametrize("index", [0, 1, 2, 3])  # 2, 3, 4 players and solo
def test_features_read_only_what_the_player_sees(index: int) -> None:
    """Two worlds the player cannot tell apart (a determinization: other hands, deck
    orders, face-down tokens re-drawn) give the same features; and the features move
    as the game does (a constant would pass the first check)."""
    game, walkers = new_game(index)
    game.start()
    seen: set[tuple[float, ...]] = set()
    checked = 0
    while game.request is not None:
        me = game.request.faction
        if me in game.player_factions and checked < 60:
            here = features(game, me)
            assert len(here) == len(FEATURES) and all(math.isfinite(v) for v in here)
            for k in range(2):
                other = determinize(game, me, stream(index * 10 + k, "test:world"))
                assert observation(other, me) == observation(game, me)
                assert features(other, me) == here, (me, game.request.kind)
            seen.add(tuple(here))
            checked += 1
        game.apply(walkers[game.request.faction].decide(game.request, game))
    assert checked >= 20 and len(seen) > 5


def test_the_shipped_model_matches_the_features_and_round_trips() -> None:
    model = shipped_model()
    assert len(model.coef) == len(FEATURES)
    assert parse_model(model.to_json(), "again") == model
    assert json.loads(SHIPPED.read_text())["features_version"] == FEATURES_VERSION
    # a position 10 points ahead in the last Round is worth much more than one 10 behind
    ahead = [0.0] * len(FEATURES)
    behind = [0.0] * len(FEATURES)
    for name, v in (("round", 5.0), ("final_round", 1.0), ("players_3", 1.0), ("faction_humans", 1.0)):
        ahead[FEATURES.index(name)] = behind[FEATURES.index(name)] = v
    for name in ("vp_lead", "standing_lead", "projected_lead"):
        ahead[FEATURES.index(name)], behind[FEATURES.index(name)] = 10.0, -10.0
    ahead[FEATURES.index("lead_x_round")], behind[FEATURES.index("lead_x_round")] = 50.0, -50.0
    assert model.predict(ahead) - model.predict(behind) > 0.4


def _doc(**change: object) -> str:
    doc = json.loads(SHIPPED.read_text())
    doc.update(change)
    return json.dumps(doc)


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"game": "warcry"}, "a value model of the game 'warcry'; allowed: 'cryhavoc'"),
        ({"features_version": "cryhavoc-features-0"}, "fitted on the feature set 'cryhavoc-features-0'"),
        ({"features": list(FEATURES[:-1])}, "its features do not match"),
        ({"features": [*FEATURES[1:], FEATURES[0]]}, "in another order"),
        ({"features": [*FEATURES[:-1], "hidden_hand"]}, "unknown ['hidden_hand']"),
        ({"coef": [1.0] * (len(FEATURES) - 1)}, "must be"),
        ({"intercept": float("nan")}, "must be"),
        ({"coef": [True] * len(FEATURES)}, "must be"),
    ],
)
def test_a_model_of_other_features_is_one_sentence(change: dict[str, object], fragment: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_model(_doc(**change), "m.json")
    message = str(err.value)
    assert fragment in message and message.startswith("m.json: ") and "\n" not in message


def test_a_model_file_that_is_not_json_or_absent(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    bad = tmp_path / "m.json"
    bad.write_text("{")
    with pytest.raises(ScenarioError, match="not a JSON value model"):
        load_model(bad)
    with pytest.raises(ScenarioError, match="no such value model file"):
        load_model(tmp_path / "none.json")


def test_the_leaf_bot_names() -> None:
    assert bot_problem("ismcts-leaf", "humans") is None
    assert bot_problem("ismcts-leaf:7", "pilgrims") is None
    problem = bot_problem("ismcts-leaf:0", "humans")
    assert problem is not None and "ismcts-leaf:<N>" in problem
    assert bot_problem("paired-leaf", "machines") is None
    assert bot_problem("paired-leaf:12/no-skills", "humans") is None
    problem = bot_problem("paired-leaf:x", "humans")
    assert problem is not None and "allowed: paired-leaf:<N> with N rollouts" in problem
    from cryhavoc_sim.games.search.ismcts import Ismcts
    from cryhavoc_sim.games.search.paired import Paired

    paired = seat_decider("paired-leaf:12", "humans", 1)
    ismcts = seat_decider("ismcts-leaf", "humans", 1)
    assert paired.name == "paired-leaf:12" and isinstance(paired.search, Paired)  # type: ignore[attr-defined]
    assert ismcts.name == "ismcts-leaf:24" and isinstance(ismcts.search, Ismcts)  # type: ignore[attr-defined]


CASES = {
    "2 players": 'players = 2\nfactions = ["humans", "machines"]',
    "3 players": "players = 3",
    "4 players": 'players = 4\nexperience = "veteran"',
    "solo": 'mode = "solo"\nplayers = 1\nfactions = ["pilgrims"]\ndifficulty = 3',
}


@pytest.mark.parametrize("bot", ["ismcts-leaf:2", "paired-leaf:2"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_leaf_search_plays_every_seat_to_the_end(case: str, bot: str) -> None:
    """Every answer goes through the engine's validation (an illegal one raises)."""
    text = f'[scenario]\nname = "leaf"\ngames = 1\nseed = 4\n{CASES[case]}\n\n[bots]\ndefault = "{bot}"\n'
    sc = parse_scenario(text)
    game = play_one(sc, load_content(), 0, False, lines=False).state
    assert game.outcome is not None and game.request is None


@pytest.mark.parametrize("bot", ["ismcts-leaf:6", "paired-leaf:6"])
@pytest.mark.parametrize("index", [1, 2])  # 3 and 4 players
def test_the_leaf_search_answers_the_same_in_worlds_its_player_cannot_tell_apart(
    index: int, bot: str
) -> None:
    game, walkers = new_game(index)
    picker = stream(index, "test:fair-leaf")
    game.start()
    asked = 0
    while game.request is not None and asked < 4:
        request = game.request
        faction = request.faction
        if faction in game.player_factions and picker.random() < 0.1:
            other = determinize(game, faction, stream(index, "fair:world"))
            assert other.request is not None
            here = seat_decider(bot, faction, asked).decide(request, game)
            there = seat_decider(bot, faction, asked).decide(other.request, other)
            assert here == there, (faction, request.kind)
            asked += 1
        game.apply(walkers[faction].decide(request, game))
    assert asked >= 3


def test_score_is_log_loss_and_accuracy() -> None:
    model = ValueModel((0.0,) * len(FEATURES), 0.0)  # 0.5 everywhere
    rows = [([0.0] * len(FEATURES), 1), ([0.0] * len(FEATURES), 0)]
    s = value.score(model, rows)
    assert s["log_loss"] == pytest.approx(math.log(2), abs=1e-6)


def test_training_is_deterministic_and_predicts_as_scikit_learn() -> None:
    sklearn = pytest.importorskip("sklearn")
    del sklearn
    import numpy as np
    from sklearn.linear_model import LogisticRegression

    first = value.train_value(12, seed=3, bot="heuristic", rate=0.1, target="win", at="rate")
    again = value.train_value(12, seed=3, bot="heuristic", rate=0.1, target="win", at="rate")
    other = value.train_value(12, seed=4, bot="heuristic", rate=0.1, target="win", at="rate")
    assert first.model.to_json() == again.model.to_json()
    assert first.model.to_json() != other.model.to_json()
    assert first.train_rows > 20 and first.holdout_rows > 0

    # the shipped form (raw-feature coefficients) predicts as scikit-learn's own fit
    train, _ = value.sample(12, 3, "heuristic", 0.1, "win")
    x = np.array([r[0] for r in train])
    y = np.array([r[1] for r in train])
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale[scale == 0.0] = 1.0
    clf = LogisticRegression(C=value.C, max_iter=2000).fit((x - mean) / scale, y)
    theirs = clf.predict_proba((x - mean) / scale)[:, 1]
    ours = [first.model.predict(list(row)) for row in x]
    assert np.allclose(ours, theirs, atol=1e-6)


def test_training_without_both_outcomes_is_one_sentence() -> None:
    with pytest.raises(Exception, match="hold"):
        value.fit([([0.0] * len(FEATURES), 1)], {})


def test_bad_counts_are_one_sentence() -> None:
    with pytest.raises(ScenarioError, match="allowed: a whole number from 1 to"):
        value.check_counts(0, 1, 0.1)
    with pytest.raises(ScenarioError, match="allowed: a number above 0 and at most 1"):
        value.check_counts(5, 1, 0.0)
    with pytest.raises(ScenarioError, match="workers is 0; allowed: a whole number from 1 to"):
        value.check_counts(5, 1, 0.1, 0)
    with pytest.raises(ScenarioError, match="allowed: rounds, rate"):
        value.train_value(1, 1, bot="heuristic", at="turns")
    for bot in ("ismcts:8", "ismcts-leaf", "paired-leaf:4", "automaton"):
        with pytest.raises(ScenarioError, match="cannot play the self-play games; allowed: random"):
            value.train_value(1, 1, bot=bot)


def test_rows_at_rounds_are_every_round_s_first_state_for_every_player() -> None:
    """``at = "rounds"``: one row per player at the first state of each Round after the
    first (where the search's rollouts stop), whatever ``rate`` says; a game's rows
    number the player count times the Rounds it reached beyond the first."""
    from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec

    for index in range(4):  # 2, 3, 4 players and solo
        rows = list(value.sample_game(2, index, "heuristic", 0.01, "win", "rounds"))
        _, factions, _ = playout_spec(2, index)
        rounds = {x[FEATURES.index("round")] for x, _ in rows}
        assert rows and len(rows) == len(factions) * len(rounds), index
        assert min(rounds) == 2.0 and rounds == set(range(2, int(max(rounds)) + 1)), index
        assert sum(y for _, y in rows) in (0.0, len(rounds)), index  # one winner, or the Trogs (solo)
    assert list(value.sample_game(2, 0, "heuristic", 0.9, "win", "rounds")) == list(
        value.sample_game(2, 0, "heuristic", 0.01, "win", "rounds")
    )


def test_search_self_play_gives_the_same_rows_at_any_number_of_workers() -> None:
    """The shipped recipe (paired:16 in every seat, rows at Round starts), on a few games:
    the same rows in the same order in one process and in two (nine games: both workers
    play some, and game 4 is held out)."""
    one = value.sample(9, 5, "paired:2", target="win", at="rounds", workers=1)
    two = value.sample(9, 5, "paired:2", target="win", at="rounds", workers=2)
    assert one == two and one[0] and one[1]


def test_the_round_target_is_today_s_leaf_value_at_the_next_round() -> None:
    """``target = "round"``: each row's target is today's search's value of the position
    where its full rollout would stop (the next Round's start, or the game's end)."""
    rows = list(value.sample_game(1, 1, "heuristic", 0.2, "round"))
    wins = list(value.sample_game(1, 1, "heuristic", 0.2, "win"))
    assert len(rows) == len(wins) > 10
    targets = [y for _, y in rows]
    assert all(0.0 <= y <= 1.0 for y in targets)
    assert any(0.0 < y < 1.0 for y in targets)  # not only results
    assert sorted(tuple(x) for x, _ in rows) == sorted(tuple(x) for x, _ in wins)  # same states
    with pytest.raises(ScenarioError, match="allowed: win, round"):
        value.train_value(1, 1, target="vp")


def test_the_leaf_search_plays_within_a_restriction() -> None:
    """``ismcts-leaf:N/<restriction>`` searches and rolls out its own play within it."""
    skills = {}
    for bot in ("ismcts-leaf:2", "ismcts-leaf:2/no-skills"):
        text = (
            '[scenario]\nname = "leaf"\ngames = 1\nseed = 6\nplayers = 3\n\n'
            f'[bots]\ndefault = "heuristic"\nhumans = "{bot}"\n'
        )
        sc = parse_scenario(text)
        game = play_one(sc, load_content(), 0, True, lines=False).state
        assert game.outcome is not None
        skills[bot] = [e for e in game.events if e.kind == "skill" and e.faction == "humans"]
    assert skills["ismcts-leaf:2"] and not skills["ismcts-leaf:2/no-skills"]
