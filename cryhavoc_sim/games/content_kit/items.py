"""Reading items from a parsed content file: field access whose every error is one
sentence naming the file, the item, the field and what is allowed, and the arrays of
tables that hold items (at least one, each with an id, no id twice)."""

from __future__ import annotations

from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.content_kit.provenance import Provenance, read_provenance

MISSING: Any = object()  # a field with no default: it must be given


class Item:
    """One TOML table; ``where`` names it in sentences ("cards.toml: card 'knight'")."""

    def __init__(self, where: str, table: Any) -> None:
        if not isinstance(table, dict):
            raise ContentError(f"{where} must be a table, got {type(table).__name__}.")
        self.where, self.table = where, table

    @property
    def id(self) -> str:
        ident: str = self.get("id", str)
        return ident

    def fail(self, field: str, problem: str) -> ContentError:
        return ContentError(f"{self.where}: field '{field}' {problem}.")

    def get(self, field: str, kind: type, default: Any = MISSING) -> Any:
        if field not in self.table:
            if default is MISSING:
                raise self.fail(field, "is missing")
            return default
        value = self.table[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise self.fail(field, f"must be {kind.__name__}, got {value!r}")
        return value

    def count(self, field: str, default: Any = MISSING, lo: int = 0, hi: int = 99) -> int:
        """A whole number from ``lo`` to ``hi``."""
        value: int = self.get(field, int, default)
        if not lo <= value <= hi:
            raise self.fail(field, f"must be between {lo} and {hi}, got {value}")
        return value

    def choice(self, field: str, allowed: tuple[str, ...], default: Any = MISSING) -> Any:
        """One of ``allowed`` (or ``default``, which may be None)."""
        value = self.get(field, str, default)
        if value is not None and value not in allowed:
            raise self.fail(field, f"is {value!r}; allowed: {', '.join(allowed)}")
        return value

    def provenance(self) -> Provenance:
        return read_provenance(self.where, self.table)


def tables(label: str, doc: dict[str, Any], key: str) -> list[Any]:
    """The ``[[key]]`` tables of a file (``label`` names it): at least one."""
    value = doc.get(key, [])
    if not isinstance(value, list) or not value:
        raise ContentError(f"{label}: needs at least one [[{key}]] table.")
    return value


def unique(label: str, kind: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise ContentError(f"{label}: {kind} id {i!r} appears twice; ids must be unique.")
        seen.add(i)


def items(label: str, doc: dict[str, Any], key: str) -> list[Item]:
    """The ``[[key]]`` items of a file, each with an id (text), no id twice; each
    named ``<label>: <key> '<id>'`` in sentences."""
    out: list[Item] = []
    for i, table in enumerate(tables(label, doc, key)):
        ident = table.get("id") if isinstance(table, dict) else None
        if not isinstance(ident, str) or not ident:
            raise ContentError(f"{label}: {key}[{i}] needs an 'id' (text).")
        out.append(Item(f"{label}: {key} {ident!r}", table))
    unique(label, key, [item.id for item in out])
    return out
