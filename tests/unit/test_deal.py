"""A game's deal (games/harness/deal.py): derived once per game by the runner, through the
one seed recipe, with the registry looked up once per chunk, not per game; what a deal
holds; and the same deal played twice is the same game."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import cryhavoc_sim.games as registry
from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.harness import seeds as seed_recipe
from cryhavoc_sim.games.harness.deal import DEFAULT_POLICY, Deal
from cryhavoc_sim.rng import game_seed
from cryhavoc_sim.runner.chunk import ChunkTask, content_for, run_chunk
from cryhavoc_sim.runner.play import play_deal, stored_events
from cryhavoc_sim.runner.scenario import parse_scenario

SCENARIOS = {
    "cryhavoc": (
        '[scenario]\nname = "deal"\ngames = 6\nseed = 3\nplayers = 3\n'
        'policies = ["random", "heuristic"]\n\n[bots]\ndefault = "random"\n'
    ),
    "cavetroll": '[scenario]\nname = "deal"\ngame = "cavetroll"\ngames = 6\nseed = 3\nplayers = 3\n',
    "warcry": (
        '[scenario]\nname = "deal"\ngame = "warcry"\ngames = 6\nseed = 3\ndecks = ["Chaos", "Dwarf"]\n'
        '\n[bots]\ndefault = "random"\n'
    ),
}


class CountingDict(dict[str, Any]):
    """The registry's table of loaded games, counting look-ups."""

    lookups = 0

    def get(self, key: str, default: Any = None) -> Any:
        CountingDict.lookups += 1
        return super().get(key, default)


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_a_chunk_derives_each_games_seed_once_and_looks_its_game_up_once(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sc = parse_scenario(SCENARIOS[game])
    content_for(sc)  # loaded before counting: a process loads it once
    module = get_game(game)
    seeds: list[tuple[int, int]] = []
    deals: list[int] = []
    real_seed, real_deal = seed_recipe.game_seed, module.deal

    def counted_seed(master_seed: int, index: int) -> int:
        seeds.append((master_seed, index))
        return real_seed(master_seed, index)

    def counted_deal(setup: Any, master_seed: int, game_id: int) -> Deal:
        deals.append(game_id)
        return real_deal(setup, master_seed, game_id)

    monkeypatch.setattr(seed_recipe, "game_seed", counted_seed)
    monkeypatch.setattr(
        registry, "_LOADED", CountingDict({**registry._LOADED, game: replace(module, deal=counted_deal)})
    )
    CountingDict.lookups = 0
    result = run_chunk(ChunkTask(sc, str(tmp_path), "r", 0, sc.games, record_events=False))
    assert result.games == sc.games and result.errors == 0
    assert deals == list(range(sc.games))  # each game's deal derived once, in order
    assert len(seeds) == sc.games  # by the one seed recipe, once a game
    assert CountingDict.lookups == 1  # the chunk's one look-up of its game


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_a_deal_holds_the_seed_bots_and_policy_and_replays_the_same_game(game: str) -> None:
    sc = parse_scenario(SCENARIOS[game])
    module = get_game(game)
    content = content_for(sc)
    deal = module.deal(sc.setup, sc.seed, 1)
    assert deal == module.deal(sc.setup, sc.seed, 1)  # a frozen record, a pure derivation
    assert deal.seed in {game_seed(sc.seed, i) for i in range(sc.games)}
    played = play_deal(module, sc, content, deal, True, lines=False)
    assert len(deal.bots) == len(played.sides)  # a bot spec for every seat
    for seat, name, spec in deal.bots:
        assert deal.bot_name(seat) == name and spec == module.rules.bot_spec(name, seat)
    if game == "cryhavoc":  # the solo Trogs: the automaton, its name kept for the row
        solo = parse_scenario('[scenario]\nname = "s"\ngames = 2\nseed = 3\nmode = "solo"\n')
        assert get_game(game).deal(solo.setup, solo.seed, 0).bots[-1] == ("trogs", "automaton", None)
    assert deal.policy == ("heuristic" if game == "cryhavoc" else DEFAULT_POLICY)
    again = play_deal(module, sc, content, deal, True, lines=False)
    assert stored_events(module, sc, content, deal, played) == stored_events(module, sc, content, deal, again)
    with pytest.raises(AttributeError):
        deal.seed = 0  # type: ignore[misc]
