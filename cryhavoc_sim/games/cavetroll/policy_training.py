"""Cave Troll's part of the policy trainer (``games/policy/plug.py``): games of 2, 3 and
4 players over both card sets in turn (the soak's cycle, ``playout.py``), the learned
policy (``policy.py``) or the heuristic in every seat, every decision with at least two
candidates as the policy sees it, and the expert: the game's search (``paired:N`` or
``ismcts:N``, ``search.py``), its rollouts played by the policy being improved (by the
heuristic when None), its label of a decision every candidate's value over its budget
of worlds (the paired search) or its visit shares (ISMCTS)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.cavetroll.game import CARD_SETS
from cryhavoc_sim.games.cavetroll.policy import LAYOUT, SIDE, WIDTH, PolicyBot, context, describe, kind_of
from cryhavoc_sim.games.cavetroll.rules import RULES, Deal
from cryhavoc_sim.games.cavetroll.search import DEFAULT_ITERATIONS, EXPLORE, HORIZON, CaveTrollSearch
from cryhavoc_sim.games.cavetroll.state import CaveTrollState, ChooserBot
from cryhavoc_sim.games.harness.play import named_bot
from cryhavoc_sim.games.policy.expert import SearchExpert
from cryhavoc_sim.games.policy.model import Layout, PolicyModel
from cryhavoc_sim.games.policy.plug import Expert, Scored
from cryhavoc_sim.games.search.ismcts import MAX_STEPS
from cryhavoc_sim.games.search.names import search_spec, searcher
from cryhavoc_sim.games.state import Bot, GameState, PlayerId
from cryhavoc_sim.rng import Rng, derive, game_seed, stream


class CaveTrollPolicyGame:
    """Cave Troll's :class:`~cryhavoc_sim.games.policy.plug.PolicyGame`."""

    def __init__(self) -> None:
        from cryhavoc_sim.games.cavetroll.bots import HeuristicBot
        from cryhavoc_sim.games.cavetroll.content import load_content

        self.content = load_content()
        # the player's own reading of a decision, apart from the bots that play it
        self.reader = HeuristicBot(stream(0, "policy-features"))

    @property
    def layout(self) -> Layout:
        return LAYOUT

    def setup(self, master_seed: int, index: int) -> tuple[int, Any]:
        return game_seed(master_seed, index), Deal(2 + index % 3, CARD_SETS[(index // 3) % 2])

    def new_state(self, setup: Any, seed: int) -> GameState:
        from cryhavoc_sim.games.harness.seeds import Seeds

        return RULES.new_state(self.content, setup, seed, Seeds(seed).game(), False)

    def duel(self, master_seed: int, deal: int) -> tuple[int, Any]:
        return game_seed(master_seed, deal), Deal(2, CARD_SETS[deal % 2])

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
                out[p] = ChooserBot(PolicyBot(model, seeds.bot(p)))
        return out

    def scored(self, state: GameState) -> Scored | None:
        assert isinstance(state, CaveTrollState)
        g = state.game
        if g.over:
            return None
        legal = g.legal()
        if len(legal) < 2:
            return None
        me = g.player
        reader = self.reader
        reader._root(g, me)
        ranked = reader.ranked(g, me, legal, WIDTH)
        descs, attrs = describe(g, me, ranked)
        cands = [(state.answer_key(a), a) for a, _ in ranked]
        return Scored(f"{SIDE}.{kind_of(g)}", cands, descs, attrs, context(reader, g, me))

    @property
    def default_expert(self) -> str:
        return "paired:8"  # every candidate in 8 worlds, the heuristic's valuation as the leaf

    def expert_spec(self, name: str) -> BotSpec:
        return search_spec(name, "is not a search; allowed: ismcts:<N> or paired:<N>")

    def expert_labels(self, spec: BotSpec) -> str:
        return "values" if spec.kind == "paired" else "shares"

    def expert(self, player: PlayerId, spec: BotSpec, model: PolicyModel | None, rng: Rng) -> Expert:
        part = CaveTrollSearch(derive(rng), policy=model)
        budget = spec.budget or DEFAULT_ITERATIONS
        search = searcher(spec.kind, budget, player, part, rng, EXPLORE, HORIZON, MAX_STEPS)
        return SearchExpert(player, part, search)


POLICY_GAME = CaveTrollPolicyGame
