"""Cry Havoc's win-probability line (``games/winprob.py``): checkpoints at the start of
every Round; the model is the search's learned leaf value (``bots/value_model.py``,
fitted by ``train-value``), over the features a player observes (``bots/features.py``)."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.winprob import WinModel


class CryHavocLine:
    game = "cryhavoc"
    reads = "observation"
    checkpoint_word = "Round"

    @property
    def features_version(self) -> str:
        from cryhavoc_sim.games.cryhavoc.bots.features import FEATURES_VERSION

        return FEATURES_VERSION

    @property
    def features(self) -> tuple[str, ...]:
        from cryhavoc_sim.games.cryhavoc.bots.features import FEATURES

        return FEATURES

    def checkpoint(self, state: Any) -> int:
        return int(state.game.round)

    def players(self, state: Any) -> tuple[str, ...]:
        return tuple(state.game.player_factions)

    def features_of(self, state: Any, player: str) -> list[float]:
        from cryhavoc_sim.games.cryhavoc.bots.features import features

        return features(state.game, player)

    def shipped(self) -> WinModel:
        from cryhavoc_sim.games.cryhavoc.bots.value_model import shipped_model

        m = shipped_model()
        return WinModel(self.game, self.features_version, self.features, m.coef, m.intercept, m.provenance)


LINE = CryHavocLine()
