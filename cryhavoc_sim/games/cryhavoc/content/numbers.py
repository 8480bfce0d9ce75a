"""Content numbers by stable path: addresses, scenario overrides and declared ranges.

Every number (and every choice) of a content set has an address made of the section,
the item and the field, for example::

    factions.trogs.units                      # factions.toml, faction "trogs"
    structures.humans.watchtower.build_cost   # structures.toml, structure "humans.watchtower"
    skills.humans.scouting.effect.where       # the one effect step of the skill with a "where"
    skills.humans.scouting.effect[0].where    # the same, by step
    tokens.war_party.6.trogs                  # tokens.toml, [[war_party]] "war_party.6"
    board_34p.scorch.crystals                 # board_34p.toml, region "scorch"
    track.event_spots                         # tokens.toml, [track]

A *path* may use ``*`` (any run of characters) and ``{a,b}`` (either), as shell patterns
do: ``tokens.war_party.*.trogs`` names the Trogs of every War Party token, and
``board_34p.{mirror_lake,thornwood}.war_party`` the icons of two Regions. An override sets
every number its path names; the content is then validated as if the files said so, so a
value the game cannot play is refused with the loader's own sentence.

A content file declares what is plausible next to what it reconstructs::

    [[plausible]]
    path = "tokens.war_party.*.trogs"
    range = [1, 3]              # whole numbers, both ends included
    rationale = "why these values are plausible"

or ``choices = [...]`` for a reconstructed choice and its alternatives. The shipped
values must lie inside what is declared (a test loads every declared end).
"""

from __future__ import annotations

import copy
import fnmatch
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.cryhavoc.content.vocabulary import VOCABULARY
from cryhavoc_sim.games.protocol import Plausible

# section -> (file, array-of-tables key, how an item's id becomes its address segment)
ITEM_SECTIONS: dict[str, tuple[str, str]] = {
    "factions": ("factions.toml", "faction"),
    "cards": ("cards.toml", "card"),
    "skills": ("skills.toml", "skill"),
    "structures": ("structures.toml", "structure"),
    "board_2p": ("board_2p.toml", "region"),
    "board_34p": ("board_34p.toml", "region"),
    "tokens.event": ("tokens.toml", "event"),
    "tokens.final_event": ("tokens.toml", "final_event"),
    "tokens.exploration": ("tokens.toml", "exploration"),
    "tokens.war_party": ("tokens.toml", "war_party"),
    "tokens.nest": ("tokens.toml", "nest"),
}
# Fields that say what an item is, not how it plays: never overridden.
FIXED = frozenset(
    {"id", "name", "text", "provenance", "rationale", "adjacent", "plausible", "faction", "deck"}
)
EFFECT_LISTS = ("effect", "tactic")
# Optional fields and the loader's defaults for them (loader.py): addressable although
# a file leaves them out.
DEFAULTS: dict[str, dict[str, Any]] = {
    "faction": {},
    "card": {},
    "skill": {"cost_crystals": 0, "cost_units": 0},
    "structure": {},
    "region": {"crystals": 0, "war_party": False, "exploration": False, "tunnel": False},
    "event": {"trogs": 0, "crystals": 0},
    "final_event": {},
    "exploration": {"trogs": 0, "crystals": 0},
    "war_party": {"trogs": 0, "crystals": 0},
    "nest": {"trogs": 0, "crystals": 0},
}


@dataclass(frozen=True, slots=True)
class Slot:
    """One overridable value: the file, and where in it (a table and a key)."""

    file: str
    steps: tuple[Any, ...]  # keys and indices from the document's root to the table
    key: str
    default: Any = None  # the loader's value when the file leaves the key out

    def table(self, docs: Mapping[str, Any]) -> Any:
        t = docs[self.file]
        for s in self.steps:
            t = t[s]
        return t

    def get(self, docs: Mapping[str, Any]) -> Any:
        return self.table(docs).get(self.key, self.default)


def _segment(section: str, item_id: str) -> str:
    """An item's address segment: its id, less the kind prefix tokens repeat
    ("war_party.6" -> "6"); other ids stay whole ("humans.watchtower")."""
    if section.startswith("tokens.") and "." in item_id:
        return item_id.split(".", 1)[1]
    return item_id


def _scalar(value: Any) -> bool:
    return isinstance(value, bool | int | str) or (
        isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _step_values(step: Any) -> dict[str, tuple[Any, bool]]:
    """An effect step's parameters: name -> (value, whether the file leaves it out and
    the vocabulary's default applies)."""
    if not isinstance(step, dict):
        return {}
    out = {k: (v, False) for k, v in step.items() if k != "op"}
    for key, (_, default) in VOCABULARY.get(step.get("op", ""), {}).items():
        if default is not None and key not in out:
            out[key] = (default, True)
    return out


def _effect_slots(prefix: str, file: str, steps: tuple[Any, ...], table: Any) -> Iterator[tuple[str, Slot]]:
    for field in EFFECT_LISTS:
        effect = table.get(field)
        if not isinstance(effect, list):
            continue
        params = [_step_values(step) for step in effect]
        counts: dict[str, int] = {}
        for p in params:
            for key in p:
                counts[key] = counts.get(key, 0) + 1
        for i, p in enumerate(params):
            for key, (value, defaulted) in p.items():
                if not _scalar(value):
                    continue
                slot = Slot(file, (*steps, field, i), key, value if defaulted else None)
                yield f"{prefix}.{field}[{i}].{key}", slot
                if counts[key] == 1:
                    yield f"{prefix}.{field}.{key}", slot
    passive = table.get("passive")
    if isinstance(passive, list):
        for k, sub in enumerate(passive):
            if isinstance(sub, dict):
                yield from _effect_slots(f"{prefix}.passive[{k}]", file, (*steps, "passive", k), sub)


def addresses(docs: Mapping[str, Any]) -> dict[str, Slot]:
    """Every overridable value of the content documents, by address."""
    out: dict[str, Slot] = {}
    for section, (file, key) in ITEM_SECTIONS.items():
        items = docs.get(file, {}).get(key, [])
        if not isinstance(items, list):
            continue
        for i, table in enumerate(items):
            if not isinstance(table, dict) or not isinstance(table.get("id"), str):
                continue
            prefix = f"{section}.{_segment(section, table['id'])}"
            for name, default in DEFAULTS[key].items():
                if name not in table:
                    out[f"{prefix}.{name}"] = Slot(file, (key, i), name, default)
            for name, value in table.items():
                if name not in FIXED and name not in EFFECT_LISTS and name != "passive" and _scalar(value):
                    out[f"{prefix}.{name}"] = Slot(file, (key, i), name)
            out.update(_effect_slots(prefix, file, (key, i), table))
    track = docs.get("tokens.toml", {}).get("track", {})
    if isinstance(track, dict):
        for name, value in track.items():
            if name not in FIXED and _scalar(value):
                out[f"track.{name}"] = Slot("tokens.toml", ("track",), name)
    return out


_BRACES = re.compile(r"\{([^{}]*)\}")


def expand(path: str) -> list[str]:
    """``a.{b,c}.d`` -> ``a.b.d``, ``a.c.d`` (nested and repeated braces too)."""
    m = _BRACES.search(path)
    if m is None:
        return [path]
    return [x for alt in m.group(1).split(",") for x in expand(path[: m.start()] + alt + path[m.end() :])]


def matching(table: Mapping[str, Slot], path: str) -> list[str]:
    """The addresses a path names (exact, or a pattern), in the content's order."""
    if path in table:
        return [path]
    patterns = [p.replace("[", "[[]") for p in expand(path)]  # "effect[0]" is literal
    return [a for a in table if any(fnmatch.fnmatchcase(a, p) for p in patterns)]


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return "a string"
    return "a list of whole numbers"


def _same_kind(old: Any, new: Any) -> bool:
    return _kind(old) == _kind(new) and _scalar(new)


def apply_overrides(docs: dict[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``docs`` with every override set; a path that names nothing, or a value
    of the wrong kind, is a :class:`ContentError` naming the path."""
    if not overrides:
        return docs
    out = copy.deepcopy(docs)
    table = addresses(out)
    for path, value in overrides.items():
        found = matching(table, path)
        if not found:
            raise ContentError(
                f"override {path!r} names no number of the content; "
                "`cryhavoc-sim content --numbers` lists the paths"
            )
        for address in found:
            slot = table[address]
            old = slot.get(out)
            if not _same_kind(old, value):
                raise ContentError(f"override {path!r} must be {_kind(old)} (as {address} is), got {value!r}")
            slot.table(out)[slot.key] = copy.deepcopy(value)
    return out


def overrides_key(overrides: Mapping[str, Any]) -> str:
    """A canonical text of the overrides (hashed into the content digest; a cache key)."""
    return json.dumps(dict(sorted(overrides.items())), sort_keys=True, separators=(",", ":"))


def declared(docs: Mapping[str, Any]) -> list[Plausible]:
    """The ``[[plausible]]`` declarations of every file, checked against the content."""
    table = addresses(docs)
    out: list[Plausible] = []
    seen: set[str] = set()
    for file in sorted({f for f, _ in ITEM_SECTIONS.values()} | {"tokens.toml"}):
        raw = docs.get(file, {}).get("plausible", [])
        if not isinstance(raw, list):
            raise ContentError(f"{file}: plausible must be an array of tables ([[plausible]]).")
        for i, entry in enumerate(raw):
            out.append(_declaration(file, i, entry, table, docs, seen))
    return out


def _declaration(
    file: str, i: int, entry: Any, table: Mapping[str, Slot], docs: Mapping[str, Any], seen: set[str]
) -> Plausible:
    where = f"{file}: plausible[{i}]"
    if not isinstance(entry, dict):
        raise ContentError(f"{where} must be a table.")
    unknown = set(entry) - {"path", "range", "choices", "rationale"}
    if unknown:
        raise ContentError(
            f"{where}: unknown field(s) {', '.join(sorted(unknown))}; allowed: path, range, choices, rationale."
        )
    path, rationale = entry.get("path"), entry.get("rationale")
    if not isinstance(path, str) or not path:
        raise ContentError(f"{where}: field 'path' must name content numbers, got {path!r}.")
    if path in seen:
        raise ContentError(f"{where}: path {path!r} is declared twice.")
    seen.add(path)
    if not isinstance(rationale, str) or not rationale:
        raise ContentError(f"{where}: field 'rationale' is required (why these values are plausible).")
    found = matching(table, path)
    if not found:
        raise ContentError(f"{where}: path {path!r} names no number of the content.")
    current = tuple(table[a].get(docs) for a in found)
    low = high = None
    choices: tuple[Any, ...] = ()
    if ("range" in entry) == ("choices" in entry):
        raise ContentError(f"{where}: give exactly one of 'range' = [low, high] or 'choices' = [...].")
    if "range" in entry:
        r = entry["range"]
        ok = (
            isinstance(r, list)
            and len(r) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in r)
        )
        if not ok or r[0] >= r[1]:
            raise ContentError(
                f"{where}: field 'range' must be [low, high], whole numbers with low < high, got {r!r}."
            )
        if any(_kind(c) != "a whole number" for c in current):
            raise ContentError(
                f"{where}: a range needs whole numbers, but {path!r} names {_kind(current[0])}."
            )
        low, high = r
        outside = [c for c in current if not low <= c <= high]
        if outside:
            raise ContentError(f"{where}: range {r} leaves out the shipped value {outside[0]} of {path!r}.")
    else:
        c = entry["choices"]
        if not isinstance(c, list) or len(c) < 2 or any(not _same_kind(current[0], x) for x in c):
            raise ContentError(
                f"{where}: field 'choices' must list 2 or more alternatives, each {_kind(current[0])}, got {c!r}."
            )
        choices = tuple(c)
        outside = [v for v in current if v not in choices]
        if outside:
            raise ContentError(f"{where}: choices leave out the shipped value {outside[0]!r} of {path!r}.")
    return Plausible(path, file, low, high, choices, rationale, current)


def content_values(directory: str | None, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every addressable value of the content set in ``directory`` (None: the shipped
    set), after ``overrides``: what ``cryhavoc-sim content --numbers`` lists."""

    from cryhavoc_sim.games.cryhavoc.content.loader import FILES, _read, default_content_dir

    base = Path(directory) if directory is not None else default_content_dir()
    if not base.is_dir():
        raise ContentError(f"{base}: content directory does not exist.")
    docs = apply_overrides({name: _read(base, name)[0] for name in FILES}, overrides or {})
    return {address: slot.get(docs) for address, slot in addresses(docs).items()}


def write_content_set(
    directory: str | None, overrides: Mapping[str, Any], target: Path, name: str, note: str
) -> Path:
    """Write the content set in ``directory`` (None: the shipped one) with ``overrides``
    set, as a new set named ``name`` in ``target``: every item a value changed in says
    so in its rationale (``note``), and a reconstructed one becomes ``calibrated``
    (reconstructed, then chosen by the search ``note`` names). The written set loads."""
    import tomli_w

    from cryhavoc_sim.games.cryhavoc.content.loader import FILES, _read, default_content_dir, load_content

    base = Path(directory) if directory is not None else default_content_dir()
    docs = {f: _read(base, f)[0] for f in FILES}
    table = addresses(docs)
    changed: dict[tuple[str, tuple[Any, ...]], list[str]] = {}
    for path, value in overrides.items():
        for address in matching(table, path):
            slot = table[address]
            if slot.get(docs) != value:
                item = (slot.file, slot.steps[:2])
                changed.setdefault(item, []).append(f"{address.rsplit('.', 1)[-1]} = {json.dumps(value)}")
    out = apply_overrides(docs, overrides)
    for (file, steps), what in changed.items():
        item = out[file]
        for s in steps:
            item = item[s]
        # Only invented numbers are declared plausible, so a changed item's numbers are now
        # the calibration's whatever its name or effect came from (kept in the rationale).
        before = item.get("provenance")
        item["provenance"] = "calibrated"
        was = f"; provenance before: {before}" if before not in (None, "reconstructed", "calibrated") else ""
        changes = ", ".join(sorted(set(what)))
        item["rationale"] = f"{item.get('rationale', '')} Calibrated: {changes} ({note}{was}).".strip()
        if item.get("text"):  # the printed-style text keeps its old numbers: say what changed
            item["text"] = f"{item['text']} [Calibrated: {changes}.]"
    head = out["content.toml"]["content"]
    source = head.get("name", "the shipped set")
    head["name"] = name
    head["description"] = f"{head.get('description', '')} Calibrated from {source}: {note}."
    target.mkdir(parents=True, exist_ok=True)
    for f in FILES:
        text = (
            f"# Written by cryhavoc-sim tune ({note}) from the content set {base.name}/{f}; comments of the original are not kept.\n"
            + tomli_w.dumps(out[f])
        )
        (target / f).write_text(text)
    load_content(target)  # the written set must load
    return target
