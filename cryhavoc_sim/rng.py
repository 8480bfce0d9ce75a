"""Seed derivation: the only module that creates random number generators.

Every game gets one seed derived from ``(master_seed, game_index)``; from that seed
come independent child streams, one for the game's shuffles and dice (``"game"``) and
one per bot (``"bot:<faction>"``), so a bot's own tie-breaks never shift a deck.
Derivation goes through BLAKE2b, so it is stable across Python versions, platforms,
worker counts and scheduling.
"""

from __future__ import annotations

import hashlib
import random

Rng = random.Random

_MASK64 = (1 << 64) - 1


def _hash64(*parts: object) -> int:
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little") & _MASK64


def game_seed(master_seed: int, game_index: int) -> int:
    """The seed of game ``game_index`` of a run with ``master_seed`` (a uint64)."""
    return _hash64("cryhavoc-sim/game", master_seed, game_index)


def stream(seed: int, name: str) -> Rng:
    """An independent generator for the named purpose within one game."""
    return random.Random(_hash64("cryhavoc-sim/stream", seed, name))
