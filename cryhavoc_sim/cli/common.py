"""What every command group shares: the typer app and its callback, the option
declarations used by several commands, the one-sentence error path (exit code 2), and
the small readers of a finished run the commands print from."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from cryhavoc_sim.errors import UserError
from cryhavoc_sim.games import game_names


class Executor(StrEnum):
    local = "local"
    dask = "dask"


app = typer.Typer(
    add_completion=True,
    no_args_is_help=True,
    help="Monte Carlo balance analysis for Cry Havoc: play many bot games, log them to Parquet.",
    pretty_exceptions_enable=False,
)


def _flag(*names: str, **kw: Any) -> Any:
    """A boolean option shown as a flag in --help (``--resume``, not ``--resume <bool>``)."""
    return typer.Option(*names, metavar="", **kw)


# check, baseline and compare: use a run that did not finish all the same
AllowPartial = Annotated[
    bool,
    _flag(
        "--allow-partial",
        help="Use a run that did not finish (interrupted, or some games raised) all the same.",
    ),
]


def _print_version(value: bool) -> None:
    if value:
        from importlib import metadata

        typer.echo(f"cryhavoc-sim {metadata.version('cryhavoc-sim')}")
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        _flag(
            "--version", callback=_print_version, is_eager=True, help="Print the package version and exit."
        ),
    ] = False,
) -> None:
    """Monte Carlo balance analysis for Cry Havoc: play many bot games, log them to Parquet.

    Example: cryhavoc-sim run quick -n 2000 -j 2 -o runs/quick && cryhavoc-sim report runs/quick
    """


RECONSTRUCTED_NOTICE = (
    "Note: these results rest on RECONSTRUCTED content (invented board, cards and tokens "
    "where the printed ones are not public); see `cryhavoc-sim content` (`--game` for another game)."
)


def _stopped(run_dir: Path) -> dict[str, Any]:
    """The manifest's record of a stopping rule (where it stopped and every interval)."""
    from cryhavoc_sim.storage.reader import read_manifest

    record: dict[str, Any] = read_manifest(run_dir).get("precision") or {}
    return record


def _precision_line(p: dict[str, Any]) -> str:
    """Where a precision run stopped, and why, with its confidence-sequence intervals."""
    cells = ", ".join(
        f"{b['side']} {b['rate']:.1%} ({b['low']:.1%}-{b['high']:.1%})".replace("%-", "-", 1)
        for b in sorted(p.get("bounds", []), key=lambda b: -b["rate"])
    )
    target = f"+-{p.get('target', 0) * 100:g} points"
    if p.get("stopped_at") is None:
        head = f"Reached --max-games ({p.get('max_games'):,}) before every interval was within {target}"
    elif p.get("decision") in ("pass", "moved"):
        head = f"The gate decided ({p['decision']}) at game {p['stopped_at']:,}"
    else:
        head = f"Stopped at game {p['stopped_at']:,}: every interval within {target}"
    return f"{head} (confidence sequences, 95% at every look, {p.get('looks', 0)} looks): {cells}."


# The cap of a --precision run without --max-games.
PRECISION_CAP = 200_000


def _capped(sc: Any, cap: int) -> Any:
    """A precision run's scenario: ``cap`` games, rounded down to whole blocks."""
    from cryhavoc_sim.games import get_game

    block = get_game(sc.game).block_size(sc.setup)
    if cap < block:
        raise UserError(
            f"--max-games {cap} is less than one block of {sc.name} ({block} games: every seat and line-up once);"
            f" allowed: at least {block}."
        )
    return sc.with_overrides(games=cap - cap % block)


@contextmanager
def _reading(*run_dirs: Path, writing: Path | None = None) -> Iterator[None]:
    """Unreadable or corrupt run files become one sentence and exit code 2; an error
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
    if not isinstance(name, str | Path):
        return False
    path, top = Path(os.path.abspath(name)), Path(os.path.abspath(folder))
    return path == top or top in path.parents


@contextmanager
def _writing(path: Path, what: str) -> Iterator[None]:
    """An error writing ``path`` (a read-only or full disk, a place that is no directory)
    becomes one sentence naming it, and a file this write began is removed: nothing
    half-written is left behind."""
    existed = path.exists() or path.is_symlink()
    try:
        yield
    except OSError as exc:
        if not existed and path.is_file() and not path.is_symlink():
            path.unlink(missing_ok=True)
        raise UserError(f"{path}: cannot write the {what} ({exc.strerror or exc}).") from None


def _write_file(path: Path, text: str, what: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a temporary file beside it, opened
    without following a link, then a rename (see :func:`_writing` for the errors)."""
    import stat

    try:
        mode = path.lstat().st_mode
    except OSError:
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        # a device, a FIFO or a folder: the rename would replace it, a write would block
        raise UserError(f"{path}: is not a regular file; give a file path for the {what}.")
    tmp = path.with_name(f".{path.name}.tmp")
    with _writing(path, what):
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if tmp.is_symlink():
                tmp.unlink()
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
            with os.fdopen(fd, "w") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except OSError:
            if tmp.is_file() and not tmp.is_symlink():
                tmp.unlink(missing_ok=True)
            raise


# Set by main() when the command line asks for --json: errors are then also one JSON
# object on stdout ({"error": {"code": 2, "message": ...}}), for the program reading it.
_JSON_ERRORS = False


# An error line names what is wrong, not every instance of it: a message longer than
# this (a value or a list from a crafted file) is cut, saying how much was left out.
MAX_MESSAGE = 800


def _error(message: str, code: int) -> None:
    """An error as people read it (stderr) and, under --json, as programs do (stdout)."""
    if len(message) > MAX_MESSAGE:
        message = f"{message[:MAX_MESSAGE]}… ({len(message) - MAX_MESSAGE:,} more characters)"
    typer.echo(f"error: {message}", err=True)
    if _JSON_ERRORS:
        typer.echo(json.dumps({"error": {"code": code, "message": message}}))


def _cpus() -> int:
    """The CPUs this process may use."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _fail(message: str, code: int = 2) -> typer.Exit:
    _error(message, code)
    return typer.Exit(code)


def _rate_line(rows: list[dict[str, Any]]) -> str:
    """Each faction's win rate over the games it played, highest first:
    "humans 85.0% (83.4-86.5, n=2000)"."""
    ordered = sorted(rows, key=lambda r: (-r["win_rate"], r["faction"]))
    return ", ".join(
        f"{r['faction']} {r['win_rate']:.1%} ({r['ci_low']:.1%}-{r['ci_high']:.1%}, n={r['games']})".replace(
            "%-", "-", 1
        )
        for r in ordered
    )


def _notice(*run_dirs: Path) -> str:
    """The reconstructed-content notice, when any of the runs rests on such content."""
    from cryhavoc_sim.storage.reader import read_manifest

    if any(read_manifest(d).get("content_reconstructed", True) for d in run_dirs):
        return RECONSTRUCTED_NOTICE
    return ""


def _finished(run_dir: Path, allow_partial: bool) -> None:
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


def _lineup(run_dir: Path) -> Any:
    """Who played the run in ``run_dir`` (analysis/lineup.py)."""
    from cryhavoc_sim.analysis.lineup import lineup
    from cryhavoc_sim.storage.reader import load_run

    with _reading(run_dir):
        return lineup(load_run(run_dir))


def _rates(run_dir: Path, by: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    from cryhavoc_sim.analysis import win_rates
    from cryhavoc_sim.storage.reader import load_run

    with _reading(run_dir):
        run = load_run(run_dir)
        rows: list[dict[str, Any]] = win_rates(run.seats, run.games, by=by).collect().to_dicts()
    return rows


GameOption = Annotated[
    str,
    typer.Option("--game", help=f"A registered game (cryhavoc_sim/games/): {', '.join(game_names())}."),
]


def _game(name: str) -> Any:
    from cryhavoc_sim.games import get_game

    try:
        return get_game(name, "--game")
    except UserError as exc:
        raise _fail(str(exc)) from None
