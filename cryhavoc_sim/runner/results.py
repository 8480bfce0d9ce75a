"""What a finished run directory says, read for the commands that print from it: each
faction's win rates, who played, whether its content is reconstructed, whether it
finished; and the reading itself, where a corrupt shard is one sentence (UserError)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import UserError

RECONSTRUCTED_NOTICE = (
    "Note: these results rest on RECONSTRUCTED content (invented board, cards and tokens "
    "where the printed ones are not public); see `cryhavoc-sim content` (`--game` for another game)."
)


@contextmanager
def reading(*run_dirs: Path, writing: Path | None = None) -> Iterator[None]:
    """Unreadable or corrupt run files become one sentence (:class:`UserError`); an error
    writing inside ``writing`` (a report's folder) is said as such, never blamed on the
    run that was read."""
    from cryhavoc_sim.writing import WriteError

    try:
        yield
    except WriteError as exc:
        if writing is not None:  # said as a write there, never blamed on the run read
            raise UserError(f"{exc.path}: cannot write there ({exc.why}).") from None
        raise
    except UserError:
        raise
    except Exception as exc:
        import polars as pl

        if not isinstance(exc, pl.exceptions.PolarsError | OSError):
            raise
        if writing is not None and isinstance(exc, OSError) and _inside(exc.filename, writing):
            raise UserError(f"{writing}: cannot write there ({exc.strerror or exc}).") from None
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        where = " or ".join(str(d) for d in run_dirs)
        raise UserError(
            f"{where}: a Parquet shard is unreadable or corrupt ({first}); re-run or --resume that run."
        ) from None


def _inside(name: object, folder: Path) -> bool:
    """Whether the file an OSError names is ``folder`` or inside it."""
    import os

    if not isinstance(name, str | Path):
        return False
    path, top = Path(os.path.abspath(name)), Path(os.path.abspath(folder))
    return path == top or top in path.parents


def win_rates(run_dir: Path, by: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """Each faction's (and ``by``'s) wins, games, deals and 95% interval by deals in the run."""
    from cryhavoc_sim.analysis import win_rates as rates_of
    from cryhavoc_sim.storage.reader import load_run

    with reading(run_dir):
        run = load_run(run_dir)
        rows: list[dict[str, Any]] = rates_of(run.seats, run.games, by=by).collect().to_dicts()
    return rows


def run_lineup(run_dir: Path) -> Any:
    """Who played the run in ``run_dir`` (analysis/lineup.py)."""
    from cryhavoc_sim.analysis.lineup import lineup
    from cryhavoc_sim.storage.reader import load_run

    with reading(run_dir):
        return lineup(load_run(run_dir))


def notice(*run_dirs: Path) -> str:
    """The reconstructed-content notice, when any of the runs rests on such content."""
    from cryhavoc_sim.storage.reader import read_manifest

    if any(read_manifest(d).get("content_reconstructed", True) for d in run_dirs):
        return RECONSTRUCTED_NOTICE
    return ""


def refuse_unfinished(run_dir: Path, allow_partial: bool) -> None:
    """A UserError unless the run in ``run_dir`` finished (``--allow-partial`` lets it by):
    the win rates of a run stopped half-way rest on whichever games happened to finish."""
    from cryhavoc_sim.storage.reader import read_manifest

    status = read_manifest(run_dir).get("status", "complete")  # runs from before the field
    if status != "complete" and not allow_partial:
        raise UserError(
            f"{run_dir}: the run is {status}, not complete, so its win rates rest on the games that"
            f" happened to finish; complete it with `cryhavoc-sim run ... -o {run_dir} --resume`, or"
            " pass --allow-partial."
        )


def rate_line(rows: list[dict[str, Any]]) -> str:
    """Each faction's win rate over the games it played, highest first:
    "humans 85.0% (83.4-86.5, n=2000)"."""
    ordered = sorted(rows, key=lambda r: (-r["win_rate"], r["faction"]))
    return ", ".join(
        f"{r['faction']} {r['win_rate']:.1%} ({r['ci_low']:.1%}-{r['ci_high']:.1%}, n={r['games']})".replace(
            "%-", "-", 1
        )
        for r in ordered
    )


@dataclass(frozen=True, slots=True)
class RunEnd:
    """How one ``run`` ended, as data: built once (:func:`run_end`), printed by the CLI
    either as lines (:meth:`lines`) or as one JSON document (:meth:`as_json`), so the two
    never say different things."""

    status: str  # complete, errors, interrupted or worker_lost
    exit_code: int
    run_dir: Path
    scenario: str
    seed: int
    games_planned: int
    games_done: int
    played_now: int
    seconds: float
    errors: int
    first_error: str | None
    resume_command: str  # the command line that completes this run
    worker_lost: str | None
    win_rates: list[dict[str, Any]]  # empty when interrupted
    lineup: Any  # analysis.lineup.LineUp, None when interrupted
    content_reconstructed: bool | None  # None when interrupted
    precision: dict[str, Any] | None  # the stopping rule's record; None without one
    deals_done: int = 0  # the deals the finished games were played in (0 when interrupted)

    @property
    def interrupted(self) -> bool:
        return self.status in ("interrupted", "worker_lost")

    def as_json(self) -> dict[str, Any]:
        """The document ``run --json`` prints (its keys in this order)."""
        doc: dict[str, Any] = {
            "status": self.status,
            "exit_code": self.exit_code,
            "run_dir": str(self.run_dir),
            "scenario": self.scenario,
            "seed": self.seed,
            "games_planned": self.games_planned,
            "games_done": self.games_done,
            "deals_done": self.deals_done,
            "played_now": self.played_now,
            "seconds": round(self.seconds, 3),
            "errors": self.errors,
            "first_error": self.first_error,
            "resume_command": self.resume_command if self.interrupted else None,
            "win_rates": self.win_rates,
            "lineup": self.lineup.as_dict() if self.lineup is not None else None,
            "content_reconstructed": self.content_reconstructed,
        }
        if self.precision is not None:
            doc["precision"] = self.precision
        return doc

    def lines(self, as_json: bool = False) -> list[tuple[str, bool]]:
        """What the command prints, in order, as (text, to standard error): with
        ``as_json`` only what goes beside the document (the notice, the sentences of an
        interrupted run or of games that raised), all on standard error."""
        if self.interrupted:
            why = f"Stopped: {self.worker_lost}" if self.worker_lost else "Interrupted"
            return [
                (
                    f"{why}: {self.games_done} games kept in {self.run_dir}. Resume with:\n"
                    f"  {self.resume_command}",
                    True,
                )
            ]
        said: list[tuple[str, bool]] = []
        if not as_json:
            said.append((self._played_line(), False))
            if self.win_rates:
                said.extend((line, False) for line in self._rate_lines())
            if self.precision is not None:
                from cryhavoc_sim.runner.precision import stop_sentence

                said.append((stop_sentence(self.precision), False))
        if self.content_reconstructed:
            said.append((RECONSTRUCTED_NOTICE, as_json))
        if self.errors:
            first = (self.first_error or "").split(":")[0].removeprefix("game ")
            said.append(
                (
                    f"error: {self.errors} game(s) raised ({self.first_error}); seeds and tracebacks are"
                    f" in {self.run_dir}/errors/; replay one with: cryhavoc-sim replay {self.run_dir}"
                    f" {first or 'GAME_ID'}",
                    True,
                )
            )
        return said

    def _played_line(self) -> str:
        if self.played_now == 0:
            return f"Nothing to play: {self.run_dir} already holds all {self.games_done} games of this run."
        rate = self.played_now / self.seconds if self.seconds else 0.0
        kept = self.games_done - self.played_now + self.errors
        deals = f" in {self.deals_done} deals" if 0 < self.deals_done < self.games_done else ""
        return (
            f"{self.games_done} games{deals} written to {self.run_dir} ({rate:.0f} games/s"
            + (f"; {kept} kept from before" if kept > 0 else "")
            + ")"
        )

    def _rate_lines(self) -> list[str]:
        """The win rates with the one interval the run quotes (a precision run's rule
        stopped on its confidence sequences), then who played."""
        if self.precision is not None:
            from cryhavoc_sim.runner.precision import rate_line as interval_line

            rates = interval_line(self.precision)
        else:
            clustered = any(r.get("deals", r["games"]) < r["games"] for r in self.win_rates)
            how = "95% interval by deals" if clustered else "95% Wilson interval"
            rates = f"Win rates ({how}, games played): " + rate_line(self.win_rates)
        return [rates] if self.lineup is None else [rates, self.lineup.sentence()]


def run_end(
    scenario: Any, run_dir: Path, summary: Any, resume_command: str, precision: bool = False
) -> RunEnd:
    """How the run of ``scenario`` into ``run_dir`` ended, from the executor's
    ``summary`` (runner/executor.py RunSummary) and, once it finished, the run's own
    tables and manifest. ``precision``: it was played under a stopping rule."""
    if summary.interrupted:
        status, code = ("worker_lost", 1) if summary.worker_lost else ("interrupted", 130)
    else:
        status, code = ("errors", 1) if summary.errors else ("complete", 0)
    done = not summary.interrupted
    record = None
    if precision:
        from cryhavoc_sim.runner.precision import stopped

        record = stopped(run_dir)
    return RunEnd(
        status=status,
        exit_code=code,
        run_dir=run_dir,
        scenario=scenario.name,
        seed=scenario.seed,
        games_planned=scenario.games,
        games_done=summary.games_done,
        played_now=summary.played_now,
        seconds=summary.seconds,
        errors=summary.errors,
        first_error=summary.first_error,
        resume_command=resume_command,
        worker_lost=summary.worker_lost,
        win_rates=win_rates(run_dir) if done else [],
        lineup=run_lineup(run_dir) if done else None,
        content_reconstructed=bool(notice(run_dir)) if done else None,
        precision=record,
        deals_done=deal_count(run_dir) if done else 0,
    )


def deal_count(run_dir: Path) -> int:
    """The deals the run's games were played in (a game's deal is its seed)."""
    import polars as pl

    from cryhavoc_sim.storage.reader import load_run

    with reading(run_dir):
        found = load_run(run_dir).games.select(pl.col("seed").n_unique()).collect().item()
    return int(found or 0)
