"""Load and validate a content directory of TOML files into a :class:`ContentSet`.

Any problem is a :class:`~cryhavoc_sim.errors.ContentError` whose message is one
sentence naming the file, the item, the field and what is allowed.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.content_kit import files as kit_files
from cryhavoc_sim.games.content_kit.items import Item, tables, unique
from cryhavoc_sim.games.cryhavoc.content import numbers
from cryhavoc_sim.games.cryhavoc.content.numbers import DATA, DEFAULT_SET, FILES, SPEC
from cryhavoc_sim.games.cryhavoc.content.schema import (
    BONUSES,
    FACTIONS,
    PASSIVE_TRIGGERS,
    SKILL_TIMINGS,
    SPECIALS,
    TERRAINS,
    Board,
    Card,
    ContentSet,
    Effect,
    Effects,
    Faction,
    Passive,
    Region,
    Skill,
    Structure,
    Token,
    Track,
)
from cryhavoc_sim.games.cryhavoc.content.vocabulary import BATTLE_OPS, OBJECTIVES, VOCABULARY

__all__ = ["FILES", "default_content_dir", "load_content", "shipped_sets"]


def shipped_sets() -> dict[str, Path]:
    """Every shipped content set by its name (content.toml's [content] name) and by its
    directory's name, e.g. "cryhavoc-base-reconstructed" and "cryhavoc"."""
    return kit_files.sets_in(DATA)


def default_content_dir() -> Path:
    return shipped_sets()[DEFAULT_SET]


class _Item(Item):
    """An item of a Cry Havoc file, with its effect lists."""

    def __init__(self, file: str, where: str, table: Any) -> None:
        super().__init__(f"{file}: {where}", table)
        self.file, self.name = file, where

    def effects(self, field: str) -> Effects:
        raw = self.get(field, list, [])
        out: list[Effect] = []
        for i, step in enumerate(raw):
            where = f"{field}[{i}]"
            if not isinstance(step, dict) or "op" not in step:
                raise self.fail(where, "must be a table with an 'op'")
            op = step["op"]
            if op not in VOCABULARY:
                raise self.fail(f"{where}.op", f"is {op!r}; allowed: {', '.join(sorted(VOCABULARY))}")
            spec = VOCABULARY[op]
            args: dict[str, Any] = {}
            for key, value in step.items():
                if key == "op":
                    continue
                if key not in spec:
                    allowed = ", ".join(spec) or "no parameters"
                    raise self.fail(f"{where}.{key}", f"is not a parameter of {op}; allowed: {allowed}")
                kind, _ = spec[key]
                if isinstance(kind, tuple):
                    if value not in kind:
                        raise self.fail(f"{where}.{key}", f"is {value!r}; allowed: {', '.join(kind)}")
                elif kind is int and (
                    not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= EFFECT_MAX
                ):
                    raise self.fail(
                        f"{where}.{key}", f"must be a whole number between 0 and {EFFECT_MAX}, got {value!r}"
                    )
                elif kind is list and not isinstance(value, list):
                    raise self.fail(f"{where}.{key}", f"must be a list, got {value!r}")
                args[key] = value
            for key, (_, default) in spec.items():
                if key not in args:
                    if default is None:
                        raise self.fail(f"{where}.{key}", f"is required by {op}")
                    args[key] = default
            if op == "battle_reorder" and sorted(args["order"]) != sorted(OBJECTIVES):
                raise self.fail(f"{where}.order", f"must order exactly {', '.join(OBJECTIVES)}")
            out.append(Effect(op, args))
        return tuple(out)


# The largest number an effect parameter may carry: effects move Units, Crystals, cards
# and VP by a few at a time; this keeps every event's amount far inside its column type.
EFFECT_MAX = 99


def _tables(doc: dict[str, Any], file: str, key: str) -> list[Any]:
    return tables(file, doc, key)


def _board(file: str, doc: dict[str, Any], side: str) -> Board:
    head = _Item(file, "[board]", doc.get("board", {}))
    if head.choice("side", ("2p", "3-4p")) != side:
        raise head.fail("side", f"must be {side!r} in this file")
    regions: list[Region] = []
    raw = _tables(doc, file, "region")
    ids = [r.get("id", "?") if isinstance(r, dict) else "?" for r in raw]
    unique(file, "region", ids)
    adjacency: dict[str, set[str]] = {}
    items = []
    for i, table in enumerate(raw):
        item = _Item(
            file,
            f"region {table.get('id', i)!r}" if isinstance(table, dict) else f"region {i}",
            table,
        )
        rid = item.get("id", str)
        adj = item.get("adjacent", list)
        for a in adj:
            if a not in ids:
                raise item.fail("adjacent", f"names unknown region {a!r}; known: {', '.join(ids)}")
        opposite = item.get("opposite", str, None)
        if opposite is not None and opposite not in ids:
            raise item.fail("opposite", f"names unknown region {opposite!r}")
        adjacency.setdefault(rid, set()).update(adj)
        if opposite:  # Outer Regions opposite each other are adjacent (rulebook, Move).
            adjacency[rid].add(opposite)
            adjacency.setdefault(opposite, set()).add(rid)
        items.append((item, rid, opposite))
    for rid, adj in adjacency.items():
        for a in adj:
            if rid not in adjacency.get(a, set()):
                raise ContentError(
                    f"{file}: region {rid!r} lists {a!r} as adjacent but {a!r} does not list {rid!r}."
                )
    for item, rid, _opposite in items:
        terrain = item.choice("terrain", TERRAINS, None)
        hq = item.get("hq", bool, False)
        crystals = item.count("crystals", 0)
        if hq and crystals:
            raise item.fail("crystals", "must be 0 in an HQ Region (rulebook: no Crystals in an HQ)")
        order = [r for r in ids if r in adjacency[rid]]
        regions.append(
            Region(
                id=rid,
                name=item.get("name", str),
                terrain=terrain,
                crystals=crystals,
                hq=hq,
                trog_hq=item.get("trog_hq", bool, False),
                tunnel=item.get("tunnel", bool, False),
                exploration=item.get("exploration", bool, False),
                war_party=item.get("war_party", bool, False),
                outer=terrain is None and not item.get("trog_hq", bool, False),
                adjacent=tuple(order),
                provenance=item.provenance(),
            )
        )
    return Board(side=side, regions=tuple(regions), provenance=head.provenance())


def _token(file: str, kind: str, table: Any, i: int) -> Token:
    item = _Item(file, f"{kind} {table.get('id', i)!r}" if isinstance(table, dict) else f"{kind} {i}", table)
    return Token(
        id=item.get("id", str),
        kind=kind,
        name=item.get("name", str),
        trogs=item.count("trogs", 0),
        crystals=item.count("crystals", 0),
        scope=item.choice("scope", ("each_player", "game"), "each_player"),
        effect=item.effects("effect"),
        text=item.get("text", str),
        provenance=item.provenance(),
    )


def load_content(
    directory: str | Path | None = None, overrides: Mapping[str, Any] | None = None
) -> ContentSet:
    """Load, validate and hash the content set in ``directory`` (default: the shipped set),
    with ``overrides`` (path -> value, :mod:`~cryhavoc_sim.games.cryhavoc.content.numbers`)
    set before validation; they are part of the digest."""
    base = kit_files.content_dir(directory, SPEC.default_dir)
    docs, digest = kit_files.read_set(base, FILES, SPEC.title, SPEC.digest)
    files = docs
    if overrides:
        docs = numbers.apply_overrides(docs, overrides)
        kit_files.digest_overrides(digest, SPEC.digest, overrides)

    head = _Item("content.toml", "[content]", docs["content.toml"].get("content", {}))
    boards = {
        "2p": _board("board_2p.toml", docs["board_2p.toml"], "2p"),
        "3-4p": _board("board_34p.toml", docs["board_34p.toml"], "3-4p"),
    }
    if not any(r.trog_hq for r in boards["3-4p"].regions):
        raise ContentError("board_34p.toml: one region must have trog_hq = true (rulebook: World Caverns).")

    factions: dict[str, Faction] = {}
    for i, t in enumerate(_tables(docs["factions.toml"], "factions.toml", "faction")):
        item = _Item("factions.toml", f"faction {i}", t)
        fid = item.choice("id", FACTIONS)
        factions[fid] = Faction(
            fid,
            item.get("name", str),
            item.count("units", lo=1),
            item.count("control_tokens", lo=1),
            item.provenance(),
        )
    missing = [f for f in FACTIONS if f not in factions]
    if missing:
        raise ContentError(
            f"factions.toml: factions {', '.join(missing)} are missing; all of {', '.join(FACTIONS)} are needed."
        )

    cards: dict[str, Card] = {}
    raw_cards = _tables(docs["cards.toml"], "cards.toml", "card")
    unique("cards.toml", "card", [t.get("id", "?") for t in raw_cards if isinstance(t, dict)])
    for i, t in enumerate(raw_cards):
        item = _Item("cards.toml", f"card {t.get('id', i)!r}" if isinstance(t, dict) else f"card {i}", t)
        card = Card(
            id=item.get("id", str),
            name=item.get("name", str),
            deck=item.choice("deck", FACTIONS + TERRAINS),
            move=item.count("move", hi=3),
            recruit=item.count("recruit", hi=3),
            build=item.count("build", hi=3),
            bonus=item.choice("bonus", BONUSES, None),
            special=item.choice("special", SPECIALS, None),
            tactic=item.effects("tactic"),
            text=item.get("text", str),
            provenance=item.provenance(),
        )
        cards[card.id] = card
    for owner in FACTIONS:
        deck = [c for c in cards.values() if c.deck == owner]
        if sum(c.special == "enable_scoring" for c in deck) != 1:
            raise ContentError(
                f'cards.toml: the {owner} deck must hold exactly one card with special = "enable_scoring" (rulebook).'
            )
    for terrain in TERRAINS:
        if not any(c.deck == terrain for c in cards.values()):
            raise ContentError(f"cards.toml: the {terrain} Terrain deck is empty; every Terrain needs cards.")

    skills: dict[str, Skill] = {}
    for i, t in enumerate(_tables(docs["skills.toml"], "skills.toml", "skill")):
        item = _Item("skills.toml", f"skill {t.get('id', i)!r}" if isinstance(t, dict) else f"skill {i}", t)
        skill = Skill(
            item.get("id", str),
            item.choice("faction", FACTIONS),
            item.get("name", str),
            item.get("default", bool, False),
            item.effects("effect"),
            item.get("text", str),
            item.provenance(),
            timing=item.choice("timing", SKILL_TIMINGS, "action"),
            cost_crystals=item.count("cost_crystals", 0),
            cost_units=item.count("cost_units", 0),
        )
        if skill.timing == "battle" and any(e.op not in BATTLE_OPS for e in skill.effect):
            raise item.fail("effect", "of a battle-timing skill may use only battle_* primitives")
        if skill.id in skills:
            raise item.fail("id", "appears twice; ids must be unique")
        skills[skill.id] = skill
    for f in FACTIONS:
        if sum(s.default for s in skills.values() if s.faction == f) != 1:
            raise ContentError(
                f"skills.toml: faction {f} must have exactly one skill with default = true (rulebook)."
            )

    structures: dict[str, Structure] = {}
    for i, t in enumerate(_tables(docs["structures.toml"], "structures.toml", "structure")):
        item = _Item(
            "structures.toml",
            f"structure {t.get('id', i)!r}" if isinstance(t, dict) else f"structure {i}",
            t,
        )
        passives = []
        for k, raw in enumerate(item.get("passive", list, [])):
            sub = _Item("structures.toml", f"{item.name} passive[{k}]", raw)
            passives.append(Passive(sub.choice("on", PASSIVE_TRIGGERS), sub.effects("effect")))
        st = Structure(
            item.get("id", str),
            item.choice("faction", FACTIONS),
            item.get("name", str),
            item.count("build_cost"),
            item.count("activate_cost"),
            item.count("tokens", lo=1),
            item.get("tunnel", bool, False),
            item.effects("effect"),
            item.get("text", str),
            item.provenance(),
            passive=tuple(passives),
            handler=item.get("handler", bool, False),
        )
        if st.id in structures:
            raise item.fail("id", "appears twice; ids must be unique")
        structures[st.id] = st

    tok = docs["tokens.toml"]
    track_item = _Item("tokens.toml", "[track]", tok.get("track", {}))
    spots = track_item.get("event_spots", list)
    if (
        len(spots) != 5
        or any(not isinstance(s, int) or isinstance(s, bool) for s in spots)
        or list(spots) != sorted(spots)
    ):
        raise track_item.fail(
            "event_spots",
            f"must be 5 ascending whole numbers (four Events and Enable Final Scoring), got {spots!r}",
        )
    events = tuple(
        _token("tokens.toml", "event", t, i) for i, t in enumerate(_tables(tok, "tokens.toml", "event"))
    )
    if len(events) < 4:
        raise ContentError("tokens.toml: needs at least 4 [[event]] tokens (four Event spots).")
    finals = _tables(tok, "tokens.toml", "final_event")
    final = _token("tokens.toml", "final_event", finals[0], 0)
    exploration = tuple(
        _token("tokens.toml", "exploration", t, i)
        for i, t in enumerate(_tables(tok, "tokens.toml", "exploration"))
    )
    war = tuple(
        _token("tokens.toml", "war_party", t, i)
        for i, t in enumerate(_tables(tok, "tokens.toml", "war_party"))
    )
    nests = tuple(
        _token("tokens.toml", "nest", t, i) for i, t in enumerate(_tables(tok, "tokens.toml", "nest"))
    )
    unique("tokens.toml", "token", [t.id for t in (*events, final, *exploration, *war, *nests)])
    for side, board in boards.items():
        need = sum(r.war_party for r in board.regions)
        if need > len(war):
            raise ContentError(
                f"tokens.toml: board side {side} has {need} War Party icons but only {len(war)} [[war_party]] tokens exist."
            )
        need = sum(r.exploration for r in board.regions)
        if need > len(exploration):
            raise ContentError(
                f"tokens.toml: board side {side} has {need} Exploration icons but only {len(exploration)} [[exploration]] tokens exist."
            )

    # after the items: a declaration is checked against valid content (the files' own)
    plausible = tuple(numbers.declared(base, files))
    return ContentSet(
        name=head.get("name", str),
        version=head.get("version", str),
        game=head.choice("game", ("cryhavoc",)),
        digest=digest.hexdigest(),
        boards=boards,
        factions=factions,
        cards=cards,
        skills=skills,
        structures=structures,
        events=events,
        final_event=final,
        exploration=exploration,
        war_parties=war,
        nests=nests,
        track=Track(tuple(spots), track_item.provenance()),
        overrides=tuple(sorted((overrides or {}).items())),
        plausible=plausible,
    )


def as_mapping(content: ContentSet) -> Mapping[str, Any]:
    """Counts for a one-line summary of the content set."""
    return {
        "content_id": content.content_id,
        "cards": len(content.cards),
        "skills": len(content.skills),
        "structures": len(content.structures),
        "provenance": content.provenance_counts(),
    }
