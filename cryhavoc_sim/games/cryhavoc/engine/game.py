"""The Game: the whole state of one game and the small state-changing helpers every rule
uses, below the rules (it imports none: a test holds it).

:func:`~engine.newgame.new_game` composes a game (this state, the Trogs' role, the setup,
the Round loop). ``Game.start()`` plays to the first decision request (see
:mod:`cryhavoc_sim.games.cryhavoc.engine.decisions`), ``Game.apply(answer)`` to the next
one, until ``Game.outcome`` is set; the harness's driver loop plays games that way
(through ``games/cryhavoc/state.py``). Its fields are declared once, in
:data:`~engine.state.GAME_PARTS`, which clone, fingerprint and observation iterate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.games.cryhavoc.content.schema import (
    INVADERS,
    CardId,
    ContentSet,
    FactionId,
    RegionId,
    Token,
)
from cryhavoc_sim.games.cryhavoc.engine.decisions import Choice, Decision, IllegalDecision
from cryhavoc_sim.games.cryhavoc.engine.flow import Step, advance
from cryhavoc_sim.games.cryhavoc.engine.log import Event
from cryhavoc_sim.games.cryhavoc.engine.roles import AUTOMATON, NPC, ORDINARY, PLAYER, Role, trog_role
from cryhavoc_sim.games.cryhavoc.engine.rules import EXPERIENCE_SKILLS, Rules
from cryhavoc_sim.games.cryhavoc.engine.state import (
    GAME_PARTS,
    KEY,
    LENGTH,
    STREAM,
    Battle,
    Outcome,
    PlayerState,
    RegionState,
    key_of,
)
from cryhavoc_sim.rng import Rng, copy_rng

RULES_VERSION = "cryhavoc-rules-7"  # 7: solo rulings S11, S12; 6: every Movement point spent


class SetupError(ValueError):
    """A game setup the rules do not allow (player count, factions, experience)."""


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Who plays: factions (any order), experience level, and optional fixed draws."""

    factions: tuple[FactionId, ...]
    experience: str = "first_time"
    # Tests may fix what setup otherwise draws at random.
    initiative: tuple[FactionId, ...] | None = None
    hqs: dict[FactionId, RegionId] | None = None
    # "solo": one player against the Trog automaton (shared/rules/002_*).
    mode: str = "standard"
    difficulty: int = 2  # solo: 1, 2 or 3 Skills (1 is the hardest)

    def validate(self) -> None:
        n = len(self.factions)
        if self.mode == "solo":
            if n != 1 or self.factions[0] not in INVADERS:
                raise SetupError(
                    f"the solo mode takes one of {', '.join(INVADERS)}, got {', '.join(self.factions)}"
                )
            if self.difficulty not in (1, 2, 3):
                raise SetupError(f"solo difficulty must be 1, 2 or 3 (Skills in play), got {self.difficulty}")
            return
        if self.mode != "standard":
            raise SetupError(f"mode {self.mode!r} unknown; allowed: standard, solo")
        if n not in (2, 3, 4):
            raise SetupError(f"Cry Havoc takes 2, 3 or 4 players, got {n}")
        if len(set(self.factions)) != n:
            raise SetupError(f"a faction may play only once, got {', '.join(self.factions)}")
        allowed = INVADERS + (("trogs",) if n == 4 else ())
        for f in self.factions:
            if f not in allowed:
                raise SetupError(
                    f"faction {f!r} cannot play in a {n}-player game; allowed: {', '.join(allowed)}"
                    + ("" if n == 4 else " (the Trogs are a player only in 4-player games)")
                )
        if n == 4 and "trogs" not in self.factions:
            raise SetupError("a 4-player game needs the Trogs as the fourth player")
        if self.experience not in EXPERIENCE_SKILLS:
            raise SetupError(
                f"experience {self.experience!r} unknown; allowed: {', '.join(EXPERIENCE_SKILLS)}"
            )


class Game:
    """One game of Cry Havoc with its whole state."""

    def __init__(
        self,
        content: ContentSet,
        setup: GameSetup,
        rng: Rng,
        rules: Rules | None = None,
        record_events: bool = True,
        copy_of: Game | None = None,
        seed: int | None = None,
        *,
        hooks: Role,
        opening: type[Step],
    ) -> None:
        """The state before setup; :func:`~engine.newgame.new_game` composes a game:
        this state, the Trogs' role (``hooks``), the setup and the Round loop
        (``opening``, the step :meth:`start` runs)."""
        if copy_of is not None:  # Game.clone()
            self._copy(copy_of)
            return
        setup.validate()
        # The game's own seed, when its stream is stream(seed, "game"): a saved game is
        # (content, setup, rules, seed, answers) and replays from them (engine/saves.py).
        self.seed = seed
        self.history: list[Any] = []  # every answer applied, in order
        self.content = content
        self.setup_spec = setup
        self.rules = rules or Rules()
        self.rng = rng
        self.record = record_events
        # Plain tuples in EVENT_COLUMNS order: cheap to append on the hot path.
        self.event_rows: list[tuple[Any, ...]] = []
        self.vp_ledger: dict[FactionId, int] = {}
        self.round = 0
        self.phase = "setup"
        self.n_players = len(setup.factions)
        # Who plays the Trogs: a player, nobody (non-player Trogs) or the solo automaton.
        self.trog_role = trog_role(self.n_players, setup.mode)
        # The rules ask the Trogs' role at named hooks (engine/roles.py Role).
        self.trog_hooks: Role = hooks
        self.opening: type[Step] = opening
        self.board = content.boards["2p" if self.n_players == 2 else "3-4p"]
        in_play = self.trog_hooks.regions_in_play(self)
        ids = {r.id for r in in_play}
        self.adj: dict[RegionId, tuple[RegionId, ...]] = {
            r.id: tuple(a for a in r.adjacent if a in ids) for r in in_play
        }
        self.regions: dict[RegionId, RegionState] = {
            r.id: RegionState(id=r.id, terrain=r.terrain, hq_of=None, crystals=r.crystals) for r in in_play
        }
        self.players: dict[FactionId, PlayerState] = {}
        self.initiative: list[FactionId] = []
        self.upcoming: list[FactionId] = []
        self.seats: tuple[FactionId, ...] = ()
        self.terrain_decks: dict[str, list[CardId]] = {}
        self.spots: list[list[Token]] = []
        self.spot_resolved: list[bool] = []
        self.final_round = False
        self.scoring_enabled_by: FactionId | None = None
        self.scoring_enabled_rounds: list[int] = []
        self.nest_supply: list[Token] = []
        self.exploration_supply: list[Token] = []
        self.battle: Battle | None = None
        self.actions_taken: dict[FactionId, int] = {}
        # Ids of the face-down tokens turned face up so far (War Party, Nest, Exploration,
        # Event): what every player has seen (engine/visibility.py).
        self.revealed: list[str] = []
        # Units stopped this turn, by faction and Region (movement.turn_stops).
        self.turn_stops: dict[FactionId, dict[RegionId, int]] = {}
        # Per-Round records for the invariant checks (cheap: once per Round).
        self.actions_by_round: dict[int, dict[FactionId, int]] = {}
        self.hands_after_draw: dict[int, dict[FactionId, int]] = {}
        self.outcome: Outcome | None = None
        # Where play stands (engine/flow.py): the open steps, the pending request and
        # the value the last finished step handed back.
        self.stack: list[Step] = []
        self.request: Decision | None = None
        self.ret: Any = None
        self._tunnel_neighbours: dict[RegionId, tuple[RegionId, ...]] = {}
        self._controlled: dict[FactionId, list[RegionId]] = {}
        self._action_skills: dict[FactionId, tuple[str, ...]] | None = None

    # ------------------------------------------------------------------ logging
    def log(
        self,
        kind: str,
        faction: FactionId | None = None,
        region: RegionId | None = None,
        other: FactionId | None = None,
        amount: int | None = None,
        detail: str | None = None,
        cards: str | None = None,
    ) -> None:
        if self.record:
            rows = self.event_rows
            rows.append(
                (len(rows), self.round, self.phase, faction, kind, region, other, amount, detail, cards)
            )

    @property
    def events(self) -> list[Event]:
        """The event log so far, as named tuples (a copy; the runner reads ``event_rows``)."""
        return [Event._make(row) for row in self.event_rows]

    # ------------------------------------------------------------------ steps
    def ask(self, decision: Decision, always: bool = False) -> bool:
        """Ask ``decision`` from a step, the one way a rule asks: True when the step must
        return and wait (its next ``run`` is handed the answer); False when answered at
        once (a Choice with one option is no decision: the answer is 0 and no bot sees
        it). ``always``: ask even a Choice with one option (the rules that always put
        the question to the player)."""
        if not always and type(decision) is Choice and len(decision.options) == 1:
            return False
        self.request = decision
        return True

    def call(self, step: Step) -> None:
        """Run ``step`` next; its result arrives in ``self.ret``."""
        self.stack.append(step)

    def finish(self, value: Any = None) -> None:
        """End the step on top of the stack, handing ``value`` to its caller."""
        self.stack.pop()
        self.ret = value

    def start(self) -> None:
        """Begin play: run until the first decision request (``self.request``)."""
        if self.stack or self.outcome is not None:
            raise RuntimeError("this game has started already")
        self.stack.append(self.opening())
        advance(self, None)

    def apply(self, answer: Any) -> None:
        """Answer the pending request (validated) and play on to the next one, or to the
        end (``self.request`` is then None and ``self.outcome`` is set)."""
        request = self.request
        if request is None:
            raise IllegalDecision("no decision is pending")
        answer = request.validate(answer)
        self.history.append(answer)
        self.request = None
        advance(self, answer)

    def clone(self) -> Game:
        """An independent copy of the whole game, where play stands included: continuing
        the copy and the original with the same answers gives the same events; changing
        one never touches the other. Content, rules and the board are shared (never
        changed)."""
        return Game(
            self.content,
            self.setup_spec,
            self.rng,
            self.rules,
            self.record,
            copy_of=self,
            hooks=self.trog_hooks,
            opening=self.opening,
        )

    def _copy(self, src: Game) -> None:
        """Become a copy of ``src`` (see :meth:`clone`), field by field as
        :data:`~engine.state.GAME_PARTS` declares: the body between the markers is
        generated from it (``python -m cryhavoc_sim.games.cryhavoc.engine.copygen``;
        a test checks it is current)."""
        # BEGIN generated
        self.seed = src.seed
        self.content = src.content
        self.setup_spec = src.setup_spec
        self.rules = src.rules
        self.record = src.record
        self.n_players = src.n_players
        self.trog_role = src.trog_role
        self.trog_hooks = src.trog_hooks
        self.opening = src.opening
        self.board = src.board
        self.adj = src.adj
        self.seats = src.seats
        self.round = src.round
        self.phase = src.phase
        self.regions = {k: v.copy() for k, v in src.regions.items()}
        self.players = {k: v.copy() for k, v in src.players.items()}
        self.initiative = src.initiative.copy()
        self.upcoming = src.upcoming.copy()
        self.terrain_decks = {k: v.copy() for k, v in src.terrain_decks.items()}
        self.spots = [v.copy() for v in src.spots]
        self.spot_resolved = src.spot_resolved.copy()
        self.final_round = src.final_round
        self.scoring_enabled_by = src.scoring_enabled_by
        self.scoring_enabled_rounds = src.scoring_enabled_rounds.copy()
        self.nest_supply = src.nest_supply.copy()
        self.exploration_supply = src.exploration_supply.copy()
        self.battle = None if src.battle is None else src.battle.copy()
        self.revealed = src.revealed.copy()
        self.turn_stops = {k: v.copy() for k, v in src.turn_stops.items()}
        self.actions_by_round = {k: v.copy() for k, v in src.actions_by_round.items()}
        self.actions_taken = self.actions_by_round.get(src.round, src.actions_taken.copy())
        self.outcome = src.outcome
        self.stack = [v.copy() for v in src.stack]
        self.request = src.request
        self.ret = src.ret
        self.rng = copy_rng(src.rng)
        self.event_rows = src.event_rows.copy()
        self.history = src.history.copy()
        self.vp_ledger = src.vp_ledger.copy()
        self.hands_after_draw = src.hands_after_draw.copy()
        self._tunnel_neighbours = {}
        self._controlled = src._controlled.copy()
        self._action_skills = src._action_skills
        # END generated

    def fingerprint(self) -> str:
        """A hash of the whole state, where play stands and the random stream included:
        two games with equal fingerprints play on identically given the same answers.
        Every field :data:`~engine.state.GAME_PARTS` marks as play state counts."""
        import hashlib

        key = []
        for part in GAME_PARTS:
            if part.key == KEY:
                key.append(key_of(getattr(self, part.name)))
            elif part.key == LENGTH:
                key.append(len(getattr(self, part.name)))
            elif part.key == STREAM:
                key.append(self.rng.getstate())
        return hashlib.sha256(repr(key).encode()).hexdigest()

    # ------------------------------------------------------------------ players
    @property
    def action_skills(self) -> dict[FactionId, tuple[str, ...]]:
        """Each faction's Skills used on its turn (timing "action"), in its Skill order;
        a Skill without an effect is not offered (no printed one: only an ablation,
        tuning/ablation.py, blanks one, to measure the faction without it). Skills are
        dealt at setup and never change, so this is worked out once."""
        if self._action_skills is None:
            skills = self.content.skills
            self._action_skills = {
                f: tuple(s for s in p.skills if skills[s].timing == "action" and skills[s].effect)
                for f, p in self.players.items()
            }
        return self._action_skills

    @property
    def solo(self) -> bool:
        """The solo mode: one player against the Trog automaton."""
        return self.trog_role == AUTOMATON

    def role(self, faction: FactionId) -> str:
        """Who plays ``faction``: :data:`~engine.trogs.PLAYER` for every invader, the
        Trogs' role (player, non-player or automaton) for the Trogs."""
        return self.trog_role if faction == "trogs" else PLAYER

    @property
    def player_factions(self) -> list[FactionId]:
        return [f for f in self.players if self.role(f) == PLAYER]

    def hooks(self, faction: FactionId) -> Role:
        """How ``faction`` is played, for the rules' hooks: the Trogs' role for the Trogs,
        the ordinary one for every invader."""
        return self.trog_hooks if faction == "trogs" else ORDINARY

    def is_npc(self, faction: FactionId) -> bool:
        """Not a player's seat: the non-player Trogs or the solo automaton."""
        return self.role(faction) != PLAYER

    def left_of(self, faction: FactionId) -> FactionId:
        """The player to the left (next seat) of ``faction`` (rulebook: Battle, Trogs note)."""
        i = self.seats.index(faction)
        return self.seats[(i + 1) % len(self.seats)]

    def gain_vp(self, faction: FactionId, amount: int, source: str, region: RegionId | None = None) -> None:
        """Change VP through the ledger. Non-player Trogs never score (rulebook: Battle C note)."""
        player = self.players[faction]
        if amount == 0 or self.role(faction) == NPC:
            return
        player.vp += amount
        self.vp_ledger[faction] = self.vp_ledger.get(faction, 0) + amount
        self.log("vp", faction, region, None, amount, source)
        if (
            amount > 0
            and self.trog_hooks.passes_events()
            and (self.rules.event_pass_timing == "any_time" or self.phase == "scoring")
        ):
            self._check_event_pass(player.vp)

    # ------------------------------------------------------------------ cards
    def draw(self, faction: FactionId, n: int) -> int:
        """Draw from the own deck, reshuffling the discard pile when it runs out (Draw Cards)."""
        p = self.players[faction]
        drawn = 0
        for _ in range(n):
            if not p.deck:
                if not p.discard:
                    break
                p.deck = p.discard
                p.discard = []
                self.rng.shuffle(p.deck)
            p.hand.append(p.deck.pop())
            drawn += 1
        return drawn

    def ensure_deck(self, faction: FactionId, n: int) -> None:
        p = self.players[faction]
        if len(p.deck) < n and p.discard:
            self.rng.shuffle(p.discard)
            p.deck = p.discard + p.deck
            p.discard = []

    def discard_card(self, faction: FactionId, card: CardId) -> None:
        """Put a card from a hand onto that player's discard pile, Terrain cards too: once
        drawn into a hand a Terrain card belongs to it and comes back with the reshuffle,
        which is how players "customize their decks of cards" (Introduction; Draw two,
        keep one). Matrix-stored cards keep their own rule (battle.py, handlers.py)."""
        p = self.players[faction]
        p.hand.remove(card)
        p.discard.append(card)

    # ------------------------------------------------------------------ board
    def units(self, region: RegionId, faction: FactionId) -> int:
        return self.regions[region].units.get(faction, 0)

    def add_units(self, region: RegionId, faction: FactionId, n: int) -> None:
        if n:
            u = self.regions[region].units
            u[faction] = u.get(faction, 0) + n

    def remove_units(self, region: RegionId, faction: FactionId, n: int) -> None:
        if n:
            u = self.regions[region].units
            left = u[faction] - n
            assert left >= 0, (region, faction, n)
            if left:
                u[faction] = left
            else:
                del u[faction]

    def to_reserve(self, faction: FactionId, n: int) -> None:
        self.players[faction].reserve += n

    def neighbours(self, region: RegionId, faction: FactionId) -> tuple[RegionId, ...]:
        """Adjacent Regions; for the Trog player also every other Tunnel Region (4-player: Movement)."""
        if faction == "trogs" and self.trog_role != NPC and self.regions[region].tunnel:
            tunnel = self._tunnel_neighbours.get(region)
            if tunnel is None:
                # 4-player game, Movement: from a Tunnel Region the Trog player may move
                # to every other Tunnel Region as if adjacent (the solo automaton too).
                base = self.adj[region]
                tunnel = self._tunnel_neighbours[region] = base + tuple(
                    r for r, s in self.regions.items() if s.tunnel and r != region and r not in base
                )
            return tunnel
        return self.adj[region]

    def set_tunnel(self, region: RegionId, on: bool) -> None:
        """Make ``region`` a Tunnel Region or not (the Trogs' neighbours are cached)."""
        self.regions[region].tunnel = on
        self._tunnel_neighbours.clear()

    def controlled(self, faction: FactionId) -> list[RegionId]:
        """The Regions ``faction`` controls, in board order (a fresh list: callers may
        change it). Cached until a Control token moves (``set_control``)."""
        cached = self._controlled.get(faction)
        if cached is None:
            cached = self._controlled[faction] = [r for r, s in self.regions.items() if s.control == faction]
        return list(cached)

    def set_control(self, region: RegionId, faction: FactionId | None, cause: str) -> None:
        """Move the Control token of ``region`` (Key Terms: Control).

        Ruling R5: a faction with no Control token left cannot gain Control; the old
        token still leaves the Region.
        """
        s = self.regions[region]
        old = s.control
        if old == faction:
            return
        if faction is not None and self.players[faction].control_left == 0:
            faction = None
            if old is None:
                return
        self._controlled.clear()
        if old is not None:
            self.players[old].control_left += 1
            s.control = None
            self.log("control_lost", old, region, faction, None, cause)
        if faction is not None:
            self.players[faction].control_left -= 1
            s.control = faction
            self.log("control_gained", faction, region, old, None, cause)

    # ------------------------------------------------------------------ Event track
    def _check_event_pass(self, vp: int) -> None:
        """Passed unresolved Event spots stack onto the next unresolved one (Events A)."""
        spots = self.content.track.event_spots
        last = len(self.spots) - 1
        for i in range(last):
            if self.spot_resolved[i] or not self.spots[i]:
                continue
            passed = vp > spots[i] if self.rules.event_pass == "beyond" else vp >= spots[i]
            if not passed:
                continue
            j = next(k for k in range(i + 1, last + 1) if not self.spot_resolved[k])
            self.spots[j] = self.spots[i] + self.spots[j]
            self.log("event_passed", None, None, None, i + 1, ",".join(t.id for t in self.spots[i]))
            self.spots[i] = []

    # ------------------------------------------------------------------ setup
    # ------------------------------------------------------------------ play
    def enter_phase(self, phase: str) -> None:
        """Start a phase. Stops of Units last one turn at most (Move Action), so none
        carries over into a phase."""
        self.phase = phase
        self.new_turn()

    def new_turn(self) -> None:
        """A turn starts: no Unit is stopped yet (Move Action: "cannot Move again this turn")."""
        if self.turn_stops:
            self.turn_stops = {}

    def order(self) -> Sequence[FactionId]:
        return list(self.initiative)
