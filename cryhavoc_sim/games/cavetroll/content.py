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

Reading, provenance, addresses, overrides and plausible declarations are the content
kit's (:mod:`cryhavoc_sim.games.content_kit`); this module declares the files and item
tables (:data:`SPEC`) and checks the items. Scenario ``[overrides]`` and sweeps set
numbers by path (:func:`content_values` lists them; a pattern like ``board.*.gold`` sets
every match) before the files are checked, so an override that breaks the content (a
negative gold, a deck of 20) is refused like a bad file.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.content_kit import files as kit_files
from cryhavoc_sim.games.content_kit import overrides as kit_overrides
from cryhavoc_sim.games.content_kit import plausible as kit_plausible
from cryhavoc_sim.games.content_kit.addresses import Items, Table
from cryhavoc_sim.games.content_kit.door import Values
from cryhavoc_sim.games.content_kit.files import DigestRecipe
from cryhavoc_sim.games.content_kit.items import Item, items
from cryhavoc_sim.games.content_kit.provenance import Provenance, rests_on_invention
from cryhavoc_sim.games.content_kit.provenance import provenance_counts as count_sources
from cryhavoc_sim.games.content_kit.spec import ContentSpec
from cryhavoc_sim.games.protocol import Plausible

DATA = Path(__file__).resolve().parent / "data"
FILES = ("content.toml", "board.toml", "cards.toml", "artifacts.toml")
SPACE_KINDS = ("room", "staircase", "pit")
CARD_KINDS = ("hero", "monster", "chest", "event")
CARD_SETS = ("both", "classic", "variant")
DECK_SIZE = 19  # per colour and set (rulebook, Setup 4: 26 cards less the 7 of the other set)
ARTIFACT_EFFECTS = ("return_hero", "extra_action", "teleport_hero", "score_room", "remove_monster", "none")
NUMBERS = ("scoring_threshold", "chest_bonus", "end_bonus", "room_capacity", "starting_hand", "actions")
# What each value of ``content --numbers`` means (content_kit/meanings.py), with the
# section of the Cave Troll rulebook (shared/rules/004) it comes from.
MEANINGS: tuple[tuple[str, str, str], ...] = (
    ("board.*.gold", "gold the room is worth to its owner when the board scores", "Scoring the Board"),
    (
        "cards.*.icons",
        "scoring icons on the card: five in the pile make the board score",
        "Check for Scoring the Board",
    ),
    ("cards.*.copies", "copies of the card in each player's deck", "Components"),
    ("artifacts.*.gold", "gold printed on the artifact, scored at the end by whoever keeps it", "Artifacts"),
    (
        "numbers.scoring_threshold",
        "scoring icons in the discard pile that make the board score",
        "Check for Scoring the Board",
    ),
    ("numbers.chest_bonus", "gold a Treasure Chest adds (not doubled by Dwarves)", "Treasure Chest"),
    ("numbers.end_bonus", "gold for the player whose deck runs out first", "Winning the Game"),
    ("numbers.room_capacity", "characters a room can hold", "Movement"),
    ("numbers.starting_hand", "cards each player draws at setup", "Setup 6"),
    ("numbers.actions", "actions per turn, turn by turn (the last repeats)", "Escalating Action Rule"),
)


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
        items: list[Space | Card | Artifact] = [
            *self.spaces.values(),
            *self.cards.values(),
            *self.artifacts.values(),
        ]
        return count_sources(items)

    @property
    def reconstructed(self) -> bool:
        return rests_on_invention(self.provenance_counts())

    def deck(self, card_set: str) -> list[str]:
        """One colour's deck of ``card_set`` ("classic" or "variant"), card ids with
        their copies, in file order."""
        return [c.id for c in self.cards.values() if c.set in ("both", card_set) for _ in range(c.copies)]


def _room(item: dict[str, Any]) -> bool:
    return item.get("kind") == "room"


# Defaults of the loader (below) for fields a file may leave out: addressable all the same.
_NUMBERS: dict[str, Any] = {
    "scoring_threshold": 5,
    "chest_bonus": 4,
    "end_bonus": 3,
    "room_capacity": 5,
    "starting_hand": 1,
    "actions": [1, 2, 3, 4],
}
SPEC = ContentSpec(
    title="Cave Troll",
    files=FILES,
    tables=(
        Items("board", "board.toml", "space", fields=("gold",), when=_room),
        Items("cards", "cards.toml", "card", fields=("icons", "copies"), defaults={"icons": 0, "copies": 1}),
        Items("artifacts", "artifacts.toml", "artifact", fields=("gold",)),
        Table("numbers", "content.toml", "numbers", fields=NUMBERS, defaults=_NUMBERS),
    ),
    default_dir=DATA,
    # Fixed: the digest of every stored run of Cave Troll was made so.
    digest=DigestRecipe(file_end=b"", overrides_tag=b"", compact=False),
    plausible_files=FILES,
    noun="the Cave Troll content",
    numbers_command="cryhavoc-sim content --game cavetroll --numbers",
    full_paths=True,
)


# Every number a scenario's [overrides] or a sweep may set, by path: board.<room>.gold,
# cards.<id>.icons / .copies, artifacts.<id>.gold, numbers.<name> (the content kit's).
content_values = Values(SPEC)


def load_content(
    directory: str | Path | None = None, overrides: Mapping[str, Any] | None = None
) -> CaveTrollContent:
    """The content set in ``directory`` (None: the shipped one) with ``overrides`` (path
    -> value) set, checked."""
    base = kit_files.content_dir(directory, DATA)
    files, digest = kit_files.read_set(base, FILES, SPEC.title, SPEC.digest)
    docs = kit_overrides.apply_overrides(SPEC, files, overrides or {})
    kit_files.digest_overrides(digest, SPEC.digest, overrides)
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
    # after the items: a declaration is checked against valid content (the files' own)
    return replace(content, plausible=tuple(kit_plausible.declared(SPEC, base, files)))


def _numbers(path: Path, raw: dict[str, Any]) -> dict[str, Any]:
    where = f"{path}: [numbers]"
    item = Item(where, raw)
    for key in raw:
        if key not in NUMBERS:
            raise ContentError(f"{where}: unknown field {key!r}; allowed: {', '.join(NUMBERS)}.")
    out: dict[str, Any] = {
        "scoring_threshold": item.count("scoring_threshold", _NUMBERS["scoring_threshold"], 1, 50),
        "chest_bonus": item.count("chest_bonus", _NUMBERS["chest_bonus"], 0, 20),
        "end_bonus": item.count("end_bonus", _NUMBERS["end_bonus"], 0, 20),
        "room_capacity": item.count("room_capacity", _NUMBERS["room_capacity"], 1, 20),
        "starting_hand": item.count("starting_hand", _NUMBERS["starting_hand"], 1, 5),
    }
    actions = raw.get("actions", _NUMBERS["actions"])
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
    for item in items(str(path), doc, "space"):
        raw = item.table
        kind = item.choice("kind", SPACE_KINDS)
        gold = item.count("gold", lo=0, hi=99) if kind == "room" else 0
        grid = raw.get("grid", [0, 0])
        if not (isinstance(grid, list) and len(grid) == 2 and all(isinstance(v, int) for v in grid)):
            raise item.fail("grid", f"must be [row, column], got {grid!r}")
        spaces[raw["id"]] = Space(raw["id"], kind, gold, (grid[0], grid[1]), item.provenance())
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
    for item in items(str(path), doc, "card"):
        raw = item.table
        kind = item.choice("kind", CARD_KINDS)
        figure = raw.get("figure")
        if kind != "event" and not isinstance(figure, str):
            raise item.fail("figure", f"must name the figure a {kind} card places")
        cards[raw["id"]] = Card(
            raw["id"],
            str(raw.get("name", raw["id"])),
            kind,
            figure if isinstance(figure, str) else None,
            item.choice("set", CARD_SETS),
            item.count("copies", 1, 1, 19),
            item.count("icons", 0, 0, 10),
            item.provenance(),
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
    for item in items(str(path), doc, "artifact"):
        raw = item.table
        out[raw["id"]] = Artifact(
            raw["id"],
            str(raw.get("name", raw["id"])),
            item.choice("effect", ARTIFACT_EFFECTS),
            item.count("gold", lo=0, hi=20),
            item.provenance(),
        )
    return out
