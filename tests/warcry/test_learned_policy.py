"""WarCry's learned policy (games/warcry/policy.py) and its part of the trainer
(games/warcry/policy_training.py): features from the player's observation only, the
search's candidates, complete games through a scenario, its names, the shipped models'
files, and training records that are the same at any number of workers. The trainer's
tests skip when scikit-learn is absent."""

from __future__ import annotations

import math

import pytest

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.policy.model import PolicyModel, Table, parse_policy
from cryhavoc_sim.games.warcry.bots import PERSONALITIES, HeuristicBot
from cryhavoc_sim.games.warcry.policy import ATTRIBUTES, CONTEXT, LAYOUT, NAMES, PolicyBot, context, describe
from cryhavoc_sim.games.warcry.rules import RULES, Setup, new_game
from cryhavoc_sim.games.warcry.search import WIDTH, WarCrySearch
from cryhavoc_sim.games.warcry.state import PLAYERS
from cryhavoc_sim.rng import Rng, stream
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import parse_scenario


@pytest.mark.parametrize("armies", [("Empire", "Orc"), ("Dwarf", "Chaos")])
def test_features_read_only_what_the_player_sees(armies: tuple[str, str]) -> None:
    s = new_game(RULES.default_content(), Setup(armies), Rng(5))
    bots = {p: HeuristicBot(p, Rng(9 + i), PERSONALITIES["bold"]) for i, p in enumerate(PLAYERS)}
    seen: set[tuple[float, ...]] = set()
    checked = 0
    while not s.is_over:
        player = s.current_player
        assert player is not None
        part = WarCrySearch(player, Rng(1))
        if part.searched(s, player):
            cands = part.candidates(s)
            if len(cands) >= 2:
                descs, attrs = describe(s, part.own, cands)
                ctx = context(s, PLAYERS.index(player))
                assert len(ctx) == len(CONTEXT) and all(math.isfinite(v) for v in ctx)
                assert all(len(a) == len(ATTRIBUTES) and all(math.isfinite(v) for v in a) for a in attrs)
                assert attrs[0][0] == 1.0 and len(cands) <= WIDTH
                for k in range(2):
                    other = s.determinize(player, stream(k, "test:world"))
                    assert other.observation(player) == s.observation(player)
                    twin = WarCrySearch(player, Rng(1))
                    there = twin.candidates(other)
                    assert [key for key, _ in there] == [key for key, _ in cands]
                    assert describe(other, twin.own, there) == (descs, attrs)
                    assert context(other, PLAYERS.index(player)) == ctx
                seen.add(tuple(ctx))
                checked += 1
        s.apply(bots[player].decide(s))
    assert checked >= 15 and len(seen) > 3


def test_the_shipped_policies_fit_the_features_and_name_their_making() -> None:
    assert NAMES.model_names and NAMES.default in NAMES.model_names
    for name in NAMES.model_names:
        model = NAMES.policy(name)
        assert parse_policy(model.to_json(LAYOUT), "again", LAYOUT).tables == model.tables
        p = model.provenance
        assert p["iteration"] == int(name) and p["seed"] and p["games"] and p["expert"].startswith("paired")
        assert "player.command" in model.tables


@pytest.mark.parametrize("bot", ["learned", "learned~0.05"])
def test_the_learned_policy_plays_through_a_scenario(bot: str) -> None:
    from cryhavoc_sim.games import get_game

    text = f'[scenario]\nname = "wc"\ngame = "warcry"\ngames = 4\nseed = 3\n\n[bots]\ndefault = "{bot}"\ntwo = "heuristic"\n'
    sc = parse_scenario(text)
    module = get_game("warcry")
    content = module.load_content(None)
    for i in range(4):
        played = play_one(sc, content, i, False, lines=False)
        assert played.state.is_over


@pytest.mark.parametrize(
    ("name", "fragment"),
    [
        ("learned@nope", "names the model 'nope', which is not shipped"),
        ("learned~hot", "has the temperature 'hot'"),
        ("learned~nan", "has the temperature 'nan'"),
    ],
)
def test_a_bad_learned_name_is_one_sentence(name: str, fragment: str) -> None:
    with pytest.raises(ScenarioError, match=fragment):
        parse_scenario(f'[scenario]\nname = "x"\ngame = "warcry"\ngames = 1\n\n[bots]\ndefault = "{name}"\n')


def test_a_table_decides_where_the_search_searches() -> None:
    """A table that always passes a Command is obeyed wherever passing is a candidate
    (so the table is read)."""
    passer = PolicyModel(
        LAYOUT.game,
        LAYOUT.version,
        {"player.command": Table((0.0,) * len(ATTRIBUTES), {"pass": (10.0,) * len(CONTEXT)})},
    )
    s = new_game(RULES.default_content(), Setup(("Empire", "Orc")), Rng(4))
    bot = PolicyBot("one", passer, Rng(1))
    other = HeuristicBot("two", Rng(2), PERSONALITIES["bold"])
    passes = offered = 0
    while not s.is_over:
        player = s.current_player
        could = (
            player == "one"
            and s.phase == "command"
            and bot.part.searched(s, "one")
            and ("pass",) in [a for _, a in bot.part.candidates(s)]
        )
        answer = bot.decide(s) if player == "one" else other.decide(s)
        offered += could
        passes += could and answer == ("pass",)
        s.apply(answer)
    assert offered > 3 and passes == offered


def test_training_records_are_the_same_at_any_number_of_workers() -> None:
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    one = policy.sample("warcry", 6, 3, None, 0.3, "paired:2", 1, None, None)
    two = policy.sample("warcry", 6, 3, None, 0.3, "paired:2", 2, None, None)
    assert one == two and one[0] and one[1]
    assert "player.command" in {r[0] for r in one[0]}
    for table, descs, attrs, ctx, targets in one[0]:
        assert table.startswith("player.")
        assert 2 <= len(descs) == len(attrs) == len(targets) <= WIDTH and len(ctx) == len(CONTEXT)
        assert all(0.0 <= v <= 1.0 for v in targets)


def test_train_policy_writes_a_policy_the_bot_plays() -> None:
    pytest.importorskip("sklearn")
    from cryhavoc_sim.tuning import policy

    its = policy.train_policy("warcry", games=10, seed=2, iterations=1, rate=0.5, expert="paired:2", deals=2)
    model = its[0].model
    assert model.provenance["expert"] == "paired:2" and model.provenance["labels"] == "values"
    assert its[0].against_last is not None and its[0].against_last.games == 4
    again = parse_policy(model.to_json(LAYOUT), "x", LAYOUT)
    assert PolicyBot("one", again, Rng(1)).tables
    assert policy.policy_game("warcry").default_expert == "paired:16"


def test_the_features_read_the_combat_at_stake() -> None:
    """An attack's ``win`` is the heuristic's reading of it; an Action card played spends
    one (``card``); a pass that ends the Battle is worth its result (``leaf_gain`` up
    when ahead on the field, down when behind)."""
    from cryhavoc_sim.games.warcry.policy_features import FEATURES, leaf
    from cryhavoc_sim.games.warcry.search import field_edge, rank

    win, card, gain = (ATTRIBUTES.index(f) for f in ("win", "card", "leaf_gain"))
    assert ATTRIBUTES[-len(FEATURES) :] == FEATURES
    attacks = cards = endings = 0
    for seed in range(6):
        s = new_game(
            RULES.default_content(), Setup(("High Elf", "Orc") if seed % 2 else ("Dwarf", "Chaos")), Rng(seed)
        )
        bots = {p: HeuristicBot(p, Rng(20 + i), PERSONALITIES["bold"]) for i, p in enumerate(PLAYERS)}
        while not s.is_over:
            player = s.current_player
            assert player is not None
            part = WarCrySearch(player, Rng(1))
            if part.searched(s, player) and len(cands := part.candidates(s)) >= 2:
                p = PLAYERS.index(player)
                _, attrs = describe(s, part.own, cands)
                for (_, a), row in zip(cands, attrs, strict=True):
                    if a[0] == "attack":
                        attacks += 1
                        assert row[win] == rank(s, part.own, a)
                    if a[0] in ("card", "pass"):
                        cards += a[0] == "card"
                        assert row[card] == (1.0 if a[0] == "card" else 0.0)
                    if s.phase == "command" and a == ("pass",) and s.passes >= 1:
                        lead = s.field_value(p) - s.field_value(1 - p)
                        now = leaf(s, p, field_edge(s, p))
                        if lead:
                            endings += 1
                            assert (row[gain] > 0.0) == (lead > 0) and row[gain] == leaf(
                                s, p, 1e3 if lead > 0 else -1e3
                            ) - now
            s.apply(bots[player].decide(s))
    assert attacks > 20 and cards > 10 and endings > 0
