"""Invariants of a legal game state, checked after every step by the random-playout
contract test and by ``make soak``. Each returns a list of violations (empty when fine)."""

from __future__ import annotations

from dataclasses import dataclass, field

from cryhavoc_sim.games.cryhavoc.engine.decisions import Decision
from cryhavoc_sim.games.cryhavoc.engine.game import Game
from cryhavoc_sim.games.cryhavoc.engine.trogs import NPC, PLAYER


def state_violations(g: Game) -> list[str]:
    out: list[str] = []
    b = g.battle
    for f, p in g.players.items():
        on_board = sum(s.units.get(f, 0) for s in g.regions.values())
        in_battle = sum(b.on[f]) if b is not None and f in b.on else 0
        held = sum(q.prisoners.get(f, 0) for q in g.players.values())
        if on_board + in_battle + p.reserve + held != p.total_units:
            out.append(
                f"{f}: units not conserved ({on_board} board + {in_battle} battle + {p.reserve} reserve + {held} prisoners != {p.total_units})"
            )
        if p.reserve < 0 or p.vp < 0 or p.control_left < 0:
            out.append(f"{f}: negative count (reserve {p.reserve}, vp {p.vp}, control left {p.control_left})")
        if g.role(f) == PLAYER:
            placed = sum(1 for s in g.regions.values() if s.control == f)
            if (
                placed > g.content.factions[f].control_tokens
                or placed + p.control_left != g.content.factions[f].control_tokens
            ):
                out.append(f"{f}: {placed} Control tokens on the board and {p.control_left} left")
            if g.record and g.vp_ledger.get(f, 0) != p.vp:
                out.append(f"{f}: VP ledger {g.vp_ledger.get(f, 0)} != VP {p.vp}")
        elif p.vp != 0 and g.role(f) == NPC:
            out.append(f"{f}: non-player Trogs scored {p.vp} VP")
        if p.stock < 0 or len(p.stored) > 3:
            out.append(f"{f}: {p.stock} stored Crystals, {len(p.stored)} Matrix cards")
        for sid, left in p.structures_left.items():
            built = sum(1 for s in g.regions.values() for o, x in s.structures if o == f and x == sid)
            if left < 0 or left + built != g.content.structures[sid].tokens:
                out.append(f"{f}: {sid} has {left} tokens left and {built} built")
    for r, s in g.regions.items():
        if s.crystals < 0 or any(n <= 0 for n in s.units.values()):
            out.append(f"{r}: negative or zero entry ({s.crystals} crystals, units {s.units})")
        if s.hq_of is not None:
            if any(f != s.hq_of for f in s.units):
                out.append(f"{r}: enemy Units {s.units} in the HQ of {s.hq_of}")
            if s.crystals:
                out.append(f"{r}: {s.crystals} Crystals in an HQ")
        if s.battle and set(s.units) - {s.attacker, s.defender}:
            out.append(f"{r}: Battle Region holds a third faction {s.units}")
        if s.control is not None and g.role(s.control) == NPC:
            out.append(f"{r}: non-player Trogs hold Control")
    numbers = [s.battle for s in g.regions.values() if s.battle]
    if len(numbers) != len(set(numbers)) or len(numbers) > g.rules.battle_tokens:
        out.append(f"Battle tokens misused: {sorted(numbers)}")
    if len(g.scoring_enabled_rounds) != len(set(g.scoring_enabled_rounds)):
        out.append(f"Scoring enabled twice in a Round: {g.scoring_enabled_rounds}")
    return out


def game_violations(g: Game) -> list[str]:
    """Checks of the whole game, made once it has ended."""
    out: list[str] = []
    for rnd, hands in g.hands_after_draw.items():
        for f, n in hands.items():
            if n > g.rules.hand_limit_of(f):
                out.append(f"round {rnd}: {f} holds {n} cards after the Draw phase")
    for rnd, taken in g.actions_by_round.items():
        for f, n in taken.items():
            if n != g.rules.actions_of(f):
                out.append(f"round {rnd}: {f} took {n} Actions")
    if sorted(g.actions_by_round) != list(range(1, g.round + 1)):
        out.append(f"Actions phases ran in rounds {sorted(g.actions_by_round)} of {g.round}")
    if g.final_round and g.round in g.scoring_enabled_rounds:
        out.append(f"round {g.round}: Scoring enabled in the final Round")
    if g.outcome is None:
        out.append("the game has no outcome")
    elif g.outcome.winner not in g.player_factions and not (g.solo and g.outcome.winner == "trogs"):
        out.append(f"winner {g.outcome.winner} is not a player")
    return out


@dataclass
class InvariantObserver:
    """Observer of a game at each decision (the harness's driver loop calls it, through
    ``games/cryhavoc/rules.py``'s ``invariants``) that collects every violation of
    :func:`state_violations` at each decision point and of :func:`game_violations` at the end."""

    violations: list[str] = field(default_factory=list)
    steps: int = 0
    # Units per faction in each Battle Region when first seen in the Actions phase.
    _battles: dict[str, tuple[tuple[object, ...], dict[str, int]]] = field(default_factory=dict)

    def __call__(self, g: Game, decision: Decision | None) -> None:
        self.steps += 1
        for v in state_violations(g):
            self.violations.append(f"round {g.round} {g.phase}: {v}")
        if g.phase == "actions":
            for r, s in g.regions.items():
                if not s.battle:
                    self._battles.pop(r, None)
                    continue
                which = (g.round, s.battle, s.attacker, s.defender)
                if r not in self._battles or self._battles[r][0] != which:
                    self._battles[r] = (which, dict(s.units))
                seen = self._battles[r][1]
                for f, n in s.units.items():
                    if n > seen.get(f, 0):
                        self.violations.append(f"round {g.round}: {f} Units entered Battle Region {r}")
                    seen[f] = n
        if decision is None:
            self.violations.extend(game_violations(g))
