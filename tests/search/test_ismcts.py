"""The shared search (games/search/) on Kuhn poker: it finds the answers that are right
whatever the hidden card, gives the same answers from the same seed, and decides from
the player's observation only."""

from __future__ import annotations

import pytest

from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.search.names import search_spec
from cryhavoc_sim.rng import stream
from tests.search.kuhn import KuhnSearch, KuhnState

JACK, QUEEN, KING = 1, 2, 3


def _answer(cards: tuple[int, int], history: str, seed: int = 1, iterations: int = 200) -> object:
    state = KuhnState(cards, history)
    player = state.current_player
    assert player is not None
    return Ismcts(player, KuhnSearch(), iterations, stream(seed, "bot:test")).decide(state)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_it_calls_a_bet_with_the_king_and_folds_the_jack(seed: int) -> None:
    """Facing a bet a call with the King always wins 2 (a fold loses 1) and one with the
    Jack always loses 2 (a fold 1): right whatever the other card is."""
    assert _answer((JACK, KING), "b", seed) == "b"  # second player, King: call
    assert _answer((QUEEN, JACK), "b", seed) == "p"  # second player, Jack: fold
    assert _answer((KING, QUEEN), "pb", seed) == "b"  # first player, King: call
    assert _answer((JACK, QUEEN), "pb", seed) == "p"  # first player, Jack: fold


def test_the_same_seed_gives_the_same_tree_and_another_seed_other_worlds() -> None:
    state = KuhnState((QUEEN, KING), "")
    trees = []
    for seed in (5, 5, 6):
        game = KuhnSearch()
        root = Ismcts("first", game, 60, stream(seed, "bot:test")).search(state)
        trees.append(
            (
                {k: (n.visits, n.total) for k, n in root.children.items()},
                [w.cards for w in game.determinized],
            )
        )
    assert trees[0] == trees[1]
    assert trees[0][1] != trees[2][1]


def test_it_decides_from_the_observation_only() -> None:
    """Two deals the first player cannot tell apart (its Queen, the other card unknown):
    the same generator re-draws the same worlds and gives the same answer; and those
    worlds hold both cards it cannot see, never its own."""
    answers, worlds = [], []
    for other in (JACK, KING):
        game = KuhnSearch()
        answers.append(Ismcts("first", game, 40, stream(9, "bot:test")).decide(KuhnState((QUEEN, other), "")))
        worlds.append([w.cards for w in game.determinized])
    assert answers[0] == answers[1]
    assert worlds[0] == worlds[1]
    assert {c[1] for c in worlds[0]} == {JACK, KING}
    assert {c[0] for c in worlds[0]} == {QUEEN}


def test_the_search_never_changes_the_state_it_is_given() -> None:
    state = KuhnState((KING, JACK), "p")
    Ismcts("second", KuhnSearch(), 30, stream(2, "bot:test")).decide(state)
    assert (state.cards, state.history) == ((KING, JACK), "p")


def test_a_search_of_no_iterations_or_a_negative_exploration_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        Ismcts("first", KuhnSearch(), 0, stream(1, "x"))
    with pytest.raises(ValueError, match="exploration"):
        Ismcts("first", KuhnSearch(), 5, stream(1, "x"), exploration=-1.0)


def test_search_bot_names() -> None:
    assert search_spec("ismcts") == BotSpec("ismcts", None)  # the game's default budget
    assert search_spec("ismcts:48") == BotSpec("ismcts", 48)  # a number, not text
    for bad in ("ismcts:0", "ismcts:x", "ismcts:²", "ismcts:1001", "ismcts:"):
        with pytest.raises(BotNameError, match="1 to 1,000"):
            search_spec(bad)
    with pytest.raises(BotNameError, match="not a search bot"):
        search_spec("mcts:5")
