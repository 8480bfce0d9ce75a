"""The bad-input catalogue: every case is a real command, as a user would type it, and must
end with exit code 2, exactly one line on stderr that names the problem (and what is
allowed), no traceback, and nothing written or changed on disk."""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import reconstructed_dir

SMALL = '[scenario]\nname = "small"\ngames = 20\nseed = 5\nplayers = 2\n'


def _shipped_win_model(game: str) -> str:
    """The shipped win-model file of ``game``."""
    from cryhavoc_sim.games import get_game

    line = get_game(game).win_line
    assert line is not None
    return line.shipped().to_json()


def scen(body: str = "", head: str = SMALL) -> str:
    return head + body


@dataclass(frozen=True)
class Case:
    name: str
    # Given a fresh work directory holding a finished run in "done/", prepare the case and
    # return the command's arguments.
    setup: Callable[[Path], list[str]]
    expect: str  # a fragment the one-line message must contain
    # environment variables the command runs with ({d}: the work directory)
    env: tuple[tuple[str, str], ...] = ()


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


def run_with(text: str, *extra: str) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        return ["run", str(write(d / "s.toml", text)), "-o", str(d / "out"), "-q", *extra]

    return setup


DESIGN = """[sweep]
name = "bad"
scenario = "quick"
games = 10

[factors]
"tokens.war_party.*.trogs" = [1, 3]
"""


def sweep_with(text: str, *extra: str, out: str = "sw") -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        return ["sweep", str(write(d / "d.toml", text)), "-o", str(d / out), "-q", *extra]

    return setup


def manifest_edit(edit: Callable[[dict], None], *extra: str) -> Callable[[Path], list[str]]:  # type: ignore[type-arg]
    def setup(d: Path) -> list[str]:
        path = d / "done" / "manifest.json"
        data = json.loads(path.read_text())
        data["status"] = "interrupted"
        edit(data)
        path.write_text(json.dumps(data))
        return ["run", str(d / "s.toml"), "-o", str(d / "done"), "--resume", "-q", *extra]

    return setup


def baseline_with(data: object) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        text = data if isinstance(data, str) else json.dumps(data)
        return ["check", str(d / "done"), "--baseline", str(write(d / "b.json", text))]

    return setup


def content_with(file: str, find: str, replace: str, remove: bool = False) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        shutil.copytree(reconstructed_dir(), d / "c")  # hand-written TOML: edited by text
        path = d / "c" / file
        if remove:
            path.unlink()
            return ["content", "--content", str(d / "c")]
        text = path.read_text()
        assert find in text, (file, find)
        path.write_text(text.replace(find, replace, 1))
        return ["content", "--content", str(d / "c")]

    return setup


CT = '[scenario]\nname = "ct"\ngame = "cavetroll"\ngames = 8\nseed = 5\nplayers = 4\n'


def game_set(game: str, file: str) -> Callable[[str, str], Callable[[Path], list[str]]]:
    """Cases of ``content --game GAME`` on a copy of the game's shipped set with ``file``
    edited (its first ``find`` replaced)."""

    def edited(find: str, replace: str) -> Callable[[Path], list[str]]:
        def setup(d: Path) -> list[str]:
            data = importlib.import_module(f"cryhavoc_sim.games.{game}.content").DATA
            shutil.copytree(data, d / game)
            path = d / game / file
            text = path.read_text()
            assert find in text, find
            path.write_text(text.replace(find, replace, 1))
            return ["content", "--game", game, "--content", str(d / game)]

        return setup

    return edited


ct_board = game_set("cavetroll", "board.toml")


# An override pattern of 80 characters naming 2^16 paths (issue 32): refused by counting.
HUGE_PATTERN = "{a,b}" * 16


def content_file_replaced(game: str, file: str, make: Callable[[Path], None]) -> Callable[[Path], list[str]]:
    """``content`` on a copy of a game's shipped set with ``file`` replaced by ``make``."""

    def setup(d: Path) -> list[str]:
        from cryhavoc_sim.games.cavetroll.content import DATA

        shutil.copytree(reconstructed_dir() if game == "cryhavoc" else DATA, d / "c")
        (d / "c" / file).unlink()
        make(d / "c" / file)
        return ["content", "--game", game, "--content", str(d / "c")]

    return setup


def _huge_file(path: Path) -> None:
    path.write_text("# padding\n" * 500_000)  # 5 MB of comments


def _nested_file(path: Path) -> None:
    path.write_text("deep = " + "[" * 40 + "]" * 40 + "\n")


def _rates(
    players: int = 2, factions: tuple[str, ...] = ("humans", "pilgrims"), scenario: str = "small"
) -> dict:  # type: ignore[type-arg]
    return {
        "game": "cryhavoc",
        "scenario": scenario,
        "players": players,
        "statistics": "deals",
        "win_rates": [
            {"faction": f, "games": 20, "wins": 10, "win_rate": 0.5, "deals": 10, "design_effect": 1.0}
            for f in factions
        ],
    }


def _dangling(d: Path) -> list[str]:
    (d / "link").symlink_to(d / "nowhere")
    return ["run", str(d / "s.toml"), "-o", str(d / "link"), "-q"]


def _drop_shard(table: str) -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        next((d / "done" / table).glob("*.parquet")).unlink()
        return ["report", str(d / "done"), "-o", str(d / "rep")]

    return setup


def _corrupt_shard(d: Path) -> list[str]:
    shard = next((d / "done" / "games").glob("*.parquet"))
    shard.write_bytes(b"PAR1 not really")
    return ["report", str(d / "done"), "-o", str(d / "rep")]


def _orphans(d: Path) -> list[str]:
    shutil.copytree(d / "done" / "games", d / "out" / "games")
    return ["run", str(d / "s.toml"), "-o", str(d / "out"), "-q"]


def _fifo_manifest(d: Path) -> Path:
    """A run directory whose manifest.json is a FIFO (a read would wait for a writer)."""
    import os

    run = d / "fifo_run"
    run.mkdir()
    os.mkfifo(run / "manifest.json")
    return run


DEEP = "[" * 100_000 + "]" * 100_000

TARGETS = """[tune]
name = "bad"
trials = 1
games = 10

[parameters]
"structures.humans.*.build_cost" = [1, 3]

[[target]]
scenario = "quick"
fair_within = 0.10
"""


TUNE_BOTS = """[tune_bots]
name = "tiny"
scenario = "three_player"
factions = ["humans"]
population = ["heuristic"]
trials = 2
games = 12
seed = 5

[parameters]
attack = [0.5, 2.0]
"""


def tune_with(text: str, *extra: str, out: str = "tu") -> Callable[[Path], list[str]]:
    def setup(d: Path) -> list[str]:
        return ["tune", str(write(d / "t.toml", text)), "-o", str(d / out), "-q", *extra]

    return setup


def done_manifest(edit: Callable[[dict], None], *command: str) -> Callable[[Path], list[str]]:  # type: ignore[type-arg]
    """``command`` (with {done} for the run) after ``edit`` of the finished run's manifest."""

    def setup(d: Path) -> list[str]:
        path = d / "done" / "manifest.json"
        data = json.loads(path.read_text())
        edit(data)
        path.write_text(json.dumps(data))
        return [c.replace("{done}", str(d / "done")).replace("{d}", str(d)) for c in command]

    return setup


def _other_game(m: dict) -> None:  # type: ignore[type-arg]
    m["game"] = "cavetroll"


def _other_game_and_text(m: dict) -> None:  # type: ignore[type-arg]
    m["game"] = "cavetroll"
    m["scenario_text"] = m["scenario_text"].replace("[scenario]", '[scenario]\ngame = "cavetroll"')


def _huge_budget(m: dict) -> None:  # type: ignore[type-arg]
    m["scenario_text"] += '\n[bots]\ndefault = "ismcts:1000000000"\n'


def sweep_record(record: object, *, results: bool = True) -> Callable[[Path], list[str]]:
    """``report`` of a sweep directory holding ``record`` as its sweep.json."""

    def setup(d: Path) -> list[str]:
        text = record if isinstance(record, str) else json.dumps(record)
        write(d / "sw" / "sweep.json", text)
        if results:
            write(d / "sw" / "results.parquet", b"")
        return ["report", str(d / "sw"), "-o", str(d / "rep")]

    return setup


def _unrelated_sweep(d: Path) -> list[str]:
    """report --sweep naming a complete sweep of another scenario text of the same name."""
    record = {
        "kind": "cryhavoc-sim sweep",
        "status": "complete",
        "game": "cryhavoc",
        "scenario": "small",
        "scenario_text": SMALL.replace("players = 2", "players = 3"),
        "content_hash": json.loads((d / "done" / "manifest.json").read_text())["content_hash"],
    }
    write(d / "sw" / "sweep.json", json.dumps(record))
    write(d / "sw" / "results.parquet", b"")
    return ["report", str(d / "done"), "-o", str(d / "rep"), "--sweep", str(d / "sw")]


def _fifo_design(d: Path) -> list[str]:
    os.mkfifo(d / "d.toml")
    return ["sweep", str(d / "d.toml"), "-o", str(d / "sw")]


def _ct_board_deep(d: Path) -> list[str]:
    from cryhavoc_sim.games.cavetroll.content import DATA

    shutil.copytree(DATA, d / "ct")
    (d / "ct" / "board.toml").write_text("x = " + DEEP + "\n")
    return ["content", "--game", "cavetroll", "--content", str(d / "ct")]


RECORD = {
    "kind": "cryhavoc-sim sweep",
    "name": "x",
    "game": "cryhavoc",
    "scenario": "small",
    "design_text": "",
    "design_path": "d.toml",
    "status": "complete",
    "method": "grid",
    "games_per_cell": 10,
    "seed": 1,
    "cells": [{"cell": 0, "dir": "cells/c0000", "values": {}, "complete": True}],
}


# ---------------------------------------------------------------- what a reader verifies
def _ledger_edit(edit: Callable[[Path, dict], None], *command: str) -> Callable[[Path], list[str]]:  # type: ignore[type-arg]
    """``command`` (with {done} for the run, {d} for the work directory) after ``edit``
    of the finished run's directory and manifest, the ledger's hashes then made to match
    the shards on disk (as someone covering their tracks would)."""

    def setup(d: Path) -> list[str]:
        from cryhavoc_sim.storage.ledger import file_sha256

        path = d / "done" / "manifest.json"
        data = json.loads(path.read_text())
        edit(d, data)
        for start, entry in data["chunks"].items():
            for table in entry["shards"]:
                shard = d / "done" / table / f"chunk-{int(start):010d}.parquet"
                if shard.is_file():
                    entry["shards"][table] = file_sha256(shard)
        path.write_text(json.dumps(data))
        return [c.replace("{done}", str(d / "done")).replace("{d}", str(d)) for c in command]

    return setup


def _shards_of_another_run(table: str) -> Callable[[Path, dict], None]:  # type: ignore[type-arg]
    def edit(d: Path, m: dict) -> None:  # type: ignore[type-arg]
        for shard in (d / "again" / table).glob("*.parquet"):
            shutil.copy(shard, d / "done" / table / shard.name)

    return edit


def _half_complete(d: Path, m: dict) -> None:  # type: ignore[type-arg]
    """The last chunk leaves the ledger and the disk; the manifest still says complete."""
    last = max(m["chunks"], key=int)
    for table in m["chunks"].pop(last)["shards"]:
        (d / "done" / table / f"chunk-{int(last):010d}.parquet").unlink()


def _chunk_twice(d: Path, m: dict) -> None:  # type: ignore[type-arg]
    m["chunks"]["00"] = m["chunks"]["0"]


def _chunk_copied(d: Path, m: dict) -> None:  # type: ignore[type-arg]
    """The first chunk's shards copied in as the last chunk's: the same games twice."""
    last = max(m["chunks"], key=int)
    for table in m["chunks"][last]["shards"]:
        shutil.copy(
            d / "done" / table / "chunk-0000000000.parquet",
            d / "done" / table / f"chunk-{int(last):010d}.parquet",
        )


def _study_dir_replaced(
    study: str, record: str, inner: str, source: str, *command: str
) -> Callable[[Path], list[str]]:
    """An interrupted study whose complete ``inner`` run directory was replaced by a copy
    of ``source`` (another rung's or cell's), then ``command``."""

    def setup(d: Path) -> list[str]:
        path = d / study / record
        data = json.loads(path.read_text())
        data["status"] = "interrupted"
        path.write_text(json.dumps(data))
        shutil.rmtree(d / study / inner)
        shutil.copytree(d / study / source, d / study / inner)
        return [c.replace("{d}", str(d)) for c in command]

    return setup


ABLATE_ONE = ("ablate", "warcry_all_decks", "--card", "WC149", "-n", "4", "-j", "1")  # the -o cases' command


def _planted(where: str, *command: str, folder: bool = False) -> Callable[[Path], list[str]]:
    """``command`` with a symbolic link at ``where`` (in the work directory) to a file (or
    a folder) the tool must not write into."""

    def setup(d: Path) -> list[str]:
        victim = write(d / "victim" / "precious.txt", "precious\n")
        target = d / where
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.symlink_to(victim.parent if folder else victim)
        return [c.replace("{d}", str(d)).replace("{done}", str(d / "done")) for c in command]

    return setup


# ------------------------------------------------------------ nothing blocks, nothing runs away
def _fifo(name: str, *command: str) -> Callable[[Path], list[str]]:
    """``command`` with a FIFO at ``name`` in the work directory (nobody writes into it)."""

    def setup(d: Path) -> list[str]:
        target = d / name
        if target.is_file():
            target.unlink()
        target.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(target)
        return [c.replace("{d}", str(d)).replace("{done}", str(d / "done")) for c in command]

    return setup


def _rung_manifest_fifo(d: Path) -> list[str]:
    record = d / "fbal" / "balance.json"
    data = json.loads(record.read_text())
    data["status"] = "interrupted"
    record.write_text(json.dumps(data))
    (d / "fbal" / "rungs" / "r01" / "manifest.json").unlink()
    os.mkfifo(d / "fbal" / "rungs" / "r01" / "manifest.json")
    return [
        "balance",
        str(d / "s.toml"),
        "--rungs",
        "random,heuristic",
        "-o",
        str(d / "fbal"),
        "--resume",
        "-q",
    ]


def _budget(m: dict, bot: str = "ismcts:100000") -> None:  # type: ignore[type-arg]
    m["scenario_text"] += f'\n[bots]\ndefault = "{bot}"\n'


WC = '[scenario]\nname = "wc"\ngame = "warcry"\ngames = 4\nseed = 5\n'


wc_decks = game_set("warcry", "decks.toml")


def _not_played(d: Path, m: dict) -> None:  # type: ignore[type-arg]
    """The run was interrupted after its first chunk: the later games were never played."""
    _half_complete(d, m)
    m["status"] = "interrupted"


def _events_gone(d: Path, m: dict) -> None:  # type: ignore[type-arg]
    """Chunk 0's events shard leaves the ledger and the disk."""
    del m["chunks"]["0"]["shards"]["events"]
    (d / "done" / "events" / "chunk-0000000000.parquet").unlink()


def _sweep_scenario_edited(d: Path) -> list[str]:
    """A sweep of a scenario file, interrupted; the scenario is edited before the resume."""
    write(d / "base.toml", SMALL.replace("games = 20", "games = 6"))
    design = DESIGN.replace('scenario = "quick"', 'scenario = "base.toml"').replace("games = 10", "games = 6")
    write(d / "d2.toml", design)
    proc = cli(["sweep", str(d / "d2.toml"), "-o", str(d / "sw2"), "-q", "-j", "1"], d)
    assert proc.returncode == 0, proc.stderr
    record = d / "sw2" / "sweep.json"
    data = json.loads(record.read_text())
    data["status"] = "interrupted"
    record.write_text(json.dumps(data))
    write(d / "base.toml", SMALL.replace("games = 20", "games = 6").replace("seed = 5", "seed = 7"))
    return ["sweep", str(d / "d2.toml"), "-o", str(d / "sw2"), "--resume", "-q", "-j", "1"]


CASES = [
    # ---------------------------------------------------------------- scenario files
    Case("toml_invalid", run_with("[scenario\n"), "is not valid TOML"),
    Case("toml_nested_deep", run_with("x = " + "[" * 100_000 + "]" * 100_000 + "\n"), "nested too deeply"),
    Case("table_unknown", run_with(scen("[weather]\nrain = 1\n")), "unknown table(s) weather"),
    Case("no_scenario_table", run_with("[bots]\ndefault = 'random'\n"), "needs a [scenario] table"),
    Case(
        "game_unknown",
        run_with(scen(head='[scenario]\nname = "x"\ngame = "chess"\ngames = 5\nplayers = 2\n')),
        "'scenario.game' is 'chess', which is not a registered game; allowed: cavetroll, cryhavoc",
    ),
    # ------------------------------------------------------------ Cave Troll scenarios and content
    Case(
        "ct_cryhavoc_field",
        run_with(scen("experience = 'veteran'\n", CT)),
        "'scenario.experience' is not a scenario field",
    ),
    Case(
        "cryhavoc_ct_field",
        run_with(scen("card_set = 'variant'\n")),
        "'scenario.card_set' is not a scenario field",
    ),
    Case("ct_players_five", run_with(CT.replace("players = 4", "players = 5")), "is 5; allowed: 2, 3, 4"),
    Case(
        "ct_colour_unknown",
        run_with(scen("[bots]\npurple = 'random'\n", CT)),
        "'bots.purple' is not a colour",
    ),
    Case("ct_card_set_unknown", run_with(scen("card_set = 'deluxe'\n", CT)), "allowed: classic, variant"),
    Case("ct_bot_unknown", run_with(scen("[bots]\ndefault = 'minimax'\n", CT)), "not a Cave Troll bot"),
    Case(
        "ct_search_budget",
        run_with(scen("[bots]\ndefault = 'ismcts:0'\n", CT)),
        "allowed: ismcts:<N> with N iterations from 1 to 1,000",
    ),
    Case("ct_knob_unknown", run_with(scen("[rules]\nhand_limit = 3\n", CT)), "not a Cave Troll rule knob"),
    Case(
        "ct_override_unknown",
        run_with(scen("[overrides]\n'tokens.x' = 1\n", CT)),
        "names no number of the Cave Troll",
    ),
    Case("ct_room_unreachable", ct_board('["R04", "R14"]', '["P_N", "R14"]'), "room 'R14' cannot be reached"),
    Case("ct_doorway_nowhere", ct_board('["R04", "R14"]', '["R04", "R99"]'), "a doorway to nowhere"),
    Case("ct_gold_negative", ct_board("gold = 3", "gold = -1"), "field 'gold' must be between 0 and 99"),
    Case(
        "game_not_text",
        run_with(scen(head='[scenario]\nname = "x"\ngame = 3\ngames = 5\nplayers = 2\n')),
        "'scenario.game' must be str",
    ),
    Case("game_option_unknown", lambda d: ["soak", "-n", "5", "--game", "chess"], "--game is 'chess'"),
    Case(
        "content_game_unknown",
        lambda d: ["content", "--game", "chess"],
        "allowed: cavetroll, cryhavoc, warcry",
    ),
    Case("field_unknown", run_with(scen("colour = 'red'\n")), "'scenario.colour' is not a scenario field"),
    Case("name_missing", run_with("[scenario]\ngames = 5\nplayers = 2\n"), "'scenario.name' is missing"),
    Case(
        "name_escapes",
        run_with(scen(head='[scenario]\nname = "../../x"\ngames = 5\nplayers = 2\n')),
        "allowed: 1 to 64",
    ),
    Case(
        "name_long",
        run_with(scen(head=f'[scenario]\nname = "{"a" * 300}"\ngames = 5\nplayers = 2\n')),
        "allowed: 1 to 64",
    ),
    Case(
        "name_slash",
        run_with(scen(head='[scenario]\nname = "a/b"\ngames = 5\nplayers = 2\n')),
        "allowed: 1 to 64",
    ),
    Case(
        "games_zero",
        run_with('[scenario]\nname = "x"\ngames = 0\nplayers = 2\n'),
        "'scenario.games' must be between 1",
    ),
    Case(
        "games_text",
        run_with('[scenario]\nname = "x"\ngames = "ten"\nplayers = 2\n'),
        "'scenario.games' must be int",
    ),
    Case(
        "games_huge",
        run_with('[scenario]\nname = "x"\ngames = 1000000000000\nplayers = 2\n'),
        "split larger studies",
    ),
    Case(
        "seed_negative",
        run_with(scen("seed = -1\n", '[scenario]\nname = "x"\ngames = 5\nplayers = 2\n')),
        "'scenario.seed' must be between 0",
    ),
    Case(
        "seed_huge",
        run_with('[scenario]\nname = "x"\ngames = 5\nplayers = 2\nseed = 18446744073709551616\n'),
        "must be between 0 and 2^64-1",
    ),
    Case("players_five", run_with('[scenario]\nname = "x"\ngames = 5\nplayers = 5\n'), "allowed: 2, 3, 4"),
    Case("players_one", run_with('[scenario]\nname = "x"\ngames = 5\nplayers = 1\n'), "allowed: 2, 3, 4"),
    Case("faction_unknown", run_with(scen("factions = ['humans', 'elves']\n")), "unknown faction 'elves'"),
    Case(
        "faction_trogs_2p", run_with(scen("factions = ['humans', 'trogs']\n")), "cannot play a 2-player game"
    ),
    Case("faction_count", run_with(scen("factions = ['humans']\n")), "must list 2 different factions"),
    Case(
        "four_without_trogs",
        run_with(
            '[scenario]\nname = "x"\ngames = 5\nplayers = 4\nfactions = ["humans", "pilgrims", "machines", "humans"]\n'
        ),
        "must list 4 different factions",
    ),
    Case(
        "experience_unknown",
        run_with(scen("experience = 'guru'\n")),
        "allowed: first_time, experienced, veteran",
    ),
    Case("mode_unknown", run_with(scen("mode = 'coop'\n")), "allowed: standard, solo"),
    Case("difficulty_not_solo", run_with(scen("difficulty = 2\n")), 'applies only with mode = "solo"'),
    Case(
        "difficulty_four",
        run_with('[scenario]\nname = "x"\ngames = 5\nmode = "solo"\ndifficulty = 4\n'),
        "allowed: 1, 2, 3",
    ),
    Case("seats_unknown", run_with(scen("seats = 'clockwise'\n")), "allowed: rotate, random"),
    Case(
        "bot_unknown",
        run_with(scen("[bots]\nhumans = 'genius'\n")),
        "'bots.humans' is 'genius', which is not a bot; allowed:",
    ),
    Case(
        "ismcts_zero", run_with(scen("[bots]\nhumans = 'ismcts:0'\n")), "ismcts:<N> with N iterations from 1"
    ),
    Case("ismcts_word", run_with(scen("[bots]\ndefault = 'ismcts:abc'\n")), "has the budget 'abc'; allowed"),
    Case("paired_zero", run_with(scen("[bots]\nhumans = 'paired:0'\n")), "paired:<N> with N rollouts from 1"),
    Case(
        "search_own_personality_unknown",
        run_with(scen("[bots]\nhumans = 'paired:16:reckless'\n")),
        "personality 'reckless' unknown for humans; allowed:",
    ),
    Case(
        "tune_bots_seat_not_a_search",
        lambda d: [
            "tune-bots",
            str(write(d / "t.toml", TUNE_BOTS.replace("seed = 5", 'seed = 5\nseat = "paired"'))),
            "-o",
            str(d / "tb"),
            "-q",
        ],
        "allowed: heuristic, or a search with its budget",
    ),
    # a digit str.isdigit() accepts and int() refuses (issue 32)
    Case(
        "ismcts_superscript", run_with(scen("[bots]\ndefault = 'ismcts:²'\n")), "has the budget '²'; allowed"
    ),
    Case(
        "personality_unknown",
        run_with(scen("[bots]\npilgrims = 'heuristic:reckless'\n")),
        "personality 'reckless', unknown for pilgrims; allowed: aggressive, balanced, classic, defensive",
    ),
    Case(
        "restriction_unknown",
        run_with(scen("[bots]\nmachines = 'heuristic/no-magic'\n")),
        "restriction 'no-magic', which does not exist; allowed: no-skills, no-structures, no-battles",
    ),
    Case(
        "ladder_restriction_unknown",
        lambda d: ["ladder", "--bots", "random,heuristic/no-tactics", "-r", "1"],
        "restriction 'no-tactics', which does not exist; allowed: no-skills",
    ),
    Case(
        "policies_not_list", run_with(scen("policies = 'heuristic'\n")), "'scenario.policies' must be a list"
    ),
    Case(
        "policy_unknown_bot",
        run_with(scen("policies = ['heuristic', 'genius']\n")),
        "'scenario.policies[1].default' is 'genius', which is not a bot",
    ),
    Case(
        "policy_repeated",
        run_with(scen("policies = ['heuristic', {name = 'heuristic', humans = 'random'}]\n")),
        "repeats the policy name 'heuristic'",
    ),
    Case(
        "bot_not_string",
        run_with(scen("[bots]\nhumans = 3\n")),
        "'bots.humans' is 3, which is not a bot name",
    ),
    Case("bot_key_unknown", run_with(scen("[bots]\nelves = 'random'\n")), "'bots.elves' is not a faction"),
    Case("bots_not_table", run_with(scen("bots = 3\n")), "'scenario.bots' is not a scenario field"),
    Case("rules_not_table", run_with("rules = 3\n" + SMALL), "[rules] must be a table"),
    Case("knob_unknown", run_with(scen("[rules]\nhandlimit = 6\n")), "unknown rule knob 'handlimit'"),
    Case("knob_text", run_with(scen("[rules]\nhand_limit = 'seven'\n")), "must be a whole number"),
    Case(
        "knob_overflow",
        run_with(scen("[rules]\nstart_units = 1000000000\n")),
        "'start_units' must be between 1 and 12",
    ),
    Case(
        "knob_hang",
        run_with(scen("[rules]\nactions_per_round = 1000000000\n")),
        "'actions_per_round' must be between 1 and 10",
    ),
    Case(
        "knob_zero_rounds",
        run_with(scen("[rules]\nmax_rounds = 0\n")),
        "'max_rounds' must be between 1 and 20",
    ),
    Case("knob_choice", run_with(scen("[rules]\nevent_pass = 'sometimes'\n")), "allowed: beyond, reach"),
    Case(
        "knob_faction_unknown",
        run_with(scen("[rules]\nstart_units = { trogs = 3 }\n")),
        "names faction 'trogs'; allowed: humans, machines, pilgrims",
    ),
    Case(
        "knob_faction_range",
        run_with(scen("[rules]\nstart_units = { humans = 0 }\n")),
        "'start_units' for humans must be a whole number between 1 and 12",
    ),
    Case("content_missing", run_with(scen("content = 'no_such_dir'\n")), "no_such_dir"),
    Case("scenario_missing", lambda d: ["run", str(d / "nope.toml")], "scenario file not found"),
    Case("scenario_is_dir", lambda d: ["run", str(d / "done")], "scenario file cannot be read"),
    Case(
        "scenario_not_utf8",
        lambda d: ["run", str(write(d / "b.toml", b"\xff\xfe[scenario]"))],
        "cannot be read",
    ),
    # ---------------------------------------------------------------- content directories
    Case("content_dir_missing", lambda d: ["content", "--content", str(d / "none")], "does not exist"),
    Case(
        "content_file_missing",
        content_with("tokens.toml", "", "", remove=True),
        "content file is missing",
    ),
    Case("content_toml_invalid", content_with("skills.toml", "[[skill]]", "[[skill]"), "is not valid TOML"),
    Case(
        "content_nested",
        content_with("cards.toml", "[[card]]", "deep = " + "[" * 100_000 + "]" * 100_000 + "\n[[card]]"),
        "nested too deeply",
    ),
    Case(
        "content_icon_range",
        content_with("cards.toml", "move = 1", "move = 7"),
        "field 'move' must be between 0 and 3",
    ),
    Case(
        "content_effect_huge",
        content_with("skills.toml", "points = 2", "points = 1000000000"),
        "must be a whole number between 0 and 99",
    ),
    Case(
        "content_op_unknown", content_with("skills.toml", 'op = "move"', 'op = "fly"'), "is 'fly'; allowed:"
    ),
    # ---------------------------------------------------------------- command-line options
    Case("workers_zero", lambda d: ["run", str(d / "s.toml"), "-j", "0"], "greater than or equal to 1"),
    Case("games_option_zero", lambda d: ["run", str(d / "s.toml"), "-n", "0"], "greater than or equal to 1"),
    Case(
        "games_option_huge",
        lambda d: ["run", str(d / "s.toml"), "-n", str(10**12)],
        "less than or equal to 100000000",
    ),
    Case(
        "seed_option_negative",
        lambda d: ["run", str(d / "s.toml"), "--seed", "-1"],
        "greater than or equal to 0",
    ),
    Case(
        "seed_option_huge",
        lambda d: ["run", str(d / "s.toml"), "--seed", str(2**64)],
        "less than or equal to",
    ),
    Case(
        "scheduler_without_dask",
        lambda d: ["run", str(d / "s.toml"), "-o", str(d / "out"), "--scheduler", "tcp://127.0.0.1:8786"],
        "needs --executor dask",
    ),
    Case(
        "scheduler_not_url",
        lambda d: [
            "run",
            str(d / "s.toml"),
            "-o",
            str(d / "out"),
            "--executor",
            "dask",
            "--scheduler",
            "my laptop",
        ],
        "is not a Dask scheduler address",
    ),
    Case("option_unknown", lambda d: ["run", str(d / "s.toml"), "--turbo"], "No such option: --turbo"),
    Case(
        "executor_unknown",
        lambda d: ["run", str(d / "s.toml"), "--executor", "ray"],
        "is not one of 'local', 'dask'",
    ),
    Case("ladder_bad_budgets", lambda d: ["ladder", "--skill", "--budgets", "8,x"], "positive whole numbers"),
    Case(
        "ladder_superscript_budget",
        lambda d: ["ladder", "--skill", "--budgets", "²"],
        "positive whole numbers",
    ),
    Case("ladder_plot_pdf", lambda d: ["ladder", "--plot", str(d / "f.pdf")], "must be a .png or .svg file"),
    Case("ladder_one_bot", lambda d: ["ladder", "--bots", "random"], "at least two bot kinds"),
    Case("ladder_unknown_bot", lambda d: ["ladder", "--bots", "genius,random"], "genius"),
    Case("ladder_bad_budget", lambda d: ["ladder", "--bots", "random,ismcts:-3"], "ismcts:<N>"),
    Case("compare_delta", lambda d: ["compare", str(d / "done"), str(d / "done"), "--delta", "0"], "--delta"),
    Case("replay_out_of_range", lambda d: ["replay", str(d / "done"), "99"], "allowed: 0 to 19"),
    Case("replay_not_a_number", lambda d: ["replay", str(d / "done"), "first"], "valid integer"),
    # ---------------------------------------------------------------- run directories
    Case(
        "out_is_file",
        lambda d: ["run", str(d / "s.toml"), "-o", str(write(d / "f", "x")), "-q"],
        "is a file, not a directory",
    ),
    Case("out_dangling_link", _dangling, "dangling symbolic link"),
    Case(
        "out_under_file",
        lambda d: ["run", str(d / "s.toml"), "-o", str(write(d / "f", "x") / "run"), "-q"],
        "is a file, so no directory",
    ),
    Case(
        "out_cannot_create",
        lambda d: ["run", str(d / "s.toml"), "-o", "/proc/cryhavoc-run", "-q"],
        "cannot create the run directory",
    ),
    Case("out_orphan_shards", _orphans, "no manifest.json, so nothing proves which run wrote them"),
    Case(
        "out_not_empty",
        lambda d: ["run", str(d / "s.toml"), "-o", str(write(d / "o" / "notes.txt", "mine").parent), "-q"],
        "is not empty (notes.txt)",
    ),
    Case(
        "out_run_exists",
        lambda d: ["run", str(d / "s.toml"), "-o", str(d / "done"), "-q"],
        "holds a finished run of",
    ),
    Case(
        "resume_nothing",
        lambda d: ["run", str(d / "s.toml"), "-o", str(d / "out"), "--resume"],
        "nothing to resume",
    ),
    Case(
        "resume_other_seed",
        lambda d: ["run", str(d / "s.toml"), "-o", str(d / "done"), "--resume", "--seed", "9"],
        "another scenario, number of games or seed",
    ),
    Case(
        "resume_no_events",
        lambda d: ["run", str(d / "s.toml"), "-o", str(d / "done"), "--resume", "--no-events"],
        "it logged events; resume it the same way",
    ),
    Case(
        "resume_manifest_corrupt",
        lambda d: [
            "run",
            str(d / "s.toml"),
            "-o",
            str(write(d / "done" / "manifest.json", "{not json").parent),
            "--resume",
        ],
        "manifest is unreadable or corrupt",
    ),
    Case(
        "resume_chunk_size_text",
        manifest_edit(lambda m: m["config"].update(chunk_size="big")),
        "chunk_size or chunk_plan",
    ),
    Case(
        "resume_chunk_size_changed",
        manifest_edit(lambda m: m["config"].update(chunk_size=3)),
        "do not match its chunk plan",
    ),
    Case("resume_config_not_object", manifest_edit(lambda m: m.update(config=[1, 2])), "no 'config' object"),
    Case(
        "resume_ledger_malformed",
        manifest_edit(lambda m: m.update(chunks={"0": 5})),
        "chunk entry '0' is malformed",
    ),
    Case(
        "resume_content_changed",
        manifest_edit(lambda m: m.update(content_hash="0" * 64)),
        "content set has changed",
    ),
    Case(
        "resume_rules_changed",
        manifest_edit(lambda m: m.update(rules_version="cryhavoc-rules-1")),
        "played under rules 'cryhavoc-rules-1'",
    ),
    Case(
        "report_no_run", lambda d: ["report", str(d / "nothing"), "-o", str(d / "rep")], "not a run directory"
    ),
    Case(
        "report_manifest_corrupt",
        lambda d: ["report", str(write(d / "done" / "manifest.json", "[1,").parent), "-o", str(d / "rep")],
        "manifest is unreadable or corrupt",
    ),
    # issue 32: a manifest too deep, with a number too long, or a FIFO (it would block)
    Case(
        "report_manifest_deep",
        lambda d: [
            "report",
            str(write(d / "done" / "manifest.json", "[" * 100_000).parent),
            "-o",
            str(d / "rep"),
        ],
        "manifest is unreadable or corrupt",
    ),
    Case(
        "report_manifest_long_number",
        lambda d: [
            "report",
            str(write(d / "done" / "manifest.json", '{"seed": ' + "9" * 5000 + "}").parent),
            "-o",
            str(d / "rep"),
        ],
        "manifest is unreadable or corrupt",
    ),
    Case(
        "report_manifest_fifo",
        lambda d: ["report", str(_fifo_manifest(d)), "-o", str(d / "rep")],
        "not a regular file",
    ),
    Case("report_missing_seats", _drop_shard("seats"), "listed in the manifest are missing"),
    Case("report_missing_games", _drop_shard("games"), "listed in the manifest are missing"),
    Case("report_corrupt_shard", _corrupt_shard, "are not the shards this run wrote"),
    Case(
        "compare_other_players",
        lambda d: ["compare", str(d / "done"), str(d / "three")],
        "different player count",
    ),
    # ---------------------------------------------------------------- baselines
    Case(
        "baseline_missing",
        lambda d: ["check", str(d / "done"), "--baseline", str(d / "none.json")],
        "baseline file not found",
    ),
    Case("baseline_not_json", baseline_with("{oops"), "not a baseline written by"),
    Case("baseline_array", baseline_with([1, 2]), "a baseline is a JSON object"),
    Case("baseline_empty", baseline_with({"win_rates": []}), "must list at least one faction"),
    Case("baseline_no_rates", baseline_with({"scenario": "small"}), "must list at least one faction"),
    Case(
        "baseline_types",
        baseline_with({"win_rates": [{"faction": "humans", "games": "20", "wins": 3}]}),
        "whole numbers games > 0",
    ),
    Case(
        "baseline_wins_over_games",
        baseline_with({"win_rates": [{"faction": "humans", "games": 2, "wins": 3}]}),
        "0 <= wins <= games",
    ),
    Case(
        "baseline_independent_games",
        baseline_with({k: v for k, v in _rates().items() if k != "statistics"}),
        "made with the old independent-games statistics",
    ),
    Case(
        "baseline_no_deals",
        baseline_with({**_rates(), "win_rates": [{"faction": "humans", "games": 2, "wins": 1}]}),
        "must have whole deals",
    ),
    Case(
        "baseline_other_factions",
        baseline_with(_rates(factions=("humans", "machines"))),
        "cover different factions",
    ),
    Case("baseline_other_players", baseline_with(_rates(players=3)), "was taken on 3-player games"),
    Case("baseline_other_scenario", baseline_with(_rates(scenario="big")), "add --allow-scenario-change"),
    Case(
        "baseline_other_game", baseline_with({**_rates(), "game": "cavetroll"}), "a baseline of 'cavetroll'"
    ),
    Case(
        "baseline_players_text",
        baseline_with({**_rates(), "players": "two"}),
        "field 'players' must be int or a list of ints",
    ),
    Case(
        "override_unknown_path",
        run_with(scen('[overrides]\n"factions.trog.units" = 12\n')),
        "override 'factions.trog.units' names no number of the content",
    ),
    Case(
        "override_wrong_kind",
        run_with(scen('[overrides]\n"tokens.war_party.*.trogs" = "two"\n')),
        "must be a whole number",
    ),
    Case(
        "override_unplayable",
        run_with(scen('[overrides]\n"factions.trogs.units" = 0\n')),
        "field 'units' must be between 1 and 99",
    ),
    Case(
        "override_default_skill_not_the_factions",
        run_with(scen('[overrides]\n"default_skill.humans" = "pilgrims.teleport"\n')),
        "override 'default_skill.humans' must be one of 'humans.scouting'",
    ),
    Case(
        "overrides_setting_one_value_differently",
        run_with(
            scen(
                '[overrides]\n"default_skill.humans" = "humans.frontier_survey"\n'
                '"skills.humans.veteran_forces.default" = true\n'
            )
        ),
        "set skills.humans.veteran_forces.default differently; give one of them",
    ),
    Case("overrides_not_table", run_with(scen("overrides = 3\n")), "is not a scenario field"),
    Case(
        "override_pattern_huge",
        run_with(scen(f'[overrides]\n"{HUGE_PATTERN}" = 1\n')),
        "a pattern may name at most 256",
    ),
    Case(
        "override_pattern_long",
        run_with(scen(f'[overrides]\n"factions.{"x" * 300}" = 1\n')),
        "a path may be at most 200",
    ),
    Case(
        "ct_override_pattern_huge",
        run_with(scen(f'[overrides]\n"{HUGE_PATTERN}" = 1\n', CT)),
        "a pattern may name at most 256",
    ),
    Case(
        "plausible_pattern_huge",
        content_with("skills.toml", 'path = "skills.humans.scouting.cost_units"', f'path = "{HUGE_PATTERN}"'),
        "field 'path' names more than 256 paths",
    ),
    Case(
        "content_file_fifo",
        content_file_replaced("cryhavoc", "cards.toml", lambda p: os.mkfifo(p)),
        "cards.toml: is not a regular file",
    ),
    Case(
        "ct_content_file_directory",
        content_file_replaced("cavetroll", "board.toml", lambda p: p.mkdir()),
        "board.toml: is not a regular file",
    ),
    Case(
        "content_file_huge",
        content_file_replaced("cryhavoc", "skills.toml", _huge_file),
        "a content file may be at most 4,194,304",
    ),
    Case(
        "content_nested_deep",
        content_file_replaced("cryhavoc", "tokens.toml", _nested_file),
        "is nested too deeply to be a content file (tables and arrays at most 32 deep)",
    ),
    Case(
        "plausible_outside",
        content_with("tokens.toml", 'trogs"\nrange = [1, 4]', 'trogs"\nrange = [2, 4]'),
        "leaves out the shipped value 1",
    ),
    Case(
        "plausible_no_path",
        content_with(
            "skills.toml",
            'path = "skills.humans.scouting.cost_units"',
            'path = "skills.humans.scouting.costs"',
        ),
        "names no number of the content",
    ),
    Case(
        "sweep_unknown_path",
        sweep_with(DESIGN.replace("tokens.war_party.*.trogs", "tokens.war_party.*.trog")),
        "d.toml: field 'factors.tokens.war_party.*.trog' value 1 cannot be played",
    ),
    Case(
        "sweep_range_unplayable",
        sweep_with(DESIGN.replace("[1, 3]", "[0, 200]")),
        "value 200 cannot be played",
    ),
    # 2 cells of 10 games (War Party Trogs 1 is the shipped cell itself)
    Case("sweep_too_large", sweep_with(DESIGN, "--max-games", "15"), "allowed with --max-games: at most 15"),
    Case("sweep_no_factors", sweep_with(DESIGN.split("[factors]")[0]), "needs a [factors] table"),
    Case(
        "sweep_missing_file",
        lambda d: ["sweep", str(d / "nope.toml"), "-o", str(d / "sw")],
        "design file not found",
    ),
    Case("sweep_into_a_run", sweep_with(DESIGN, out="done"), "done: exists and is not empty"),
    Case("sweep_resume_nothing", sweep_with(DESIGN, "--resume"), "nothing to resume"),
    Case("precision_with_games", run_with(SMALL, "--precision", "0.05", "-n", "100"), "do not go together"),
    Case("precision_zero", run_with(SMALL, "--precision", "0"), "allowed: 0.001 to 0.25"),
    Case("max_games_alone", run_with(SMALL, "--max-games", "100"), "caps a --precision run"),
    Case(
        "precision_finer_than_the_deals_resolve",
        run_with(
            scen(
                'factions = "every_combination"\npolicies = ["random", "heuristic", "heuristic:aggressive", "heuristic:defensive", "heuristic:economic"]\n'
            ),
            "--precision",
            "0.001",
        ),
        "--precision 0.001 is finer than the deals of small can resolve: they come in blocks of 30 games",
    ),
    Case(
        "max_games_below_a_block",
        run_with(SMALL, "--precision", "0.05", "--max-games", "1"),
        "less than one block of small (2 games",
    ),
    Case(
        "check_scenario_without_precision",
        lambda d: [
            "check",
            str(d / "done"),
            "--baseline",
            str(_baseline(d)),
            "--scenario",
            str(d / "s.toml"),
        ],
        "go with --precision",
    ),
    Case(
        "check_precision_other_rule",
        lambda d: [
            "check",
            str(d / "done"),
            "--baseline",
            str(_baseline(d)),
            "--precision",
            "0.05",
            "--scenario",
            str(d / "s.toml"),
        ],
        "another stopping rule",
    ),
    # ---------------------------------------------------------------- issue 32: bounded work
    Case(
        "sweep_range_huge",
        sweep_with(DESIGN.replace("[1, 3]", "{ range = [1, 100000000] }")),
        "give 100,000,000 values in all; allowed: at most 1,000",
    ),
    Case(
        "sweep_grid_huge",
        sweep_with(
            DESIGN
            + "".join(
                f'"rules.{k}" = {{ range = [1, 10] }}\n'
                for k in ("start_units", "hand_limit", "actions_per_round", "max_rounds", "draw_per_round")
            )
        ),
        "makes 200,001 cells; allowed: at most 10,000",
    ),
    Case(
        "sweep_games_factor_over_max",
        sweep_with(DESIGN + '"scenario.games" = [10, 100000]\n', "--max-games", "1000"),
        "allowed with --max-games: at most 1,000",
    ),
    Case(
        "tune_games_parameter",
        tune_with(TARGETS.replace("[parameters]\n", '[parameters]\n"scenario.games" = [10, 100]\n')),
        "cannot be searched",
    ),
    Case(
        "tune_reference_counted",
        tune_with(TARGETS, "--max-games", "15"),
        "plays 20 games (1 trials and the reference",
    ),
    Case("soak_games_huge", lambda d: ["soak", "-n", str(10**12)], "less than or equal to 100000000"),
    Case("bench_games_huge", lambda d: ["bench", "-n", str(10**12)], "less than or equal to 10000000"),
    Case(
        "bench_against_missing",
        lambda d: ["bench", "--against", str(d / "nope")],
        "no such Python interpreter",
    ),
    Case(
        "bench_against_not_python",
        lambda d: ["bench", "--against", "/bin/true"],
        "cannot import cryhavoc_sim's games",
    ),
    Case(
        "ladder_rounds_huge",
        lambda d: ["ladder", "-r", "1000000000"],
        "allowed: at most 1,000,000: lower -r",
    ),
    Case(
        "replay_budget_huge",
        done_manifest(_huge_budget, "replay", "{done}", "0"),
        "has the budget '1000000000'",
    ),
    # ---------------------------------------------------------------- issue 32: crafted files
    Case("sweep_design_deep", sweep_with("x = " + DEEP + "\n"), "nested too deeply"),
    Case("sweep_design_fifo", _fifo_design, "is not a regular file"),
    Case("tune_targets_deep", tune_with("x = " + DEEP + "\n"), "nested too deeply"),
    Case("ct_board_deep", _ct_board_deep, "nested too deeply"),
    Case(
        "sweep_out_is_file",
        lambda d: ["sweep", str(write(d / "d.toml", DESIGN)), "-o", str(write(d / "f", "x")), "-q"],
        "is a file, not a directory",
    ),
    Case(
        "tune_out_is_file",
        lambda d: ["tune", str(write(d / "t.toml", TARGETS)), "-o", str(write(d / "f", "x")), "-q"],
        "is a file, not a directory",
    ),
    Case("sweep_record_deep", sweep_record(DEEP), "sweep.json: cannot be read"),
    Case(
        "sweep_record_no_factors",
        sweep_record(RECORD),
        "is not a sweep record written by cryhavoc-sim (no 'factors' list)",
    ),
    Case(
        "sweep_record_cell_elsewhere",
        sweep_record(
            {
                **RECORD,
                "factors": [{"path": "x", "values": [1, 2]}],
                "cells": [{"cell": 0, "dir": "../../etc", "values": {}, "complete": True}],
            }
        ),
        "cell entry 0 is malformed",
    ),
    Case("report_sweep_unrelated", _unrelated_sweep, "its base scenario is not this run's"),
    Case(
        "report_manifest_other_game",
        done_manifest(_other_game, "report", "{done}", "-o", "{d}/rep"),
        "but its scenario is of 'cryhavoc'",
    ),
    Case(
        "report_manifest_other_game_tables",
        done_manifest(_other_game_and_text, "report", "{done}", "-o", "{d}/rep"),
        "its games table holds games of cryhavoc",
    ),
    # balance: rungs, margins, sizes and directories checked before anything is played
    Case(
        "balance_unknown_bot",
        lambda d: ["balance", str(d / "s.toml"), "--rungs", "random,nosuch", "-o", str(d / "bal")],
        "rung 'nosuch' cannot play small",
    ),
    Case(
        "balance_empty_rungs",
        lambda d: ["balance", str(d / "s.toml"), "--rungs", " , ", "-o", str(d / "bal")],
        "not a bot spec",
    ),
    Case(
        "balance_no_rungs",
        lambda d: ["balance", str(d / "s.toml"), "--rungs", "", "-o", str(d / "bal")],
        "the rung list is empty",
    ),
    Case(
        "balance_twice",
        lambda d: ["balance", str(d / "s.toml"), "--rungs", "random,random", "-o", str(d / "bal")],
        "listed twice",
    ),
    Case(
        "balance_margin_zero",
        lambda d: ["balance", str(d / "s.toml"), "--margin", "0", "-o", str(d / "bal")],
        "allowed: more than 0 and less than 50 points",
    ),
    Case(
        "balance_margin_fifty",
        lambda d: ["balance", str(d / "s.toml"), "--margin", "50", "-o", str(d / "bal")],
        "allowed: more than 0 and less than 50 points",
    ),
    Case(
        "balance_too_many_games",
        lambda d: [
            "balance",
            str(d / "s.toml"),
            "--rungs",
            "random,heuristic",
            "--max-games",
            "30",
            "-o",
            str(d / "bal"),
        ],
        "allowed with --max-games: at most 30",
    ),
    Case(
        "balance_into_a_run",
        lambda d: ["balance", str(d / "s.toml"), "--rungs", "random", "-o", str(d / "done")],
        "done: exists and is not empty",
    ),
    Case(
        "balance_resume_nothing",
        lambda d: ["balance", str(d / "s.toml"), "--rungs", "random", "--resume", "-o", str(d / "bal")],
        "nothing to resume",
    ),
    Case(
        "train_value_model_of_other_features",
        lambda d: [
            "train-value",
            "-n",
            "5",
            "--against",
            str(write(d / "m.json", _value_model(features=["round", "vp"]))),
            "-o",
            str(d / "new.json"),
        ],
        "its features do not match cryhavoc-features-",
    ),
    Case(
        "train_value_model_of_other_game",
        lambda d: [
            "train-value",
            "--against",
            str(write(d / "m.json", _value_model(game="warcry"))),
            "-o",
            str(d / "new.json"),
        ],
        "a value model of the game 'warcry'; allowed: 'cryhavoc'",
    ),
    Case(
        "win_model_of_another_game",
        lambda d: [
            "train-value",
            "--game",
            "warcry",
            "--against",
            str(write(d / "m.json", _win_model("cavetroll"))),
            "-o",
            str(d / "new.json"),
        ],
        "a win model of the game 'cavetroll'; allowed: 'warcry'",
    ),
    Case(
        "win_model_of_another_content_version",
        lambda d: [
            "train-value",
            "--game",
            "cavetroll",
            "--against",
            str(write(d / "m.json", _win_model("cavetroll", content="cavetroll-2015-reconstructed@0+abc"))),
            "-o",
            str(d / "new.json"),
        ],
        "fitted on the content 'cavetroll-2015-reconstructed@0+abc'; allowed: a model of",
    ),
    Case(
        "win_model_unknown_bot",
        lambda d: [
            "train-value",
            "--game",
            "warcry",
            "-n",
            "5",
            "--bot",
            "grandmaster",
            "-o",
            str(d / "new.json"),
        ],
        "--bot: 'grandmaster' is not a WarCry bot; allowed:",
    ),
    Case(
        "decisions_not_a_bool",
        run_with(scen('decisions = "yes"\n')),
        "field 'scenario.decisions' must be bool",
    ),
    Case(
        "run_win_model_of_another_game",
        lambda d: [
            *("run", "cave_troll_2p", "-n", "4", "-j", "1", "-o", str(d / "out")),
            *("--win-model", str(write(d / "m.json", _shipped_win_model("warcry")))),
        ],
        "a win model of the game 'warcry'; allowed: 'cavetroll'",
    ),
    Case(
        "run_win_model_not_finite",
        lambda d: [
            *("run", "cave_troll_2p", "-n", "4", "-j", "1", "-o", str(d / "out")),
            *(
                "--win-model",
                str(
                    write(
                        d / "m.json",
                        _shipped_win_model("cavetroll").replace('"intercept": ', '"intercept": NaN, "x": '),
                    )
                ),
            ),
        ],
        "'coef' and 'intercept' must be",
    ),
    Case(
        "run_win_model_huge_integer",
        lambda d: [
            *("run", "cave_troll_2p", "-n", "4", "-j", "1", "-o", str(d / "out")),
            *(
                "--win-model",
                str(
                    write(
                        d / "m.json",
                        _shipped_win_model("cavetroll").replace(
                            '"intercept": ', '"intercept": 1' + "0" * 400 + ', "x": '
                        ),
                    )
                ),
            ),
        ],
        "'coef' and 'intercept' must be",
    ),
    Case(
        "run_win_model_missing",
        lambda d: [
            "run",
            "cave_troll_2p",
            "-n",
            "4",
            "-j",
            "1",
            "-o",
            str(d / "out"),
            "--win-model",
            str(d / "no.json"),
        ],
        "cannot be read as a win model",
    ),
    Case(
        "scenario_win_model_of_other_content",
        lambda d: run_with(
            '[scenario]\nname = "t"\ngame = "cavetroll"\ngames = 2\nseed = 1\nplayers = 2\nwin_model = "m.json"\n'
        )(
            write(
                d / "m.json", _shipped_win_model("cavetroll").replace('"content": "', '"content": "other-')
            ).parent
        ),
        "field 'scenario.win_model':",
    ),
    Case(
        "ablate_unknown_card",
        lambda d: ["ablate", "warcry_all_decks", "--card", "WC999", "-n", "4", "-j", "1"],
        "--card: 'WC999' is not a card with abilities that warcry_all_decks deals; allowed: WC130",
    ),
    Case(
        "ablate_a_game_without_ablation",
        lambda d: ["ablate", "cave_troll_2p", "-n", "4", "-j", "1"],
        "ablate: Cave Troll offers no ablation",
    ),
    Case(
        "ablate_a_terrain_card",
        lambda d: ["ablate", "quick", "--card", "mountain.1", "-n", "4", "-j", "1"],
        "--card: 'mountain.1' is not a Tactics card or Skill with an effect that quick deals; allowed:",
    ),
    Case(
        "ablate_an_unknown_skill",
        lambda d: ["ablate", "three_player", "--card", "skill:humans.nope", "-n", "4", "-j", "1"],
        "--card: 'skill:humans.nope' is not a Tactics card or Skill with an effect that three_player deals;"
        " allowed: skill:humans.forced_march, skill:humans.frontier_survey,",
    ),
    Case(
        "ablate_a_skill_never_dealt",  # first-time players hold their Default only (Setup 5c)
        lambda d: ["ablate", "quick", "--card", "skill:humans.recon_forces", "-n", "4", "-j", "1"],
        "is not a Tactics card or Skill with an effect that quick deals; allowed: skill:humans.scouting,"
        " skill:machines.reconfigure, skill:pilgrims.extraction, skill:trogs.nest_call.",
    ),
    Case(
        "ablate_out_not_empty",  # a finished run's folder: refused before a game is played
        lambda d: [*ABLATE_ONE, "-o", str(d / "done")],
        "done: is not empty (",
    ),
    Case(
        "ablate_out_a_symlink",
        _planted("abl", *ABLATE_ONE, "-o", "{d}/abl", folder=True),
        "abl: is a symbolic link; the tool never writes through a link",
    ),
    Case(
        "ablate_out_a_file",
        lambda d: [*ABLATE_ONE, "-o", str(d / "s.toml")],
        "s.toml: is a file, not a directory; give a new or empty directory for the ablation.",
    ),
    Case(
        "train_value_unknown_sampling",
        lambda d: ["train-value", "-n", "5", "--at", "turns", "-o", str(d / "new.json")],
        "--at is 'turns'; allowed: rounds, rate",
    ),
    Case(
        "train_value_no_workers",
        lambda d: ["train-value", "-n", "5", "-j", "0", "-o", str(d / "new.json")],
        "workers is 0; allowed: a whole number from 1 to",
    ),
    Case(
        "train_value_tree_search_self_play",
        lambda d: ["train-value", "-n", "5", "--bot", "ismcts:8", "-o", str(d / "new.json")],
        "cannot play the self-play games; allowed: random",
    ),
    Case(
        "balance_bad_precision",
        lambda d: ["balance", str(d / "s.toml"), "--precision", "0.9", "-o", str(d / "bal")],
        "allowed: 0.001 to 0.25",
    ),
    # ------------------------------------------------ a study or a reader verifies what it reads
    Case(
        "check_shards_of_another_run",
        _ledger_edit(_shards_of_another_run("games"), "check", "{done}", "--baseline", "{d}/b.json"),
        "its games table holds rows of run",
    ),
    Case(
        "report_seats_of_another_run",
        _ledger_edit(_shards_of_another_run("seats"), "report", "{done}", "-o", "{d}/rep"),
        "its seats table holds rows of run",
    ),
    Case(
        "check_complete_over_half_a_run",
        _ledger_edit(_half_complete, "check", "{done}", "--baseline", "{d}/b.json"),
        "says the run is complete, but its ledger covers",
    ),
    Case(
        "check_chunk_listed_twice",
        _ledger_edit(_chunk_twice, "check", "{done}", "--baseline", "{d}/b.json"),
        "lists a chunk twice",
    ),
    Case(
        "report_chunk_copied",
        _ledger_edit(_chunk_copied, "report", "{done}", "-o", "{d}/rep"),
        "more than once",
    ),
    Case(
        "balance_resume_rung_replaced",
        _study_dir_replaced(
            "fbal",
            "balance.json",
            "rungs/r01",
            "rungs/r00",
            "balance",
            "{d}/s.toml",
            "--rungs",
            "random,heuristic",
            "-o",
            "{d}/fbal",
            "--resume",
            "-q",
        ),
        "holds a run of another scenario, line-up, games or seed than the study asked for",
    ),
    Case(
        "sweep_resume_cell_replaced",
        _study_dir_replaced(
            "fsw",
            "sweep.json",
            "cells/c0001",
            "cells/c0000",
            "sweep",
            "{d}/fd.toml",
            "-o",
            "{d}/fsw",
            "--resume",
            "-q",
        ),
        "holds a run of another scenario, line-up, games or seed than the study asked for",
    ),
    # ------------------------------------------------------------- no write through a link
    Case(
        "report_page_link",
        _planted("rep/report.html", "report", "{done}", "-o", "{d}/rep"),
        "holds symbolic links (report.html)",
    ),
    Case(
        "report_figure_link",
        _planted("rep/win_rates.png", "report", "{done}", "-o", "{d}/rep"),
        "holds symbolic links (win_rates.png)",
    ),
    Case(
        "report_index_link",
        _planted("reports/index.html", "report", "{done}", "-o", "{d}/reports/done"),
        "index.html: is a symbolic link",
    ),
    Case(
        "report_default_dir_link",
        _planted("reports/done", "report", "{done}", folder=True),
        "reports/done: is a symbolic link",
    ),
    Case(
        "compare_plot_link",
        _planted("p.png", "compare", "{done}", "{d}/again", "--plot", "{d}/p.png"),
        "p.png: is a symbolic link",
    ),
    Case(
        "ladder_plot_link",
        _planted("p.png", "ladder", "--bots", "random,heuristic", "-r", "1", "--plot", "{d}/p.png"),
        "p.png: is a symbolic link",
    ),
    Case(
        "sweep_report_dir_link",
        _planted("fsw/report", "report", "{d}/fsw", folder=True),
        "report: is a symbolic link",
    ),
    # --------------------------------------------------- nothing blocks, nothing runs away
    Case("scenario_fifo", _fifo("f.toml", "run", "{d}/f.toml", "-o", "{d}/out"), "is not a regular file"),
    Case("scenario_device", lambda d: ["run", "/dev/zero", "-o", str(d / "out")], "is not a regular file"),
    Case(
        "baseline_fifo",
        _fifo("fb.json", "check", "{done}", "--baseline", "{d}/fb.json"),
        "is not a regular file",
    ),
    Case("rung_manifest_fifo", _rung_manifest_fifo, "manifest.json: is not a regular file"),
    Case(
        "step_summary_fifo",
        _fifo("summary.md", "check", "{done}", "--baseline", "{d}/b.json"),
        "summary.md: is not a regular file",
        env=(("GITHUB_STEP_SUMMARY", "{d}/summary.md"),),
    ),
    Case(
        "run_budget_over_the_maximum",
        run_with(scen("[bots]\ndefault = 'ismcts:100000'\n")),
        "ismcts:<N> with N iterations from 1 to 1,000",
    ),
    Case(
        "leaf_budget_over_the_maximum",
        run_with(scen("[bots]\nhumans = 'ismcts-leaf:100000'\n")),
        "from 1 to 1,000",
    ),
    Case(
        "balance_rung_over_the_maximum",
        lambda d: ["balance", str(d / "s.toml"), "--rungs", "random,paired:5000", "-o", str(d / "bal")],
        "paired:<N> with N rollouts from 1 to 1,000",
    ),
    Case(
        "tune_bots_population_over_the_maximum",
        lambda d: [
            "tune-bots",
            str(
                write(
                    d / "t.toml",
                    TUNE_BOTS.replace('population = ["heuristic"]', 'population = ["ismcts:100000"]'),
                )
            ),
            "-o",
            str(d / "tb"),
            "-q",
        ],
        "from 1 to 1,000",
    ),
    Case(
        "tune_bots_seat_over_the_maximum",
        lambda d: [
            "tune-bots",
            str(write(d / "t.toml", TUNE_BOTS.replace("seed = 5", 'seed = 5\nseat = "paired:100000"'))),
            "-o",
            str(d / "tb"),
            "-q",
        ],
        "has the budget '100000'; allowed: paired:<N> with N rollouts from 1 to 1,000",
    ),
    Case(
        "warcry_budget_over_the_maximum",
        run_with(WC + "[bots]\ndefault = 'ismcts:100000'\n"),
        "'bots.default' is 'ismcts:100000'",
    ),
    Case(
        "replay_budget_over_the_maximum",
        done_manifest(_budget, "replay", "{done}", "0"),
        "from 1 to 1,000",
    ),
    Case(
        "warcry_deck_copies_huge",
        wc_decks("copies = 3", "copies = 1000000000"),
        "1,000,000,000 copies of 'WC157'; allowed: at most 3",
    ),
    # ------------------------------------------------------- the last tracebacks, one sentence
    Case(
        "warcry_ladder_paired_zero",
        lambda d: ["ladder", "--game", "warcry", "--bots", "random,paired:0", "-r", "1"],
        "--bots: bot 'paired:0'",
    ),
    Case(
        "warcry_ladder_leaf",
        lambda d: ["ladder", "--game", "warcry", "--bots", "random,ismcts-leaf:8", "-r", "1"],
        "--bots: bot 'ismcts-leaf:8'",
    ),
    Case(
        "warcry_ladder_personality",
        lambda d: ["ladder", "--game", "warcry", "--bots", "random,heuristic:aggressive", "-r", "1"],
        "--bots: bot 'heuristic:aggressive'",
    ),
    Case(
        "warcry_action_deck_list",
        run_with(WC + 'action_deck = ["Base"]\n'),
        "'scenario.action_deck' is \"['Base']\"",
    ),
    Case(
        "warcry_deck_copies_text",
        wc_decks("copies = 3", 'copies = "three"'),
        "has copies = 'three'",
    ),
    Case(
        "train_value_against_deep",
        lambda d: [
            "train-value",
            "-n",
            "5",
            "--against",
            str(write(d / "m.json", DEEP)),
            "-o",
            str(d / "new.json"),
        ],
        "nested too deeply",
    ),
    # ------------------------------------------------------------ refuse what cannot be right
    Case(
        "replay_game_never_played",
        _ledger_edit(_not_played, "replay", "{done}", "15"),
        "game id 15 is not in this run",
    ),
    Case(
        "replay_events_missing",
        _ledger_edit(_events_gone, "replay", "{done}", "0"),
        "logged events, but holds none for game 0",
    ),
    Case(
        "check_precision_other_factions",
        lambda d: [
            "check",
            str(d / "gate"),
            "--baseline",
            str(write(d / "bm.json", json.dumps(_rates(factions=("humans", "machines"))))),
            "--precision",
            "0.05",
            "--scenario",
            str(d / "s.toml"),
        ],
        "cover different factions",
    ),
    Case(
        "train_value_no_held_out_game",
        lambda d: ["train-value", "-n", "1", "-o", str(d / "new.json")],
        "games is 1; allowed: at least 5",
    ),
    Case(
        "sweep_resume_scenario_edited", _sweep_scenario_edited, "before its scenario file or content changed"
    ),
]


def _value_model(**change: object) -> str:
    """The shipped value model with some fields changed."""
    from cryhavoc_sim.games.cryhavoc.bots.value_model import SHIPPED

    doc = json.loads(SHIPPED.read_text())
    doc.update(change)
    return json.dumps(doc)


def _win_model(game: str, **provenance: object) -> str:
    """A game's shipped win model with some provenance changed."""
    from cryhavoc_sim.games import get_game

    line = get_game(game).win_line
    assert line is not None
    doc = json.loads(line.shipped().to_json())
    doc["provenance"].update(provenance)
    return json.dumps(doc)


def _baseline(d: Path) -> Path:
    return write(d / "b.json", json.dumps(_rates()))


def cli(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2]), **(env or {})},
    )


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every path under ``root`` with its size and modification time."""
    out = {}
    for p in sorted(root.rglob("*")):
        st = p.lstat()
        out[str(p.relative_to(root))] = (st.st_size, st.st_mtime_ns)
    return out


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 20-game run (done/), another of the same scenario and seed 6 (again/), a 3-player one
    (three/), a balance study (fbal/) and a sweep (fsw/), copied into each case."""
    root = tmp_path_factory.mktemp("catalogue")
    write(root / "s.toml", SMALL)
    write(root / "s3.toml", SMALL.replace("players = 2", "players = 3").replace('"small"', '"small3"'))
    for name, scenario, *seed in (
        ("done", "s.toml"),
        ("three", "s3.toml"),
        ("again", "s.toml", "--seed", "6"),
    ):
        proc = cli(["run", str(root / scenario), "-o", str(root / name), "-q", *seed], root)
        assert proc.returncode == 0, proc.stderr
    write(root / "b.json", json.dumps(_rates()))
    write(root / "fd.toml", DESIGN)
    for study in (
        [
            "balance",
            str(root / "s.toml"),
            "--rungs",
            "random,heuristic",
            "-o",
            str(root / "fbal"),
            "-q",
            "-j",
            "1",
        ],
        ["sweep", str(root / "fd.toml"), "-o", str(root / "fsw"), "-q", "-j", "1"],
    ):
        proc = cli(study, root)
        assert proc.returncode == 0, proc.stderr
    return root


def test_the_catalogue_is_large_and_its_names_unique() -> None:
    assert len(CASES) >= 60
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_bad_input_is_one_sentence_exit_2_and_changes_nothing(
    case: Case, finished: Path, tmp_path: Path
) -> None:
    work = tmp_path / "w"
    shutil.copytree(finished, work, symlinks=True)
    args = case.setup(work)
    before = snapshot(work)
    proc = cli(args, work, {k: v.replace("{d}", str(work)) for k, v in case.env})
    lines = proc.stderr.strip().splitlines()
    assert proc.returncode == 2, (proc.returncode, proc.stdout[-500:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert case.expect in lines[0], lines[0]
    assert snapshot(work) == before, "the command wrote or changed files"


def test_the_guarantees_state_the_catalogue_size() -> None:
    """The documentation's guarantees page names one count of bad-input commands: this
    catalogue's (the README links to it)."""
    import re

    readme = (Path(__file__).resolve().parents[2] / "docs" / "guarantees.md").read_text()
    counts = re.findall(r"test_bad_input\.py` runs (\d+) such", readme)
    assert counts == [str(len(CASES))], (counts, len(CASES))
    assert not re.search(r"catalogue\s+now\s+holds\s+\d+", readme), "a second, stale count"
