"""``GAME``: Cave Troll as the registry hands it out, a :class:`GameSpec`.

The spec is data and references: each function is the one the module that owns the
work wrote (scenario.py, rows.py, narrator.py, report.py, rules.py, content.py,
numbers.py)."""

from __future__ import annotations

from cryhavoc_sim.games.cavetroll import narrator, rows, scenario
from cryhavoc_sim.games.cavetroll.bots import BOTS_VERSION, PERSONALITIES
from cryhavoc_sim.games.cavetroll.content import DATA, MEANINGS, SPEC, load_content
from cryhavoc_sim.games.cavetroll.game import EVENT_KINDS
from cryhavoc_sim.games.cavetroll.numbers import listed
from cryhavoc_sim.games.cavetroll.playout import state_costs
from cryhavoc_sim.games.cavetroll.rules import PLAY_RULES, RULES, ladder_pairings
from cryhavoc_sim.games.cavetroll.winline import LINE
from cryhavoc_sim.games.cavetroll.words import SIDE_COLOURS, VOCABULARY
from cryhavoc_sim.games.content_kit.door import game_content
from cryhavoc_sim.games.spec import Bench, GameSpec, Later

GAME = GameSpec(
    name="cavetroll",
    title="Cave Troll",
    rules_version=rows.RULES_VERSION,
    bots_version=BOTS_VERSION,
    vocabulary=VOCABULARY,
    side_colours=SIDE_COLOURS,
    event_kinds=EVENT_KINDS,
    scenario_fields=scenario.FIELDS,
    scenario_tables=scenario.TABLES,
    knob_defaults=scenario.KNOB_DEFAULTS,
    content=game_content(SPEC, load_content, DATA, listed, MEANINGS),
    rules=RULES,
    # a scenario's games trust the answers of the game's own random and heuristic bots;
    # the soak, the testers and the ladder check every answer
    play_rules=PLAY_RULES,
    win_line=LINE,
    ladder_pairings=ladder_pairings(),
    skill_rungs=("random", *(f"heuristic:{p}" for p in PERSONALITIES)),
    skill_search=True,
    bench=Bench("players = 4\n", "red", line_games=60, gap_games=20),  # no search-bot line yet
    costs=state_costs,
    columns=rows.COLUMNS,
    parse_setup=scenario.parse_setup,
    config=scenario.config,
    block_size=scenario.CaveTrollSetup.block,
    deal=rows.deal,
    played=rows.played,
    rows=rows.game_rows,
    narrate=narrator.narrate,
    report_sections=Later("cryhavoc_sim.games.cavetroll.report", "report_sections"),
    sweep_measures=Later("cryhavoc_sim.games.cavetroll.report", "sweep_measures"),
    extras={
        # its part of the policy trainer (``train-policy``)
        "policy_game": Later("cryhavoc_sim.games.cavetroll.policy_training", "POLICY_GAME"),
    },
)
