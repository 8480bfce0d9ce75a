"""WarCry's content: the card records (real statistics, cited to the fan database) and the
named decks (reconstructed lists), read from ``data/cards.toml`` and ``data/decks.toml``
through the shared content kit (``games/content_kit/``: bounded reading, the digest of the
files' bytes, every record's provenance: a card ``research``, a deck ``reconstructed``,
each with its rationale), and the deck validator (quick rules, Deck Construction: at
least 30 cards a deck, at most 3 copies of a card, one alignment plus Neutral).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.content_kit.files import (
    MAX_FILE_BYTES,
    DigestRecipe,
    content_dir,
    digest_overrides,
    read_set,
)
from cryhavoc_sim.games.content_kit.items import Item, items
from cryhavoc_sim.games.content_kit.provenance import Provenance, provenance_counts, rests_on_invention
from cryhavoc_sim.games.protocol import Plausible
from cryhavoc_sim.games.warcry import effects as fx

DATA = Path(__file__).resolve().parent / "data"
CARDS_FILE = "cards.toml"
DECKS_FILE = "decks.toml"
MIN_CARDS = 30  # Deck Construction: "Each deck must contain a minimum of 30 cards."
MAX_COPIES = 3  # Deck Construction: "You may not use more than 3 copies of any one card."
# Entries of one deck list: a card each, so at most every card of a set (ours hold ~100).
MAX_ENTRIES = 1_000
ALIGNMENTS = ("Good", "Evil")
ARMY_TYPES = ("Unit", "Attachment")
ACTION_TYPES = ("Tactic", "Command", "Reaction")
# An ability's timing (Play Tactics, Play a Command, Reactions), what it is directed at
# (``target``: "" its own unit in the Combat, or the unit itself out of one; "enemy": the
# opposing unit in the Combat; "own_unit", "own_committed", "enemy_unit": a unit chosen
# as it is used, for a Command), and for a reaction the event it answers (``trigger``).
TIMINGS = ("combat", "warcry", "support", "static", "reaction", "command")
TARGETS = ("", "enemy", "own_unit", "own_committed", "enemy_unit")
TRIGGERS = ("", "combat_start", "enemy_roll")
FILES = (CARDS_FILE, DECKS_FILE)  # read in this order, the digest's
DIGEST = DigestRecipe()  # each file's name, a NUL, its bytes, a NUL; then the overrides
UNREAD = Provenance("reconstructed", "made in code, not read from a content file")
# Rule knobs (docs/rulings.md, WarCry): where a ruling can change results.
KNOBS: dict[str, tuple[str, ...]] = {"tp_refresh": ("chain", "combat")}
# What each value of ``content --numbers`` means (content_kit/meanings.py).
MEANINGS: tuple[tuple[str, str, str], ...] = (
    (
        "rules.tp_refresh",
        "when spent Tactic Points come back: chain (at the next Command's Combat) or combat (every Combat,"
        " follow-ups too)",
        "Combat, Follow-up attacks; ruling W1",
    ),
)


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card as data: when it is used (``timing``), what it adds
    (``strength``, ``leadership``), under which conditions (``when``), at what cost
    (``cost``), after which test (``test``), and a named effect for what the primitives
    cannot say (``effect``, a handler in effects.py)."""

    timing: str
    strength: int = 0
    leadership: int = 0
    terror: int = 0
    when: tuple[str, ...] = ()
    cost: str = ""
    test: str = ""
    effect: str = ""
    target: str = ""
    trigger: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """A card record (the fan database's fields that the rules read)."""

    id: str
    name: str
    type: str
    faction: str
    race: str = ""
    kind: str = ""
    keywords: tuple[str, ...] = ()
    cost: int = 0
    strength: int = 0
    tactic_points: int = 0
    leadership: int = 0
    die: int = 0
    scout: int = 0
    terror: int = 0
    victory: int = 0
    ranged: int = 0
    range: str = ""
    unique: bool = False
    rarity: str = ""
    abilities: tuple[Ability, ...] = ()
    provenance: Provenance = UNREAD
    # the abilities' own source when it differs from the statistics' (a card real in its
    # numbers whose rules text is not in the research files: "reconstructed")
    ability_provenance: str = ""
    ability_rationale: str = ""
    # the timings of its abilities, derived: the rules skip a card without the one they want
    timings: frozenset[str] = field(init=False, compare=False, repr=False, default=frozenset())

    def __post_init__(self) -> None:
        object.__setattr__(self, "timings", frozenset(a.timing for a in self.abilities))

    @property
    def source(self) -> str:
        """Where its statistics come from (its provenance's rationale)."""
        return self.provenance.rationale

    @property
    def is_unit(self) -> bool:
        return self.type == "Unit"

    @property
    def is_strategy(self) -> bool:
        return self.type == "Command" and "Strategy" in self.keywords


@dataclass(frozen=True, slots=True)
class Deck:
    """A named deck: its alignment and its card ids, one per copy, in list order."""

    name: str
    alignment: str
    cards: tuple[str, ...]
    provenance: Provenance = UNREAD


@dataclass(frozen=True, slots=True)
class Content:
    """A loaded content set: cards by id, army and action decks by name, rule knobs."""

    cards: Mapping[str, Card]
    armies: Mapping[str, Deck]
    actions: Mapping[str, Deck]
    knobs: Mapping[str, str] = field(default_factory=dict)
    digest: str = ""
    overrides: tuple[tuple[str, Any], ...] = ()

    @property
    def plausible(self) -> tuple[Plausible, ...]:
        return tuple(
            Plausible(
                f"rules.{k}",
                "(rule knob)",
                None,
                None,
                v,
                "a WarCry ruling (docs/rulings.md)",
                (self.knobs[k],),
            )
            for k, v in KNOBS.items()
        )

    @property
    def content_id(self) -> str:
        return f"warcry-{self.digest[:12]}"

    @property
    def reconstructed(self) -> bool:
        return rests_on_invention(self.provenance_counts())  # the shipped deck lists are

    def card_sources(self) -> dict[str, int]:
        """How many cards are real in full (statistics and abilities, or vanilla), real in
        their numbers only (abilities reconstructed or not modelled), and reconstructed."""
        out = {"real in full": 0, "real in numbers only": 0, "reconstructed": 0}
        for c in self.cards.values():
            if c.provenance.source in ("reconstructed", "calibrated"):
                out["reconstructed"] += 1
            elif c.ability_provenance:
                out["real in numbers only"] += 1
            else:
                out["real in full"] += 1
        return out

    def invented_abilities(self, deck: Deck) -> int:
        """How many cards of ``deck`` (copies counted) have reconstructed abilities."""
        return sum(1 for c in deck.cards if self.cards[c].ability_provenance)

    def provenance_counts(self) -> dict[str, int]:
        """How many records (cards, decks) rest on each kind of source."""
        return provenance_counts([*self.cards.values(), *self.armies.values(), *self.actions.values()])


def _card(item: Item) -> Card:
    where, raw = item.where, item.table
    abilities = []
    for ab in raw.get("ability", ()):
        _check_ability(where, ab)
        try:
            abilities.append(Ability(**{**ab, "when": tuple(ab.get("when", ()))}))
        except TypeError as exc:
            raise ContentError(f"{where}: ability {exc}.") from None
    if raw.get("type") not in ARMY_TYPES + ACTION_TYPES:
        raise ContentError(
            f"{where}: type {raw.get('type')!r} unknown; allowed: {', '.join(ARMY_TYPES + ACTION_TYPES)}."
        )
    if raw.get("ability_provenance", "") not in ("", "reconstructed") or (
        raw.get("ability_provenance") and not raw.get("ability_rationale")
    ):
        raise ContentError(
            f"{where}: ability_provenance {raw.get('ability_provenance')!r} without its reason; allowed:"
            ' ability_provenance = "reconstructed" with an ability_rationale, or neither.'
        )
    fields = {k: v for k, v in raw.items() if k not in ("ability", "provenance", "rationale")}
    try:
        return Card(
            **{
                **fields,
                "keywords": tuple(fields.get("keywords", ())),
                "abilities": tuple(abilities),
                "provenance": item.provenance(),
            }
        )
    except TypeError as exc:
        raise ContentError(f"{where}: {exc}.") from None


def _check_ability(where: str, ab: Mapping[str, Any]) -> None:
    """Refuse an ability whose timing, target, trigger, condition, effect, cost or test
    the rules do not know, in one sentence naming the card and the allowed words."""
    words: tuple[tuple[str, Any, Any], ...] = (
        ("timing", ab.get("timing"), TIMINGS),
        ("target", ab.get("target", ""), TARGETS),
        ("trigger", ab.get("trigger", ""), TRIGGERS),
        ("effect", ab.get("effect", ""), ("", *sorted(fx.EFFECTS))),
        ("cost", ab.get("cost", ""), tuple(sorted(fx.COSTS))),
        ("test", ab.get("test", ""), tuple(sorted(fx.TESTS))),
    )
    for name, value, allowed in words:
        if value not in allowed:
            raise ContentError(
                f"{where}: ability {name} {value!r} unknown; allowed: {', '.join(map(repr, allowed))}."
            )
    for w in ab.get("when", ()):
        if w not in fx.CONDITIONS:
            raise ContentError(
                f"{where}: ability condition {w!r} unknown; allowed: {', '.join(sorted(fx.CONDITIONS))}."
            )
    if ab["timing"] == "command" and (
        ab.get("effect", "") not in fx.COMMAND_EFFECTS or ab.get("cost", "") not in fx.COMMAND_COSTS
    ):
        raise ContentError(
            f"{where}: a command ability's effect {ab.get('effect', '')!r} or cost {ab.get('cost', '')!r}"
            f" is not a Command's; allowed: effects {', '.join(sorted(fx.COMMAND_EFFECTS - {''}))},"
            f" costs {', '.join(sorted(fx.COMMAND_COSTS - {''}))} or none."
        )
    if ab["timing"] == "command" and not ab.get("target") and not ab.get("effect"):
        raise ContentError(
            f"{where}: a command ability needs a target or an effect; allowed targets: {', '.join(TARGETS[1:])}."
        )


def check_pair(army: Deck, action: Deck) -> str | None:
    """Why a player may not bring ``army`` with ``action`` (Deck Construction: "choose whether
    to play for Good or Evil. Then, construct an Army Deck and an Action Deck, using only
    that type of card, along with any Neutral cards"), or None."""
    sides = {army.alignment, action.alignment} - {"Neutral"}
    if len(sides) > 1:
        return (
            f"army deck {army.name!r} is {army.alignment} and action deck {action.name!r} is {action.alignment};"
            " allowed: one alignment across a player's Army and Action decks (plus Neutral)"
        )
    return None


def _deck(path: Path, table: str, name: Any, raw: Any, cards: Mapping[str, Card]) -> Deck:
    """Deck ``name`` of ``table`` ("army" or "action"), its shape checked before a list is
    built: a table whose ``cards`` is a list of {card, copies} with 1 to MAX_COPIES
    copies each (Deck Construction), so a copy count of text or of a billion is one
    sentence, not a traceback or a list that fills the memory."""
    where = f"{path}: {table}.{str(name)[:60]}"
    if not isinstance(raw, Mapping) or not isinstance(raw.get("cards", []), list):
        raise ContentError(f"{where}: a deck is a table with a list 'cards' of {{card, copies}} entries.")
    if len(raw.get("cards", [])) > MAX_ENTRIES:
        raise ContentError(f"{where}: lists {len(raw['cards']):,} entries; allowed: at most {MAX_ENTRIES:,}.")
    ids: list[str] = []
    for entry in raw.get("cards", ()):
        copies = entry.get("copies", 1) if isinstance(entry, Mapping) else None
        if not isinstance(entry, Mapping) or not isinstance(entry.get("card"), str):
            raise ContentError(f"{where}: each entry of 'cards' needs a card id (card = \"...\").")
        if isinstance(copies, int) and not isinstance(copies, bool) and copies > MAX_COPIES:
            raise ContentError(
                f"{where}: {copies:,} copies of {entry['card'][:60]!r}; allowed: at most {MAX_COPIES}."
            )
        if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
            raise ContentError(
                f"{where}: card {entry['card'][:60]!r} has copies = {str(copies)[:30]!r}; allowed: a whole"
                f" number from 1 to {MAX_COPIES} (Deck Construction)."
            )
        ids.extend([entry["card"]] * copies)
    provenance = Item(f"{path}: {table}.{name}", raw).provenance()
    deck = Deck(name, str(raw.get("alignment", "")), tuple(ids), provenance)
    validate(deck, cards, f"{path}: {table}.{name}", ARMY_TYPES if table == "army" else ACTION_TYPES)
    return deck


def validate(deck: Deck, cards: Mapping[str, Card], where: str, types: tuple[str, ...]) -> None:
    """Refuse a deck the quick rules forbid (Deck Construction), with one sentence naming
    ``where`` (the file and the deck), the field and what is allowed."""
    for cid in deck.cards:
        if cid not in cards:
            raise ContentError(f"{where}: card {cid!r} unknown; allowed: a card id of {CARDS_FILE}.")
        if cards[cid].type not in types:
            raise ContentError(
                f"{where}: card {cid!r} is a {cards[cid].type}; allowed here: {', '.join(types)}."
            )
    if len(deck.cards) < MIN_CARDS:
        raise ContentError(f"{where}: {len(deck.cards)} cards; allowed: at least {MIN_CARDS}.")
    for cid in sorted(set(deck.cards)):
        if deck.cards.count(cid) > MAX_COPIES:
            raise ContentError(
                f"{where}: {deck.cards.count(cid)} copies of {cid!r}; allowed: at most {MAX_COPIES}."
            )
    factions = {cards[c].faction for c in deck.cards} - {"Neutral"}
    if len(factions) > 1 or (factions and deck.alignment not in factions):
        raise ContentError(
            f"{where}: alignment {deck.alignment!r} with {', '.join(sorted(factions))} cards; "
            "allowed: one alignment (Good or Evil) plus Neutral cards."
        )
    if deck.alignment not in (*ALIGNMENTS, "Neutral"):
        raise ContentError(f"{where}: alignment {deck.alignment!r}; allowed: Good, Evil or Neutral.")


_LOADED: dict[tuple[str, str, str], Content] = {}  # this process's content sets, by their bytes


def load_content(directory: str | None = None, overrides: Mapping[str, Any] | None = None) -> Content:
    """The cards, decks and knobs under ``directory`` (the shipped data when None);
    ``overrides`` sets rule knobs (``rules.tp_refresh``). A set read before in this
    process with the same bytes and overrides is not parsed again (a run loads its
    content twice; the parse's cost: docs/measured.md)."""
    base = content_dir(directory, DATA)
    key: tuple[str, str, str] | None = None
    try:  # within the kit's bound only; anything odd goes to the full reader, which says why
        if all((base / f).stat().st_size <= MAX_FILE_BYTES for f in FILES):
            raw = hashlib.sha256(b"".join((base / f).read_bytes() + b"\0" for f in FILES)).hexdigest()
            key = (str(base.resolve()), raw, DIGEST.overrides_key(overrides or {}))
    except (OSError, TypeError, ValueError):
        key = None
    if key is not None and key in _LOADED:
        return _LOADED[key]
    content = _load(base, overrides)
    if key is not None:
        _LOADED.clear()  # keep one set: a sweep's many override sets would only pile up
        _LOADED[key] = content
    return content


def _load(base: Path, overrides: Mapping[str, Any] | None) -> Content:
    cpath, dpath = base / CARDS_FILE, base / DECKS_FILE
    docs, digest = read_set(base, FILES, "WarCry", DIGEST)
    cards = {item.id: _card(item) for item in items(str(cpath), docs[CARDS_FILE], "card")}
    doc = docs[DECKS_FILE]
    for table in ("army", "action"):
        if not isinstance(doc.get(table, {}), dict):
            raise ContentError(f"{dpath}: [{table}] must be a table of decks ([{table}.<name>]).")
    armies = {n: _deck(dpath, "army", n, raw, cards) for n, raw in sorted(doc.get("army", {}).items())}
    actions = {n: _deck(dpath, "action", n, raw, cards) for n, raw in sorted(doc.get("action", {}).items())}
    knobs = {k: v[0] for k, v in KNOBS.items()}
    for key, value in (overrides or {}).items():
        name = key.removeprefix("rules.")
        if name not in KNOBS or not key.startswith("rules."):
            raise ContentError(
                f"override {key!r} names nothing; allowed: {', '.join('rules.' + k for k in KNOBS)}."
            )
        if value not in KNOBS[name]:
            raise ContentError(f"override {key} = {value!r}; allowed: {', '.join(KNOBS[name])}.")
        knobs[name] = value
    digest_overrides(digest, DIGEST, overrides)
    return Content(
        cards, armies, actions, knobs, digest.hexdigest(), tuple(sorted((overrides or {}).items()))
    )


def content_values(directory: str | None) -> dict[str, Any]:
    """Every value a scenario's [overrides] or a sweep may set, by path: the rule knobs."""
    return {f"rules.{k}": v for k, v in load_content(directory).knobs.items()}


def listing(content: Content, as_json: bool) -> str:
    """The ``content`` command's listing: the decks, knobs, cards and provenance."""
    decks = {
        f"{table}.{n}": {
            "alignment": d.alignment,
            "cards": len(d.cards),
            "cards with reconstructed abilities": content.invented_abilities(d),
        }
        for table, group in (("army", content.armies), ("action", content.actions))
        for n, d in group.items()
    }
    listed = {
        "decks (reconstructed)": decks,
        "knobs": dict(content.knobs),
        "cards": len(content.cards),
        "cards by source": content.card_sources(),
        "provenance (records)": content.provenance_counts(),
        "digest": content.content_id,
    }
    if as_json:
        return json.dumps(listed, sort_keys=True)
    return "\n".join(f"{k} = {v}" for k, v in listed.items())
