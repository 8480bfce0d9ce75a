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
from collections.abc import Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Rng(random.Random):
    """The stdlib Mersenne Twister with a faster ``shuffle`` and ``choice``.

    The stdlib draws each index through ``_randbelow``, a Python-level function; here an
    index below ``n`` is ``int(random() * n)`` (one C call), whose bias is below
    ``n / 2**53``: nil for decks of a few dozen cards. Shuffles are the bulk of a game's
    own randomness (every deck at setup, every reshuffle), so this is on the hot path.
    """

    # Draws through shuffle/choice so far: a copy of the game reuses the state it read
    # last while this has not moved (reading the Twister's state is slow: docs/measured.md).
    uses = 0
    _snapshot: tuple[int, Any] | None = None

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        """Fisher-Yates, in place."""
        self.uses += 1
        rnd = self.random
        for i in range(len(x) - 1, 0, -1):
            j = int(rnd() * (i + 1))
            x[i], x[j] = x[j], x[i]

    def choice(self, seq: Sequence[T]) -> T:  # type: ignore[override]
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        self.uses += 1
        return seq[int(self.random() * len(seq))]

    def snapshot(self) -> Any:
        """``getstate()``, read again only after a draw through shuffle or choice (the
        engine draws through nothing else)."""
        snap = self._snapshot
        if snap is None or snap[0] != self.uses:
            snap = self._snapshot = (self.uses, self.getstate())
        return snap[1]


_MASK64 = (1 << 64) - 1


def _hash64(*parts: object) -> int:
    text = "\x1f".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little") & _MASK64


def game_seed(master_seed: int, game_index: int) -> int:
    """The seed of game ``game_index`` of a run with ``master_seed`` (a uint64)."""
    return _hash64("cryhavoc-sim/game", master_seed, game_index)


def study_seed(seed: int, purpose: str, index: int) -> int:
    """A scenario seed (below 2**31) for the ``index``-th set of deals a study plays for
    ``purpose`` beside a scenario of seed ``seed`` (a calibration's later stages, its
    confirmation on fresh deals)."""
    return _hash64("cryhavoc-sim/study", seed, purpose, index) % 2**31


def stream(seed: int, name: str) -> Rng:
    """An independent generator for the named purpose within one game."""
    return Rng(_hash64("cryhavoc-sim/stream", seed, name))


def copy_rng(rng: Rng) -> Rng:
    """An independent generator in the same state (for copies of a game)."""
    new = Rng.__new__(Rng)
    new.setstate(rng.snapshot())
    new.uses = rng.uses
    return new


def derive(rng: Rng) -> Rng:
    """A new generator seeded from ``rng``'s stream (a determinized copy's future)."""
    return Rng(rng.getrandbits(64))
