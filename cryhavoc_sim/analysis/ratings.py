"""Ratings of entries that meet in two-player games: a Bradley-Terry model, P(a beats
b) = 1 / (1 + exp(r_b - r_a)), fitted by maximum likelihood (scipy's L-BFGS) with a wide
Gaussian prior that keeps an entry that never lost finite; reported in Elo points (400 /
ln 10 per unit of r), centred on the mean entry, with 95% intervals from a bootstrap over
games (each game an independent deal). Unlike a running rating (Elo, TrueSkill) the fit
does not depend on the order the games were played in.

Used by the skill ladder, whose entries are faction-and-bot pairs: the spread of one
faction's ratings across the rungs is how much skill pays on that side (Duersch,
Lambrecht and Oechssler 2020 read a game's skill against chance from the spread of
ratings); a game of pure chance rates every rung alike.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy.optimize import minimize

ELO = 400.0 / math.log(10.0)  # Elo points per unit of the logistic's argument
PRIOR_SD = 4.0  # logits: wide enough to leave any real difference to the games
RESAMPLES = 200

Game = tuple[str, str, float]  # entry a, entry b, a's score (1 won, 0 lost, 0.5 shared)


@dataclass(frozen=True, slots=True)
class Rated:
    """Every entry's rating (Elo points, mean 0) and the bootstrap's resampled ratings,
    one row per resample in the order of ``entries``."""

    entries: tuple[str, ...]
    rating: tuple[float, ...]
    resampled: np.ndarray  # shape (resamples, entries)
    # every entry reached from every other through the games: otherwise only the ratings
    # within a group that met compare (the prior alone places the groups)
    connected: bool = True

    def of(self, entry: str) -> float:
        return self.rating[self.entries.index(entry)]

    def interval(self, entry: str) -> tuple[float, float]:
        """The 95% percentile interval of ``entry``'s rating."""
        col = self.resampled[:, self.entries.index(entry)]
        return float(np.percentile(col, 2.5)), float(np.percentile(col, 97.5))

    def spread(self, entries: Sequence[str]) -> tuple[float, float, float]:
        """The standard deviation of the ratings of ``entries``, with its 95% interval."""
        idx = [self.entries.index(e) for e in entries]
        point = float(np.std([self.rating[i] for i in idx]))
        spreads = self.spread_samples(entries)
        return point, float(np.percentile(spreads, 2.5)), float(np.percentile(spreads, 97.5))

    def spread_samples(self, entries: Sequence[str]) -> np.ndarray:
        """The spread of ``entries`` in every resample."""
        idx = [self.entries.index(e) for e in entries]
        result: np.ndarray = self.resampled[:, idx].std(axis=1)
        return result


def _fit(a: np.ndarray, b: np.ndarray, score: np.ndarray, weight: np.ndarray, n: int) -> np.ndarray:
    """The ratings (logits, mean 0) maximising the weighted likelihood of the games."""

    def loss(r: np.ndarray) -> tuple[float, np.ndarray]:
        d = r[a] - r[b]
        p = 1.0 / (1.0 + np.exp(-d))
        eps = 1e-12
        ll = weight * (score * np.log(p + eps) + (1.0 - score) * np.log(1.0 - p + eps))
        g = weight * (score - p)
        grad = -(np.bincount(a, g, n) - np.bincount(b, g, n)) + r / PRIOR_SD**2
        return float(-ll.sum() + (r * r).sum() / (2 * PRIOR_SD**2)), grad

    res = minimize(loss, np.zeros(n), jac=True, method="L-BFGS-B")
    r: np.ndarray = res.x - res.x.mean()
    return r


def rate(games: Sequence[Game], resamples: int = RESAMPLES, seed: int = 0) -> Rated:
    """Rate every entry of ``games`` (see the module docstring); the bootstrap draws its
    games from ``seed``, so the same games give the same intervals."""
    entries = tuple(sorted({g[0] for g in games} | {g[1] for g in games}))
    if not games:
        return Rated(entries, (), np.zeros((0, 0)))
    index = {e: i for i, e in enumerate(entries)}
    a = np.array([index[g[0]] for g in games])
    b = np.array([index[g[1]] for g in games])
    score = np.array([float(g[2]) for g in games])
    n = len(entries)
    point = _fit(a, b, score, np.ones(len(games)), n) * ELO
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(resamples):
        weight = np.bincount(rng.integers(0, len(games), len(games)), minlength=len(games)).astype(float)
        rows.append(_fit(a, b, score, weight, n) * ELO)
    resampled = np.array(rows).reshape(resamples, n)
    return Rated(entries, tuple(float(x) for x in point), resampled, _connected(n, a, b))


def _connected(n: int, a: np.ndarray, b: np.ndarray) -> bool:
    """Whether the games join all ``n`` entries into one group."""
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for x, y in zip(a.tolist(), b.tolist(), strict=True):
        parent[root(x)] = root(y)
    return len({root(i) for i in range(n)}) == 1
