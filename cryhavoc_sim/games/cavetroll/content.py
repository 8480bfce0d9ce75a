"""Cave Troll's content as data (issue 16, first part): the board graph and room gold, the
player cards (classic and variant sets, which cards carry scoring icons), the artifacts
and the rulebook's numbers, each item with its provenance; read from the TOML files in
``data/`` (or a directory of the same files) and checked, every problem one sentence
naming the file, the item, the field and what is allowed.

Checked beyond the fields: every doorway joins two spaces that exist (no doorway to
nowhere), every room can be reached by a hero from a staircase without crossing a pit
(heroes never enter pits: rulebook, Movement), no gold is negative, each colour's classic
and variant decks hold 19 cards (rulebook, Setup 4 and The Variant Game), and every
``[[plausible]]`` declaration names numbers of the set and holds their shipped values.

Scenario ``[overrides]`` and sweeps set numbers by path (``values()`` lists them; a glob
like ``board.*.gold`` sets every match) before the files are checked, so an override
that breaks the content (a negative gold, a deck of 20) is refused like a bad file.
"""

from __future__ import annotations

import copy
import fnmatch
import hashlib
import json
import tomllib
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.protocol import Plausible

DATA = Path(__file__).resolve().parent / "data"
FILES = ("content.toml", "board.toml", "cards.toml", "artifacts.toml")
PROVENANCES = ("rulebook", "research", "reconstructed", "calibrated")
SPACE_KINDS = ("room", "staircase", "pit")
CARD_KINDS = ("hero", "monster", "chest", "event")
CARD_SETS = ("both", "classic", "variant")
DECK_SIZE = 19  # per colour and set (rulebook, Setup 4: 26 cards less the 7 of the other set)
ARTIFACT_EFFECTS = ("return_hero", "extra_action", "teleport_hero", "score_room", "remove_monster", "none")
NUMBERS = ("scoring_threshold", "chest_bonus", "end_bonus", "room_capacity", "starting_hand", "actions")


@dataclass(frozen=True, slots=True)
class Provenance:
    source: str
    rationale: str


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    kind: str  # room, staircase or pit
    gold: int  # rooms only; 0 elsewhere
    grid: tuple[int, int]
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    kind: str
    figure: str | None
    set: str
    copies: int
    icons: int
    provenance: Provenance

    @property
    def placed(self) -> str | None:
        """The kind of figure the card puts on the board, named by its ability: a variant
        character is its own kind on its classic figure (the Dwarf's figure stands as the
        Giant Slayer: The Variant Game), the others are their figure; None for events."""
        if self.set == "variant" and self.kind in ("hero", "monster"):
            return self.id
        return self.figure


@dataclass(frozen=True, slots=True)
class Artifact:
    id: str
    name: str
    effect: str
    gold: int
    provenance: Provenance


@dataclass(frozen=True, slots=True)
class CaveTrollContent:
    name: str
    version: str
    spaces: dict[str, Space]
    doorways: tuple[tuple[str, str], ...]
    adjacent: dict[str, tuple[str, ...]]
    cards: dict[str, Card]
    artifacts: dict[str, Artifact]
    numbers: dict[str, Any]
    plausible: tuple[Plausible, ...]
    digest: str
    overrides: tuple[tuple[str, Any], ...] = ()

    @property
    def content_id(self) -> str:
        return f"{self.name}@{self.version}+{self.digest[:12]}"

    def provenance_counts(self) -> dict[str, int]:
        """How many items (spaces, cards, artifacts) rest on each kind of source."""
        counts = dict.fromkeys(PROVENANCES, 0)
        items: list[Space | Card | Artifact] = [
            *self.spaces.values(),
            *self.cards.values(),
            *self.artifacts.values(),
        ]
        for item in items:
            counts[item.provenance.source] += 1
        return counts

    @property
    def reconstructed(self) -> bool:
        counts = self.provenance_counts()
        return counts["reconstructed"] + counts["calibrated"] > 0

    def deck(self, card_set: str) -> list[str]:
        """One colour's deck of ``card_set`` ("classic" or "variant"), card ids with
        their copies, in file order."""
        return [c.id for c in self.cards.values() if c.set in ("both", card_set) for _ in range(c.copies)]

    def values(self) -> dict[str, Any]:
        """Every number by its path: board.<space>.gold, cards.<id>.icons / .copies,
        artifacts.<id>.gold, numbers.<name>."""
        out: dict[str, Any] = {}
        for s in self.spaces.values():
            if s.kind == "room":
                out[f"board.{s.id}.gold"] = s.gold
        for c in self.cards.values():
            out[f"cards.{c.id}.icons"] = c.icons
            out[f"cards.{c.id}.copies"] = c.copies
        for a in self.artifacts.values():
            out[f"artifacts.{a.id}.gold"] = a.gold
        for k, v in self.numbers.items():
            out[f"numbers.{k}"] = v
        return out


def read_docs(directory: str | Path | None) -> tuple[Path, dict[str, dict[str, Any]], Any]:
    """(directory, each file parsed, a running hash of the files' bytes)."""
    base = Path(directory) if directory is not None else DATA
    if not base.is_dir():
        raise ContentError(f"{base}: content directory does not exist.")
    docs: dict[str, dict[str, Any]] = {}
    digest = hashlib.sha256()
    for name in FILES:
        path = base / name
        try:
            raw = path.read_bytes()
            docs[name] = tomllib.loads(raw.decode())
        except FileNotFoundError:
            raise ContentError(
                f"{path}: missing; a Cave Troll content set needs {', '.join(FILES)}."
            ) from None
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ContentError(f"{path}: not valid TOML ({exc}).") from None
        except RecursionError:  # tomllib recurses once per nested array or table
            raise ContentError(f"{path}: is nested too deeply to be a content file.") from None
        digest.update(name.encode() + b"\0" + raw)
    return base, docs, digest


def load_content(
    directory: str | Path | None = None, overrides: Mapping[str, Any] | None = None
) -> CaveTrollContent:
    """The content set in ``directory`` (None: the shipped one) with ``overrides`` (path
    -> value) set, checked."""
    base, docs, digest = read_docs(directory)
    shipped = _values(docs)
    if overrides:
        docs = apply_overrides(docs, overrides)
        digest.update(json.dumps(dict(sorted(overrides.items())), sort_keys=True).encode())
    head = docs["content.toml"].get("content", {})
    name, version = head.get("name"), head.get("version", "1")
    if not isinstance(name, str) or not name:
        raise ContentError(f"{base / 'content.toml'}: [content] needs a name.")
    numbers = _numbers(base / "content.toml", docs["content.toml"].get("numbers", {}))
    spaces, doorways, adjacent = _board(base / "board.toml", docs["board.toml"])
    cards = _cards(base / "cards.toml", docs["cards.toml"])
    artifacts = _artifacts(base / "artifacts.toml", docs["artifacts.toml"])
    content = CaveTrollContent(
        name,
        str(version),
        spaces,
        doorways,
        adjacent,
        cards,
        artifacts,
        numbers,
        (),
        digest.hexdigest(),
        tuple(sorted((overrides or {}).items())),
    )
    plausible = tuple(
        p for file in FILES for p in _plausible(base / file, file, docs[file].get("plausible", []), shipped)
    )
    return replace(content, plausible=plausible)


# path prefix -> (file, array of tables, fields a path may name)
ADDRESSES = {
    "board": ("board.toml", "space", ("gold",)),
    "cards": ("cards.toml", "card", ("icons", "copies")),
    "artifacts": ("artifacts.toml", "artifact", ("gold",)),
}


def _slots(docs: Mapping[str, Any]) -> dict[str, tuple[dict[str, Any], str]]:
    """Every settable number: path -> (the table holding it, its key)."""
    out: dict[str, tuple[dict[str, Any], str]] = {}
    for prefix, (file, table, keys) in ADDRESSES.items():
        for item in docs[file].get(table, []):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            for key in keys:
                if key in item and (prefix != "board" or item.get("kind") == "room"):
                    out[f"{prefix}.{item['id']}.{key}"] = (item, key)
    numbers = docs["content.toml"].setdefault("numbers", {})
    for key in NUMBERS:
        if key in numbers:
            out[f"numbers.{key}"] = (numbers, key)
    return out


def _values(docs: Mapping[str, Any]) -> dict[str, Any]:
    return {path: table[key] for path, (table, key) in _slots(docs).items()}


def apply_overrides(docs: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``docs`` with every override set (a glob sets every path it matches)."""
    out = copy.deepcopy(docs)
    slots = _slots(out)
    for path, value in overrides.items():
        found = [p for p in slots if fnmatch.fnmatchcase(p, path)]
        if not found:
            raise ContentError(
                f"override {path!r} names no number of the Cave Troll content; "
                "`cryhavoc-sim content --game cavetroll --numbers` lists the paths"
            )
        for p in found:
            table, key = slots[p]
            if isinstance(value, bool) or type(value) is not type(table[key]):
                raise ContentError(
                    f"override {path!r} must be like {table[key]!r} (as {p} is), got {value!r}"
                )
            table[key] = copy.deepcopy(value)
    return out


def _provenance(where: str, raw: dict[str, Any]) -> Provenance:
    source, rationale = raw.get("provenance"), raw.get("rationale", "")
    if source not in PROVENANCES:
        raise ContentError(f"{where}: field 'provenance' is {source!r}; allowed: {', '.join(PROVENANCES)}.")
    if not isinstance(rationale, str) or (source != "rulebook" and not rationale):
        raise ContentError(f"{where}: field 'rationale' must say where the item comes from.")
    return Provenance(source, rationale)


def _int(where: str, raw: dict[str, Any], key: str, low: int, high: int, default: int | None = None) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ContentError(
            f"{where}: field '{key}' must be a whole number from {low} to {high}, got {value!r}."
        )
    return value


def _choice(where: str, raw: dict[str, Any], key: str, allowed: tuple[str, ...]) -> str:
    value = raw.get(key)
    if value not in allowed:
        raise ContentError(f"{where}: field '{key}' is {value!r}; allowed: {', '.join(allowed)}.")
    assert isinstance(value, str)
    return value


def _items(path: Path, doc: dict[str, Any], table: str) -> list[tuple[str, dict[str, Any]]]:
    raw = doc.get(table, [])
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{path}: needs at least one [[{table}]] table.")
    seen: set[str] = set()
    out = []
    for i, item in enumerate(raw):
        ident = item.get("id") if isinstance(item, dict) else None
        if not isinstance(ident, str) or not ident:
            raise ContentError(f"{path}: {table}[{i}] needs an 'id'.")
        if ident in seen:
            raise ContentError(f"{path}: {table} {ident!r} is given twice.")
        seen.add(ident)
        out.append((f"{path}: {table} {ident!r}", item))
    return out


def _numbers(path: Path, raw: dict[str, Any]) -> dict[str, Any]:
    where = f"{path}: [numbers]"
    for key in raw:
        if key not in NUMBERS:
            raise ContentError(f"{where}: unknown field {key!r}; allowed: {', '.join(NUMBERS)}.")
    out: dict[str, Any] = {
        "scoring_threshold": _int(where, raw, "scoring_threshold", 1, 50, 5),
        "chest_bonus": _int(where, raw, "chest_bonus", 0, 20, 4),
        "end_bonus": _int(where, raw, "end_bonus", 0, 20, 3),
        "room_capacity": _int(where, raw, "room_capacity", 1, 20, 5),
        "starting_hand": _int(where, raw, "starting_hand", 1, 5, 1),
    }
    actions = raw.get("actions", [1, 2, 3, 4])
    if not (
        isinstance(actions, list)
        and actions
        and all(isinstance(a, int) and not isinstance(a, bool) and 1 <= a <= 8 for a in actions)
    ):
        raise ContentError(
            f"{where}: field 'actions' must be a list of whole numbers from 1 to 8, got {actions!r}."
        )
    out["actions"] = tuple(actions)
    return out


def _board(
    path: Path, doc: dict[str, Any]
) -> tuple[dict[str, Space], tuple[tuple[str, str], ...], dict[str, tuple[str, ...]]]:
    spaces: dict[str, Space] = {}
    for where, raw in _items(path, doc, "space"):
        kind = _choice(where, raw, "kind", SPACE_KINDS)
        gold = _int(where, raw, "gold", 0, 99) if kind == "room" else 0
        grid = raw.get("grid", [0, 0])
        if not (isinstance(grid, list) and len(grid) == 2 and all(isinstance(v, int) for v in grid)):
            raise ContentError(f"{where}: field 'grid' must be [row, column], got {grid!r}.")
        spaces[raw["id"]] = Space(raw["id"], kind, gold, (grid[0], grid[1]), _provenance(where, raw))
    raw_doors = doc.get("doorways", [])
    if not isinstance(raw_doors, list):
        raise ContentError(f"{path}: field 'doorways' must be a list of [space, space] pairs.")
    doorways: list[tuple[str, str]] = []
    near: dict[str, list[str]] = {s: [] for s in spaces}
    for i, pair in enumerate(raw_doors):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair)):
            raise ContentError(f"{path}: doorways[{i}] must be a pair of space ids, got {pair!r}.")
        a, b = pair
        for end in (a, b):
            if end not in spaces:
                raise ContentError(
                    f"{path}: doorways[{i}] leads to {end!r}, a space the board does not have (a doorway to nowhere)."
                )
        if a == b or b in near[a]:
            raise ContentError(f"{path}: doorways[{i}] joins {a!r} and {b!r} again or to itself.")
        near[a].append(b)
        near[b].append(a)
        doorways.append((a, b))
    stairs = [s for s in spaces.values() if s.kind == "staircase"]
    if not stairs or not any(s.kind == "pit" for s in spaces.values()):
        raise ContentError(f"{path}: the board needs at least one staircase and one pit.")
    # heroes enter on staircases and never cross pits (rulebook, Movement)
    seen = {s.id for s in stairs}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for n in near[here]:
            if n not in seen and spaces[n].kind != "pit":
                seen.add(n)
                queue.append(n)
    for s in spaces.values():
        if s.kind == "room" and s.id not in seen:
            raise ContentError(
                f"{path}: room {s.id!r} cannot be reached by a hero from a staircase (heroes never cross pits);"
                " every room must be reachable."
            )
        if not near[s.id]:
            raise ContentError(f"{path}: space {s.id!r} has no doorway.")
    return spaces, tuple(doorways), {s: tuple(v) for s, v in near.items()}


def _cards(path: Path, doc: dict[str, Any]) -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for where, raw in _items(path, doc, "card"):
        kind = _choice(where, raw, "kind", CARD_KINDS)
        figure = raw.get("figure")
        if kind != "event" and not isinstance(figure, str):
            raise ContentError(f"{where}: field 'figure' must name the figure a {kind} card places.")
        cards[raw["id"]] = Card(
            raw["id"],
            str(raw.get("name", raw["id"])),
            kind,
            figure if isinstance(figure, str) else None,
            _choice(where, raw, "set", CARD_SETS),
            _int(where, raw, "copies", 1, 19, 1),
            _int(where, raw, "icons", 0, 10, 0),
            _provenance(where, raw),
        )
    for card_set in ("classic", "variant"):
        n = sum(c.copies for c in cards.values() if c.set in ("both", card_set))
        if n != DECK_SIZE:
            raise ContentError(
                f"{path}: the {card_set} deck holds {n} cards; each colour's deck holds {DECK_SIZE} (rulebook, Setup)."
            )
    return cards


def _artifacts(path: Path, doc: dict[str, Any]) -> dict[str, Artifact]:
    out: dict[str, Artifact] = {}
    for where, raw in _items(path, doc, "artifact"):
        out[raw["id"]] = Artifact(
            raw["id"],
            str(raw.get("name", raw["id"])),
            _choice(where, raw, "effect", ARTIFACT_EFFECTS),
            _int(where, raw, "gold", 0, 20),
            _provenance(where, raw),
        )
    return out


def _plausible(path: Path, file: str, raw: Any, values: dict[str, Any]) -> list[Plausible]:
    if not isinstance(raw, list):
        raise ContentError(f"{path}: plausible must be an array of tables ([[plausible]]).")
    out = []
    for i, entry in enumerate(raw):
        where = f"{path}: plausible[{i}]"
        pattern = entry.get("path") if isinstance(entry, dict) else None
        rng = entry.get("range") if isinstance(entry, dict) else None
        if not isinstance(pattern, str):
            raise ContentError(f"{where}: field 'path' must name content numbers.")
        matched = [v for p, v in values.items() if fnmatch.fnmatchcase(p, pattern)]
        if not matched:
            raise ContentError(f"{where}: path {pattern!r} names no number of the content.")
        if not (
            isinstance(rng, list)
            and len(rng) == 2
            and all(isinstance(v, int) for v in rng)
            and rng[0] < rng[1]
        ):
            raise ContentError(f"{where}: field 'range' must be [low, high] whole numbers, got {rng!r}.")
        outside = [v for v in matched if not rng[0] <= v <= rng[1]]
        if outside:
            raise ContentError(f"{where}: the shipped value {outside[0]!r} lies outside the range {rng}.")
        out.append(
            Plausible(pattern, file, rng[0], rng[1], (), str(entry.get("rationale", "")), tuple(matched))
        )
    return out
