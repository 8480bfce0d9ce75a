"""How each faction is played, on the lowest floor of the engine: who plays the Trogs (a
player, nobody, the solo automaton) and the hooks the rules ask a faction's role
(rulebook: 4-player game; Battle Resolution, Trog exception; the solo mode,
shared/rules/002_*). It imports no rule: the solo automaton's role is engine/solo.py's
``Automaton``, which ``new_game`` hands to the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cryhavoc_sim.games.cryhavoc.content.schema import FactionId, Region, RegionId
from cryhavoc_sim.games.cryhavoc.engine.rules import EXPERIENCE_SKILLS
from cryhavoc_sim.games.cryhavoc.engine.state import Outcome

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
