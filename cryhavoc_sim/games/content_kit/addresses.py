"""Every settable value of a content set by a stable address, from the item tables a
game declares: ``<prefix>.<item id>.<field>`` for an item of an array of tables
(``cards.knight.icons``), ``<prefix>.<field>`` for a single table (``numbers.actions``).

A game declares which fields are settable (a list, or every plain value but the ones
that say what an item *is*), the loader's defaults for fields a file may leave out (they
are addressable all the same), and any values nested deeper (a hook: Cry Havoc's effect
steps). Scenario overrides, sweeps, plausible declarations and written sets all go
through these addresses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from cryhavoc_sim.errors import ContentError


@dataclass(frozen=True, slots=True)
class Slot:
    """One settable value: the file, and where in it (a table and a key)."""

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
        t = docs.get(self.file, {})
        for s in self.steps:  # a single table a file leaves out holds the defaults
            t = t.get(s, {}) if isinstance(t, dict) else t[s]
        return t.get(self.key, self.default)

    def set(self, docs: Mapping[str, Any], value: Any) -> None:
        """Set the value in ``docs`` (its kind already checked against :meth:`get`'s)."""
        self.table(docs)[self.key] = value

    def writes(self, value: Any) -> tuple[tuple[tuple[Any, ...], Any], ...]:
        """What :meth:`set` would write where in the documents: (place, value) pairs (two
        overrides must not write different values to one place)."""
        return (((self.file, *self.steps, self.key), value),)


@dataclass(frozen=True, slots=True)
class PickSlot(Slot):
    """Which item of a group carries the flag ``key`` (a faction's Default Skill): read
    as that item's id, set by naming one of ``ids``, which makes the flag true on it and
    false on the group's others (the items at ``indices`` of the array at ``steps``)."""

    indices: tuple[int, ...] = ()
    ids: tuple[str, ...] = ()

    def get(self, docs: Mapping[str, Any]) -> Any:
        items = docs.get(self.file, {}).get(self.steps[0], [])
        for i, ident in zip(self.indices, self.ids, strict=True):
            if items[i].get(self.key) is True:
                return ident
        return ""

    def writes(self, value: Any) -> tuple[tuple[tuple[Any, ...], Any], ...]:
        if value not in self.ids:
            got = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
            raise ContentError(f"must be one of {', '.join(repr(i) for i in self.ids)}, got {got}")
        return tuple(
            ((self.file, *self.steps, i, self.key), ident == value)
            for i, ident in zip(self.indices, self.ids, strict=True)
        )

    def set(self, docs: Mapping[str, Any], value: Any) -> None:
        items = self.table(docs)
        for (_, _, i, key), flag in self.writes(value):
            items[i][key] = flag


# A hook for values nested inside an item: (address prefix, file, steps to the item, the
# item's table) -> (address, slot) pairs.
Nested = Callable[[str, str, tuple[Any, ...], dict[str, Any]], Iterator[tuple[str, Slot]]]


@dataclass(frozen=True, slots=True)
class _Declared:
    """Where a game's settable values stand: ``[key]`` or ``[[key]]`` in ``file``,
    addressed under ``prefix``; the settable fields in this order (None: every plain
    value not in ``fixed``) and the loader's defaults for fields a file leaves out."""

    prefix: str
    file: str
    key: str
    fields: tuple[str, ...] | None = None
    fixed: frozenset[str] = frozenset()
    defaults: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Items(_Declared):
    """An array of tables whose items have ids, addressed ``prefix.<segment of id>.<field>``."""

    when: Callable[[dict[str, Any]], bool] | None = None  # only items this accepts
    segment: Callable[[str], str] | None = None  # id -> address segment (default: the id)
    nested: Nested | None = None


@dataclass(frozen=True, slots=True)
class Table(_Declared):
    """One table, addressed ``prefix.<field>``."""


@dataclass(frozen=True, slots=True)
class Picks(_Declared):
    """In an array of tables, which item of each group (the items sharing the field
    ``by``) carries the true/false ``flag``, addressed ``prefix.<group>`` as the item's id
    (:class:`PickSlot`): a choice among items that the files spell as one flag on each
    (Cry Havoc's ``default = true`` on one Skill a faction). Its own prefix, so that no
    pattern over the items' numbers (``skills.humans.*``) reaches a value of another kind."""

    flag: str = ""
    by: str = ""


def plain(value: Any) -> bool:
    """A value an address may hold: true/false, a whole number, text, or a list of
    whole numbers."""
    return isinstance(value, bool | int | str) or (
        isinstance(value, list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def kind(value: Any) -> str:
    """The kind of a plain value, in words."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, str):
        return "a string"
    return "a list of whole numbers"


def _fields(
    table: dict[str, Any],
    fields: tuple[str, ...] | None,
    fixed: frozenset[str],
    defaults: Mapping[str, Any],
) -> Iterator[tuple[str, Any]]:
    """(field, default or None) of every settable field of ``table``."""
    if fields is not None:
        for name in fields:
            if name in table:
                if plain(table[name]):
                    yield name, None
            elif name in defaults:
                yield name, defaults[name]
        return
    for name, default in defaults.items():
        if name not in table:
            yield name, default
    for name, value in table.items():
        if name not in fixed and plain(value):
            yield name, None


def addresses(docs: Mapping[str, Any], tables: tuple[Items | Table | Picks, ...]) -> dict[str, Slot]:
    """Every settable value of the content documents, by address, in the declared order."""
    out: dict[str, Slot] = {}
    for t in tables:
        doc = docs.get(t.file, {})
        if isinstance(t, Picks):
            out.update(_picks(t, doc.get(t.key, [])))
            continue
        if isinstance(t, Table):
            single = doc.get(t.key, {})
            if isinstance(single, dict):
                for name, default in _fields(single, t.fields, t.fixed, t.defaults):
                    out[f"{t.prefix}.{name}"] = Slot(t.file, (t.key,), name, default)
            continue
        items = doc.get(t.key, [])
        if not isinstance(items, list):
            continue
        for i, item in enumerate(items):
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            if t.when is not None and not t.when(item):
                continue
            prefix = f"{t.prefix}.{t.segment(item['id']) if t.segment else item['id']}"
            for name, default in _fields(item, t.fields, t.fixed, t.defaults):
                out[f"{prefix}.{name}"] = Slot(t.file, (t.key, i), name, default)
            if t.nested is not None:
                out.update(t.nested(prefix, t.file, (t.key, i), item))
    return out


def _picks(t: Picks, items: Any) -> dict[str, Slot]:
    """The :class:`PickSlot` of every group of ``items`` (in the order groups first appear)."""
    groups: dict[str, tuple[list[int], list[str]]] = {}
    if not isinstance(items, list):
        return {}
    for i, item in enumerate(items):
        if isinstance(item, dict) and isinstance(item.get("id"), str) and isinstance(item.get(t.by), str):
            indices, ids = groups.setdefault(item[t.by], ([], []))
            indices.append(i)
            ids.append(item["id"])
    return {
        f"{t.prefix}.{group}": PickSlot(t.file, (t.key,), t.flag, None, tuple(indices), tuple(ids))
        for group, (indices, ids) in groups.items()
    }
