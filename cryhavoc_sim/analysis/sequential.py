"""Confidence sequences: win-rate intervals that stay valid however often you look.

A run that stops "when the interval is narrow enough" looks at its data many times; a
fixed-sample interval (Wilson) read at every look would be too narrow. A confidence
sequence covers the true rate at *every* look at once with the stated probability.

We use the predictable plug-in empirical-Bernstein confidence sequence (PrPl-EB) of
Waudby-Smith and Ramdas, "Estimating means of bounded random variables by betting",
JRSS B 86(1), 2024, Theorem 2 (closed form; the ``confseq`` package implements the same
family but ships only as a C++ source build that needs CMake and Boost). For
observations X_1, X_2, ... in [0, 1], independent with one mean mu:

    mu_hat_t   = (1/2 + sum_{i<=t} X_i) / (t + 1)
    sigma2_t   = (1/4 + sum_{i<=t} (X_i - mu_hat_i)^2) / (t + 1)
    lambda_t   = min(sqrt(2 log(2/alpha) / (sigma2_{t-1} t log(1 + t))), 1/2)
    v_t        = 4 (X_t - mu_hat_{t-1})^2,   psi(l) = (-log(1 - l) - l) / 4
    C_t        = sum lambda_i X_i / sum lambda_i  +-  (log(2/alpha) + sum v_i psi(lambda_i)) / sum lambda_i

with mu_hat_0 = 1/2, sigma2_0 = 1/4. The running intersection of the C_t is valid too.

**What an observation is.** Games of one deal are not independent (seats rotate through
one seed), so the unit is a *block*: the consecutive games that together are one
balanced, independent draw (:meth:`GameSpec.block_size`; for four-player Cry Havoc the
four seat rotations of a deal). A side's observation is its wins over its games in the
block; blocks are independent and share one mean, the side's win rate. With several
sides the level is split equally among them (Bonferroni), so every side's sequence holds
at once with the stated confidence.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

CAP = 0.5  # lambda's ceiling (Waudby-Smith and Ramdas use 1/2 or 3/4)


@dataclass(frozen=True, slots=True)
class Bound:
    """A side's interval at a look: its point estimate (wins over games) and bounds."""

    side: str
    blocks: int
    games: int
    wins: int
    rate: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        """The larger distance from the estimate to a bound (the "+-" of the interval)."""
        return max(self.rate - self.low, self.high - self.rate)


def pr_pl_eb(xs: Sequence[float], alpha: float) -> tuple[float, float]:
    """The running intersection of the PrPl-EB confidence sequence over ``xs`` (each in
    [0, 1]), at level 1 - ``alpha``: (low, high) after the last observation."""
    if len(xs) == 0:
        return (0.0, 1.0)
    low, high = pr_pl_eb_path(xs, alpha)
    return (float(low[-1]), float(high[-1]))


def pr_pl_eb_path(xs: Sequence[float], alpha: float) -> tuple[Any, Any]:
    """The running intersection after every observation of ``xs``: two numpy arrays
    (low, high), one entry per observation (what a look after observation t sees)."""
    import numpy as np

    x = np.asarray(xs, dtype=float)
    n = x.size
    if n == 0:
        return (np.zeros(0), np.ones(0))
    t = np.arange(1, n + 1, dtype=float)
    mu_hat = (0.5 + np.cumsum(x)) / (t + 1)
    sq = (x - mu_hat) ** 2
    sigma2 = (0.25 + np.cumsum(sq)) / (t + 1)
    sigma2_prev = np.concatenate(([0.25], sigma2[:-1]))
    mu_prev = np.concatenate(([0.5], mu_hat[:-1]))
    log_term = math.log(2 / alpha)
    lam = np.minimum(np.sqrt(2 * log_term / (sigma2_prev * t * np.log1p(t))), CAP)
    v = 4 * (x - mu_prev) ** 2
    psi = (-np.log1p(-lam) - lam) / 4
    weights = np.cumsum(lam)
    centre = np.cumsum(lam * x) / weights
    margin = (log_term + np.cumsum(v * psi)) / weights
    low = np.maximum.accumulate(np.maximum(centre - margin, 0.0))
    high = np.minimum.accumulate(np.minimum(centre + margin, 1.0))
    return (np.minimum(low, high), np.maximum(low, high))


def narrowest(blocks: int, confidence: float = 0.95) -> float:
    """The half-width below which no side's sequence can get in ``blocks`` observations,
    whatever they are: the sequence's half-width when every observation is the same (no
    variance to estimate), at level ``confidence`` for a single side (several sides only
    widen it)."""
    if blocks <= 0:
        return 0.5
    low, high = pr_pl_eb([0.5] * blocks, 1 - confidence)
    return (high - low) / 2


def bounds(blocks: Sequence[dict[str, tuple[int, int]]], confidence: float = 0.95) -> list[Bound]:
    """Every side's confidence-sequence interval over ``blocks`` (side -> (wins, games)
    per block, in game order), each at level 1 - (1 - confidence) / number of sides."""
    sides = sorted({s for b in blocks for s in b})
    alpha = (1 - confidence) / max(1, len(sides))
    out = []
    for side in sides:
        mine = [b[side] for b in blocks if side in b and b[side][1] > 0]
        wins = sum(w for w, _ in mine)
        games = sum(g for _, g in mine)
        low, high = pr_pl_eb([w / g for w, g in mine], alpha)
        out.append(Bound(side, len(mine), games, wins, wins / games if games else 0.0, low, high))
    return out
