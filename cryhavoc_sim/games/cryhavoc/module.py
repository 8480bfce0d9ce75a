"""``GAME``: Cry Havoc as the registry hands it out, a :class:`GameSpec`.

The spec is data and references: each function is the one the module that owns the
work wrote (scenario.py, rows.py, narrator.py, report.py, rules.py, content/)."""

from __future__ import annotations

from cryhavoc_sim.games.content_kit.door import game_content
from cryhavoc_sim.games.cryhavoc import narrator, rows, scenario
from cryhavoc_sim.games.cryhavoc.bots.ismcts import DEFAULT_ITERATIONS
from cryhavoc_sim.games.cryhavoc.bots.personalities import personality_names
from cryhavoc_sim.games.cryhavoc.bots.registry import BOTS_VERSION
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.content.listing import listed
from cryhavoc_sim.games.cryhavoc.content.meanings import MEANINGS
from cryhavoc_sim.games.cryhavoc.content.numbers import DATA, SPEC
from cryhavoc_sim.games.cryhavoc.content.schema import INVADERS
from cryhavoc_sim.games.cryhavoc.costs import state_costs
from cryhavoc_sim.games.cryhavoc.engine.game import RULES_VERSION
from cryhavoc_sim.games.cryhavoc.engine.log import EVENT_KINDS
from cryhavoc_sim.games.cryhavoc.engine.rules import Rules as Knobs
from cryhavoc_sim.games.cryhavoc.rules import RULES, ladder_pairings
from cryhavoc_sim.games.cryhavoc.winline import LINE
from cryhavoc_sim.games.cryhavoc.words import SIDE_COLOURS, VOCABULARY
from cryhavoc_sim.games.spec import Bench, GameSpec, Later

# the personalities every invading faction has: the skill ladder's heuristic rungs
SHARED = [p for p in personality_names(INVADERS[0]) if all(p in personality_names(f) for f in INVADERS)]

GAME = GameSpec(
    name="cryhavoc",
    title="Cry Havoc",
    rules_version=RULES_VERSION,
    bots_version=BOTS_VERSION,
    vocabulary=VOCABULARY,
    side_colours=SIDE_COLOURS,
    event_kinds=EVENT_KINDS,
    scenario_fields=scenario.FIELDS,
    scenario_tables=scenario.TABLES,
    knob_defaults=Knobs().as_defaults(),
    content=game_content(SPEC, load_content, DATA, listed, MEANINGS),
    rules=RULES,
    win_line=LINE,
    ladder_pairings=ladder_pairings(),
    skill_rungs=("random", *(f"heuristic:{p}" for p in SHARED)),
    skill_search=True,
    balance_rungs=("heuristic", "ismcts:8", "ismcts:16", "ismcts:32"),
    lineup_fields=("policies",),  # a rung is one line-up; the solo automaton stays
    bench=Bench(
        "players = 4\n",
        "humans",
        f"one ismcts seat ({DEFAULT_ITERATIONS} iterations), three heuristic",
        line_games=40,
        gap_games=8,
    ),
    costs=state_costs,
    columns=rows.COLUMNS,
    parse_setup=scenario.parse_setup,
    config=scenario.config,
    block_size=scenario.CryHavocSetup.block,
    deal=rows.deal,
    played=rows.played,
    rows=rows.game_rows,
    narrate=narrator.narrate,
    report_sections=Later("cryhavoc_sim.games.cryhavoc.report", "report_sections"),
    sweep_measures=Later("cryhavoc_sim.games.cryhavoc.report", "final_round_measures"),
    extras={
        # its part of the policy trainer (``train-policy``)
        "policy_game": Later("cryhavoc_sim.games.cryhavoc.policy_training", "POLICY_GAME"),
        # paired ablations of its Tactics cards and default Skills (``ablate``)
        "ablation": Later("cryhavoc_sim.games.cryhavoc.ablation", "ABLATION"),
        # its heuristic's personality weights as ``tune-bots`` sets them
        "bot_weights": Later("cryhavoc_sim.games.cryhavoc.bot_weights"),
        # its search's learned leaf value, fitted from self-play (``train-value``)
        "value_training": Later("cryhavoc_sim.games.cryhavoc.value_training"),
        # its searches against today's search, head to head (``make bench``)
        "search_match": Later("cryhavoc_sim.games.cryhavoc.leaf_match"),
    },
)
