"""The copy and determinize testers (after TAG's ``ForwardModelTester``): every game is
held to the state protocol's contract on random games of its soak setups.

- :func:`copy_problems`: at random decision points an answer that is not legal must
  raise :class:`IllegalAnswer` and change nothing; a clone must have the original's
  fingerprint; a clone played on alone must leave the original unchanged; another clone
  and the original advanced with the same answers must keep equal fingerprints.
- :func:`determinize_problems`: at random decision points the deciding player's
  determinizations, each from its own generator, must keep its observation and the
  original unchanged, must be the same for the same generator, and must re-draw what it
  cannot see: over a game, the other seats' observations must differ between draws (a
  resampler whose every draw is the same, as OpenSpiel's gin rummy one once was, fails);
  a determinization must play on to an end.

- :func:`fairness_problems`: at random decision points a bot built from a given
  generator must answer the same (by :meth:`~GameState.answer_key`) in the state and in
  a determinization of it for its seat: two states that differ only in what its player
  cannot see (the brief's "a bot decides from its player's observation only").

Each returns its problems as sentences naming the game index and seed (empty: none).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.harness.driver import play
from cryhavoc_sim.games.harness.play import new_game, seat_bots
from cryhavoc_sim.games.harness.seeds import Seeds, seeds
from cryhavoc_sim.games.state import GameState, IllegalAnswer, Rules
from cryhavoc_sim.rng import stream

NOT_AN_ANSWER = ("not an answer", -1, None)  # no game's request allows it
FOLLOW = 8  # answers the original and a clone take side by side
DRAWS = 4  # determinizations compared at a decision point


def _random_game(rules: Rules[Any], content: Any, master_seed: int, index: int) -> tuple[Seeds, Any, Any]:
    s = seeds(master_seed, index)
    setup = rules.soak_setup(index)
    state = new_game(rules, content, setup, s, record_events=False)
    bots = seat_bots(rules, state, dict.fromkeys(state.players, "random"), s)
    return s, state, bots


def copy_problems(rules: Rules[Any], master_seed: int, games: int, content: Any = None) -> list[str]:
    """The copy tester on random games ``0..games`` (see the module docstring)."""
    content = rules.default_content() if content is None else content
    out: list[str] = []
    for index in range(games):
        s, state, bots = _random_game(rules, content, master_seed, index)
        where = f"{rules.name} game {index} (seed {s.seed})"
        pick = stream(s.seed, "tester:copy")
        step = 0
        while (player := state.current_player) is not None and not out:
            step += 1
            if pick.random() < 0.1:
                out += _check_copy(state, bots, pick, f"{where} answer {step}")
                continue  # the check advanced the original: ask again whose decision it is
            state.apply(bots[player].decide(state))
    return out


def _check_copy(state: GameState, bots: dict[str, Any], pick: Any, where: str) -> list[str]:
    before = state.fingerprint()
    try:
        state.apply(NOT_AN_ANSWER)
        return [f"{where}: the answer {NOT_AN_ANSWER!r} was accepted"]
    except IllegalAnswer:
        pass
    if state.fingerprint() != before:
        return [f"{where}: an illegal answer changed the state"]
    # A clone goes its own way; the original must not move.
    alone = state.clone()
    if alone.fingerprint() != before:
        return [f"{where}: a clone's fingerprint differs from the original's"]
    for _ in range(FOLLOW):
        legal = alone.legal_answers()
        if not legal:
            break
        alone.apply(legal[int(pick.random() * len(legal))])
    if state.fingerprint() != before:
        return [f"{where}: playing on a clone changed the original"]
    # Another clone and the original take the same answers (the bots answer the
    # original): their fingerprints must stay equal.
    copy = state.clone()
    for k in range(FOLLOW):
        player = state.current_player
        if player is None or copy.current_player != player:
            break
        answer = bots[player].decide(state)
        state.apply(answer)
        copy.apply(answer)
        if state.fingerprint() != copy.fingerprint():
            return [f"{where}: original and clone differ {k + 1} answer(s) after the clone"]
    return []


def determinize_problems(rules: Rules[Any], master_seed: int, games: int, content: Any = None) -> list[str]:
    """The determinize tester on random games ``0..games`` (see the module docstring)."""
    content = rules.default_content() if content is None else content
    out: list[str] = []
    varied = 0
    for index in range(games):
        s, state, bots = _random_game(rules, content, master_seed, index)
        where = f"{rules.name} game {index} (seed {s.seed})"
        pick = stream(s.seed, "tester:determinize")
        step = 0
        played_on = False
        while (player := state.current_player) is not None and not out:
            step += 1
            if pick.random() < 0.1:
                here = f"{where} answer {step}"
                problems, differs, copy = _check_determinize(state, player, s, step, here)
                out += problems
                varied += differs
                if not played_on and not problems:
                    played_on = True
                    out += _play_on(rules, copy, s, here)
            state.apply(bots[player].decide(state))
    if not out and games and not varied:
        out.append(
            f"{rules.name}: in {games} game(s), no determinization re-drew anything another seat"
            " holds: every draw gave the others the same observation"
        )
    return out


def _check_determinize(
    state: GameState, player: str, s: Seeds, step: int, where: str
) -> tuple[list[str], int, Any]:
    before = state.fingerprint()
    seen = state.observation(player)
    others: set[Hashable] = set()
    copy: Any = None
    for k in range(DRAWS):
        copy = state.determinize(player, stream(s.seed, f"tester:draw:{step}:{k}"))
        if copy.observation(player) != seen:
            return [f"{where}: a determinization for {player} changed what {player} sees"], 0, None
        others.add(tuple(copy.observation(q) for q in state.players if q != player))
    if state.fingerprint() != before:
        return [f"{where}: determinizing changed the original"], 0, None
    again = state.determinize(player, stream(s.seed, f"tester:draw:{step}:{DRAWS - 1}"))
    if again.fingerprint() != copy.fingerprint():
        return [f"{where}: two determinizations from equal generators differ"], 0, None
    return [], int(len(others) > 1), copy


def _play_on(rules: Rules[Any], copy: Any, s: Seeds, where: str) -> list[str]:
    """A determinization is a game: random bots play it to an end."""
    bots = seat_bots(rules, copy, dict.fromkeys(copy.players, "random"), Seeds(s.seed ^ 1))
    try:
        play(copy, bots)
    except Exception as exc:  # the tester's finding, with where it happened
        return [f"{where}: a determinization did not play on: {type(exc).__name__}: {exc}"]
    return []


def fairness_problems(
    rules: Rules[Any], bot: str, master_seed: int, games: int, content: Any = None
) -> list[str]:
    """The fairness tester for bot ``bot`` on random games ``0..games`` (see the module
    docstring); seats the game's own deciders play (``Rules.extras``) are left out."""
    content = rules.default_content() if content is None else content
    out: list[str] = []
    specs: dict[str, BotSpec] = {}  # ``bot`` read once per seat
    for index in range(games):
        s, state, bots = _random_game(rules, content, master_seed, index)
        pick = stream(s.seed, "tester:fair")
        step = 0
        while (player := state.current_player) is not None and not out:
            step += 1
            if player in state.players and pick.random() < 0.1:
                other = state.determinize(player, stream(s.seed, f"tester:fair:{step}"))
                if player not in specs:
                    specs[player] = rules.bot_spec(bot, player)
                mine = rules.bot(specs[player], player, stream(s.seed, f"tester:bot:{step}")).decide(state)
                theirs = rules.bot(specs[player], player, stream(s.seed, f"tester:bot:{step}")).decide(other)
                if state.answer_key(mine) != other.answer_key(theirs):
                    out.append(
                        f"{rules.name} game {index} (seed {s.seed}) answer {step}: bot {bot!r} of {player}"
                        f" answered {mine!r} and {theirs!r} in two states {player} cannot tell apart"
                    )
            state.apply(bots[player].decide(state))
    return out
