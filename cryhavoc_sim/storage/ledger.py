"""A run's ledger of shards, as its manifest records it: which chunk wrote which shard
of which table, with the shard's SHA-256. Readers read exactly the ledger's shards and
check them (storage/reader.py); the runner writes the ledger and verifies it on resume
(runner/rundir.py)."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError

# The tables a run directory holds, one folder each.
RUN_TABLES = ("games", "seats", "events", "errors")


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def ledger(manifest: dict[str, Any]) -> dict[int, dict[str, Any]] | None:
    """The manifest's chunk ledger by start game, or None for runs written before it."""
    chunks = manifest.get("chunks")
    if chunks is None:
        return None
    if not isinstance(chunks, dict):
        raise UserError("manifest.json: field 'chunks' must be an object; the file was changed by hand.")
    out: dict[int, dict[str, Any]] = {}
    for key, entry in chunks.items():
        if (
            not (key.isascii() and key.isdigit())
            or not isinstance(entry, dict)
            or not isinstance(entry.get("stop"), int)
            or not isinstance(entry.get("shards"), dict)
            or not all(isinstance(v, str) for v in entry["shards"].values())
            or not set(entry["shards"]) <= set(RUN_TABLES)
        ):
            raise UserError(f"manifest.json: chunk entry {key!r} is malformed; the file was changed by hand.")
        out[int(key)] = entry
    return out


def missing_shards(run_dir: Path, manifest: dict[str, Any]) -> list[str]:
    """Shards the manifest's ledger lists that are not on disk (a reader's check)."""
    from cryhavoc_sim.storage.writer import shard_name

    entries = ledger(manifest) or {}
    return [
        f"{t}/{shard_name(start)}"
        for start, entry in sorted(entries.items())
        for t in entry["shards"]
        if not (run_dir / t / shard_name(start)).is_file()
    ]


def changed_shards(run_dir: Path, manifest: dict[str, Any]) -> list[str]:
    """Shards the ledger lists whose SHA-256 on disk is not the recorded one (a reader's
    check: the tables hold exactly what this run wrote)."""
    from cryhavoc_sim.storage.writer import shard_name

    entries = ledger(manifest) or {}
    out = []
    for start, entry in sorted(entries.items()):
        for t, sha in entry["shards"].items():
            path = run_dir / t / shard_name(start)
            if path.is_file() and file_sha256(path) != sha:
                out.append(f"{t}/{shard_name(start)}")
    return out


def listed_shards(run_dir: Path, manifest: dict[str, Any], table: str) -> list[Path] | None:
    """The ledger's shards of ``table``, or None for a run written before the ledger."""
    from cryhavoc_sim.storage.writer import shard_name

    entries = ledger(manifest)
    if entries is None:
        return None
    return [run_dir / table / shard_name(s) for s, e in sorted(entries.items()) if table in e["shards"]]
