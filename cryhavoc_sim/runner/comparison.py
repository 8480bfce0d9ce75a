"""Two runs compared (``cryhavoc-sim compare``): what differs between them, each
faction's and each seat's win-rate difference with its interval and corrected test,
whether they played the same games, and who played each."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.runner.results import notice, reading, refuse_unfinished, run_lineup, win_rates


@dataclass(frozen=True)
class Comparison:
    """The variant run ``b`` against the base run ``a``."""

    run_a: Path
    run_b: Path
    delta: float
    tables: dict[str, list[dict[str, Any]]]  # "faction" and "faction_seat" rows
    differences: list[str]
    same: Any  # analysis.identical.SameGames
    lineups: tuple[Any, Any]  # analysis.lineup.LineUp of a and b
    notice: str

    def document(self) -> dict[str, Any]:
        """The comparison as programs read it (``--json``)."""
        return {
            **self.tables,
            "differences": self.differences,
            "lineups": {"a": self.lineups[0].as_dict(), "b": self.lineups[1].as_dict()},
            "same_games": {
                "matched": self.same.matched,
                "identical": self.same.identical,
                "all_identical": self.same.all_identical,
                "events_compared": self.same.events,
            },
            "content_reconstructed": bool(self.notice),
        }

    def text(self) -> str:
        """The comparison as people read it: differences, line-ups, Markdown tables."""
        from cryhavoc_sim.analysis.compare import changed_words, markdown

        lines = [
            "The runs differ in: " + "; ".join(self.differences) + "."
            if self.differences
            else "The runs differ only in seed and number of games.",
            f"A ({self.run_a}): {self.lineups[0].sentence()}",
            f"B ({self.run_b}): {self.lineups[1].sentence()}",
        ]
        found = self.same.sentence()
        if found:
            lines.append(found)
        if not self.same.all_identical:
            lines.append(changed_words(self.tables["faction"]))
        lines += [
            markdown(
                self.tables["faction"], ("faction",), f"Win rate: {self.run_b} (B) against {self.run_a} (A)"
            ),
            markdown(self.tables["faction_seat"], ("faction", "seat"), "By starting seat"),
            f"p: Fisher's exact test, Benjamini-Hochberg adjusted; games to detect a {self.delta:.0%} change"
            " at 80% power.",
        ]
        if self.notice:
            lines.append(self.notice)
        return "\n".join(lines)


def compare_runs(run_a: Path, run_b: Path, delta: float = 0.05, allow_partial: bool = False) -> Comparison:
    """Compare two finished runs of the same game and player count, sized for ``delta``.
    Runs that answer different questions (another game, player count or set of factions)
    are a :class:`UserError`."""
    from cryhavoc_sim.analysis.compare import compare_rates, incomparable, run_differences
    from cryhavoc_sim.analysis.identical import same_games
    from cryhavoc_sim.storage.reader import load_run, read_manifest

    for run in (run_a, run_b):
        refuse_unfinished(run, allow_partial)
    differences = run_differences(read_manifest(run_a), read_manifest(run_b))
    bad = incomparable(differences)
    if bad:
        raise UserError(
            f"{run_a} and {run_b} are runs of a different {' and '.join(d.split(' (')[0] for d in bad)}"
            f" ({'; '.join(bad)}): their win rates answer different questions."
        )
    tables = {
        "faction": compare_rates(win_rates(run_a), win_rates(run_b), ("faction",), delta),
        "faction_seat": compare_rates(
            win_rates(run_a, ("seat",)), win_rates(run_b, ("seat",)), ("faction", "seat"), delta
        ),
    }
    with reading(run_a, run_b):
        same = same_games(load_run(run_a), load_run(run_b))
    if not tables["faction"]:
        raise UserError(f"{run_a} and {run_b} have no faction in common: nothing to compare.")
    lineups = (run_lineup(run_a), run_lineup(run_b))
    return Comparison(run_a, run_b, delta, tables, differences, same, lineups, notice(run_a, run_b))
