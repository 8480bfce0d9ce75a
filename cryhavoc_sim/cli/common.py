"""What every command group shares: the typer app and its callback, the option
declarations used by several commands, and the one-sentence error path (exit code 2)."""

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
    help=(
        "Monte Carlo balance analysis for asymmetric board games (Cry Havoc, Cave Troll, WarCry):"
        " play many bot games, log them to Parquet."
    ),
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
    """Monte Carlo balance analysis for asymmetric board games (Cry Havoc, Cave Troll, WarCry):
    play many bot games, log them to Parquet.

    Example: cryhavoc-sim run quick -n 2000 -j 2 -o runs/quick && cryhavoc-sim report runs/quick
    """


@contextmanager
def _writing(path: Path, what: str) -> Iterator[None]:
    """An error writing ``path`` (a read-only or full disk, a place that is no directory)
    becomes one sentence naming it, and a file this write began is removed: nothing
    half-written is left behind."""
    from cryhavoc_sim.writing import WriteError

    existed = path.exists() or path.is_symlink()
    try:
        yield
    except WriteError as exc:  # the writer removed what it began
        raise UserError(f"{path}: cannot write the {what} ({exc.why}).") from None
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
    if mode is not None and not stat.S_ISREG(mode):
        # a device, a FIFO or a folder: the rename would replace it, a write would block
        raise UserError(f"{path}: is not a regular file; give a file path for the {what}.")
    from cryhavoc_sim.writing import write_file

    with _writing(path, what):
        path.parent.mkdir(parents=True, exist_ok=True)
        write_file(path, text)  # a temporary file, synced, then renamed: a full disk is said


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
