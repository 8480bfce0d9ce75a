"""WarCry as the harness plays it (``games/state.py``'s ``Rules``): a setup names each
seat's army and action deck; the soak cycles through every pairing of the shipped decks;
the invariants the soak checks (cards conserved across decks, hands, lines, discards,
strategies and the battlefield; gold never overspent; a committed unit never attacks)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.botspec import BotSpec
from cryhavoc_sim.games.harness.ladder import Pairing
from cryhavoc_sim.games.state import Bot, PlayerId
from cryhavoc_sim.games.warcry.content import Card, Content, check_pair, load_content
from cryhavoc_sim.games.warcry.state import ACTION_DECK, ARMY_DECK, PLAYERS, WarCryState
from cryhavoc_sim.rng import Rng

SOAK_DECKS = ("Chaos", "Dwarf", "Empire", "Orc", "Dark Elf", "Empire Elite", "High Elf", "Horde")


@dataclass(frozen=True, slots=True)
class Setup:
    """Each seat's army deck and action deck, by name (seat one first)."""

    armies: tuple[str, str] = ("Empire", "Chaos")
    actions: tuple[str, str] = ("Base", "Base")


def new_game(content: Content, setup: Setup, rng: Rng, record_events: bool = False) -> WarCryState:
    """The card table (seat one's army and action decks, then seat two's), every deck
    shuffled from ``rng``, and the first roll-off (Muster)."""
    cards: list[Card] = []
    owners: list[int] = []
    decks: list[list[list[int]]] = [[], []]
    for p in (0, 1):
        for deck in (content.armies[setup.armies[p]], content.actions[setup.actions[p]]):
            ids = list(range(len(cards), len(cards) + len(deck.cards)))
            cards += [content.cards[c] for c in deck.cards]
            owners += [p] * len(deck.cards)
            decks[p].append(ids)
    state = WarCryState(tuple(cards), tuple(owners), dict(content.knobs), rng)
    state.events = [] if record_events else None
    for p in (0, 1):
        for zone, ids in zip((ARMY_DECK, ACTION_DECK), decks[p], strict=True):
            rng.shuffle(ids)
            state.zones[p][zone] = ids
    state.start_game()
    return state


class WarCryRules:
    """WarCry for the harness."""

    name = "warcry"

    @property
    def bot_names(self) -> tuple[str, ...]:
        from cryhavoc_sim.games.warcry.catalogue import BOT_NAMES

        return BOT_NAMES

    def default_content(self) -> Content:
        return load_content()

    def soak_setup(self, index: int) -> Setup:
        """Every pairing of the shipped army decks, with each action deck in turn."""
        names = SOAK_DECKS
        n = len(names)
        action = ("Base", "Full")[(index // (n * n)) % 2]
        return Setup((names[index % n], names[(index // n) % n]), (action, action))

    def describe(self, setup: Setup) -> str:
        return f"{setup.armies[0]} v {setup.armies[1]}"

    def new_state(self, content: Any, setup: Setup, seed: int, rng: Rng, record_events: bool) -> WarCryState:
        """A game of ``setup``; a deck the content set lacks, or an army and action deck of
        two alignments, is refused in the scenario's words (a scenario whose content could
        not be read when it was parsed is checked only here)."""
        for army in setup.armies:
            if army not in content.armies:
                allowed = ", ".join(sorted(content.armies))
                raise ScenarioError(f"field 'scenario.decks' names {army!r}; allowed: {allowed}.")
        for army, action in zip(setup.armies, setup.actions, strict=True):
            problem = check_pair(content.armies[army], content.actions[action])
            if problem:
                raise ScenarioError(f"field 'scenario.decks': {problem}.")
        return new_game(content, setup, rng, record_events)

    def bot_spec(self, name: str, player: PlayerId) -> BotSpec:
        """``catalogue.py``'s reading of ``name`` (the same for every seat)."""
        from cryhavoc_sim.games.warcry.catalogue import parse_bot

        return parse_bot(name)

    def bot(self, spec: BotSpec, player: PlayerId, rng: Rng) -> Bot[WarCryState]:
        from cryhavoc_sim.games.warcry.catalogue import build

        return build(spec, player, rng)

    def invariants(self, state: WarCryState, memo: dict[str, Any]) -> list[str]:
        out = []
        held = [
            *(c for zs in state.zones for z in zs for c in z),
            *(a for att in state.attachments.values() for a in att),
        ]
        if sorted(held) != list(range(len(state.cards))):
            out.append("cards not conserved")
        for p in (0, 1):
            if state.spent[p] > state.budget[p] and state.phase == "muster":
                out.append(f"{PLAYERS[p]} overspent its gold")
            if any(state.owner(c) != p for zone in state.zones[p] for c in zone):
                out.append(f"a card of the other player in {PLAYERS[p]}'s zones")
        c = state.combat
        if c is not None and state.phase == "tactic" and memo.get("serial") != state.serial:
            memo["serial"] = state.serial
            if c.att_u in state.committed:
                out.append("a committed unit attacks")
        if any(u in state.committed for u in state.attachments if u not in state.units(state.owner(u))):
            out.append("an attachment on a unit not in play")
        return out

    def extras(self, state: WarCryState) -> Mapping[PlayerId, Bot[WarCryState]]:
        return {}


RULES = WarCryRules()


def ladder_pairings() -> tuple[Pairing, ...]:
    """The ladder's rotation: every shipped deck against every other deck, each bot in each
    seat: 24 games."""
    names = ("Chaos", "Dwarf", "Empire", "Orc")
    out = []
    for a in names:
        for b in names:
            if a != b:
                setup = Setup((a, b))
                out += [Pairing(setup, "one", "two", a, b, True), Pairing(setup, "two", "one", b, a, False)]
    return tuple(out)
