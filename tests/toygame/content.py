"""Bluff's content: the deck, the ranks, the ante and the bet, read from
``data/bluff.toml``; ``deck.ante`` and ``deck.bet`` may be overridden (a scenario's
[overrides], a sweep)."""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.protocol import Plausible
from cryhavoc_sim.games.spec import GameContent, json_listing

DATA = Path(__file__).resolve().parent / "data"
FILES = ("bluff.toml",)
OVERRIDABLE = ("deck.ante", "deck.bet")


@dataclass(frozen=True, slots=True)
class Content:
    """A loaded content set (the :class:`~cryhavoc_sim.games.protocol.Content` protocol)."""

    cards: tuple[str, ...]
    ranks: Mapping[str, int]
    ante: int
    bet: int
    overrides: tuple[tuple[str, Any], ...] = ()
    digest: str = ""

    @property
    def plausible(self) -> tuple[Plausible, ...]:
        return (Plausible("deck.bet", "bluff.toml", 1, 3, (), "a bet of one to three antes", (self.bet,)),)

    @property
    def content_id(self) -> str:
        return f"bluff-{self.digest[:12]}"

    @property
    def reconstructed(self) -> bool:
        return False

    def provenance_counts(self) -> dict[str, int]:
        return {"rulebook": 1}

    def values(self) -> dict[str, Any]:
        return {"deck.ante": self.ante, "deck.bet": self.bet}


def load_content(content_dir: str | None = None, overrides: Mapping[str, Any] | None = None) -> Content:
    base = Path(content_dir) if content_dir else DATA
    path = base / FILES[0]
    try:
        doc = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ContentError(f"{path}: cannot be read ({exc}).") from None
    deck, ranks = doc["deck"], doc["ranks"]
    values = {"deck.ante": deck["ante"], "deck.bet": deck["bet"]}
    for key, value in (overrides or {}).items():
        if key not in OVERRIDABLE:
            raise ContentError(f"override {key!r} names nothing; allowed: {', '.join(OVERRIDABLE)}.")
        if type(value) is not int or not 1 <= value <= 10:
            raise ContentError(f"override {key} = {value!r}: allowed a whole number from 1 to 10.")
        values[key] = value
    text = json.dumps([deck["cards"], ranks, values], sort_keys=True)
    return Content(
        tuple(deck["cards"]),
        dict(ranks),
        values["deck.ante"],
        values["deck.bet"],
        tuple(sorted((overrides or {}).items())),
        hashlib.sha256(text.encode()).hexdigest(),
    )


def write_content(
    content_dir: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
) -> Path:
    """The set with ``overrides`` set, written as set ``name`` in ``target`` (``note`` first)."""
    base = Path(content_dir) if content_dir else DATA
    loaded = load_content(content_dir, overrides)
    out = target / name
    out.mkdir(parents=True)
    new = {"ante =": f"ante = {loaded.ante}", "bet =": f"bet = {loaded.bet}"}
    lines = [
        next((v for k, v in new.items() if line.startswith(k)), line)
        for line in (base / FILES[0]).read_text().splitlines()
    ]
    (out / FILES[0]).write_text("\n".join([f"# {note}", *lines]) + "\n")
    return out


# The content door (GameSpec.content): Bluff's content is not read by the content kit
DOOR = GameContent(
    files=FILES,
    default_dir=DATA,
    load=load_content,
    shipped=lambda: {"bluff": DATA},
    values=lambda directory: load_content(directory).values(),
    listing=lambda loaded, as_json: json_listing(loaded.values(), as_json),
    write=write_content,
    meanings=(("*", "a number of the toy game", "none: a test game"),),
)
