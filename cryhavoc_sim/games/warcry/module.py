"""``GAME``: WarCry as the registry hands it out, a :class:`GameSpec`.

Everything that plays moves is the harness's (``games/harness/``); the spec says how a
scenario names WarCry's decks and bots (scenario.py), what its rows hold (rows.py) and
how a game reads (narrator.py). A side is an army deck, a player a seat ("one", "two").
"""

from __future__ import annotations

from cryhavoc_sim.games.spec import Bench, GameContent, GameSpec, Later
from cryhavoc_sim.games.warcry import content, narrator, rows, scenario
from cryhavoc_sim.games.warcry.bots import PERSONALITIES
from cryhavoc_sim.games.warcry.rules import RULES, ladder_pairings
from cryhavoc_sim.games.warcry.search import DEFAULT_ITERATIONS
from cryhavoc_sim.games.warcry.winline import LINE
from cryhavoc_sim.games.warcry.words import EVENT_KINDS, SIDE_COLOURS, VOCABULARY

GAME = GameSpec(
    name="warcry",
    title="WarCry",
    rules_version=rows.RULES_VERSION,
    bots_version="warcry-bots-3",  # 3: the learned policy on features 2 (policy_features.py)
    vocabulary=VOCABULARY,
    side_colours=SIDE_COLOURS,
    event_kinds=EVENT_KINDS,
    scenario_fields=scenario.FIELDS,
    scenario_tables=scenario.TABLES,
    content=GameContent(
        files=content.FILES,
        default_dir=content.DATA,
        load=content.load_content,
        shipped=lambda: {"warcry": content.DATA},
        values=content.content_values,
        listing=content.listing,
        meanings=content.MEANINGS,
    ),
    rules=RULES,
    win_line=LINE,
    ladder_pairings=ladder_pairings(),
    skill_rungs=("random", *(f"heuristic:{p}" for p in PERSONALITIES)),
    bench=Bench(  # the four base-set decks: the bench times the same games across checkouts
        'decks = ["Chaos", "Dwarf", "Empire", "Orc"]\n',
        "one",
        f"seat one ismcts ({DEFAULT_ITERATIONS} iterations), seat two heuristic",
        line_games=200,
        gap_games=6,
    ),
    parse_setup=scenario.parse_setup,
    config=scenario.config,
    block_size=scenario.WarCrySetup.block,
    deal=rows.deal,
    played=rows.played,
    rows=rows.game_rows,
    narrate=narrator.narrate,
    report_sections=Later("cryhavoc_sim.games.warcry.report", "report_sections"),
    extras={
        # its part of the policy trainer (``train-policy``)
        "policy_game": Later("cryhavoc_sim.games.warcry.policy_training", "POLICY_GAME"),
        # paired ablations of its cards' abilities (``ablate``)
        "ablation": Later("cryhavoc_sim.games.warcry.ablation", "ABLATION"),
        # the deckbuild command's study (deckbuilder.py)
        "deck_builder": Later("cryhavoc_sim.games.warcry.deckbuilder", "study_lines"),
    },
)
