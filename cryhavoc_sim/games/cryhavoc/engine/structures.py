"""Structures on the board: placing, moving and removing their tokens, and the effect
primitives that move them (rulebook: Structures; the Machines' primer). A Tunnel
Structure makes its Region a Tunnel Region (4-player game: Movement).

Building is an Action (actions.py ``BuildAction``) and the solo automaton's Build
(solo.py); both place the token here. Passive Structure effects run in effects.py
(``Passives``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, RegionId
from cryhavoc_sim.games.cryhavoc.engine.prim import Prim

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.game import Game


def _structure_ok(g: Game, f: FactionId, region: RegionId, sid: str) -> bool:
    """Where ``f`` may put Structure ``sid``: a Region it controls, not an HQ or Battle
    Region, none of that type there yet (Structure rules)."""
    s = g.regions[region]
    return s.control == f and s.hq_of is None and not s.battle and all(x != sid for _, x in s.structures)


def _put_structure(g: Game, f: FactionId, region: RegionId, sid: str) -> None:
    """A token from the supply into ``region``; a Tunnel joins the Tunnel Regions."""
    g.players[f].structures_left[sid] -= 1
    s = g.regions[region]
    s.structures = (*s.structures, (f, sid))
    if g.content.structures[sid].tunnel:
        g.set_tunnel(region, True)


def place_structure(g: Game, f: FactionId, region: RegionId, sid: str, cause: str) -> None:
    """Build (or, with another ``cause``, place) Structure ``sid`` of ``f`` in ``region``."""
    _put_structure(g, f, region, sid)
    g.log("build", f, region, detail=sid if cause == "build" else f"{sid}|{cause}")


def _remove_structure(g: Game, f: FactionId, region: RegionId, sid: str) -> None:
    s = g.regions[region]
    i = s.structures.index((f, sid))
    s.structures = s.structures[:i] + s.structures[i + 1 :]
    if g.content.structures[sid].tunnel and not any(g.content.structures[x].tunnel for _, x in s.structures):
        g.set_tunnel(region, False)
    g.players[f].structures_left[sid] += 1


class MoveStructure(Prim):
    """Move one of your Structures to another Region you control (Machines' primer)."""

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        if self.pc == 0:
            options = tuple(
                (src, sid, dst)
                for src, s in g.regions.items()
                if not s.battle
                for owner, sid in s.structures
                if owner == f
                for dst in g.regions
                if dst != src and _structure_ok(g, f, dst, sid)
            )
            if not options:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "structure_target", options, self.e.op, decider=f):
                return
            answer = 0  # one option: answered at once
        src, sid, dst = self.options[answer]
        _remove_structure(g, f, src, sid)
        _put_structure(g, f, dst, sid)
        g.log("structure_moved", f, dst, detail=f"{sid}|{src}")
        g.finish()


class UnitToStructure(Prim):
    """Convert one Unit into a Structure in its Region, for free (Machines' primer)."""

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        if self.pc == 0:
            options = tuple(
                (r, sid)
                for r in g.controlled(f)
                if g.units(r, f)
                for sid, left in g.players[f].structures_left.items()
                if left > 0 and _structure_ok(g, f, r, sid)
            )
            if not options:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "structure_target", options, self.e.op, decider=f):
                return
            answer = 0  # one option: answered at once
        r, sid = self.options[answer]
        g.remove_units(r, f, 1)
        g.to_reserve(f, 1)
        place_structure(g, f, r, sid, self.source)
        g.finish()


class StructureToUnits(Prim):
    """Convert one of your Structures back into Units from the Reserve (Machines' primer)."""

    def run(self, g: Game, answer: Any) -> None:
        f = self.f
        if self.pc == 0:
            options = tuple(
                (r, sid)
                for r, s in g.regions.items()
                if s.control == f and not s.battle
                for owner, sid in s.structures
                if owner == f
            )
            if not options:
                g.finish()
                return
            self.pc = 1
            if self.pick(g, "structure_target", options, self.e.op, decider=f):
                return
            answer = 0  # one option: answered at once
        r, sid = self.options[answer]
        _remove_structure(g, f, r, sid)
        g.log("structure_removed", f, r, detail=sid)
        n = min(self.e.int("units"), g.players[f].reserve)
        if n:
            g.players[f].reserve -= n
            g.add_units(r, f, n)
            g.log("recruit", f, r, amount=n, detail=self.source)
        g.finish()
