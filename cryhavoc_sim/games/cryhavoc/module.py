"""``GAME``: Cry Havoc as the registry hands it out (the :class:`GameModule` protocol).

Each method is a thin door into the module that owns the work (scenario.py, rows.py,
narrator.py, report.py, rules.py, ...); heavy imports happen on first use."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.games.cryhavoc import scenario
from cryhavoc_sim.games.protocol import GameRows, Measure, Played, ReportSections, Vocabulary

if TYPE_CHECKING:
    from cryhavoc_sim.games.harness.deal import Deal
    from cryhavoc_sim.games.harness.ladder import Pairing
    from cryhavoc_sim.games.winprob import WinLine


class CryHavoc:
    name: str = "cryhavoc"

    @property
    def rules(self) -> Any:
        from cryhavoc_sim.games.cryhavoc.rules import RULES

        return RULES

    title: str = "Cry Havoc"
    scenario_fields: tuple[str, ...] = scenario.FIELDS
    scenario_tables: tuple[str, ...] = scenario.TABLES
    # the sources of the vp ledger (OUTPUT_CONTRACT), as the rulebook names them
    vocabulary = Vocabulary(
        sources=(
            ("battle_control", "Region Control in Battles"),
            ("attrition", "Attrition kills"),
            ("prisoners", "Prisoners held"),
            ("prisoner_return", "Prisoners bought back"),
            ("scoring_regions", "Regions at Scoring"),
            ("scoring_crystals", "Crystals at Scoring"),
            ("card_bonus", "card bonuses"),
            ("tactic", "Tactics"),
            ("skill", "Skills"),
            ("structure", "Structures"),
            ("exploration", "Exploration tokens"),
            ("event", "Events"),
        )
    )

    @property
    def rules_version(self) -> str:
        from cryhavoc_sim.games.cryhavoc.engine.game import RULES_VERSION

        return RULES_VERSION

    @property
    def bots_version(self) -> str:
        from cryhavoc_sim.games.cryhavoc.bots.registry import BOTS_VERSION

        return BOTS_VERSION

    @property
    def event_kinds(self) -> Mapping[str, str]:
        from cryhavoc_sim.games.cryhavoc.engine.log import EVENT_KINDS

        return EVENT_KINDS

    @property
    def side_colours(self) -> Mapping[str, str]:
        from cryhavoc_sim.games.cryhavoc.report import SIDE_COLOURS

        return SIDE_COLOURS

    def parse_setup(self, head: dict[str, Any], doc: dict[str, Any], path: str) -> scenario.CryHavocSetup:
        return scenario.parse_setup(head, doc, path)

    def config(self, setup: scenario.CryHavocSetup) -> dict[str, Any]:
        return {
            "players": setup.players,
            "lineups": [list(x) for x in setup.lineups],
            "experience": setup.experience,
            "variant": setup.variant,
            "bots": setup.bots,
            "rules": setup.rule_overrides,
            # only when there are several: configs (and their hashes) of others unchanged
            **({"policies": [[n, b] for n, b in setup.policies]} if setup.policies else {}),
        }

    def block_size(self, setup: scenario.CryHavocSetup) -> int:
        return setup.block()

    def shipped_content(self, name: str) -> str | None:
        from cryhavoc_sim.games.cryhavoc.content.loader import shipped_sets

        found = shipped_sets().get(name)
        return None if found is None else str(found)

    def shipped_content_names(self) -> list[str]:
        from cryhavoc_sim.games.cryhavoc.content.loader import shipped_sets

        return sorted(shipped_sets())

    def content_files(self, content_dir: str | None) -> list[Path]:
        from cryhavoc_sim.games.cryhavoc.content.loader import FILES, default_content_dir

        base = Path(content_dir) if content_dir else default_content_dir()
        return [base / name for name in FILES]

    def load_content(self, content_dir: str | None, overrides: Mapping[str, Any] | None = None) -> Any:
        from cryhavoc_sim.games.cryhavoc.content import load_content

        return load_content(content_dir, overrides)

    def deal(self, setup: scenario.CryHavocSetup, master_seed: int, game_id: int) -> Deal:
        from cryhavoc_sim.games.cryhavoc import rows

        return rows.deal(setup, master_seed, game_id)

    def played(self, deal: Deal, state: Any) -> Played:
        from cryhavoc_sim.games.cryhavoc import rows

        return rows.played(state.game)

    def win_line(self) -> WinLine:
        from cryhavoc_sim.games.cryhavoc.winline import LINE

        return LINE

    def rows(self, setup: scenario.CryHavocSetup, content: Any, played: Played, deal: Deal) -> GameRows:
        from cryhavoc_sim.games.cryhavoc import rows

        return rows.game_rows(setup, content, played, deal)

    def stored_events(self, played: Played) -> list[tuple[Any, ...]]:
        from cryhavoc_sim.games.cryhavoc import rows

        return rows.stored_events(played)

    def narrate(self, played: Played) -> list[str]:
        from cryhavoc_sim.games.cryhavoc.narrator import account, names

        return account(played.state.events, names(played.state.content))

    def sweep_measures(self, run: Any) -> list[Measure]:
        from cryhavoc_sim.games.cryhavoc.report import final_round_measures

        return final_round_measures(run)

    def report_sections(self, run: Any, content: Any) -> ReportSections:
        from cryhavoc_sim.games.cryhavoc.report import report_sections

        return report_sections(run, content)

    def bench_scenario(self, bot: str) -> str:
        return f'[scenario]\nname = "bench"\ngames = 1\nseed = 7\nplayers = 4\n\n[bots]\ndefault = "{bot}"\n'

    def search_bench_scenario(self) -> tuple[str, str] | None:
        from cryhavoc_sim.games.cryhavoc.bots.ismcts import DEFAULT_ITERATIONS

        text = self.bench_scenario("heuristic") + 'humans = "ismcts"\n'
        return f"one ismcts seat ({DEFAULT_ITERATIONS} iterations), three heuristic", text

    def state_costs(self, repeat: int) -> dict[str, float]:
        from cryhavoc_sim.games.cryhavoc.costs import state_costs

        return state_costs(repeat)

    def skill_lineup(self, budgets: Sequence[int]) -> list[str]:
        from cryhavoc_sim.games.cryhavoc.bots.personalities import personality_names
        from cryhavoc_sim.games.cryhavoc.content.schema import INVADERS

        shared = [
            p for p in personality_names(INVADERS[0]) if all(p in personality_names(f) for f in INVADERS)
        ]
        return ["random", *(f"heuristic:{p}" for p in shared), *(f"ismcts:{b}" for b in budgets)]

    def balance_rungs(self) -> tuple[str, ...]:
        return ("heuristic", "ismcts:8", "ismcts:16", "ismcts:32")

    def every_seat(self, doc: dict[str, Any], bot: str) -> dict[str, Any]:
        """[bots] becomes ``default = bot`` (per-faction entries go), and ``policies``
        (several line-ups) goes: a rung is one line-up. The solo automaton stays."""
        head = {k: v for k, v in doc.get("scenario", {}).items() if k != "policies"}
        return {**doc, "scenario": head, "bots": {"default": bot}}

    @property
    def ablation(self) -> Any:
        """Paired ablations of its Tactics cards and default Skills (``cryhavoc-sim ablate``,
        ablation.py)."""
        from cryhavoc_sim.games.cryhavoc.ablation import ABLATION

        return ABLATION

    @property
    def bot_weights(self) -> Any:
        """Its heuristic's personality weights as ``tune-bots`` sets them (bot_weights.py)."""
        from cryhavoc_sim.games.cryhavoc import bot_weights

        return bot_weights

    @property
    def value_training(self) -> Any:
        """Its search's learned leaf value, fitted from self-play (``train-value``,
        value_training.py; ``tuning/value.py`` plays and fits)."""
        from cryhavoc_sim.games.cryhavoc import value_training

        return value_training

    @property
    def search_match(self) -> Any:
        """Its searches against today's search, head to head, and the lines ``make bench``
        prints of them (``bench_child``; leaf_match.py)."""
        from cryhavoc_sim.games.cryhavoc import leaf_match

        return leaf_match

    def ladder_pairings(self) -> Sequence[Pairing]:
        """Every 2-player line-up, both ways of handing out its two factions, each bot
        kind going first once: 12 games a rotation."""
        from cryhavoc_sim.games.cryhavoc.content.schema import INVADERS
        from cryhavoc_sim.games.cryhavoc.engine import GameSetup
        from cryhavoc_sim.games.harness.ladder import Pairing

        out = []
        for pair in itertools.combinations(INVADERS, 2):
            for fa, fb in (pair, pair[::-1]):
                for a_first in (True, False):
                    init = (fa, fb) if a_first else (fb, fa)
                    setup = GameSetup((fa, fb), "experienced", initiative=init)
                    out.append(Pairing(setup, fa, fb, fa, fb, a_first))
        return out

    def content_values(self, content_dir: str | None) -> dict[str, Any]:
        from cryhavoc_sim.games.cryhavoc.content.numbers import content_values

        return content_values(content_dir)

    @property
    def knob_defaults(self) -> Mapping[str, Any]:
        from cryhavoc_sim.games.cryhavoc.engine.rules import Rules

        return Rules().as_defaults()

    @property
    def number_meanings(self) -> tuple[tuple[str, str, str], ...]:
        from cryhavoc_sim.games.cryhavoc.content.meanings import MEANINGS

        return MEANINGS

    def write_content(
        self, content_dir: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
    ) -> Path:
        from cryhavoc_sim.games.cryhavoc.content.numbers import write_content_set

        return write_content_set(content_dir, overrides, target, name, note)

    def content_listing(self, content: Any, as_json: bool) -> str:
        import json

        from cryhavoc_sim.games.cryhavoc.content.listing import content_listing, render_listing

        listing = content_listing(content)
        return json.dumps(listing, indent=2) if as_json else render_listing(listing)


GAME = CryHavoc()

if TYPE_CHECKING:  # mypy checks that GAME provides the whole protocol
    from cryhavoc_sim.games.protocol import GameModule

    _conforms: GameModule = GAME
