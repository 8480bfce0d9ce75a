"""What a finished run directory says, read for the commands that print from it: each
faction's win rates, who played, whether its content is reconstructed, whether it
finished; and the reading itself, where a corrupt shard is one sentence (UserError)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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
    try:
        yield
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
    """Each faction's (and ``by``'s) wins, games and Wilson interval in the run."""
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
