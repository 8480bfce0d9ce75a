"""Cry Havoc's part of ``train-value`` (``tuning/value.py`` plays the games in processes,
fits and scores): which games and states give rows, the bots that may play them, what
the model file says it was fitted on, and the model itself (``bots/value_model.py``).

Games cycle through 2, 3 and 4 players and the solo mode, their line-ups and experience
levels (``engine/playout.py``'s cycle), one bot in every seat (the paired-rollout search
``paired:16`` by default; the tuned heuristic or ``random`` for a quick fit), each game
on its seed from (master seed, game index). Which states give rows (``at``):

- ``rounds`` (the default): the first state of every Round after the first, the states
  the search's leaf values (its rollouts stop at the end of the Round they start in);
- ``rate``: before each answer, a state kept with probability ``rate`` (its own stream of
  the game's seed: a few percent of states, so the rows of one game are not all alike, as
  TAG's ExpertIteration samples).

Each kept state gives one row per player: its features as that player sees them, and the
target (``win``: whether that player won; ``round``: today's search's leaf value at the
start of the next Round).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ScenarioError

Row = tuple[list[float], float]  # features, target in [0, 1]
TARGETS = ("win", "round")
SAMPLINGS = ("rounds", "rate")
SELF_PLAY = ("random", "heuristic", "paired")  # the bots train-value plays with
DEFAULT_BOT = "paired:16"  # self-play at about ismcts:48's strength, affordable
DEFAULT_TARGET = "win"  # both targets tried: docs/measured.md, "The searches' design choices"
DEFAULT_AT = "rounds"


def sample_game(
    master_seed: int, index: int, bot: str, rate: float, target: str = "win", at: str = "rate"
) -> Iterator[Row]:
    """The rows of game ``index`` (see the module docstring). ``target``: ``win``, whether
    the player won; ``round``, what today's search values the position at the start of
    the next Round (``round_value``), the leaf its full rollout would reach. ``at``:
    ``rate`` or ``rounds``, which states are kept."""
    from cryhavoc_sim.games.cryhavoc.bots.features import features
    from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game
    from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for
    from cryhavoc_sim.games.cryhavoc.rules import RULES
    from cryhavoc_sim.games.cryhavoc.state import CryHavocState
    from cryhavoc_sim.games.harness.driver import play
    from cryhavoc_sim.games.harness.play import seat_bots
    from cryhavoc_sim.games.harness.seeds import Seeds
    from cryhavoc_sim.rng import stream

    if at not in SAMPLINGS:
        raise ValueError(f"at is {at!r}; allowed: {', '.join(SAMPLINGS)}")
    seed, factions, experience = playout_spec(master_seed, index)
    seeds = Seeds(seed)
    game = new_game(_content(), setup_for(factions, experience), seeds.game(), record_events=False)
    state = CryHavocState(game)
    bots = seat_bots(RULES, state, dict.fromkeys(factions, bot), seeds)
    sampler = stream(seed, "value-sample")
    kept: list[tuple[str, list[float], int]] = []
    done: list[Row] = []
    last = [game.round]  # the Round of the last state seen

    def observe(st: CryHavocState) -> None:
        g = st.game
        if target == "round":  # the Round of the oldest open rows is over
            while kept and (g.outcome is not None or g.round > kept[0][2]):
                f, x, _ = kept.pop(0)
                done.append((x, round_value(g, f)))
        if at == "rounds":
            keep = g.outcome is None and g.round > last[0]
            last[0] = g.round
        else:
            keep = g.outcome is None and sampler.random() < rate
        if keep:
            kept.extend((f, features(g, f), g.round) for f in g.player_factions)

    play(state, bots, observe)
    assert game.outcome is not None
    yield from done
    winner = game.outcome.winner
    for f, x, _ in kept:
        yield x, 1.0 if f == winner else 0.0


def round_value(g: Any, f: str) -> float:
    """Today's search's leaf value (``bots/ismcts.py``, ``standing_value``)."""
    from cryhavoc_sim.games.cryhavoc.bots.ismcts import standing_value

    return standing_value(g, f)


_CONTENT: list[Any] = []


def _content() -> Any:
    """The default content set, loaded once a process."""
    if not _CONTENT:
        from cryhavoc_sim.games.cryhavoc.content import load_content

        _CONTENT.append(load_content())
    return _CONTENT[0]


def check(bot: str, target: str, at: str) -> None:
    """One sentence unless ``bot`` can play the self-play games (the search's self-play
    takes hours, a learned-leaf search would learn from its own model) and ``target``
    and ``at`` are known."""
    from cryhavoc_sim.games.botspec import BotNameError
    from cryhavoc_sim.games.cryhavoc.bots.registry import parse_bot

    not_self_play = ScenarioError(
        f"--bot: {bot!r} cannot play the self-play games; allowed: random, heuristic[:<personality>]"
        " or paired[:<N>] (a tree search's self-play takes hours here, a learned-leaf search"
        " would learn from its own model)."
    )
    for f in ("humans", "pilgrims", "machines", "trogs"):
        try:
            spec = parse_bot(bot, f)
        except BotNameError as exc:
            if not bot.startswith(SELF_PLAY):  # not even of a self-play bot's family
                raise not_self_play from None
            raise ScenarioError(f"--bot: {exc}.") from None
        if spec.kind not in SELF_PLAY:
            raise not_self_play
    if target not in TARGETS:
        raise ScenarioError(f"target is {target!r}; allowed: {', '.join(TARGETS)}.")
    if at not in SAMPLINGS:
        raise ScenarioError(f"--at is {at!r}; allowed: {', '.join(SAMPLINGS)}.")


def played_with() -> dict[str, Any]:
    """What the model file says the games were played with: the rules, the bots, the content."""
    from cryhavoc_sim.games.cryhavoc.bots.registry import BOTS_VERSION
    from cryhavoc_sim.games.cryhavoc.engine.game import RULES_VERSION

    return {"rules_version": RULES_VERSION, "bots_version": BOTS_VERSION, "content": _content().content_id}


def features_count() -> int:
    from cryhavoc_sim.games.cryhavoc.bots.features import FEATURES

    return len(FEATURES)


def model(coef: tuple[float, ...], intercept: float, provenance: dict[str, Any]) -> Any:
    """The learned leaf value of the fitted coefficients (``bots/value_model.py``)."""
    from cryhavoc_sim.games.cryhavoc.bots.value_model import ValueModel

    return ValueModel(coef, intercept, provenance)


def against_model(path: Path | None) -> Any:
    """The model a new fit is scored next to: the file ``path`` (checked: a one-sentence
    :class:`ScenarioError` if it does not fit), else the shipped model, or None when the
    shipped one no longer fits the features (the one case a refit is for)."""
    from cryhavoc_sim.games.cryhavoc.bots.value_model import load_model, shipped_model

    if path is not None:
        try:
            return load_model(path)
        except RecursionError:  # JSON nested deeper than the parser's stack
            raise ScenarioError(
                f"{path}: is nested too deeply to be a value model; allowed: a file written by train-value."
            ) from None
    try:
        return shipped_model()
    except ScenarioError:
        return None
