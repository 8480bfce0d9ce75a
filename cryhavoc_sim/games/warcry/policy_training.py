"""WarCry's part of the policy trainer (``games/policy/plug.py``): every pairing of the
shipped army decks in turn (the soak's cycle, ``rules.py``), the learned policy
(``policy.py``) or the heuristic in both seats, the decisions the search searches as the
policy sees them, and the expert: the game's search (``paired:N`` or ``ismcts:N``,
``search.py``), its rollouts played by the policy being improved (by the heuristic when
None), its label of a decision every candidate's value over its budget of worlds (the
paired search) or its visit shares (ISMCTS)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.harness.play import named_bot
from cryhavoc_sim.games.policy.expert import SearchExpert
from cryhavoc_sim.games.policy.model import Layout, PolicyModel
from cryhavoc_sim.games.policy.plug import Expert, Scored
from cryhavoc_sim.games.search.ismcts import EXPLORE, MAX_STEPS
from cryhavoc_sim.games.search.names import search_spec, searcher
from cryhavoc_sim.games.state import Bot, GameState, PlayerId
from cryhavoc_sim.games.warcry.policy import LAYOUT, SIDE, PolicyBot, context, describe
from cryhavoc_sim.games.warcry.rules import RULES
from cryhavoc_sim.games.warcry.search import DEFAULT_ITERATIONS, HORIZON, WarCrySearch
from cryhavoc_sim.games.warcry.state import PLAYERS, WarCryState
from cryhavoc_sim.rng import Rng, derive, game_seed, stream


class WarCryPolicyGame:
    """WarCry's :class:`~cryhavoc_sim.games.policy.plug.PolicyGame`."""

    def __init__(self) -> None:
        self.content = RULES.default_content()
        # each seat's own reading of a decision, apart from the bots that play it
        self.readers = {p: WarCrySearch(p, stream(0, f"policy-features:{p}")) for p in PLAYERS}

    @property
    def layout(self) -> Layout:
        return LAYOUT

    @property
    def default_expert(self) -> str:
        return "paired:16"  # every candidate in 16 worlds (a Battle's dice are noisy)

    def setup(self, master_seed: int, index: int) -> tuple[int, Any]:
        return game_seed(master_seed, index), RULES.soak_setup(index)

    def new_state(self, setup: Any, seed: int) -> GameState:
        from cryhavoc_sim.games.harness.seeds import Seeds

        return RULES.new_state(self.content, setup, seed, Seeds(seed).game(), False)

    def duel(self, master_seed: int, deal: int) -> tuple[int, Any]:
        return self.setup(master_seed, deal)

    def bots(
        self, state: GameState, models: Mapping[PlayerId, PolicyModel | None], seed: int
    ) -> dict[PlayerId, Bot[Any]]:
        from cryhavoc_sim.games.harness.seeds import Seeds

        seeds = Seeds(seed)
        out: dict[PlayerId, Bot[Any]] = {}
        for p in state.players:
            model = models.get(p)
            if model is None:
                out[p] = named_bot(RULES, "heuristic", p, seeds.bot(p))
            else:
                out[p] = PolicyBot(p, model, seeds.bot(p))
        return out

    def scored(self, state: GameState) -> Scored | None:
        assert isinstance(state, WarCryState)
        player = state.current_player
        if player is None:
            return None
        reader = self.readers[player]
        if not reader.searched(state, player):
            return None
        cands = reader.candidates(state)
        if len(cands) < 2:
            return None
        descs, attrs = describe(state, reader.own, cands)
        return Scored(f"{SIDE}.{state.phase}", cands, descs, attrs, context(state, PLAYERS.index(player)))

    def expert_spec(self, name: str) -> BotSpec:
        return search_spec(name, "is not a search; allowed: ismcts:<N> or paired:<N>")

    def expert_labels(self, spec: BotSpec) -> str:
        return "values" if spec.kind == "paired" else "shares"

    def expert(self, player: PlayerId, spec: BotSpec, model: PolicyModel | None, rng: Rng) -> Expert:
        part = WarCrySearch(player, derive(rng), policy=model)
        budget = spec.budget or DEFAULT_ITERATIONS
        search = searcher(spec.kind, budget, player, part, rng, EXPLORE, HORIZON, MAX_STEPS)
        return SearchExpert(player, part, search)


POLICY_GAME = WarCryPolicyGame
