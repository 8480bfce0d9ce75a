"""Cry Havoc's part of the policy trainer (``games/policy/plug.py``): games of 2, 3 and
4 players and the solo mode in turn (``engine/playout.py``'s cycle), the learned policy
(``bots/policy.py``) or the heuristic in every seat, the decisions the search searches
as the policy sees them (``bots/policy_features.py``), and the expert: any of the
game's search bots (``ismcts:N``, ``paired:N``, ``ismcts-leaf:N``, ``paired-leaf:N``),
its rollouts played by the policy being improved (by the heuristic when None), its
label of a decision every candidate's value over its budget of worlds (the paired
search, ``Paired.values``) or its visit shares (ISMCTS, ``Ismcts.shares``)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from cryhavoc_sim.games.botspec import BotNameError, BotSpec
from cryhavoc_sim.games.cryhavoc.bots.candidates import candidates, is_searched
from cryhavoc_sim.games.cryhavoc.bots.heuristic import HeuristicBot
from cryhavoc_sim.games.cryhavoc.bots.ismcts import IsmctsBot
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality
from cryhavoc_sim.games.cryhavoc.bots.policy import PolicyBot
from cryhavoc_sim.games.cryhavoc.bots.policy_features import LAYOUT, context, describe
from cryhavoc_sim.games.cryhavoc.rules import RULES
from cryhavoc_sim.games.cryhavoc.state import CryHavocState, DeciderBot
from cryhavoc_sim.games.harness.play import named_bot
from cryhavoc_sim.games.harness.seeds import Seeds
from cryhavoc_sim.games.policy.model import Layout, PolicyModel
from cryhavoc_sim.games.policy.plug import Expert, Scored
from cryhavoc_sim.games.search.paired import Paired
from cryhavoc_sim.games.search.plug import root_candidates
from cryhavoc_sim.games.state import Answer, Bot, GameState, PlayerId
from cryhavoc_sim.rng import Rng, stream


class CryHavocPolicyGame:
    """Cry Havoc's :class:`~cryhavoc_sim.games.policy.plug.PolicyGame`."""

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
                out[f] = named_bot(RULES, "heuristic", f, seeds.bot(f))
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

    @property
    def default_expert(self) -> str:
        return "paired-leaf:8"  # every candidate in 8 worlds, the learned leaf value

    def expert_spec(self, name: str) -> BotSpec:
        from cryhavoc_sim.games.cryhavoc.bots.registry import LEAVES, parse_bot
        from cryhavoc_sim.games.search.names import SEARCHES

        spec = parse_bot(name, "humans")
        if (spec.kind not in SEARCHES and spec.kind not in LEAVES) or spec.personality or spec.restriction:
            raise BotNameError(
                name, "is not a search; allowed: ismcts:<N>, paired:<N>, ismcts-leaf:<N> or paired-leaf:<N>"
            )
        return spec

    def expert_labels(self, spec: BotSpec) -> str:
        from cryhavoc_sim.games.cryhavoc.bots.registry import LEAVES

        return "values" if LEAVES.get(spec.kind, spec.kind) == "paired" else "shares"

    def expert(self, player: PlayerId, spec: BotSpec, model: PolicyModel | None, rng: Rng) -> Expert:
        from cryhavoc_sim.games.cryhavoc.bots.registry import build

        bot = build(spec, player, rng)
        assert isinstance(bot, IsmctsBot)
        bot.game.policy = model
        return CryHavocExpert(player, bot)


class CryHavocExpert:
    """A Cry Havoc search bot as an expert (``games/policy/plug.py``): the paired-rollout
    search labels with every candidate's value over its budget of worlds, ISMCTS with
    its visit shares."""

    def __init__(self, player: PlayerId, bot: IsmctsBot) -> None:
        self.player = player
        self.bot = bot
        self.labels = "values" if isinstance(bot.search, Paired) else "shares"

    def label(self, state: Any) -> tuple[Sequence[tuple[Hashable, Answer]], list[float]] | None:
        assert isinstance(state, CryHavocState)
        self.bot.game.shown = None
        options = root_candidates(self.bot.game, state, self.player)
        if options is None:
            return None
        search = self.bot.search
        if isinstance(search, Paired):
            return options, search.values(state, options, search.iterations)
        return options, search.shares(state, options)


POLICY_GAME = CryHavocPolicyGame
