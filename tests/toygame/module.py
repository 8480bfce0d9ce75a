"""``GAME``: Bluff as the registry hands it out (the :class:`GameModule` protocol). The
tests register it (``tests/toygame/conftest.py``); the tool never ships it.

Everything that plays moves is the harness's (``games/harness/``): this module only
says how a scenario names Bluff's bots, what its rows hold and how a game reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.games.harness.costs import state_costs
from cryhavoc_sim.games.harness.deal import Deal
from cryhavoc_sim.games.harness.deal import deal as dealt
from cryhavoc_sim.games.harness.ladder import Pairing
from cryhavoc_sim.games.protocol import GameRows, Measure, Played, ReportSections, Vocabulary
from tests.toygame import content as bluff_content
from tests.toygame.rules import BOT_NAMES, PLAYERS, RULES, BluffState
from tests.toygame.rules import Deal as Hands

EVENT_KINDS = {
    "ante": "player puts amount chips in the pot before the deal",
    "check": "player checks",
    "bet": "player bets amount chips",
    "call": "player calls, adding amount chips",
    "fold": "player folds: the other takes the pot",
    "showdown": "both cards face up: detail is the first's and the second's card",
    "chips": "player wins (or loses, negative) amount chips at the end; detail: how (fold, showdown)",
}


@dataclass(frozen=True, slots=True)
class BluffSetup:
    bots: tuple[tuple[str, str], ...]  # (seat, bot name) for both seats


class Bluff:
    name = "bluff"
    title = "Bluff"
    rules_version = "bluff-rules-1"
    bots_version = "bluff-bots-1"
    scenario_fields: tuple[str, ...] = ()
    scenario_tables: tuple[str, ...] = ("bots",)
    event_kinds: Mapping[str, str] = EVENT_KINDS
    side_colours: Mapping[str, str] = {}
    vocabulary = Vocabulary(
        side="seat",
        seat="seat",
        score="chips",
        score_event="chips",
        round="turn",
        seat_is_side=True,
        side_plural=False,
    )
    rules = RULES

    def parse_setup(self, head: dict[str, Any], doc: dict[str, Any], path: str) -> BluffSetup:
        raw = doc.get("bots", {})
        if not isinstance(raw, dict):
            raise ScenarioError(f"{path}: [bots] must be a table.")
        for key, value in raw.items():
            if key != "default" and key not in PLAYERS:
                raise ScenarioError(
                    f"{path}: field 'bots.{key}' is not a seat; allowed: default, first, second."
                )
            if value not in BOT_NAMES:
                raise ScenarioError(
                    f"{path}: field 'bots.{key}' is {value!r}; allowed: {', '.join(BOT_NAMES)}."
                )
        default = raw.get("default", "random")
        return BluffSetup(tuple((p, str(raw.get(p, default))) for p in PLAYERS))

    def config(self, setup: BluffSetup) -> dict[str, Any]:
        return {"bots": dict(setup.bots)}

    def block_size(self, setup: BluffSetup) -> int:
        return 1

    def shipped_content(self, name: str) -> str | None:
        return str(bluff_content.DATA) if name == "bluff" else None

    def shipped_content_names(self) -> list[str]:
        return ["bluff"]

    def content_files(self, content_dir: str | None) -> list[Path]:
        base = Path(content_dir) if content_dir else bluff_content.DATA
        return [base / name for name in bluff_content.FILES]

    def load_content(self, content_dir: str | None, overrides: Mapping[str, Any] | None = None) -> Any:
        return bluff_content.load_content(content_dir, overrides)

    def deal(self, setup: BluffSetup, master_seed: int, game_id: int) -> Deal:
        return dealt(RULES, master_seed, game_id, Hands(), PLAYERS, dict(setup.bots))

    def played(self, deal: Deal, state: BluffState) -> Played:
        return Played(state.winners, PLAYERS, state)

    def win_line(self) -> None:
        return None  # Bluff has no win-probability line: its report has no game-flow section

    def rows(self, setup: BluffSetup, content: Any, played: Played, deal: Deal) -> GameRows:
        state: BluffState = played.state
        game = {
            "variant": "standard",
            "game": "bluff",
            "mode": "standard",
            "n_players": 2,
            "board_side": None,
            "experience": None,
            "content_id": content.content_id,
            "rules_version": self.rules_version,
            "rounds_played": 1,
            "ended_by": "fold" if state.history[-1] == "fold" else "showdown",
            "winner": played.winner,
            "lineup": ",".join(PLAYERS),
            "difficulty": None,
        }
        chips = {p: state.chips(p) for p in PLAYERS}
        seats = [
            {
                "faction": p,
                "seat": i + 1,
                "bot": deal.bot_name(p),
                "is_npc": False,
                "final_vp": chips[p],
                "rank": 1 + sum(1 for q in PLAYERS if chips[q] > chips[p]),
                "won": p in state.winners,
                "prisoners_held": None,
                "regions_controlled": None,
            }
            for i, p in enumerate(PLAYERS)
        ]
        from cryhavoc_sim.storage.schema import EVENT_COLUMNS

        rows = self.stored_events(played)
        events: dict[str, Sequence[Any]] = {c: [r[i] for r in rows] for i, c in enumerate(EVENT_COLUMNS)}
        return GameRows(game, seats, events)

    def stored_events(self, played: Played) -> list[tuple[Any, ...]]:
        state: BluffState = played.state
        return [
            (seq, 1, "play", player, kind, None, None, amount, detail, player, None)
            for seq, (_, kind, player, amount, detail) in enumerate(state.events or ())
        ]

    def narrate(self, played: Played) -> list[str]:
        state: BluffState = played.state
        lines = ["round 1:"]
        for _, kind, player, amount, detail in state.events or ():
            if kind == "showdown":
                lines.append(f"  showdown: {detail}")
            elif kind == "chips":
                lines.append(f"  {player} ends {amount:+d} chips")
            else:
                lines.append(f"  {player} {kind}s" + (f" {amount}" if amount else ""))
        lines.append(f"winners: {', '.join(state.winners)}")
        return lines

    def report_sections(self, run: Any, content: Any) -> ReportSections:
        return ReportSections(
            trust=["Bluff is the test suite's proof game; its bots are two lines of judgement."]
        )

    def sweep_measures(self, run: Any) -> list[Measure]:
        return []

    def bench_scenario(self, bot: str) -> str:
        return (
            f'[scenario]\nname = "bench"\ngame = "bluff"\ngames = 1\nseed = 7\n\n[bots]\ndefault = "{bot}"\n'
        )

    def search_bench_scenario(self) -> tuple[str, str] | None:
        return None

    def state_costs(self, repeat: int) -> dict[str, float]:
        return state_costs(RULES, repeat, answers=1)

    def ladder_pairings(self) -> Sequence[Pairing]:
        return [
            Pairing(Hands(), "first", "second", "first", "second", True),
            Pairing(Hands(), "second", "first", "second", "first", False),
        ]

    def skill_lineup(self, budgets: Sequence[int]) -> list[str]:
        return list(BOT_NAMES)

    def balance_rungs(self) -> tuple[str, ...]:
        return ("heuristic",)

    def every_seat(self, doc: dict[str, Any], bot: str) -> dict[str, Any]:
        return {**doc, "bots": {"default": bot}}

    def content_listing(self, content: Any, as_json: bool) -> str:
        import json

        values = content.values()
        return json.dumps(values) if as_json else "\n".join(f"{k} = {v}" for k, v in values.items())

    def write_content(
        self, content_dir: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
    ) -> Path:
        base = Path(content_dir) if content_dir else bluff_content.DATA
        text = (base / "bluff.toml").read_text()
        loaded = bluff_content.load_content(content_dir, overrides)
        out = target / name
        out.mkdir(parents=True)
        lines = [f"# {note}"] + [
            f"ante = {loaded.ante}"
            if line.startswith("ante =")
            else f"bet = {loaded.bet}"
            if line.startswith("bet =")
            else line
            for line in text.splitlines()
        ]
        (out / "bluff.toml").write_text("\n".join(lines) + "\n")
        return out

    def content_values(self, content_dir: str | None) -> dict[str, Any]:
        return bluff_content.load_content(content_dir).values()

    @property
    def knob_defaults(self) -> Mapping[str, Any]:
        return {}

    @property
    def number_meanings(self) -> tuple[tuple[str, str, str], ...]:
        return (("*", "a number of the toy game", "none: a test game"),)


GAME = Bluff()

if TYPE_CHECKING:  # mypy checks that GAME provides the whole protocol
    from cryhavoc_sim.games.protocol import GameModule

    _conforms: GameModule = GAME
