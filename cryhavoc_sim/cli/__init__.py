"""The command line: parse, build a config, call one library function, set the exit code.

One module per command group (run.py: run, replay, report; studies.py: sweep, tune;
bots.py: tune-bots;
balance.py: balance; ablate.py: ablate; value.py: train-value; policy.py: train-policy;
gates.py: compare, baseline, check; games.py: content, soak, bench, ladder, version;
deckbuild.py: deckbuild, WarCry's deck builder),
all on the one typer app of common.py. Errors a user can cause print one sentence and
exit with code 2, never a traceback. Heavy imports (polars, matplotlib, multiprocess)
happen inside the commands.
"""

from __future__ import annotations

import sys
from typing import Any, NoReturn

import typer

from cryhavoc_sim.cli import common
from cryhavoc_sim.cli.common import _error, app
from cryhavoc_sim.errors import UserError

# Importing a group registers its commands on the app, and --help lists the commands in
# the order they were registered: run, replay, report, sweep, tune, tune-bots, balance,
# ablate, train-value, train-policy, compare, baseline, check, content, soak, bench, ladder, version, deckbuild.
# isort: off
from cryhavoc_sim.cli import run, studies, bots, balance, ablate, value, policy, gates, games, deckbuild  # noqa: F401
# isort: on

__all__ = ["app", "main"]


def main(argv: list[str] | None = None) -> Any:
    """Run the command line. Every usage error (a bad option, a value out of range) is
    one line on stderr and exit code 2, like the errors the commands raise themselves."""
    try:  # typer 0.2x carries its own copy of click
        from typer._click import exceptions as cx
    except ImportError:  # pragma: no cover - older typer on the real click
        from click import exceptions as cx  # type: ignore[no-redef]

    common._JSON_ERRORS = "--json" in (sys.argv[1:] if argv is None else argv)
    try:
        code = app(args=argv, standalone_mode=False)
    except cx.NoArgsIsHelpError as exc:
        typer.echo(exc.ctx.get_help() if exc.ctx is not None else "")
        sys.exit(0)
    except cx.UsageError as exc:
        _error(" ".join(exc.format_message().split()), 2)
        sys.exit(2)
    except cx.ClickException as exc:
        _error(" ".join(exc.format_message().split()), exc.exit_code)
        sys.exit(exc.exit_code)
    except (typer.Abort, KeyboardInterrupt):
        _exit_interrupted(argv is None)
    except UserError as exc:  # pragma: no cover - commands catch their own
        _error(str(exc), 2)
        sys.exit(2)
    if code == 130:
        _exit_interrupted(argv is None)
    sys.exit(code if isinstance(code, int) else 0)


def _exit_interrupted(process: bool) -> NoReturn:
    """Exit with code 130 after Ctrl-C, whatever comes next: what is kept is recorded and
    the resume command printed, so a second SIGINT (a user pressing twice, a busy machine
    delivering one late) while the interpreter shuts down must not turn the exit into
    death by SIGINT (-2). ``process``: this is the command's own process (called from a
    program, main leaves the program's SIGINT handling alone)."""
    import signal

    if process:
        # ignored, not the default: the interpreter's shutdown keeps an ignored SIGINT
        # ignored, where it would put back the default (death) for its own handler
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # A KeyboardInterrupt that left code run by exec() of a string (a library's
        # generated class or function: dataclasses, namedtuple, an import in flight when
        # Ctrl-C came) sets CPython's _Py_UnhandledKeyboardInterrupt even though it was
        # caught later; `python -m` then ends by killing itself with SIGINT (return code
        # -2) instead of exiting 130 (Modules/main.c, Py_RunMain). Running a string
        # through exec() again clears that flag (Python/pythonrun.c, run_eval_code_obj).
        exec("pass")  # a constant string, run only to clear that flag
    sys.exit(130)
