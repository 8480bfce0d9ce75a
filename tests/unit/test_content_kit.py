"""The content kit (games/content_kit/), on both games: one reader, one set of
addresses, overrides and patterns (bounded), one way of writing a calibrated set; each
game keeps its own digest recipe so stored runs keep their content ids."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games import get_game
from cryhavoc_sim.games.cavetroll import content as ct_content
from cryhavoc_sim.games.content_kit import files, patterns
from cryhavoc_sim.games.content_kit.handlers import mismatch
from cryhavoc_sim.games.cryhavoc.content import loader as ch_loader
from cryhavoc_sim.games.cryhavoc.content import numbers as ch_numbers
from tests.conftest import reconstructed_dir

HUGE = "{a,b}" * 16  # 80 characters, 2^16 paths


@dataclass(frozen=True)
class Game:
    name: str
    shipped: Callable[[], Path]
    files: tuple[str, ...]
    load: Callable[..., Any]
    values: Callable[..., dict[str, Any]]
    write: Callable[..., Path]
    # the digest recipe, written out here independently of the kit
    file_end: bytes
    overrides_text: Callable[[dict[str, Any]], bytes]
    # one settable value and another value for it, and the item table holding it
    address: str
    other: Any
    item: tuple[str, str, str]  # file, array of tables, id


GAMES = [
    Game(
        "cryhavoc",
        lambda: Path(reconstructed_dir()),
        ch_numbers.FILES,
        ch_loader.load_content,
        ch_numbers.content_values,
        get_game("cryhavoc").content.write,
        b"\0",
        lambda o: b"overrides\0" + json.dumps(o, sort_keys=True, separators=(",", ":")).encode(),
        "factions.trogs.units",
        14,
        ("factions.toml", "faction", "trogs"),
    ),
    Game(
        "cavetroll",
        lambda: ct_content.DATA,
        ct_content.FILES,
        ct_content.load_content,
        ct_content.content_values,
        get_game("cavetroll").content.write,
        b"",
        lambda o: json.dumps(o, sort_keys=True).encode(),
        "artifacts.chalice_of_life.gold",
        3,
        ("artifacts.toml", "artifact", "chalice_of_life"),
    ),
]
BY_NAME = pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])


def copy_of(game: Game, tmp: Path) -> Path:
    target = tmp / "set"
    shutil.copytree(game.shipped(), target)
    return target


# ------------------------------------------------------------------------------ patterns


@pytest.mark.parametrize(
    "pattern",
    ["a.{b,c}.d", "{a,b}{1,2}", "{a,{b,c}}.x", "a{b", "a}b{", "{b}", "{}", "a{,x}", "x.{a,b{1,2,3}}.{c,d}"],
)
def test_a_pattern_is_counted_as_it_expands(pattern: str) -> None:
    assert patterns.count(pattern) == len(patterns.expand(pattern))


def test_expansion_follows_the_shell() -> None:
    assert patterns.expand("{a,{b,c}}.x") == ["a.x", "b.x", "c.x"]
    assert patterns.expand("a{b") == ["a{b"] and patterns.expand("{b}") == ["b"]
    assert patterns.matching(["s.effect[0].count", "s.effect.count"], "s.effect[0].*") == [
        "s.effect[0].count"
    ]


def test_a_huge_pattern_is_refused_by_counting_not_expanding(monkeypatch: pytest.MonkeyPatch) -> None:
    def never(seq: object) -> list[str]:
        raise AssertionError("expanded")

    monkeypatch.setattr(patterns, "_expand", never)
    assert patterns.count(HUGE) == patterns.MAX_EXPANSIONS + 1
    assert patterns.count("{a,b}" * 200) == patterns.MAX_EXPANSIONS + 1  # 2^200, stops early
    with pytest.raises(patterns.PatternTooLarge, match="a pattern may name at most 256"):
        patterns.check(HUGE)
    with pytest.raises(patterns.PatternTooLarge, match="a path may be at most 200"):
        patterns.check("x" * 201)
    assert patterns.count("{a,b}" * 8) == 256  # the limit itself is allowed


# ------------------------------------------------------------------------- both games


@BY_NAME
def test_the_digest_is_each_games_recipe(game: Game) -> None:
    """A content digest is stored in every game row: the kit must not change it."""
    base = game.shipped()
    plain = hashlib.sha256()
    for name in game.files:
        plain.update(name.encode() + b"\0" + (base / name).read_bytes() + game.file_end)
    assert game.load(base).digest == plain.hexdigest()
    overrides = {game.address: game.other}
    plain.update(game.overrides_text(overrides))
    assert game.load(base, overrides).digest == plain.hexdigest()


@BY_NAME
def test_every_listed_value_can_be_set(game: Game) -> None:
    """What ``content --numbers`` lists, an override may set (Cave Troll used to list a
    card's defaulted copies that an override then said named nothing)."""
    values = game.values(str(game.shipped()))
    assert len(values) > 40
    loaded = game.load(game.shipped(), values)
    assert game.values(str(game.shipped()), values) == values
    assert loaded.digest != game.load(game.shipped()).digest


@BY_NAME
def test_a_brace_pattern_sets_every_match(game: Game) -> None:
    prefix, _, field = game.address.rpartition(".")
    section, item = prefix.split(".", 1)
    values = game.values(str(game.shipped()))
    others = [
        a for a in values if a.startswith(section + ".") and a.endswith("." + field) and a != game.address
    ]
    pattern = f"{section}.{{{item},{others[0].split('.', 1)[1].rsplit('.', 1)[0]}}}.{field}"
    after = game.values(str(game.shipped()), {pattern: game.other})
    assert after[game.address] == after[others[0]] == game.other
    assert all(after[a] == values[a] for a in values if a not in (game.address, others[0]))


@BY_NAME
def test_a_huge_pattern_is_one_sentence(game: Game) -> None:
    with pytest.raises(ContentError, match=r"override '\{a,b\}.*' names more than 256 paths"):
        game.load(None, {HUGE: 1})
    with pytest.raises(ContentError, match="names no number of"):
        game.load(None, {"{x,y}.gold": 1})


@BY_NAME
def test_an_unknown_path_and_a_wrong_kind_are_one_sentence(game: Game) -> None:
    with pytest.raises(
        ContentError, match=r"override 'nothing\.here' names no number of .*content --.*numbers"
    ):
        game.load(None, {"nothing.here": 1})
    with pytest.raises(ContentError, match=f"must be a whole number \\(as {game.address} is\\), got 'two'"):
        game.load(None, {game.address: "two"})


@BY_NAME
@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: os.mkfifo(p), "is not a regular file"),
        (lambda p: p.mkdir(), "is not a regular file"),
        (
            lambda p: p.write_bytes(b"#" * (files.MAX_FILE_BYTES + 1)),
            "a content file may be at most 4,194,304 bytes",
        ),
        (lambda p: p.write_text("x = " + "[" * 33 + "]" * 33), "nested too deeply"),
        (lambda p: p.write_text("x = " + "[" * 50_000 + "]" * 50_000), "nested too deeply"),
        (lambda p: p.write_bytes(b"\xff\xfe"), "is not valid TOML"),
        (lambda p: None, "content file is missing; a "),
    ],
    ids=["fifo", "directory", "large", "deep", "recursion", "bytes", "missing"],
)
def test_a_bad_file_is_one_sentence_naming_it(
    game: Game, make: Callable[[Path], object], message: str, tmp_path: Path
) -> None:
    d = copy_of(game, tmp_path)
    path = d / game.files[-1]
    path.unlink()
    make(path)
    with pytest.raises(ContentError) as err:
        game.load(d)
    text = str(err.value)
    assert text.startswith(f"{path}: ") and message in text and "\n" not in text, text


@BY_NAME
def test_a_written_set_says_what_changed(game: Game, tmp_path: Path) -> None:
    import tomllib

    target = game.write(None, {game.address: game.other}, tmp_path / "out", "written", "a test")
    loaded = game.load(target)
    assert loaded.name == "written"
    assert game.values(str(target))[game.address] == game.other
    file, key, ident = game.item
    items = tomllib.loads((target / file).read_text())[key]
    changed = [t for t in items if t["id"] == ident]
    shipped = [t for t in tomllib.loads((game.shipped() / file).read_text())[key] if t["id"] == ident]
    assert changed[0]["provenance"] == "calibrated"
    field = game.address.rsplit(".", 1)[1]
    assert f"Calibrated: {field} = {game.other} (a test" in changed[0]["rationale"]
    if shipped[0]["provenance"] not in ("reconstructed", "calibrated"):
        assert f"provenance before: {shipped[0]['provenance']}" in changed[0]["rationale"]
    others = [t for t in items if t["id"] != ident]
    originals = {t["id"]: t for t in tomllib.loads((game.shipped() / file).read_text())[key]}
    assert all(t["provenance"] == originals[t["id"]]["provenance"] for t in others)
    assert not list(target.glob(".*.tmp"))


@BY_NAME
def test_a_set_is_not_written_through_a_link(game: Game, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (tmp_path / "link").symlink_to(elsewhere)
    with pytest.raises(ContentError, match="is a symbolic link"):
        game.write(None, {game.address: game.other}, tmp_path / "link", "written", "a test")
    assert not list(elsewhere.iterdir())
    d = tmp_path / "out"
    d.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep")
    (d / game.files[0]).symlink_to(victim)
    (d / f".{game.files[1]}.tmp").symlink_to(victim)  # as if a write had died there
    game.write(None, {game.address: game.other}, d, "written", "a test")
    assert victim.read_text() == "keep" and not (d / game.files[0]).is_symlink()
    assert not list(d.glob(".*.tmp"))


# ---------------------------------------------------------------------------- handlers


def test_data_ids_and_handlers_match_both_ways() -> None:
    from cryhavoc_sim.games.cryhavoc.engine.handlers import HANDLERS

    content = ch_loader.load_content()
    flagged = [s.id for s in content.structures.values() if s.handler]
    assert flagged and mismatch(flagged, HANDLERS, "Structure") is None
    assert mismatch(["a", "b"], ["b", "c"], "Structure") == (
        "Structure ids flagged in the data with no handler: a; handlers with no Structure flagged in the data: c."
    )


# ------------------------------------------------------------------------------- items


@BY_NAME
def test_an_id_given_twice_is_one_sentence(game: Game, tmp_path: Path) -> None:
    import re

    d = copy_of(game, tmp_path)
    file = "cards.toml"
    text = (d / file).read_text()
    ids = re.findall(r'^id = "([^"]+)"$', text, flags=re.M)
    (d / file).write_text(text.replace(f'id = "{ids[1]}"', f'id = "{ids[0]}"', 1))
    with pytest.raises(ContentError) as err:
        game.load(d)
    text = str(err.value)
    assert f"card id {ids[0]!r} appears twice" in text
    assert file in text and "ids must be unique" in text


def test_cave_troll_numbers_that_are_no_table_are_one_sentence(tmp_path: Path) -> None:
    """Was a TypeError traceback (iterating over an int)."""
    d = copy_of(GAMES[1], tmp_path)
    text = (d / "content.toml").read_text()
    head, _, rest = text.partition("[numbers]")
    rest = rest.split("\n\n", 1)[1] if "\n\n" in rest else ""
    (d / "content.toml").write_text("numbers = 3\n" + head + rest)
    with pytest.raises(ContentError, match=r"content\.toml: \[numbers\] must be a table, got int\."):
        ct_content.load_content(d)


def test_the_kit_imports_no_game() -> None:
    """Game-agnostic: a game imports the kit, never the other way round."""
    import ast

    kit = Path(files.__file__).parent
    games = {
        p.name for p in kit.parent.iterdir() if p.is_dir() and p.name not in ("content_kit", "__pycache__")
    }
    assert {"cryhavoc", "cavetroll"} <= games
    found = set()
    for path in kit.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            names += [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found |= {
                (path.name, n)
                for n in names
                if n.startswith("cryhavoc_sim.games.") and n.split(".")[2] in games
            }
    assert found == set()


def test_shipped_sets_are_found_in_a_set_or_a_directory_of_sets(tmp_path: Path) -> None:
    """A game's door names where its sets ship: one set (by its content.toml name), or a
    directory of sets (each by its name and by its directory's name); a directory
    without a content.toml is no set."""
    one = tmp_path / "one"
    one.mkdir()
    (one / "content.toml").write_text('[content]\nname = "solo-set"\n')
    assert files.sets_in(one) == {"solo-set": one}
    many = tmp_path / "many"
    for name in ("a", "b", "notes"):
        (many / name).mkdir(parents=True)
    (many / "a" / "content.toml").write_text('[content]\nname = "set-a"\n')
    (many / "b" / "content.toml").write_text('[content]\nname = "set-b"\n')
    assert files.sets_in(many) == {"a": many / "a", "set-a": many / "a", "b": many / "b", "set-b": many / "b"}
