"""A game's search as an expert of the policy trainer (``plug.Expert``): the pending
decision's candidates (``root_candidates``), labelled with every candidate's value over
the search's budget of worlds (the paired-rollout search) or its visit shares (ISMCTS).
Shared by the games whose search part needs nothing reset between labels."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from cryhavoc_sim.games.search.ismcts import Ismcts
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.search.plug import SearchGame, root_candidates
from cryhavoc_sim.games.state import Answer, PlayerId


class SearchExpert:
    """Seat ``player``'s ``search`` over the game's search part ``part``."""

    def __init__(self, player: PlayerId, part: SearchGame[Any], search: Ismcts[Any] | Paired[Any]) -> None:
        self.player = player
        self.part = part
        self.search = search
        self.labels = "values" if isinstance(search, Paired) else "shares"

    def label(self, state: Any) -> tuple[Sequence[tuple[Hashable, Answer]], list[float]] | None:
        options = root_candidates(self.part, state, self.player)
        if options is None:
            return None
        search = self.search
        if isinstance(search, Paired):
            return options, search.values(state, options, search.iterations)
        return options, search.shares(state, options)
