"""Every command's --help, read as a user reads it (issue 31): the TOML tables a help
names survive the markup ([sweep], [factors], [tune], [parameters], [[target]] were
eaten), and every example names a command, options, and input files or shipped names
that exist; `run` without a scenario lists the shipped ones."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cryhavoc_sim.cli import app

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = typer.main.get_command(app).commands  # type: ignore[attr-defined]
TABLE = re.compile(r"\[\[?[a-z_]+\]\]?")


def flat(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


def rendered(name: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("COLUMNS", "250")  # one line per paragraph: nothing wraps mid-example
    done = CliRunner().invoke(app, [name, "--help"])
    assert done.exit_code == 0, done.output
    return done.output


def raw_help(name: str) -> str:
    command = COMMANDS[name]
    texts = [command.help or "", *(getattr(p, "help", None) or "" for p in command.params)]
    return flat(" ".join(texts).replace("\\[", "["))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_tables_a_help_names_are_shown(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shown = flat(rendered(name, monkeypatch))
    for table in TABLE.findall(raw_help(name)):
        assert table in shown, f"{name} --help drops {table}"


def test_sweep_and_tune_name_their_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    sweep = flat(rendered("sweep", monkeypatch))
    assert "[sweep]" in sweep and "[factors]" in sweep
    tune = flat(rendered("tune", monkeypatch))
    assert all(t in tune for t in ("[tune]", "[parameters]", "[[target]]"))


def _inputs(command: str, args: list[str]) -> list[str]:
    """The first positional argument of an example, for the commands that read an input."""
    positional = [a for a in args if not a.startswith("-")]
    return positional[:1] if command in ("run", "sweep", "tune", "tune-bots") else []


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_example_names_what_exists(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from cryhavoc_sim.runner.scenario import load_scenario
    from cryhavoc_sim.sweeps.design import load_design
    from cryhavoc_sim.tuning.bot_targets import load_bot_targets
    from cryhavoc_sim.tuning.targets import load_targets

    load = {"run": load_scenario, "sweep": load_design, "tune": load_targets, "tune-bots": load_bot_targets}
    text = rendered(name, monkeypatch)
    for line in text.splitlines():
        for match in re.finditer(r"cryhavoc-sim ([a-z][a-z-]*)([^()&]*)", line.replace("│", " ")):
            command, args = match.group(1), match.group(2).split()
            assert command in COMMANDS, f"{name} --help: no command {command}"
            options = {o for p in COMMANDS[command].params for o in getattr(p, "opts", [])}
            for arg in args:
                if arg.startswith("-"):
                    assert arg in options, f"{name} --help: {command} has no option {arg}"
                elif arg.endswith((".toml", ".md", ".ipynb")) and arg not in _inputs(command, args):
                    assert (ROOT / arg).exists(), f"{name} --help names {arg}, which does not exist"
            for given in _inputs(command, args):
                load[command](ROOT / given if given.endswith(".toml") else given)
    for path in re.findall(r"\b[\w./-]+\.(?:md|ipynb)\b", text):
        assert (ROOT / path).exists(), f"{name} --help names {path}, which does not exist"


def test_run_without_a_scenario_lists_them_and_says_how_to_choose() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", "run"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "Shipped scenarios:" in done.stderr
    assert re.search(r"^  quick +400 four-player games", done.stderr, re.M)
    assert re.search(r"^  four_player +All four factions", done.stderr, re.M)  # from the file's comment
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("error: run needs a scenario") and "cryhavoc-sim run quick" in last
