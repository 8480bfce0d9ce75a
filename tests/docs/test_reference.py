"""Each command's page carries a reference generated from the typer app, and it says
what `--help` says: the same arguments, options and defaults."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests.docs.conftest import DOCS, ROOT, reference_module

REFERENCE = reference_module()
COMMANDS = REFERENCE.command_names()


def help_text(command: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "cryhavoc_sim", command, "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "250", "NO_COLOR": "1", "TERM": "dumb"},
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_command_has_a_page_and_every_page_a_command() -> None:
    pages = {p.stem for p in (DOCS / "commands").glob("*.md")} - {"index"}
    assert set(COMMANDS) == pages
    assert len(COMMANDS) >= 13  # run, report, compare, baseline, check, sweep, tune, ...
    listed = (DOCS / "commands" / "index.md").read_text()
    assert all(f"]({name}.md)" in listed for name in COMMANDS)


def panels(shown: str) -> dict[str, str]:
    """--help's boxes by title ("Arguments", "Options", ...)."""
    return {part.split("─", 1)[0].strip(): part for part in shown.split("╭─")[1:]}


@pytest.mark.parametrize("command", COMMANDS)
def test_the_reference_names_what_help_names(command: str) -> None:
    shown = panels(help_text(command))
    written = REFERENCE.reference(command)
    options = "".join(text for title, text in shown.items() if title != "Arguments")
    flags = set(re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b", options))
    table = written.split("| option |", 1)[1]
    assert flags == set(re.findall(r"`(--[a-z][a-z-]*|-[a-z])`", table))
    for default in re.findall(r"\[default: ([^\]]+)\]", options):
        assert f"`{default.strip()}`" in table.replace("_", ""), default
    arguments = re.findall(r"^│\s+\*?\s*([a-z_]+)\s", shown.get("Arguments", ""), re.M)
    assert [f"`{a.upper()}`" for a in arguments] == re.findall(r"^\| (`[A-Z_]+`) \|", written, re.M)


def test_a_stale_reference_is_seen() -> None:
    """The comparison above fails when the page and --help disagree."""
    written = REFERENCE.reference("run").replace("`--max-games`", "`--most-games`")
    table = written.split("| option |", 1)[1]
    assert "--max-games" in help_text("run") and "`--max-games`" not in table


def test_the_site_shows_each_reference(site: object) -> None:
    from pathlib import Path

    assert isinstance(site, Path)
    for command in COMMANDS:
        page = (site / "commands" / f"{command}.html").read_text()
        assert f"cryhavoc-sim {command} [OPTIONS]" in page
        for flag in re.findall(r"`(--[a-z][a-z-]*)`", REFERENCE.reference(command)):
            assert f"<code>{flag}</code>" in page, (command, flag)
