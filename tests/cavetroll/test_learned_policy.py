"""Cave Troll's learned policy (games/cavetroll/policy.py) and its part of the trainer
(games/cavetroll/policy_training.py): features from the player's observation only,
legal complete games in every seat through a scenario, its names, the shipped models'
files, and training records that are the same at any number of workers and labelled by
the search in its own worlds. The trainer's tests skip when scikit-learn is absent."""

from __future__ import annotations

import math
import re

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.cavetroll.bots import HeuristicBot
from cryhavoc_sim.games.cavetroll.catalogue import build, parse_bot
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.game import CaveTrollGame
from cryhavoc_sim.games.cavetroll.policy import (
    ATTRIBUTES,
    CONTEXT,
    LAYOUT,
    NAMES,
    WIDTH,
    PolicyBot,
    context,
    describe,
    kind_of,
)
from cryhavoc_sim.games.cavetroll.visibility import determinize, observation
from cryhavoc_sim.games.policy.model import PolicyModel, Table, parse_policy
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.scenario import parse_scenario

CONTENT = load_content()


@pytest.mark.parametrize(("players", "card_set"), [(2, "classic"), (3, "variant"), (4, "classic")])
def test_features_read_only_what_the_player_sees(players: int, card_set: str) -> None:
    """Two worlds the player cannot tell apart give the same candidates, descriptors,
    attributes and context; and the features move as the game does."""
    g = CaveTrollGame.new(CONTENT, players, stream(players, "test:game"), card_set)
    walker = build(parse_bot("heuristic"), stream(players, "test:walk"))
    seen: set[tuple[float, ...]] = set()
    kinds: set[str] = set()
    checked = 0
    while not g.over:
        legal = g.legal()
        me = g.player
        if len(legal) >= 2 and checked < 60:
            reader = HeuristicBot(stream(1, "test:reader"))
            reader._root(g, me)
            ranked = reader.ranked(g, me, legal, WIDTH)
            descs, attrs = describe(g, me, ranked)
            ctx = context(reader, g, me)
            assert len(ctx) == len(CONTEXT) and all(math.isfinite(v) for v in ctx)
            assert all(len(a) == len(ATTRIBUTES) and all(math.isfinite(v) for v in a) for a in attrs)
            assert attrs[0][2] == 1.0 and all(a[1] <= 0.0 for a in attrs)
            for k in range(2):
                other = determinize(g, me, stream(players * 10 + k, "test:world"))
                assert observation(other, me) == observation(g, me)
                twin = HeuristicBot(stream(1, "test:reader"))
                twin._root(other, me)
                there = twin.ranked(other, me, other.legal(), WIDTH)
                assert [a for a, _ in there] == [a for a, _ in ranked]
                assert describe(other, me, there) == (descs, attrs)
                assert context(twin, other, me) == ctx
            seen.add(tuple(ctx))
            kinds.add(kind_of(g))
            checked += 1
        g.apply(walker.choose(g))
    assert checked >= 20 and len(seen) > 5 and "turn" in kinds


def test_the_shipped_policies_fit_the_features_and_name_their_making() -> None:
    assert NAMES.model_names
    for name in NAMES.model_names:
        model = NAMES.policy(name)
        assert parse_policy(model.to_json(LAYOUT), "again", LAYOUT).tables == model.tables
        p = model.provenance
        assert p["iteration"] == int(name) and p["seed"] and p["games"] and p["expert"].startswith("paired")
        assert "player.turn" in model.tables
    assert NAMES.default in NAMES.model_names


@pytest.mark.parametrize("bot", ["learned", "learned~0.05"])
def test_the_learned_policy_plays_every_seat_to_the_end(bot: str) -> None:
    """Through a scenario (every answer checked by the rules), 2-4 players, both sets."""
    text = f"""[scenario]
name = "ct"
game = "cavetroll"
games = 6
seed = 3
players = [2, 3, 4]
card_set = ["classic", "variant"]

[bots]
default = "{bot}"
"""
    from cryhavoc_sim.runner.play import play_one

    sc = parse_scenario(text)
    for i in range(6):
        g = play_one(sc, CONTENT, i, lines=False).state
        assert g.over and g.winners


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("learned@nope", "names the model 'nope', which is not shipped"),
        ("learned~hot", "has the temperature 'hot'"),
        ("learned~inf", "has the temperature 'inf'"),
        ("learned~11", "has the temperature '11'"),
        ("learned@1~-1", "has the temperature '-1'"),
    ],
)
def test_a_bad_learned_name_is_one_sentence(name: str, fragment: str) -> None:
    with pytest.raises(ScenarioError, match=f"field 'bots.default' is '{re.escape(name)}', which {fragment}"):
        parse_scenario(
            f'[scenario]\nname = "x"\ngame = "cavetroll"\ngames = 1\nplayers = 2\n\n[bots]\ndefault = "{name}"\n'
        )


def test_a_table_decides_and_the_turn_draws_stay() -> None:
    """A table that loves to stop is obeyed where it may be (so the table is read), and
    the heuristic's turn draws still come (ruling CT17: the game ends)."""
    stopper = PolicyModel(
        LAYOUT.game,
        LAYOUT.version,
        {"player.turn": Table((0.0, 0.0, 0.0), {"stop": (10.0,) * len(CONTEXT)})},
    )
    plain = PolicyModel(LAYOUT.game, LAYOUT.version, {})  # no table: the heuristic's best

    def play(model: PolicyModel) -> tuple[int, int]:
        g = CaveTrollGame.new(CONTENT, 2, stream(7, "test:game"), "classic")
        bots = {p: PolicyBot(model, stream(7, f"test:{p}")) for p in g.players}
        stops = draws = answers = 0
        while not g.over:
            answers += 1
            assert answers < 5_000
            action = bots[g.player].choose(g)
            stops += action == ("stop",)
            draws += action == ("draw",)
            g.apply(action)
        return stops, draws

    stops, draws = play(stopper)
    assert stops >= 5 and draws > 10
    assert play(plain)[0] < stops


def test_training_records_are_the_same_at_any_number_of_workers() -> None:
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    one = policy.sample("cavetroll", 6, 3, None, 0.3, "paired:2", 1, None, None)
    two = policy.sample("cavetroll", 6, 3, None, 0.3, "paired:2", 2, None, None)
    assert one == two and one[0] and one[1]
    tables = {r[0] for r in one[0]}
    assert "player.turn" in tables
    for table, descs, attrs, ctx, targets in one[0]:
        assert table.startswith("player.")
        assert 2 <= len(descs) == len(attrs) == len(targets) <= WIDTH and len(ctx) == len(CONTEXT)
        assert all(0.0 <= v <= 1.05 for v in targets)
    assert len({tuple(r[4]) for r in one[0]}) > 5  # the labels vary


def test_train_policy_writes_a_policy_the_bot_plays() -> None:
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    its = policy.train_policy(
        "cavetroll", games=10, seed=2, iterations=1, rate=0.5, expert="paired:2", deals=2
    )
    model = its[0].model
    assert model.provenance["expert"] == "paired:2" and model.provenance["labels"] == "values"
    assert its[0].against_last is not None and its[0].against_last.games == 4
    again = parse_policy(model.to_json(LAYOUT), "x", LAYOUT)
    assert PolicyBot(again, stream(1, "x")).tables
    with pytest.raises(ScenarioError, match="is not a search; allowed: ismcts:<N> or paired:<N>"):
        policy.check_expert("cavetroll", "paired-leaf:8")
    assert policy.policy_game("cavetroll").default_expert == "paired:8"
