"""``GAME``: WarCry as the registry hands it out (the :class:`GameModule` protocol).

Everything that plays moves is the harness's (``games/harness/``); this module says how
a scenario names WarCry's decks and bots, what its rows hold and how a game reads. A
scenario lists army decks (``decks``, the shipped four by default): game ``i`` plays the
ordered pairing ``i mod n*n`` of them (every deck against every deck, mirrors included,
each pairing from both seats), with the action deck ``action_deck``. A side is an army
deck (the ``faction`` column), a player a seat ("one", "two").
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.errors import ContentError, ScenarioError
from cryhavoc_sim.games.botspec import BotNameError
from cryhavoc_sim.games.harness.costs import state_costs
from cryhavoc_sim.games.harness.deal import Deal
from cryhavoc_sim.games.harness.deal import deal as dealt
from cryhavoc_sim.games.harness.ladder import Pairing
from cryhavoc_sim.games.protocol import GameRows, Measure, Played, ReportSections, Vocabulary
from cryhavoc_sim.games.warcry import content as wc_content
from cryhavoc_sim.games.warcry.bots import PERSONALITIES
from cryhavoc_sim.games.warcry.rules import RULES, Setup
from cryhavoc_sim.games.warcry.state import PLAYERS, WarCryState

EVENT_KINDS = {
    "fields_first": "player chose (or was chosen) to field first in the Battle (round)",
    "muster": "player musters the card detail for amount gold",
    "first_command": "player takes the Battle's first Command with amount Reserve TP plus Scouts",
    "attack": "player attacks: detail is 'attacker -> target'",
    "ranged": "player makes a ranged attack: detail is 'attacker -> target'",
    "block": "player blocks with detail",
    "move": "player moves detail from the Reserve to the Battle Line",
    "strategy": "player plays the Strategy detail",
    "command": "player uses the Command of detail (a Command card, or a unit's or attachment's)",
    "tactic": "player plays the tactic card detail for amount TP",
    "ability": "player uses an ability of detail",
    "support": "player uses the support tactic of the Strategy detail",
    "reaction": "player plays the reaction detail",
    "combat": "a Combat resolves: amount is the attacker's total less the defender's; detail names both",
    "destroyed": "player loses the unit detail (amount: its Strength)",
    "pass": "player passes its Command",
    "retreat": "player retreats: it loses the Battle",
    "battle_won": "player wins the Battle (round), amount 1; detail: how (field, tie, retreat, roll-off)",
    "game_won": "player wins its second Battle (amount) and the game",
}


@dataclass(frozen=True, slots=True)
class WarCrySetup:
    """The army decks paired, the action deck, and the bot of each seat."""

    decks: tuple[str, ...]
    action_deck: str
    bots: tuple[tuple[str, str], ...]

    def pairing(self, game_id: int) -> Setup:
        n = len(self.decks)
        k = game_id % (n * n)
        return Setup((self.decks[k // n], self.decks[k % n]), (self.action_deck, self.action_deck))


def _content_for(head: dict[str, Any], path: str) -> wc_content.Content | None:
    """The content the scenario names, to check its deck names against (None: a
    directory that does not exist, which the runner refuses in its own words)."""
    raw = head.get("content")
    if raw is None or raw == "warcry":
        return wc_content.load_content()
    local = Path(path).parent / str(raw)
    if not local.is_dir():
        return None
    try:
        return wc_content.load_content(str(local))
    except ContentError as exc:  # a bad deck list: the validator's sentence
        raise ScenarioError(str(exc)) from None


class WarCry:
    name = "warcry"
    title = "WarCry"
    rules_version = "warcry-rules-2"
    bots_version = "warcry-bots-3"  # 3: the learned policy on features 2 (games/warcry/policy_features.py)
    scenario_fields: tuple[str, ...] = ("decks", "action_deck")
    scenario_tables: tuple[str, ...] = ("bots",)
    event_kinds: Mapping[str, str] = EVENT_KINDS
    side_colours: Mapping[str, str] = {
        "Empire": "#1f78b4",
        "Dwarf": "#a6cee3",
        "Chaos": "#e31a1c",
        "Orc": "#33a02c",
        "High Elf": "#6a3d9a",
        "Empire Elite": "#ff7f00",
        "Dark Elf": "#b15928",
        "Horde": "#b2df8a",
    }
    vocabulary = Vocabulary(
        side="deck",
        seat="seat",
        score="Battles",
        score_event="battle_won",
        round="Battle",
        side_plural=False,
        score_verb="win",
        source_preposition="by",
        # how a Battle is won (battle_end.py; quick rules, Rout and the end of a Battle)
        sources=(
            ("field", "holding the field"),
            ("tie", "the tie-break Combats"),
            ("retreat", "the other side's retreat"),
            ("roll-off", "a roll-off"),
        ),
        small_counts=True,
    )
    rules = RULES

    def parse_setup(self, head: dict[str, Any], doc: dict[str, Any], path: str) -> WarCrySetup:
        content = _content_for(head, path)
        armies = sorted(content.armies) if content else []
        decks = head.get("decks", armies)
        if not isinstance(decks, list) or not decks or not all(isinstance(d, str) for d in decks):
            raise ScenarioError(f"{path}: field 'scenario.decks' must be a list of army deck names.")
        for d in decks:
            if content is not None and d not in content.armies:
                raise ScenarioError(
                    f"{path}: field 'scenario.decks' names {d!r}; allowed: {', '.join(armies)}."
                )
        action = head.get("action_deck", "Base")
        if not isinstance(action, str) or (content is not None and action not in content.actions):
            raise ScenarioError(
                f"{path}: field 'scenario.action_deck' is {str(action)[:60]!r}; allowed: {', '.join(sorted(content.actions) if content else ['a deck name'])}."
            )
        if content is not None:  # Deck Construction: one alignment across a player's decks
            for d in decks:
                problem = wc_content.check_pair(content.armies[d], content.actions[action])
                if problem:
                    raise ScenarioError(f"{path}: field 'scenario.decks': {problem}.")
        raw = doc.get("bots", {})
        if not isinstance(raw, dict):
            raise ScenarioError(f"{path}: [bots] must be a table.")
        for key, value in raw.items():
            if key != "default" and key not in PLAYERS:
                raise ScenarioError(f"{path}: field 'bots.{key}' is not a seat; allowed: default, one, two.")
            if not isinstance(value, str):
                raise ScenarioError(f"{path}: field 'bots.{key}' is {value!r}, which is not a bot name.")
            try:
                RULES.bot_spec(value, PLAYERS[0])
            except BotNameError as exc:
                raise ScenarioError(
                    f"{path}: field 'bots.{key}' is {value!r}, which {exc.problem}."
                ) from None
        default = raw.get("default", "heuristic")
        return WarCrySetup(tuple(decks), str(action), tuple((p, str(raw.get(p, default))) for p in PLAYERS))

    def config(self, setup: WarCrySetup) -> dict[str, Any]:
        return {"decks": list(setup.decks), "action_deck": setup.action_deck, "bots": dict(setup.bots)}

    def block_size(self, setup: WarCrySetup) -> int:
        return len(setup.decks) ** 2

    def shipped_content(self, name: str) -> str | None:
        return str(wc_content.DATA) if name == "warcry" else None

    def shipped_content_names(self) -> list[str]:
        return ["warcry"]

    def content_files(self, content_dir: str | None) -> list[Path]:
        base = Path(content_dir) if content_dir else wc_content.DATA
        return [base / wc_content.CARDS_FILE, base / wc_content.DECKS_FILE]

    def load_content(self, content_dir: str | None, overrides: Mapping[str, Any] | None = None) -> Any:
        return wc_content.load_content(content_dir, overrides)

    def deal(self, setup: WarCrySetup, master_seed: int, game_id: int) -> Deal:
        return dealt(RULES, master_seed, game_id, setup.pairing(game_id), PLAYERS, dict(setup.bots))

    def played(self, deal: Deal, state: WarCryState) -> Played:
        armies: tuple[str, str] = deal.setup.armies
        deck = dict(zip(PLAYERS, armies, strict=True))
        return Played(tuple(deck[w] for w in state.winners), armies, state)

    def win_line(self) -> WinLine:
        from cryhavoc_sim.games.warcry.winline import LINE

        return LINE

    @property
    def ablation(self) -> Any:
        """Paired ablations of its cards' abilities (``cryhavoc-sim ablate``, ablation.py)."""
        from cryhavoc_sim.games.warcry.ablation import ABLATION

        return ABLATION

    def rows(self, setup: WarCrySetup, content: Any, played: Played, deal: Deal) -> GameRows:
        state: WarCryState = played.state
        armies = deal.setup.armies
        game = {
            "variant": f"{armies[0]} v {armies[1]}",
            "game": "warcry",
            "mode": "standard",
            "n_players": 2,
            "board_side": None,
            "experience": None,
            "content_id": content.content_id,
            "rules_version": self.rules_version,
            "rounds_played": len(state.battle_winners),
            "ended_by": f"{len(state.battle_winners)} battles",
            "winner": played.winner,
            "lineup": ",".join(armies),
            "difficulty": None,
        }
        seats = [
            {
                "faction": armies[i],
                "seat": i + 1,
                "bot": deal.bot_name(p),
                "is_npc": False,
                "final_vp": state.wins[i],
                "rank": 1 if state.winner == i else 2,
                "won": state.winner == i,
                "prisoners_held": None,
                "regions_controlled": None,
                "player": p,
            }
            for i, p in enumerate(PLAYERS)
        ]
        from cryhavoc_sim.storage.schema import EVENT_COLUMNS

        rows = self._events(state, armies)
        events: dict[str, Sequence[Any]] = {c: [r[i] for r in rows] for i, c in enumerate(EVENT_COLUMNS)}
        return GameRows(game, seats, events)

    def _events(self, state: WarCryState, armies: tuple[str, str]) -> list[tuple[Any, ...]]:
        deck = dict(zip(PLAYERS, armies, strict=True))
        return [
            (seq, battle, "battle", deck.get(player or ""), kind, None, None, amount, detail, player, None)
            for seq, (battle, kind, player, amount, detail) in enumerate(state.events or ())
        ]

    def stored_events(self, played: Played) -> list[tuple[Any, ...]]:
        state: WarCryState = played.state
        return self._events(state, played.sides)  # type: ignore[arg-type]

    def narrate(self, played: Played) -> list[str]:
        from cryhavoc_sim.games.warcry.narrator import narrate

        return narrate(played)

    def report_sections(self, run: Any, content: Any) -> ReportSections:
        from cryhavoc_sim.games.warcry.report import report_sections

        return report_sections(run, content)

    def sweep_measures(self, run: Any) -> list[Measure]:
        return []

    def bench_scenario(self, bot: str) -> str:
        # the four base-set decks: the bench times the same games across checkouts
        return (
            '[scenario]\nname = "bench"\ngame = "warcry"\ngames = 1\nseed = 7\n'
            'decks = ["Chaos", "Dwarf", "Empire", "Orc"]\n'
            f'\n[bots]\ndefault = "{bot}"\n'
        )

    def search_bench_scenario(self) -> tuple[str, str] | None:
        from cryhavoc_sim.games.warcry.search import DEFAULT_ITERATIONS

        text = self.bench_scenario("heuristic") + 'one = "ismcts"\n'
        return f"seat one ismcts ({DEFAULT_ITERATIONS} iterations), seat two heuristic", text

    def state_costs(self, repeat: int) -> dict[str, float]:
        return state_costs(RULES, repeat)

    def ladder_pairings(self) -> Sequence[Pairing]:
        """Every shipped deck against every other deck, each bot in each seat: 24 games a rotation."""
        names = ("Chaos", "Dwarf", "Empire", "Orc")
        out = []
        for a in names:
            for b in names:
                if a != b:
                    setup = Setup((a, b))
                    out += [
                        Pairing(setup, "one", "two", a, b, True),
                        Pairing(setup, "two", "one", b, a, False),
                    ]
        return out

    def skill_lineup(self, budgets: Sequence[int]) -> list[str]:
        return ["random", *(f"heuristic:{p}" for p in PERSONALITIES)]

    def balance_rungs(self) -> tuple[str, ...]:
        return ("heuristic",)

    def every_seat(self, doc: dict[str, Any], bot: str) -> dict[str, Any]:
        return {**doc, "bots": {"default": bot}}

    def content_listing(self, content: Any, as_json: bool) -> str:
        decks = {
            f"{table}.{n}": {
                "alignment": d.alignment,
                "cards": len(d.cards),
                "cards with reconstructed abilities": content.invented_abilities(d),
            }
            for table, group in (("army", content.armies), ("action", content.actions))
            for n, d in group.items()
        }
        listing = {
            "decks (reconstructed)": decks,
            "knobs": dict(content.knobs),
            "cards": len(content.cards),
            "cards by source": content.card_sources(),
            "provenance (records)": content.provenance_counts(),
            "digest": content.content_id,
        }
        if as_json:
            return json.dumps(listing, sort_keys=True)
        return "\n".join(f"{k} = {v}" for k, v in listing.items())

    def deck_builder(
        self,
        deck: str,
        field: Sequence[str] | None,
        action: str,
        deals: int,
        confirm: int,
        rounds: int,
        swaps: int,
        seed: int,
    ) -> list[str]:
        """The deckbuild command's study (games/warcry/deckbuilder.py) on the shipped
        content, as lines of text; ``field`` None: every other shipped army deck."""
        from cryhavoc_sim.games.warcry.deckbuilder import Study, build, describe

        content = wc_content.load_content()
        chosen = tuple(n for n in sorted(content.armies) if n != deck) if field is None else tuple(field)
        study = Study(deck, chosen, action, deals, confirm, rounds, swaps, seed)
        return describe(content, study, build(content, study))

    def write_content(
        self, content_dir: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
    ) -> Path:
        raise ContentError("WarCry content has no numbers to calibrate; its knobs are set by [overrides].")

    def content_values(self, content_dir: str | None) -> dict[str, Any]:
        return {f"rules.{k}": v for k, v in wc_content.load_content(content_dir).knobs.items()}

    @property
    def knob_defaults(self) -> Mapping[str, Any]:
        return {}

    @property
    def number_meanings(self) -> tuple[tuple[str, str, str], ...]:
        return wc_content.MEANINGS


GAME = WarCry()

if TYPE_CHECKING:  # mypy checks that GAME provides the whole protocol
    from cryhavoc_sim.games.protocol import GameModule
    from cryhavoc_sim.games.winprob import WinLine

    _conforms: GameModule = GAME
