"""WarCry's Combat (COMBAT): a Combat opened, tactics and passes in turn (combat and
support tactics, Tactic Points, WarCry only first), abilities and their costs, the Roll
with reactions out of turn, resolution (Slaughter on ties, a committed winner, ranged
Combats), the Rout check and follow-ups, and the chain's clean-up."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.games.state import Answer
from cryhavoc_sim.games.warcry import effects as fx
from cryhavoc_sim.games.warcry.content import Ability
from cryhavoc_sim.games.warcry.table import (
    ACTION_DECK,
    ACTION_DISCARD,
    ACTION_HAND,
    BATTLEFIELD,
    STRATEGIES,
    Combat,
    WarCryTable,
)


class Combats(WarCryTable):
    """Combats and their chains of follow-ups (see the module docstring)."""

    # ------------------------------------------------------------------ Combat
    def _start_combat(
        self, p: int, att: int, dfd: int, *, ranged: bool = False, blocked: bool = False,
        follow_up: bool = False, tie: bool = False,
    ) -> None:  # fmt: skip
        """BEGIN COMBAT: both players draw an Action card; the attacker acts first. Tactic
        Points refresh per Combat or per chain of follow-ups (knob ``tp_refresh``, W1)."""
        commander = self.combat.commander if self.combat is not None else p
        self.combat = Combat(p, att, dfd, ranged, follow_up, blocked, tie, commander)
        self.serial += 1
        if not follow_up or self.knobs["tp_refresh"] == "combat":
            self.tp_spent = {}
        self._draw(p, ACTION_DECK)
        self._draw(1 - p, ACTION_DECK)
        if "combat_start" in self.triggers_held:
            self._combat_started()
        else:  # no reaction of the game answers a Combat's start
            self.phase, self.actor = "tactic", p

    def tp_left(self, u: int) -> int:
        return self.tactic_points(u) - self.tp_spent.get(u, 0)

    def _holds(self, c: Combat, u: int, ab: Ability) -> bool:
        """Whether ``ab``'s conditions hold, read on the unit it is directed at (its own
        unit in the Combat ``u``, or the enemy's: Support Tactics are "directed at a Unit in
        combat")."""
        if not ab.when:
            return True
        if ab.target == "enemy":
            u = c.def_u if u == c.att_u else c.att_u
        return all(fx.CONDITIONS[w](self, u, c) for w in ab.when)

    def _legal_tactic(self) -> tuple[Answer, ...]:
        c = self.combat
        assert c is not None
        p = self.actor
        side = c.side_of(p)
        mine = c.unit(side)
        out: list[Answer] = []
        hand = sorted(self.zones[p][ACTION_HAND])
        # Combat Tactics: only by the Ready unit in combat (Play Tactics)
        if mine not in self.committed:
            seen = set()
            left = self.tp_left(mine)
            for x in hand:
                card = self.cards[x]
                if card.type != "Tactic" or card.name in seen or card.cost > left:
                    continue
                ab = card.abilities[0]
                if ab.timing == "support" or (ab.timing == "warcry" and c.acted[side]):
                    continue  # WarCry: only as your first action
                if self._holds(c, mine, ab):
                    seen.add(card.name)
                    out.append(("card", card.name))
            # Tactic Abilities, on the unit or an attachment on it: once per Combat
            for x in self.with_attachments(mine, "combat" if "warcry" not in self.attached_timings else ""):
                for i, ab in enumerate(self.cards[x].abilities):
                    if ab.timing not in ("combat", "warcry") or (x, i) in c.used:
                        continue
                    if ab.timing == "warcry" and c.acted[side]:
                        continue
                    if self._holds(c, mine, ab):
                        out += self._with_cost(p, x, i, ab)
        # Support Tactics: only by Ready units outside the combat, at a unit in it, its own
        # or the enemy's (Dorgan's Ironshields forbids the enemy's)
        enemy = c.unit(1 - side)
        if not any(a.effect == fx.NO_ENEMY_SUPPORT for a in self.cards[enemy].abilities):
            helpers = [
                u for u in sorted(self.units(p)) if u not in self.committed and u not in (c.att_u, c.def_u)
            ]
            support = (  # Support Tactic cards in hand, by name: the helper pays their TP
                sorted(
                    {
                        self.cards[x].name: self.cards[x]
                        for x in hand
                        if self.cards[x].type == "Tactic" and "support" in self.cards[x].timings
                    }.items()
                )
                if self.support_tactics_held
                else []
            )
            for u in helpers:
                for x in self.with_attachments(u, "support"):
                    if "support" not in self.cards[x].timings:
                        continue
                    for i, ab in enumerate(self.cards[x].abilities):
                        if ab.timing == "support" and (x, i) not in c.used and self._holds(c, mine, ab):
                            out += self._with_cost(p, x, i, ab)
                for name, card in support:
                    if card.cost <= self.tp_left(u) and self._holds(c, mine, card.abilities[0]):
                        out.append(("support_card", name, u))
            if helpers:  # W4: a Strategy's support tactic, once per Combat, by any helper
                for s in sorted(self.zones[p][STRATEGIES]):
                    for i, ab in enumerate(self.cards[s].abilities):
                        if ab.timing == "support" and (s, i) not in c.used and self._holds(c, mine, ab):
                            out.append(("strategy", s, i))
        out.append(("pass",))
        return tuple(out)

    def _with_cost(self, p: int, u: int, i: int, ab: Ability) -> list[Answer]:
        """The answers using ability ``i`` of ``u``, one per way to pay its cost."""
        if ab.cost == "commit_other_orc":
            c = self.combat
            assert c is not None
            others = [
                v for v in sorted(self.units(p))
                if v != u and v not in self.committed and self.cards[v].race == "Orc" and v not in (c.att_u, c.def_u)
            ]  # fmt: skip
            return [("ability", u, i, v) for v in others]
        if ab.cost == "discard_card":
            names = sorted({self.cards[x].name for x in self.zones[p][ACTION_HAND]})
            return [("ability", u, i, n) for n in names]
        return [("ability", u, i)]

    def _apply_tactic(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        p = self.actor
        side = c.side_of(p)
        mine = c.unit(side)
        what = answer[0]
        if what == "pass":
            c.acted[side] = True  # "if you pass you can no longer play a WarCry"
            c.passes += 1
            if c.passes >= 2:  # "When both players pass consecutively, resolve combat."
                c.resolving = True
                self._resolve()
                return
            self.actor = 1 - p
            return
        c.passes = 0
        c.acted[side] = True
        peek = False
        if what in ("card", "support_card"):
            x = self._take(p, ACTION_HAND, answer[1])
            self.zones[p][BATTLEFIELD].append(x)  # placed in the Battlefield until resolution
            card = self.cards[x]
            payer = mine if what == "card" else answer[2]  # the unit using the tactic pays
            self.tp_spent[payer] = self.tp_spent.get(payer, 0) + card.cost
            self._effect(c, side, mine, card.abilities[0])
            self.log("tactic", p, card.cost, card.name)
        elif what == "strategy":
            s, i = answer[1], answer[2]
            c.used.append((s, i))
            self._effect(c, side, mine, self.cards[s].abilities[i])
            self.log("support", p, 0, self.cards[s].name)
        else:
            u, i = answer[1], answer[2]
            ab = self.cards[u].abilities[i]
            c.used.append((u, i))  # Tactic Abilities: once per Combat
            self.log("ability", p, 0, self.cards[u].name)
            if ab.cost == "commit_self":  # an attachment's self is the unit it is on
                self.committed.add(self.bearer(u))
            elif ab.cost == "commit_other_orc":
                self.committed.add(answer[3])
            elif ab.cost == "discard_card":
                x = self._take(p, ACTION_HAND, answer[3])
                self.zones[p][ACTION_DISCARD].append(x)
            if ab.effect == fx.PEEK_TOP:
                self._refill(p, ACTION_DECK)
                peek = bool(self.zones[p][ACTION_DECK])
                if peek:
                    self.known_top[p] = self.zones[p][ACTION_DECK][-1]
            else:
                self._effect(c, side, mine, ab)
            if ab.cost == "destroy_self":
                self._destroy(u)
        if peek:
            self.phase = "peek"
            return
        self.actor = 1 - p

    def _effect(self, c: Combat, side: int, unit: int, ab: Ability) -> None:
        """An ability's primitives on ``unit`` (the unit in combat of ``side``), or on the
        enemy's unit in the Combat when the ability is directed at it (``target = "enemy"``)."""
        if ab.target == "enemy":
            side = 1 - side
            unit = c.unit(side)
        # Altdorf Swordsmen: only if the supported unit passes a Leadership Test
        if ab.test == "leadership" and self._roll(c.player(side)) > self.leadership(unit):
            return
        gain = ab.strength
        if ab.effect == fx.PER_COMMITTED_WAR_MACHINE:  # Knights of the North Star
            p = c.player(side)
            gain *= sum(
                1 for v in self.units(p) if v in self.committed and "War Machine" in self.cards[v].keywords
            )
        # Carroburg Greatswords' reaction (W6: always taken); Committing: "Committed Units
        # cannot use their tactics, reactions, or commands."
        if (
            gain > 0
            and unit not in self.committed
            and any(a.effect == fx.TACTIC_BONUS for a in self.cards[unit].abilities)
        ):
            gain += 1
        c.mod[side] += gain
        c.ld[side] += ab.leadership
        c.terror[side] += ab.terror  # Terror: "can grow scarier with Action cards"
        if ab.effect == fx.DESTROY_ON_WIN:
            c.destroy_on_win[side] = True
        elif ab.effect == fx.ROUT_ON_WIN:
            c.rout_on_win[side] = True

    def _legal_peek(self) -> tuple[Answer, ...]:
        return (("keep_top",), ("discard_top",))

    def _apply_peek(self, answer: tuple[Any, ...]) -> None:
        """Bugman's Rangers: look at the top Action card, may discard it."""
        p = self.actor
        if answer[0] == "discard_top":
            z = self.zones[p]
            z[ACTION_DISCARD].append(z[ACTION_DECK].pop())
            self.known_top[p] = None
            self._refill(p, ACTION_DECK)
        self.phase, self.actor = "tactic", 1 - p

    def _reactions(self, p: int, trigger: str) -> list[Answer]:
        """Reactions: "Reactions tell you when to play them. You cannot use a Unit's Reaction
        more than once per event, but you can play as many different reactions as you want."
        The reactions ``p`` may use at the event ``trigger``: Reaction cards in hand (each
        name once an event, W19) and the reactions of its Ready units and their attachments
        ("Committed Units cannot use their ... reactions")."""
        c = self.combat
        assert c is not None
        out: list[Answer] = []
        cards = self.cards
        names = {
            cards[x].name
            for x in self.zones[p][ACTION_HAND]
            if cards[x].type == "Reaction" and cards[x].abilities[0].trigger == trigger
        }
        out += [("react", n) for n in sorted(names) if ("card", n) not in c.reacted]
        if trigger not in self.unit_triggers_held:
            return out
        for u in sorted(self.units(p)):
            if u in self.committed:
                continue
            for x in self.with_attachments(u, "reaction"):
                if "reaction" not in self.cards[x].timings:
                    continue
                for i, ab in enumerate(self.cards[x].abilities):
                    if (
                        ab.timing == "reaction"
                        and ab.trigger == trigger
                        and ("ability", x, i) not in c.reacted
                    ):
                        out.append(("react_ability", x, i))
        return out

    def _open_window(self, p: int, trigger: str) -> bool:
        """Open ``p``'s reaction window at the event ``trigger`` if it has a reaction to use."""
        c = self.combat
        assert c is not None
        if trigger not in self.triggers_held:
            return False
        c.reacted = []  # a new event: every reaction may be used once again
        if not self._reactions(p, trigger):
            return False
        c.window = trigger
        self.phase, self.actor = "react", p
        return True

    def _combat_started(self, side: int = 0) -> None:
        """The reaction windows when a Combat begins (after the draws, before the first
        tactic): the attacker's, then the defender's; then the attacker plays first."""
        c = self.combat
        assert c is not None
        for sd in range(side, 2):
            if self._open_window(c.player(sd), "combat_start"):
                return
        c.window = ""
        self.phase, self.actor = "tactic", c.att_p

    def _resolve(self) -> None:
        """RESOLVE COMBAT: each Rolls, attacker first; after each combat roll the other
        player may react (Valorous Assault: the enemy rolls again; W8: one window a roll)."""
        c = self.combat
        assert c is not None
        for side in (0, 1):
            if c.rolls[side] is None:
                c.rolls[side] = self._roll(c.player(side))
                if not c.offered[side]:
                    c.offered[side] = True
                    if self._open_window(c.player(1 - side), "enemy_roll"):
                        return
        self._finish()

    def _legal_react(self) -> tuple[Answer, ...]:
        c = self.combat
        assert c is not None
        return (*self._reactions(self.actor, c.window), ("no_react",))

    def _apply_react(self, answer: tuple[Any, ...]) -> None:
        """A reaction is no turn: its player may use another, then the event goes on."""
        c = self.combat
        assert c is not None
        p = self.actor
        side = c.side_of(p)
        if answer[0] == "react":
            x = self._take(p, ACTION_HAND, answer[1])
            self.zones[p][ACTION_DISCARD].append(x)
            self.log("reaction", p, 0, answer[1])
            c.reacted.append(("card", answer[1]))
            ab = self.cards[x].abilities[0]
        elif answer[0] == "react_ability":
            x, i = answer[1], answer[2]
            c.reacted.append(("ability", x, i))
            ab = self.cards[x].abilities[i]
            self.log("reaction", p, 0, self.cards[x].name)
        else:
            ab = None
        if ab is not None:
            if ab.effect == fx.REROLL_ENEMY:
                c.rolls[1 - side] = None
            else:
                self._effect(c, side, c.unit(side), ab)
            if self._reactions(p, c.window):
                return
        window, c.window = c.window, ""
        if window == "combat_start":
            self._combat_started(side + 1)
        else:
            self._resolve()

    def total(self, c: Combat, side: int) -> int:
        """Combat Roll: Roll + Strength + tactics; a ranged attacker's Ranged value takes
        no strength modifier (Make a Ranged Attack; W2); Morzog's Madmob loses 1 per
        unspent TP."""
        u = c.unit(side)
        roll = c.rolls[side] or 0
        if c.ranged and side == 0:
            return self.cards[u].ranged + roll
        value = self.strength(u) + c.mod[side] + roll
        if any(a.effect == fx.UNSPENT_TP_PENALTY for a in self.cards[u].abilities):
            value -= max(0, self.tp_left(u))
        return value

    def _finish(self) -> None:
        c = self.combat
        assert c is not None
        ta, td = self.total(c, 0), self.total(c, 1)
        self.log("combat", c.att_p, ta - td, f"{self.cards[c.att_u].name} vs {self.cards[c.def_u].name}")
        if c.ranged:  # Resolution of Ranged Attacks: equal or higher wins (FAQ)
            if ta >= td:
                if c.def_u in self.committed or c.destroy_on_win[0]:
                    self._discard_unit(c.def_u)
                else:
                    self.committed.add(c.def_u)
            self.committed.add(c.att_u)  # "the Ranged Unit Commits as normal"
            self._end_chain(-1)
            return
        if ta == td:  # Slaughter!: both destroyed
            self._discard_unit(c.att_u)
            self._discard_unit(c.def_u)
            self._end_chain(-1)
            return
        w = 0 if ta > td else 1
        wu, lu = c.unit(w), c.unit(1 - w)
        if wu in self.committed:  # Special Note: a committed winner destroys nothing
            if c.destroy_on_win[w]:  # Relentless Advance: "the enemy unit is destroyed"
                self._discard_unit(lu)
            else:
                self.committed.add(lu)
                self._to_battle_line(lu)
            self._end_chain(wu)
            return
        routed = False
        if not c.follow_up and not c.tie:  # no Rout check in follow-ups (W10: nor in a tie's Combat)
            # Rout Check: the winner Rolls; equal to or higher than the loser's Ld routs it
            routed = c.rout_on_win[w] or self._roll(c.player(w)) >= self.leadership(lu)
        self._discard_unit(lu)
        loser = c.player(1 - w)
        bloodpack = any(a.effect == fx.DESTROY_STRATEGY_ON_KILL for a in self.cards[wu].abilities)
        if bloodpack and self.zones[loser][STRATEGIES]:  # Azyrneth's Bloodpack (W6: the enemy's newest)
            s = self.zones[loser][STRATEGIES].pop()
            self.zones[loser][ACTION_DISCARD].append(s)
        if routed and self.units(loser):
            c.winner = wu
            self.phase, self.actor = "follow_up", c.player(w)
            return
        self._end_chain(wu)

    def _legal_follow_up(self) -> tuple[Answer, ...]:
        return (("follow_up",), ("stop",))

    def _apply_follow_up(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        if answer[0] == "stop":
            self._end_chain(c.winner)
            return
        loser = 1 - self.owner(c.winner)  # the player who lost chooses a Ready unit
        ready = [u for u in self.units(loser) if u not in self.committed]
        self.phase, self.actor = "follow_target", loser if ready else 1 - loser

    def _legal_follow_target(self) -> tuple[Answer, ...]:
        c = self.combat
        assert c is not None
        loser = 1 - self.owner(c.winner)
        ready = [u for u in self.units(loser) if u not in self.committed]
        return tuple(("target", u) for u in sorted(ready or self.units(loser)))

    def _apply_follow_target(self, answer: tuple[Any, ...]) -> None:
        c = self.combat
        assert c is not None
        self._discard_battlefield()
        # Follow-up: a new Combat, no blocks (FAQ), may target the Reserve
        self._start_combat(self.owner(c.winner), c.winner, answer[1], follow_up=True)

    def _discard_battlefield(self) -> None:
        for p in (0, 1):
            z = self.zones[p]
            z[ACTION_DISCARD] += z[BATTLEFIELD]
            z[BATTLEFIELD] = []

    def _end_chain(self, winner: int) -> None:
        """Combat Clean-up: the winning unit commits and is placed in its Battle Line;
        the tactic cards are discarded; the Command passes (or a tie's field is counted)."""
        c = self.combat
        assert c is not None
        if winner >= 0 and winner in self.units(self.owner(winner)):
            self.committed.add(winner)
            self._to_battle_line(winner)
        self._discard_battlefield()
        self.combat = None
        self.tp_spent = {}
        if c.tie:
            self._field()
        else:
            self.phase, self.actor = "command", 1 - c.commander
