"""The Trogs: their role in a game, their tokens, and the non-player Trogs of 2-3 player
games (rulebook: Battle Resolution, Trog exception; Clarifications; 4-player game; the
solo mode, shared/rules/002_*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, Region, RegionId, Token
from cryhavoc_sim.games.cryhavoc.engine.rules import EXPERIENCE_SKILLS
from cryhavoc_sim.games.cryhavoc.engine.state import Outcome, RegionState

if TYPE_CHECKING:
    from cryhavoc_sim.games.cryhavoc.engine.flow import Step
    from cryhavoc_sim.games.cryhavoc.engine.game import Game, GameSetup

# The Trogs' role, one notion for the whole engine (``g.trog_role``; ``g.role(faction)``
# is PLAYER for every other faction):
PLAYER = "player"  # a 4-player game: a player like the others (rulebook: 4-player game)
NPC = "npc"  # 2-3 players: the non-player Trogs (Battle Resolution, Trog exception)
AUTOMATON = "automaton"  # the solo mode: the Trog automaton plays them (shared/rules/002_*)
TROG_ROLES = (PLAYER, NPC, AUTOMATON)


def trog_role(n_players: int, mode: str) -> str:
    """Who plays the Trogs in a game of ``n_players`` invading players in ``mode``."""
    if mode == "solo":
        return AUTOMATON
    return PLAYER if n_players == 4 else NPC


class Role:
    """How a faction is played, asked by the rules at named hooks (``g.hooks(faction)``).

    This base is the ordinary way: every invader, the Trog player of a 4-player game and
    the non-player Trogs (whose own rules are Battle's Trog exception, ``g.is_npc``). The
    solo automaton (:class:`~engine.solo.Automaton`) overrides the hooks its variant
    changes (shared/rules/002_*), so no rule module tests for the solo mode; a hook that
    returns None (or False) leaves the rule to do what it does for a player."""

    # ------------------------------------------------------------ setup
    def regions_in_play(self, g: Game) -> list[Region]:
        """The board's Regions this game uses (Setup 1)."""
        return list(g.board.regions)

    def extra_skills(self, spec: GameSetup) -> int:
        """How many Skills beyond the default ones each player draws (Setup 5)."""
        return EXPERIENCE_SKILLS[spec.experience]

    def set_up_trogs(self, g: Game, trog_hq: RegionId | None) -> bool:
        """Set the Trogs up in their own way; False: the 4-player or non-player setup."""
        return False

    def seated_apart(self) -> bool:
        """Whether the Trogs take an Initiative seat though not among the setup's factions."""
        return False

    # ------------------------------------------------------------ the Round
    def passes_events(self) -> bool:
        """Whether passing an Event spot on the VP track stacks its Event (Events A)."""
        return True

    def draws_in_draw_phase(self) -> bool:
        """Whether this faction draws in the Draw Cards phase."""
        return True

    def effect_draw(self, g: Game, n: int) -> int | None:
        """Draw ``n`` cards for an effect in this role's own way (cards drawn), or None
        to draw as the effect says."""
        return None

    def turn(self, number: int) -> Step | None:
        """This faction's turn for Action ``number`` when it is not a player's turn."""
        return None

    def enters_trog_token(self, g: Game, region: RegionId) -> bool:
        """Resolve this faction's Units ending a move on a Trog token in its own way
        (True), or reveal the token as for anyone (False)."""
        return False

    def trogs_arrive_from_hq(self) -> bool:
        """Whether Trogs revealed by another faction's move come from the Trog HQ
        instead of the Reserve (when this is the Trogs' role)."""
        return False

    # ------------------------------------------------------------ Battle
    def places_last(self) -> bool:
        """Whether this faction, attacking, places its Units after the defender (Battle B)."""
        return False

    def tactics_turn(self) -> Step | None:
        """This side's Tactics turn when it is not a choice among its cards (Battle C):
        a step that hands back whether the side plays on."""
        return None

    def survivors_home(self, g: Game, faction: FactionId) -> RegionId | None:
        """Where the Region Control winner's survivors go instead of the Region (Battle E)."""
        return None

    # ------------------------------------------------------------ the end
    def ended_by(self, reason: str) -> str:
        """The reason the game ended, as this role names it."""
        return reason

    def outcome(self, g: Game, ended_by: str) -> Outcome | None:
        """Who won by this role's own victory rule, or None for End of the Game's."""
        return None


# The role every invader and the non-automaton Trogs share (it holds no state).
ORDINARY = Role()


# ---------------------------------------------------------------- Tunnels
# The Trogs' 7 Tunnel tokens are Structures (Components). A Region holding one is a
# Tunnel Region (RegionState.tunnel, kept by Game.set_tunnel when a Tunnel is built or
# destroyed, engine/effects.py; the 4-player setup places four, engine/setup.py); the
# Trog player moves between Tunnel Regions as if adjacent (Game.neighbours, cached, from
# tunnel_neighbours below).


def tunnel_neighbours(g: Game, region: RegionId) -> tuple[RegionId, ...]:
    """4-player game, Movement: from a Tunnel Region the Trog player may move to every
    other Tunnel Region as if adjacent (the solo automaton too: solo rules)."""
    base = g.adj[region]
    return base + tuple(r for r, s in g.regions.items() if s.tunnel and r != region and r not in base)


# ---------------------------------------------------------------- tokens and Nests


def reveal(g: Game, region: RegionId, mover: FactionId, ambush: bool = False) -> tuple[int, bool]:
    """Reveal the face-down War Party and Nest tokens in ``region`` (one, unless a Nest
    was left on another token: ruling R14): place their Crystals and as many of their
    Trogs as the Trog Reserve holds (Clarifications).

    Returns (Trogs placed, whether an empty reveal costs the mover a Unit). Ruling R9:
    if another player's Units already stand there, only the Crystals are placed.
    """
    s = g.regions[region]
    placed = 0
    while s.trog_token is not None:
        placed += _reveal_one(g, region, take_token(s), mover, ambush)
    blocked = not ambush and any(o not in (mover, "trogs") for o in s.units)
    return placed, mover != "trogs" and not blocked


def take_token(s: RegionState) -> Token:
    """Take the top face-down Trog token off a Region; the next one, if any, comes up."""
    token = s.trog_token
    assert token is not None
    if s.more_tokens:
        s.trog_token, s.more_tokens = s.more_tokens[-1], s.more_tokens[:-1]
    else:
        s.trog_token = None
    return token


def _reveal_one(g: Game, region: RegionId, token: Token, mover: FactionId, ambush: bool) -> int:
    s = g.regions[region]
    g.revealed.append(token.id)
    s.crystals += token.crystals
    trog = g.players["trogs"]
    want = token.trogs
    if token.kind == "war_party":
        want = max(0, want + g.rules.war_party_trogs_delta)  # ruling R1: a token may place none
    placed = 0
    if not ambush and any(o not in (mover, "trogs") for o in s.units):
        pass  # ruling R9: Crystals only
    elif mover != "trogs" and g.trog_hooks.trogs_arrive_from_hq():
        # Solo rule 5: Trogs arrive in Battle from their HQ; a Nest also opens a Tunnel.
        hq = trog.hq
        placed = min(want, g.units(hq, "trogs")) if hq else 0
        if placed:
            assert hq is not None
            g.remove_units(hq, "trogs", placed)
        if token.kind == "nest":
            g.set_tunnel(region, True)
    else:
        placed = min(want, trog.reserve)
        trog.reserve -= placed
    g.add_units(region, "trogs", placed)
    g.log("token_revealed", mover, region, "trogs", placed, token.id)
    if token.crystals:
        g.log("crystals_added", None, region, None, token.crystals, token.id)
    return placed


def place_nest(g: Game, region: RegionId, cause: str) -> bool:
    """Put a face-down Nest token from the supply in ``region``, if one is left. Where a
    token lies already, the Nest goes on top of it (ruling R14)."""
    if not g.nest_supply:
        return False
    s = g.regions[region]
    if s.trog_token is not None:
        s.more_tokens = (*s.more_tokens, s.trog_token)
    s.trog_token = g.nest_supply.pop()
    g.log("nest_placed", "trogs", region, detail=cause)
    return True


def nest_candidates(g: Game, region: RegionId) -> list[RegionId]:
    """Where retreating non-player Trogs may leave their Nest: "any adjacent uncontrolled
    Region" (Battle F, Trog exception), that is one without a Control token (Key Terms:
    Control). HQs hold their owner's Control token. Ruling R14."""
    return [n for n in g.adj[region] if g.regions[n].control is None]
