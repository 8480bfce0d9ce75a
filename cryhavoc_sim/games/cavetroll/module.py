"""``GAME``: Cave Troll as the registry hands it out (the :class:`GameModule` protocol).

Each method is a thin door into the module that owns the work (scenario.py, rows.py,
narrator.py, report.py, rules.py, playout.py, bots.py, content.py, numbers.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cavetroll import scenario
from cryhavoc_sim.games.protocol import GameRows, Measure, Played, ReportSections, Vocabulary

if TYPE_CHECKING:
    from cryhavoc_sim.games.harness.deal import Deal
    from cryhavoc_sim.games.harness.ladder import Pairing
    from cryhavoc_sim.games.winprob import WinLine


class CaveTroll:
    name: str = "cavetroll"

    @property
    def rules(self) -> Any:
        from cryhavoc_sim.games.cavetroll.rules import RULES

        return RULES

    title: str = "Cave Troll"
    scenario_fields: tuple[str, ...] = scenario.FIELDS
    scenario_tables: tuple[str, ...] = scenario.TABLES
    vocabulary = Vocabulary(
        side="seat",
        seat="turn-order seat",
        score="gold",
        score_event="gold",
        round="round",
        seat_is_side=True,
        side_plural=False,
        score_verb="earn",
        sources=(
            ("board_scoring", "board Scorings"),
            ("score_a_room", "Score a Room cards"),
            ("artifact_played", "artifacts played"),
            ("giant_slayer", "Giant Slayer"),
            ("end_bonus", "the end bonus"),
            ("final_scoring", "the final Scoring"),
            ("unused_artifacts", "artifacts kept"),
        ),
    )

    @property
    def rules_version(self) -> str:
        from cryhavoc_sim.games.cavetroll.rows import RULES_VERSION

        return RULES_VERSION

    @property
    def bots_version(self) -> str:
        from cryhavoc_sim.games.cavetroll.bots import BOTS_VERSION

        return BOTS_VERSION

    @property
    def event_kinds(self) -> Mapping[str, str]:
        from cryhavoc_sim.games.cavetroll.game import EVENT_KINDS

        return EVENT_KINDS

    @property
    def side_colours(self) -> Mapping[str, str]:
        from cryhavoc_sim.games.cavetroll.report import SIDE_COLOURS

        return SIDE_COLOURS

    def parse_setup(self, head: dict[str, Any], doc: dict[str, Any], path: str) -> scenario.CaveTrollSetup:
        return scenario.parse_setup(head, doc, path)

    def config(self, setup: scenario.CaveTrollSetup) -> dict[str, Any]:
        return {
            "players": setup.players[0] if len(setup.players) == 1 else list(setup.players),
            "card_sets": list(setup.card_sets),
            "seats": setup.seats,
            "bots": dict(setup.bots),
            "rules": {"must_use_all_actions": setup.must_use_all_actions, "tie": setup.tie},
        }

    def block_size(self, setup: scenario.CaveTrollSetup) -> int:
        return setup.block()

    def shipped_content(self, name: str) -> str | None:
        from cryhavoc_sim.games.cavetroll.numbers import shipped_sets

        found = shipped_sets().get(name)
        return None if found is None else str(found)

    def shipped_content_names(self) -> list[str]:
        from cryhavoc_sim.games.cavetroll.numbers import shipped_sets

        return sorted(shipped_sets())

    def content_files(self, content_dir: str | None) -> list[Path]:
        from cryhavoc_sim.games.cavetroll.content import DATA, FILES

        base = Path(content_dir) if content_dir else DATA
        return [base / name for name in FILES]

    def load_content(self, content_dir: str | None, overrides: Mapping[str, Any] | None = None) -> Any:
        from cryhavoc_sim.games.cavetroll.content import load_content

        return load_content(content_dir, overrides)

    @property
    def play_rules(self) -> Any:
        """A scenario's games trust the answers of the game's own random and heuristic bots
        (``state.PLAY_RULES``); the soak, the testers and the ladder check every answer."""
        from cryhavoc_sim.games.cavetroll.rules import PLAY_RULES

        return PLAY_RULES

    def deal(self, setup: scenario.CaveTrollSetup, master_seed: int, game_id: int) -> Deal:
        from cryhavoc_sim.games.cavetroll import rows

        return rows.deal(setup, master_seed, game_id)

    def played(self, deal: Deal, state: Any) -> Played:
        from cryhavoc_sim.games.cavetroll import rows

        return rows.played(state.game)

    def win_line(self) -> WinLine:
        from cryhavoc_sim.games.cavetroll.winline import LINE

        return LINE

    def rows(self, setup: scenario.CaveTrollSetup, content: Any, played: Played, deal: Deal) -> GameRows:
        from cryhavoc_sim.games.cavetroll import rows

        return rows.game_rows(setup, content, played, deal)

    def stored_events(self, played: Played) -> list[tuple[Any, ...]]:
        from cryhavoc_sim.games.cavetroll import rows

        return rows.stored_events(played)

    def narrate(self, played: Played) -> list[str]:
        from cryhavoc_sim.games.cavetroll import rows
        from cryhavoc_sim.games.cavetroll.narrator import account, names

        return account(rows.stored_events(played), names(played.state.content))

    def sweep_measures(self, run: Any) -> list[Measure]:
        from cryhavoc_sim.games.cavetroll.report import sweep_measures

        return sweep_measures(run)

    def report_sections(self, run: Any, content: Any) -> ReportSections:
        from cryhavoc_sim.games.cavetroll.report import report_sections

        return report_sections(run, content)

    def bench_scenario(self, bot: str) -> str:
        return (
            '[scenario]\nname = "bench"\ngame = "cavetroll"\ngames = 1\nseed = 7\nplayers = 4\n\n'
            f'[bots]\ndefault = "{bot}"\n'
        )

    def search_bench_scenario(self) -> tuple[str, str] | None:
        return None  # no search bot for Cave Troll yet

    def state_costs(self, repeat: int) -> dict[str, float]:
        from cryhavoc_sim.games.cavetroll.playout import state_costs

        return state_costs(repeat)

    def skill_lineup(self, budgets: Sequence[int]) -> list[str]:
        from cryhavoc_sim.games.cavetroll.bots import PERSONALITIES

        return ["random", *(f"heuristic:{p}" for p in PERSONALITIES), *(f"ismcts:{b}" for b in budgets)]

    def balance_rungs(self) -> tuple[str, ...]:
        return ("heuristic",)

    def every_seat(self, doc: dict[str, Any], bot: str) -> dict[str, Any]:
        """[bots] becomes ``default = bot``: every colour plays it."""
        return {**doc, "bots": {"default": bot}}

    def ladder_pairings(self) -> Sequence[Pairing]:
        """Two-player games, classic and variant, each bot going first once: 4 a rotation."""
        from cryhavoc_sim.games.cavetroll.game import CARD_SETS, COLOURS
        from cryhavoc_sim.games.cavetroll.rules import Deal
        from cryhavoc_sim.games.harness.ladder import Pairing

        out = []
        for card_set in CARD_SETS:
            for a_first in (True, False):
                a, b = COLOURS[:2] if a_first else COLOURS[1::-1]
                side_a, side_b = ("seat 1", "seat 2") if a_first else ("seat 2", "seat 1")
                out.append(Pairing(Deal(2, card_set, first=0), a, b, side_a, side_b, a_first))
        return out

    def content_values(self, content_dir: str | None) -> dict[str, Any]:
        from cryhavoc_sim.games.cavetroll.content import content_values

        return content_values(content_dir)

    @property
    def knob_defaults(self) -> Mapping[str, Any]:
        from cryhavoc_sim.games.cavetroll.scenario import KNOB_DEFAULTS

        return KNOB_DEFAULTS

    @property
    def number_meanings(self) -> tuple[tuple[str, str, str], ...]:
        from cryhavoc_sim.games.cavetroll.content import MEANINGS

        return MEANINGS

    def write_content(
        self, content_dir: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
    ) -> Path:
        from cryhavoc_sim.games.cavetroll.numbers import write_content_set

        return write_content_set(content_dir, overrides, target, name, note)

    def content_listing(self, content: Any, as_json: bool) -> str:
        import json

        from cryhavoc_sim.games.cavetroll.numbers import content_listing, render_listing

        listing = content_listing(content)
        return json.dumps(listing, indent=2) if as_json else render_listing(listing)


GAME = CaveTroll()

if TYPE_CHECKING:  # mypy checks that GAME provides the whole protocol
    from cryhavoc_sim.games.protocol import GameModule

    _conforms: GameModule = GAME
