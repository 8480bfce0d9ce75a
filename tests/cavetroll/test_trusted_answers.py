"""Cave Troll's answers checked where checking matters (games/cavetroll/state.py): under
PLAY_RULES, a scenario's games, the answer the game's own random or heuristic bot has
just given is applied unchecked; every other answer is checked under both rules, and
RULES (the soak, the testers, the ladder) checks every answer. Same games either way."""

from __future__ import annotations

import pytest

import cryhavoc_sim.games.cavetroll.state as adapter
from cryhavoc_sim.games.cavetroll.content import load_content
from cryhavoc_sim.games.cavetroll.rules import PLAY_RULES, RULES, CaveTrollRules, Deal
from cryhavoc_sim.games.cavetroll.state import CaveTrollState
from cryhavoc_sim.games.harness.play import named_bot, new_game, play_game, seat_bots
from cryhavoc_sim.games.harness.seeds import seeds
from cryhavoc_sim.games.state import IllegalAnswer

CONTENT = load_content()
NAMES = {"red": "random", "blue": "heuristic", "green": "heuristic:spoiler"}


def _game(rules: CaveTrollRules) -> tuple[CaveTrollState, dict[str, object]]:
    state = new_game(rules, CONTENT, Deal(3), seeds(4, 1), record_events=False)
    assert isinstance(state, CaveTrollState)
    return state, dict(seat_bots(rules, state, NAMES, seeds(4, 1)))


def _checks_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real = adapter._allowed

    def counting(g: object, answer: object) -> bool:
        calls[0] += 1
        return real(g, answer)  # type: ignore[arg-type]

    monkeypatch.setattr(adapter, "_allowed", counting)
    return calls


@pytest.mark.skipif(
    not str(adapter.__file__).endswith(".py"), reason="a compiled adapter binds _allowed early"
)
def test_play_rules_skip_the_check_of_the_own_bots_answers_and_rules_check_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = _checks_counted(monkeypatch)
    trusted = play_game(PLAY_RULES, CONTENT, Deal(3), seeds(4, 1), NAMES, record_events=False)
    assert calls[0] == 0
    checked = play_game(RULES, CONTENT, Deal(3), seeds(4, 1), NAMES, record_events=False)
    assert calls[0] > 50  # one check per answer of the game
    assert trusted.fingerprint() == checked.fingerprint()  # the same game


@pytest.mark.parametrize("rules", [RULES, PLAY_RULES], ids=["RULES", "PLAY_RULES"])
def test_an_answer_no_trusted_bot_gave_is_checked(rules: CaveTrollRules) -> None:
    state, bots = _game(rules)
    with pytest.raises(IllegalAnswer):
        state.apply(("move", "nowhere", "knight", "nowhere"))
    player = state.current_player
    assert player is not None
    given = bots[player].decide(state)  # type: ignore[attr-defined]
    before = state.fingerprint()
    with pytest.raises(IllegalAnswer):  # vouched for is that answer, not whatever comes next
        state.apply(("stop", "again"))
    assert state.fingerprint() == before
    state.apply(given)
    assert state.vouched is None  # a vouch lasts one decision


def test_the_search_and_a_clone_are_not_trusted() -> None:
    state, _ = _game(PLAY_RULES)
    search = named_bot(PLAY_RULES, "ismcts:2", "red", seeds(4, 1).bot("red"))
    assert search.vouch is False  # type: ignore[attr-defined]
    assert named_bot(PLAY_RULES, "random", "red", seeds(4, 1).bot("red")).vouch is True  # type: ignore[attr-defined]
    assert named_bot(RULES, "random", "red", seeds(4, 1).bot("red")).vouch is False  # type: ignore[attr-defined]
    state.vouched = state.legal_answers()[0]
    assert state.clone().vouched is None
