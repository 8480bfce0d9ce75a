"""The statistics of a balance study, on plain numbers (no files, no frames).

A side's *statement* at one rung compares its win rate with its fair share: "above" when
the 95% Wilson interval lies wholly above the share, "below" when wholly under it,
"within" otherwise ("solo" when there is no share to be fair about).

Its *verdict* over the ladder (every seat played by the same bot at each rung; the
published practice of judging balance where every side is played equally well and
requiring the judgement to survive more skill: Jaffe et al. 2012, Zook et al. 2019,
Ludii's SkillTrace, TAG's SkillLadder):

- **stable**: the top two rungs make the same statement, the two rungs agree within
  ``margin`` by a paired two one-sided tests procedure (Schuirmann 1987) over the same
  deals (the 90% interval of the paired difference, by deals, lies inside (-margin,
  +margin)), and the upper rung is shown to play better than the lower (a larger budget
  of a family whose budget is a skill knob, games/search/skill.py);
- **unproven**: as stable, but the upper rung is not shown stronger: two rungs that play
  alike agree whatever the game, so their agreement proves nothing;
- **skill-sensitive**: the top two rungs make different statements, or cannot be shown
  to agree within the margin (more skill may still move the side);
- **unjudged**: a single rung, nothing to compare.

Games of one deal are not independent (seats rotate through one seed), so the paired
test counts deals (analysis/deals.py ``paired_difference``): with one game a deal it is
the paired t test.

The *trend* (SkillTrace's idea) fits each side's win rate against log2 of the search
budget over the rungs of one family whose budget is a skill knob, weighted by each
rate's variance by deals, and predicts the next doubling with its interval. The rungs
share their deals, which makes their rates positively correlated; treating them as
independent makes the slope's interval wider, not narrower.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cryhavoc_sim.analysis.wilson import Z95

DEFAULT_MARGIN = 0.05


def margin_problem(margin: float) -> str | None:
    """Why ``margin`` (a share: 0.05 is 5 points) cannot be used, or None."""
    if isinstance(margin, bool) or not isinstance(margin, int | float) or not 0 < margin < 0.5:
        return f"the margin is {margin!r}; allowed: more than 0 and less than 50 points (0.05 = 5 points)."
    return None


@dataclass(frozen=True, slots=True)
class RungRate:
    """One side's win rate at one rung, with its 95% Wilson interval and fair share."""

    rung: str
    side: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    fair_share: float | None
    deals: int = 0  # the deals its games were played in (0: not counted)
    design_effect: float = 1.0  # its variance by deals over the binomial variance

    @property
    def statement(self) -> str:
        """ "above", "below" or "within" its fair share at this rung; "solo": no share."""
        if self.fair_share is None:
            return "solo"
        if self.ci_low > self.fair_share:
            return "above"
        if self.ci_high < self.fair_share:
            return "below"
        return "within"


@dataclass(frozen=True, slots=True)
class Agreement:
    """The paired difference of a side's wins between two rungs over the same deals
    (``second`` minus ``first``, as a share of games), its 90% interval, and whether two
    one-sided tests at 5% each show the rungs equivalent within the margin."""

    diff: float
    low: float
    high: float
    pairs: int
    margin: float
    equivalent: bool
    deals: int = 0  # the deals the pairs were played in (0: one game a deal)


def paired_tost(
    first: Sequence[int],
    second: Sequence[int],
    margin: float,
    alpha: float = 0.05,
    games: Sequence[int] | None = None,
) -> Agreement:
    """Two one-sided tests of ``|mean(second - first)| < margin`` on paired outcomes: the
    same side in the same deal at two rungs, ``first`` and ``second`` its wins in each
    deal of ``games`` games (None: one game a deal, 0/1 outcomes). Equivalent when the
    (1 - 2 alpha) t interval by deals of the mean difference per game lies strictly
    inside (-margin, margin)."""
    from cryhavoc_sim.analysis.deals import paired_difference

    if len(first) != len(second) or (games is not None and len(games) != len(first)):
        raise ValueError(f"paired outcomes of different lengths ({len(first)} and {len(second)})")
    if not 0 < margin < 0.5:
        raise ValueError(f"margin is {margin!r}; allowed: more than 0 and less than 0.5")
    sizes = [1] * len(first) if games is None else list(games)
    n = sum(sizes)
    if len(first) < 2:
        return Agreement(0.0, -1.0, 1.0, n, margin, False, len(first))
    mean, low, high, deals = paired_difference(first, second, sizes, 1 - 2 * alpha)
    return Agreement(mean, low, high, n, margin, -margin < low and high < margin, deals if games else 0)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A side's verdict over the ladder: its statement at the top rung, whether it is
    stable, and one sentence saying why."""

    side: str
    statement: str
    status: str  # "stable", "unproven", "skill-sensitive" or "unjudged"
    reason: str
    agreement: Agreement | None


def verdict(
    top: RungRate,
    second: RungRate | None,
    agreement: Agreement | None,
    stronger: tuple[bool, str],
) -> Verdict:
    """The verdict on ``top``'s side from the two highest rungs (``second`` None: one
    rung); ``stronger``: whether the top rung is shown to play better than the second,
    and the ladder result that says so or why not (balance/rungs.py ``upper_stronger``)."""
    said = top.statement
    if second is None or agreement is None:
        return Verdict(top.side, said, "unjudged", f"one rung ({top.rung}): nothing to compare", None)
    points = f"{agreement.margin * 100:g} points"
    by = f", by {agreement.deals:,} deals" if agreement.deals else ""
    gap = (
        f"{second.rung} to {top.rung}: {agreement.diff * 100:+.1f} points (90% interval"
        f" {agreement.low * 100:+.1f} to {agreement.high * 100:+.1f}{by})"
    )
    if second.statement != said:
        reason = f"{second.statement} at {second.rung} but {said} at {top.rung} ({gap})"
        return Verdict(top.side, said, "skill-sensitive", reason, agreement)
    if not agreement.equivalent:
        reason = f"{said} at both top rungs, but they are not shown to agree within {points} ({gap})"
        return Verdict(top.side, said, "skill-sensitive", reason, agreement)
    shown, why = stronger
    if not shown:
        reason = (
            f"{said} at both top rungs, which agree within {points} ({gap}), but the stability is unproven:"
            f" {why}, so the two may only play alike"
        )
        return Verdict(top.side, said, "unproven", reason, agreement)
    reason = f"{said} at both top rungs, which agree within {points} ({gap})" + (f"; {why}" if why else "")
    return Verdict(top.side, said, "stable", reason, agreement)


@dataclass(frozen=True, slots=True)
class Trend:
    """A side's win rate against log2 of one family's search budget: the change per
    doubling with its 95% interval, and the rate predicted at the next doubling with its
    interval."""

    side: str
    budgets: tuple[int, ...]
    slope: float
    slope_low: float
    slope_high: float
    next_budget: int
    predicted: float
    predicted_low: float
    predicted_high: float
    family: str = ""


def trend(
    side: str,
    budgets: Sequence[int],
    wins: Sequence[int],
    games: Sequence[int],
    design_effects: Sequence[float] | None = None,
    family: str = "",
) -> Trend | None:
    """Weighted least squares of the win rate on log2(budget), each rung weighted by
    the inverse of its variance: binomial (the rate kept half a game from 0 and 1 so that
    a rung of all wins or all losses still has a variance) times the rung's design effect
    (its variance by deals over the binomial one; None: independent games). None without
    two different budgets."""
    if not len(budgets) == len(wins) == len(games):
        raise ValueError("budgets, wins and games differ in length")
    deffs = [1.0] * len(games) if design_effects is None else [max(float(d), 1e-9) for d in design_effects]
    if len(set(budgets)) < 2 or any(b < 1 for b in budgets) or any(n < 1 for n in games):
        return None
    xs = [math.log2(b) for b in budgets]
    ps = [min(max(w / n, 0.5 / n), 1 - 0.5 / n) for w, n in zip(wins, games, strict=True)]
    ws = [n / (p * (1 - p) * d) for p, n, d in zip(ps, games, deffs, strict=True)]
    rates = [w / n for w, n in zip(wins, games, strict=True)]
    total = sum(ws)
    xbar = sum(w * x for w, x in zip(ws, xs, strict=True)) / total
    ybar = sum(w * y for w, y in zip(ws, rates, strict=True)) / total
    sxx = sum(w * (x - xbar) ** 2 for w, x in zip(ws, xs, strict=True))
    slope = sum(w * (x - xbar) * (y - ybar) for w, x, y in zip(ws, xs, rates, strict=True)) / sxx
    half = Z95 * math.sqrt(1 / sxx)
    nxt = 2 * max(budgets)
    xn = math.log2(nxt)
    pred = ybar + slope * (xn - xbar)
    phalf = Z95 * math.sqrt(1 / total + (xn - xbar) ** 2 / sxx)
    return Trend(
        side,
        tuple(budgets),
        slope,
        slope - half,
        slope + half,
        nxt,
        _clip(pred),
        _clip(pred - phalf),
        _clip(pred + phalf),
        family,
    )


def _clip(v: float) -> float:
    return min(1.0, max(0.0, v))
