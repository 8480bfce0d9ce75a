"""Cry Havoc's part of the policy trainer (``games/policy/plug.py``): games of 2, 3 and
4 players and the solo mode in turn (``engine/playout.py``'s cycle), the policy bot
(``bots/policy.py``) or the heuristic in every seat, the decisions the search searches,
and the expert: the paired-rollout search on the learned leaf value (``paired-leaf``'s
parts) measuring every candidate in the same worlds, its rollouts played by the policy
being improved (the heuristic bot at the first iteration)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cryhavoc_sim.games.cryhavoc.bots.candidates import candidates, is_searched
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.ismcts import MAX_ROLLOUT
from cryhavoc_sim.games.cryhavoc.bots.leaf import LeafSearch
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
from cryhavoc_sim.games.cryhavoc.bots.policy import PolicyBot
from cryhavoc_sim.games.cryhavoc.bots.policy_features import LAYOUT, context, describe
from cryhavoc_sim.games.cryhavoc.bots.value_model import shipped_model
from cryhavoc_sim.games.cryhavoc.state import RULES, CryHavocState, DeciderBot
from cryhavoc_sim.games.harness.seeds import Seeds
from cryhavoc_sim.games.policy.model import Layout, PolicyModel
from cryhavoc_sim.games.policy.plug import Scored
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.state import Bot, GameState, PlayerId
from cryhavoc_sim.rng import Rng, stream


class CryHavocPolicyGame:
    """Cry Havoc's :class:`~cryhavoc_sim.games.policy.plug.PolicyGame`."""

    expert_name = "paired-rollout search on the learned leaf value, every candidate in the same worlds"

    def __init__(self) -> None:
        from cryhavoc_sim.games.cryhavoc.content import load_content

        self.content = load_content()
        self.helpers: dict[PlayerId, HeuristicBot] = {}
        self.seed = 0

    @property
    def layout(self) -> Layout:
        return LAYOUT

    def setup(self, master_seed: int, index: int) -> tuple[int, Any]:
        from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for

        seed, factions, experience = playout_spec(master_seed, index)
        return seed, setup_for(factions, experience)

    def new_state(self, setup: Any, seed: int) -> GameState:
        from cryhavoc_sim.games.cryhavoc.engine.newgame import new_game

        self.helpers = {}
        self.seed = seed
        return CryHavocState(new_game(self.content, setup, Seeds(seed).game(), record_events=False))

    def duel(self, master_seed: int, deal: int) -> tuple[int, Any]:
        from cryhavoc_sim.games.cryhavoc.engine.playout import LINEUPS, setup_for
        from cryhavoc_sim.rng import game_seed

        pairings = LINEUPS[2]
        return game_seed(master_seed, deal), setup_for(pairings[deal % len(pairings)], "first_time")

    def bots(
        self, state: GameState, models: Mapping[PlayerId, PolicyModel | None], seed: int
    ) -> dict[PlayerId, Bot[Any]]:
        assert isinstance(state, CryHavocState)
        seeds = Seeds(seed)
        out: dict[PlayerId, Bot[Any]] = {}
        for f in state.players:
            model = models.get(f)
            if model is None:
                out[f] = RULES.bot("heuristic", f, seeds.bot(f))
            else:
                out[f] = DeciderBot(PolicyBot(f, model, seeds.bot(f)))
        out.update(RULES.extras(state))
        return out

    def scored(self, state: GameState) -> Scored | None:
        assert isinstance(state, CryHavocState)
        g = state.game
        d = g.request
        if d is None or not is_searched(d, d.faction) or g.is_npc(d.faction):
            return None
        f = d.faction
        helper = self.helpers.get(f)
        if helper is None:  # the player's own reading, apart from the bot that plays it
            helper = self.helpers[f] = HeuristicBot(
                f, personality(f), stream(self.seed, f"policy-features:{f}")
            )
        cands = candidates(helper, d, g)
        if len(cands) < 2:
            return None
        descs, attrs = describe(helper, d, g, cands)
        helper.forget()
        return Scored(f"{f}.{d.kind}", cands, descs, attrs, context(g, f))

    def expert(self, player: PlayerId, model: PolicyModel | None, rng: Rng) -> Paired[CryHavocState]:
        search = LeafSearch(player, rng, shipped_model())
        search.policy = model
        return Paired(player, search, 1, rng, 1, MAX_ROLLOUT)


POLICY_GAME = CryHavocPolicyGame
