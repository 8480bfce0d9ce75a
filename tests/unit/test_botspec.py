"""Bot names as records (games/botspec.py): every game's catalogue reads each of its names
into a spec that writes back as the same name; budgets and weights are numbers; the names
a catalogue refuses are the ones its one list leaves out; and a game played through the
runner reads each seat's bot name exactly once (the search never reads it again)."""

from __future__ import annotations

from typing import Any

import pytest

from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.cryhavoc.bots import registry
from cryhavoc_sim.rng import stream
from cryhavoc_sim.runner.chunk import content_for
from cryhavoc_sim.runner.play import play_one
from cryhavoc_sim.runner.scenario import parse_scenario

GAMES = ("cryhavoc", "cavetroll", "warcry")
# what a name's placeholders stand for here: a budget, a shipped model, a temperature
FILLED = {"<N>": "7", "<model>": "1", "<temperature>": "0.5"}  # model 1: every game ships it


def _filled(name: str) -> str:
    for hole, value in FILLED.items():
        name = name.replace(hole, value)
    return name


def _seats(game: str) -> tuple[str, ...]:
    rules = get_game(game).rules
    state = rules.new_state(rules.default_content(), rules.soak_setup(2), 1, stream(1, "test:seats"), False)
    return tuple(state.players)


@pytest.mark.parametrize("game", GAMES)
def test_every_name_of_a_catalogue_reads_into_a_spec_that_writes_it_back(game: str) -> None:
    rules = get_game(game).rules
    assert rules.bot_names[0] == "random"
    for seat in _seats(game):
        for listed in rules.bot_names:
            name = _filled(listed)
            spec = rules.bot_spec(name, seat)
            assert spec.name == name, (game, seat, name)
            assert rules.bot_spec(spec.name, seat) == spec
            assert rules.bot(spec, seat, stream(1, "test:bot")) is not None  # it builds


@pytest.mark.parametrize(
    "name",
    [
        "heuristic:balanced{attack=1.5,margin=0}",
        "paired:16:aggressive",
        "ismcts:8:hunter{attack=0.25}/no-battles",
        "heuristic/no-skills",
        "learned@1~0.02/no-structures",
        "paired-leaf:12/no-skills",
    ],
)
def test_cry_havoc_names_with_options_round_trip(name: str) -> None:
    spec = registry.parse_bot(name, "pilgrims")
    assert spec.name == name
    assert registry.parse_bot(spec.name, "pilgrims") == spec


def test_budgets_and_weights_travel_as_numbers() -> None:
    spec = registry.parse_bot("paired:16:balanced{margin=2,attack=1.25}/no-skills", "humans")
    assert spec == BotSpec("paired", 16, "balanced", (("attack", 1.25), ("margin", 2.0)), "no-skills")
    assert type(spec.budget) is int
    assert spec.name == "paired:16:balanced{attack=1.25,margin=2}/no-skills"  # weights sorted
    assert registry.parse_bot("ismcts", "humans").budget is None  # the game's default
    learned = registry.parse_bot("learned~0.5", "trogs")
    assert learned == BotSpec("learned", model="", temperature=0.5)


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_name_lists_the_catalogues_one_list(game: str) -> None:
    rules = get_game(game).rules
    seat = _seats(game)[0]
    with pytest.raises(BotNameError) as caught:
        rules.bot_spec("grandmaster", seat)
    allowed = caught.value.problem.partition("allowed: ")[2]
    listed = registry.bot_names(seat) if game == "cryhavoc" else list(rules.bot_names)
    assert allowed.startswith(", ".join(listed)), (game, allowed)
    assert str(caught.value).startswith("bot 'grandmaster' ")


def test_the_searches_take_the_budget_the_spec_carries() -> None:
    from cryhavoc_sim.games.cryhavoc.rules import RULES

    bot = RULES.bot(RULES.bot_spec("paired:5", "humans"), "humans", stream(1, "test:bot"))
    assert bot.decider.search.iterations == 5  # type: ignore[attr-defined]
    bot = RULES.bot(RULES.bot_spec("ismcts-leaf:3", "humans"), "humans", stream(1, "test:bot"))
    assert bot.decider.search.iterations == 3  # type: ignore[attr-defined]


# each game's catalogue reading, which Rules.bot_spec calls
PARSERS = {
    "cryhavoc": "cryhavoc_sim.games.cryhavoc.bots.registry",
    "cavetroll": "cryhavoc_sim.games.cavetroll.catalogue",
    "warcry": "cryhavoc_sim.games.warcry.catalogue",
}
ONE_GAME = {
    "cryhavoc": (
        '[scenario]\nname = "once"\ngames = 2\nseed = 3\nplayers = 3\n\n'
        '[bots]\ndefault = "heuristic"\nhumans = "ismcts:2"\npilgrims = "random/no-skills"\n'
    ),
    "cavetroll": (
        '[scenario]\nname = "once"\ngame = "cavetroll"\ngames = 2\nseed = 3\nplayers = 3\n\n'
        '[bots]\ndefault = "heuristic"\nred = "ismcts:2"\n'
    ),
    "warcry": (
        '[scenario]\nname = "once"\ngame = "warcry"\ngames = 2\nseed = 3\ndecks = ["Chaos", "Dwarf"]\n\n'
        '[bots]\ndefault = "heuristic"\none = "paired:2"\n'
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_a_game_reads_each_seats_bot_name_once(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    sc = parse_scenario(ONE_GAME[game])  # the scenario's own check reads the names first
    content = content_for(sc)
    catalogue = importlib.import_module(PARSERS[game])
    real = catalogue.parse_bot
    calls: list[Any] = []

    def counted(*args: Any) -> BotSpec:
        calls.append(args)
        spec: BotSpec = real(*args)
        return spec

    monkeypatch.setattr(catalogue, "parse_bot", counted)
    for game_id in range(2):
        calls.clear()
        played = play_one(sc, content, game_id, False, lines=False)
        assert len(calls) == len(played.sides), (game, calls, played.sides)
