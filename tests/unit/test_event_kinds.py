"""Event kinds are declared once (engine/log.py EVENT_KINDS): every kind the engine logs
and every kind analysis, reports and the runner read is declared, and played games emit
nothing else."""

from __future__ import annotations

import re
from pathlib import Path

from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot
from cryhavoc_sim.games.cryhavoc.content import load_content
from cryhavoc_sim.games.cryhavoc.engine import new_game
from cryhavoc_sim.games.cryhavoc.engine.log import EVENT_KINDS
from cryhavoc_sim.games.cryhavoc.engine.playout import playout_spec, setup_for
from cryhavoc_sim.rng import stream
from tests.conftest import play_out

PACKAGE = Path(__file__).resolve().parents[2] / "cryhavoc_sim"
LOGGED = re.compile(r"""\.log\(\s*"([a-z_]+)\"""")
READ = re.compile(r"""(?:col\("kind"\)\s*==\s*|kind\s*==\s*|kind in \(|"kind":\s*)"([a-z_]+)\"""")


def kinds_in(folder: str, pattern: re.Pattern[str]) -> set[str]:
    found: set[str] = set()
    where = PACKAGE / folder
    for path in [where] if where.is_file() else where.rglob("*.py"):
        found |= set(pattern.findall(path.read_text()))
    return found


def test_every_kind_the_engine_logs_is_declared() -> None:
    logged = kinds_in("games/cryhavoc/engine", LOGGED)
    assert len(logged) > 40
    assert logged <= set(EVENT_KINDS), sorted(logged - set(EVENT_KINDS))


def test_every_kind_analysis_reports_and_the_runner_read_is_declared() -> None:
    generic = kinds_in("analysis", READ) | kinds_in("report", READ) | kinds_in("runner", READ)
    # the score ledger every game keeps (shared/OUTPUT_CONTRACT.md) is read by the kind
    # its Vocabulary names; each registered game declares it
    from cryhavoc_sim.games import game_names, get_game

    for name in game_names():
        game = get_game(name)
        assert game.vocabulary.score_event in game.event_kinds, name
    assert get_game("cryhavoc").vocabulary.score_event == "vp"
    own = kinds_in("games/cryhavoc/analysis", READ) | kinds_in("games/cryhavoc/report.py", READ)
    own |= kinds_in("games/cryhavoc/narrator.py", READ)
    assert {"kill", "battle_start", "scoring_enabled", "round_start"} <= own
    read = generic | own
    assert read <= set(EVENT_KINDS), sorted(read - set(EVENT_KINDS))


def test_played_games_emit_only_declared_kinds() -> None:
    content = load_content()
    seen: set[str] = set()
    for index in range(24):
        seed, factions, experience = playout_spec(5, index)
        game = new_game(content, setup_for(factions, experience), stream(seed, "game"))
        bots = {f: RandomBot(stream(seed, f"bot:{f}")) for f in (*factions, "trogs")}
        if len(factions) == 1:
            from cryhavoc_sim.games.cryhavoc.bots.automaton import AutomatonBot

            bots["trogs"] = AutomatonBot()  # type: ignore[assignment]
        play_out(game, bots)
        seen |= {row[4] for row in game.event_rows}
    assert seen <= set(EVENT_KINDS), sorted(seen - set(EVENT_KINDS))
    assert len(seen) > 30


def test_cave_troll_logs_reads_and_emits_only_declared_kinds() -> None:
    from cryhavoc_sim.games.cavetroll.content import load_content as load_cave_troll
    from cryhavoc_sim.games.cavetroll.game import EVENT_KINDS as CT_KINDS

    logged = re.compile(r"""\blog\(\s*"([a-z_]+)\"""")
    written = kinds_in("games/cavetroll", logged)
    assert {"gold", "play", "scoring", "end"} <= written <= set(CT_KINDS), sorted(written - set(CT_KINDS))
    read = kinds_in("games/cavetroll/report.py", READ) | kinds_in("games/cavetroll/narrator.py", READ)
    assert {"play", "scoring", "end"} <= read <= set(CT_KINDS), sorted(read - set(CT_KINDS))
    content = load_cave_troll()
    seen: set[str] = set()
    for seed in range(6):
        from cryhavoc_sim.games.cavetroll.bots import RandomBot
        from cryhavoc_sim.games.cavetroll.game import CaveTrollGame

        g = CaveTrollGame.new(
            content, 2 + seed % 3, stream(seed, "game"), ("classic", "variant")[seed % 2], record_events=True
        )
        bots = {p: RandomBot(stream(seed, p)) for p in g.players}
        while not g.over:
            g.apply(bots[g.player].choose(g))
        seen |= {e[2] for e in g.events or ()}
    assert seen <= set(CT_KINDS) and len(seen) >= 10, sorted(seen)
