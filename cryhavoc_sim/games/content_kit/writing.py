"""Writing a content set with new values (``tune`` writes what its search chose): every
item a value changed in says so, and a set that was reconstructed says which search
calibrated it. The written set must load."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError
from cryhavoc_sim.games.content_kit.addresses import addresses
from cryhavoc_sim.games.content_kit.files import content_dir, read_set
from cryhavoc_sim.games.content_kit.overrides import apply_overrides
from cryhavoc_sim.games.content_kit.provenance import INVENTED
from cryhavoc_sim.games.content_kit.spec import ContentSpec


def calibrated_docs(
    spec: ContentSpec, docs: dict[str, Any], overrides: Mapping[str, Any], name: str, note: str
) -> dict[str, Any]:
    """``docs`` with ``overrides`` set, as the set ``name``: an item (a table with an id
    or a provenance) a value changed in becomes ``calibrated``, its rationale says what
    changed and why (``note``) and what it rested on before, and its printed-style text
    says which numbers changed."""
    before = {a: s.get(docs) for a, s in addresses(docs, spec.tables).items()}
    out = apply_overrides(spec, docs, overrides)
    changed: dict[tuple[str, tuple[Any, ...]], list[str]] = {}
    for address, slot in addresses(out, spec.tables).items():
        value = slot.get(out)
        if value != before.get(address):
            owner = (slot.file, slot.steps[:2])  # the item (or single table) holding it
            changed.setdefault(owner, []).append(f"{slot.key} = {json.dumps(value)}")
    for (file, steps), what in changed.items():
        item = out[file]
        for s in steps:
            item = item[s]
        if not isinstance(item, dict) or ("id" not in item and "provenance" not in item):
            continue  # a table of rule numbers: the set's description says it was calibrated
        # Only invented numbers are declared plausible, so a changed item's numbers are now
        # the calibration's whatever its name or effect came from (kept in the rationale).
        was = item.get("provenance")
        item["provenance"] = "calibrated"
        earlier = f"; provenance before: {was}" if was is not None and was not in INVENTED else ""
        changes = ", ".join(sorted(set(what)))
        item["rationale"] = f"{item.get('rationale', '')} Calibrated: {changes} ({note}{earlier}).".strip()
        if item.get("text"):  # the printed-style text keeps its old numbers: say what changed
            item["text"] = f"{item['text']} [Calibrated: {changes}.]"
    _widen(out, overrides, note)
    head = out["content.toml"].setdefault("content", {})
    source = head.get("name", "the shipped set")
    head["name"] = name
    head["description"] = f"{head.get('description', '')} Calibrated from {source}: {note}.".strip()
    return out


def _widen(out: dict[str, Any], overrides: Mapping[str, Any], note: str) -> None:
    """A declared plausible range (or choice) that leaves out a value now set is widened
    to hold it, its rationale saying so (``note`` carries the evidence a calibration gave
    for going beyond it): a set's own value is always among its plausible ones."""
    for doc in out.values():
        for entry in doc.get("plausible", []) if isinstance(doc, dict) else []:
            if not isinstance(entry, dict) or entry.get("path") not in overrides:
                continue
            value = overrides[entry["path"]]
            r, choices = entry.get("range"), entry.get("choices")
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if isinstance(r, list) and len(r) == 2 and number and not r[0] <= value <= r[1]:
                entry["range"] = [min(r[0], value), max(r[1], value)]
            elif isinstance(choices, list) and value not in choices:
                entry["choices"] = [*choices, value]
            else:
                continue
            entry["rationale"] = (
                f"{entry.get('rationale', '')} Widened to hold {json.dumps(value)} ({note}).".strip()
            )


def _write(path: Path, text: str) -> None:
    """Write ``path`` whole or not at all, never through a link planted at its name."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.unlink(missing_ok=True)  # left by a write that died; a link there is removed, not followed
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_set(
    spec: ContentSpec,
    directory: str | Path | None,
    overrides: Mapping[str, Any],
    target: Path,
    name: str,
    note: str,
    load: Callable[[Path], Any],
) -> Path:
    """Write the set in ``directory`` (None: the game's default) with ``overrides`` set as
    the set ``name`` in ``target`` and check it loads (``load``: the game's loader)."""
    import tomli_w

    base = content_dir(directory, spec.default_dir)
    docs, _ = read_set(base, spec.files, spec.title, spec.digest)
    out = calibrated_docs(spec, docs, overrides, name, note)
    if target.is_symlink():
        raise ContentError(
            f"{target}: is a symbolic link; a content set is written into a directory of its own."
        )
    target.mkdir(parents=True, exist_ok=True)
    for f in spec.files:
        header = f"# Written by cryhavoc-sim ({note}) from the content set {base.name}/{f}; comments of the original are not kept.\n"
        _write(target / f, header + tomli_w.dumps(out[f]))
    load(target)  # the written set must load
    return target
