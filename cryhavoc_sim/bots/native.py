"""The heuristic bot compiled with mypyc: the same source, about a fifth faster a game.

``make`` runs ``python -m cryhavoc_sim.build_native`` after installing: mypyc (part
of mypy) turns ``heuristic.py`` into a C extension, kept outside the source tree in
``<venv>/cryhavoc-native/cryhavoc_sim/bots/`` with the hash of the sources it was built
from. ``cryhavoc_sim.bots`` puts that folder first on its package path only while the
hash matches the sources on disk, so an edited bot runs as plain Python until the next
``make``; ``CRYHAVOC_PURE_PYTHON=1`` turns the compiled bot off. Decisions are the same
either way (a test plays games with both and compares the event logs). Without a C
compiler the build says so and everything runs as plain Python.
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
# The compiled module and the modules whose types it was compiled against.
SOURCES = (
    "bots/heuristic.py",
    "bots/base.py",
    "bots/personalities.py",
    "content/schema.py",
    "engine/decisions.py",
    "engine/game.py",
    "engine/state.py",
    "rng.py",
)
NATIVE_DIR = Path(sys.prefix) / "cryhavoc-native" / "cryhavoc_sim" / "bots"
STAMP = "heuristic.sha256"


def source_hash(package: Path = PACKAGE) -> str:
    digest = hashlib.sha256()
    for name in SOURCES:
        digest.update(name.encode() + b"\0" + (package / name).read_bytes())
    return digest.hexdigest()


def built_from() -> str | None:
    """The source hash the compiled bot in ``NATIVE_DIR`` was built from, if any."""
    try:
        return (NATIVE_DIR / STAMP).read_text().strip()
    except OSError:
        return None


def native_dir() -> Path | None:
    """The folder of a compiled bot built from the current sources, if there is one."""
    if os.environ.get("CRYHAVOC_PURE_PYTHON"):
        return None
    return NATIVE_DIR if built_from() == source_hash() else None
