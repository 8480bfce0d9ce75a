"""The engine and the bots compiled with mypyc: the same source, about twice as fast.

``make`` runs ``python -m cryhavoc_sim.build_native`` after installing: mypyc (part of
mypy) turns each module in :data:`COMPILED` into its own C extension, kept outside the
source tree in ``<venv>/cryhavoc-native/cryhavoc_sim/<package>/``, with a stamp naming
every source file mypyc read (the compiled modules and what they import) and their hash.
Each package holding compiled modules (engine, bots, content) puts its folder first on
its package path (:func:`use_compiled`) only while that hash matches the files on disk, so an edited engine runs as plain
Python until the next ``make``; ``CRYHAVOC_PURE_PYTHON=1`` turns the compiled modules
off. Games are the same either way (tests compare the tables and event logs of both).
Without a C compiler the build says so and everything runs as plain Python.

The compiled set is all or nothing: one stamp, one verdict per process.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
# Modules compiled, relative to the package; each one's package ``__init__`` puts its
# compiled folder first (a test checks). Left interpreted: rng.py (a random.Random
# subclass that mypyc cannot compile safely), and the modules off the hot path (engine
# invariants, log, newgame, playout and rules; the content loader; the bot registry; each
# game's harness Rules, its rules.py).
COMPILED = (
    "games/cryhavoc/engine/actions.py",
    "games/cryhavoc/engine/battle.py",
    "games/cryhavoc/engine/battle_effects.py",
    "games/cryhavoc/engine/decisions.py",
    "games/cryhavoc/engine/effects.py",
    "games/cryhavoc/engine/flow.py",
    "games/cryhavoc/engine/game.py",
    "games/cryhavoc/engine/handlers.py",
    "games/cryhavoc/engine/movement.py",
    "games/cryhavoc/engine/prim.py",
    "games/cryhavoc/engine/roles.py",
    "games/cryhavoc/engine/rounds.py",
    "games/cryhavoc/engine/scoring.py",
    "games/cryhavoc/engine/setup.py",
    "games/cryhavoc/engine/solo.py",
    "games/cryhavoc/engine/state.py",
    "games/cryhavoc/engine/structures.py",
    "games/cryhavoc/engine/trogs.py",
    "games/cryhavoc/bots/candidates.py",
    "games/cryhavoc/bots/heuristic.py",
    "games/cryhavoc/bots/ismcts.py",
    "games/cryhavoc/bots/features.py",
    "games/cryhavoc/bots/leaf.py",
    "games/cryhavoc/bots/learned_search.py",
    "games/cryhavoc/bots/value_model.py",
    "games/cryhavoc/bots/planner.py",
    "games/cryhavoc/bots/policy.py",
    "games/cryhavoc/bots/policy_features.py",
    "games/cryhavoc/bots/personalities.py",
    "games/cryhavoc/bots/random_bot.py",
    "games/cryhavoc/content/schema.py",
    "games/cryhavoc/state.py",
    "games/cavetroll/board.py",
    "games/cavetroll/game.py",
    "games/cavetroll/variant.py",
    "games/cavetroll/bots.py",
    "games/cavetroll/policy.py",
    "games/cavetroll/simple.py",
    "games/cavetroll/visibility.py",
    "games/policy/model.py",
    "games/search/ismcts.py",
    "games/search/paired.py",
)
NATIVE_ROOT = Path(sys.prefix) / "cryhavoc-native"
STAMP = "stamp.json"


def sources(package: Path = PACKAGE) -> list[str]:
    """Every package file mypyc reads for :data:`COMPILED`: those modules and, through
    their ``cryhavoc_sim`` imports, everything they are type-checked against."""
    import ast

    seen: set[str] = set()
    todo = list(COMPILED)
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        for node in ast.walk(ast.parse((package / rel).read_text())):
            names: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if name.split(".")[0] != "cryhavoc_sim":
                    continue
                parts = name.split(".")[1:]
                for candidate in ("/".join(parts) + ".py", "/".join([*parts, "__init__.py"])):
                    if parts and (package / candidate).is_file():
                        todo.append(candidate)
    return sorted(seen)


def source_hash(files: list[str], package: Path = PACKAGE) -> str:
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (package / name).read_bytes())
    return digest.hexdigest()


def make_stamp() -> dict[str, object]:
    """The stamp a build of the sources now on disk carries (``build_native`` writes it)."""
    files = sources()
    return {"compiled": list(COMPILED), "sources": files, "hash": source_hash(files)}


def read_stamp(root: Path | None = None) -> dict[str, object] | None:
    """What the build in ``root`` (default :data:`NATIVE_ROOT`) was made from, if any."""
    try:
        stamp = json.loads(((root or NATIVE_ROOT) / STAMP).read_text())
    except (OSError, ValueError):
        return None
    return stamp if isinstance(stamp, dict) else None


def is_fresh(root: Path | None = None) -> bool:
    """Whether ``root`` holds a build of the sources now on disk."""
    stamp = read_stamp(root)
    if stamp is None or stamp.get("compiled") != list(COMPILED):
        return False
    files = stamp.get("sources")
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
        return False
    try:
        return stamp.get("hash") == source_hash(files)
    except OSError:  # a source file the build read is gone
        return False


@cache
def _in_use() -> bool:
    return not os.environ.get("CRYHAVOC_PURE_PYTHON") and is_fresh()


def native_dir(subpackage: str) -> Path | None:
    """The folder of compiled modules for ``cryhavoc_sim.<subpackage>`` when a build of
    the current sources exists and is not turned off; else None (plain Python)."""
    return NATIVE_ROOT / "cryhavoc_sim" / subpackage if _in_use() else None


def compiled() -> bool:
    """Whether this process runs the compiled engine and bots."""
    return _in_use()


def use_compiled(path: list[str], subpackage: str) -> None:
    """Called by ``cryhavoc_sim.<subpackage>/__init__`` with its ``__path__``: put the
    compiled modules first, found before the ``.py`` files, when they are in use."""
    folder = native_dir(subpackage)
    if folder is not None:
        path.insert(0, str(folder))
