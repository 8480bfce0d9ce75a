"""The command reference of the documentation site, written from the typer app itself.

Every page ``docs/commands/NAME.md`` ends with the reference of ``cryhavoc-sim NAME``
(usage, what it does, its arguments and options with their types, ranges and defaults),
generated at build time from the click command typer builds, so a page cannot drift
from ``--help``. The build fails when a command has no page or a page names no command.
``tests/docs/test_reference.py`` compares the generated tables with ``--help``.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any

import typer

PAGES = "commands"  # docs/commands/<command>.md
MARK = "<!-- reference -->"


def cli_group() -> Any:
    """The click group typer builds behind ``cryhavoc-sim`` (typer may bring its own click,
    so parameters are told apart by what they say they are, not by their class)."""
    from cryhavoc_sim.cli import app

    return typer.main.get_command(app)


def _context(command: Any, name: str, parent: Any = None) -> Any:
    return command.context_class(command, info_name=name, parent=parent)


def command_names() -> list[str]:
    """Every visible command of ``cryhavoc-sim``, in the order ``--help`` lists them."""
    group = cli_group()
    ctx = _context(group, "cryhavoc-sim")
    return [n for n in group.list_commands(ctx) if not group.commands[n].hidden]


def _text(text: str) -> str:
    """Help text as Markdown shows it: on one line, a placeholder such as <scenario> kept
    as text rather than read as an HTML tag."""
    return " ".join(text.split()).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _cell(text: str) -> str:
    return _text(text).replace("|", "\\|")


def _is_flag(param: Any) -> bool:
    return param.param_type_name == "option" and bool(param.is_flag)


def _type(param: Any, ctx: Any) -> str:
    if _is_flag(param):
        return "flag"
    shown = str(param.display_type(ctx)).strip("<>").replace(" range", "")
    if "|" in shown:
        return " \\| ".join(f"`{c}`" for c in shown.split("|"))
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    if low is None and high is None:
        return shown
    if high is None:
        return f"{shown} (x >= {low})"
    return f"{shown} ({'' if low is None else f'{low} <= '}x <= {high})"


def _default(param: Any) -> str:
    value: Any = param.default
    if value is None or (_is_flag(param) and value is False):
        return ""
    if isinstance(value, enum.Enum):
        value = value.value
    if isinstance(value, int) and not isinstance(value, bool):
        return f"`{value:,}`".replace(",", "_") if value >= 10_000 else f"`{value}`"
    return f"`{value}`"


def _paragraphs(text: str) -> list[str]:
    """A docstring's paragraphs, each joined to one line."""
    return [" ".join(block.split()) for block in text.strip().split("\n\n") if block.strip()]


def reference(name: str) -> str:
    """The Markdown reference of ``cryhavoc-sim NAME``."""
    group = cli_group()
    command = group.commands[name]
    ctx = _context(command, name, _context(group, "cryhavoc-sim"))
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    options = [p for p in command.params if p.param_type_name == "option" and not p.hidden]
    usage = " ".join(
        ["[OPTIONS]"] + [a.name.upper() if a.required else f"[{a.name.upper()}]" for a in arguments]
    )
    out = [
        "## Reference",
        "",
        f"Generated from `cryhavoc-sim {name} --help` when the site is built.",
        "",
        "```text",
        f"cryhavoc-sim {name} {usage}".rstrip(),
        "```",
        "",
    ]
    for paragraph in _paragraphs(command.help or ""):
        if paragraph.startswith("Example:"):
            # "Example: A (or: B)" reads as two commands, one a line
            example = paragraph.removeprefix("Example:").strip()
            lines = [part.strip().removesuffix(")") for part in example.split("(or:")]
            out += ["Example:", "", "```text", *lines, "```", ""]
        else:
            out += [_text(paragraph), ""]
    if arguments:
        out += ["| argument | type | required | what it is |", "|---|---|---|---|"]
        for a in arguments:
            out.append(
                f"| `{a.name.upper()}` | {_type(a, ctx)} | {'yes' if a.required else 'no'} "
                f"| {_cell(getattr(a, 'help', None) or '')} |"
            )
        out.append("")
    out += ["| option | type | default | what it does |", "|---|---|---|---|"]
    for o in options:
        names = ", ".join(f"`{n}`" for n in sorted(o.opts + o.secondary_opts, key=len, reverse=True))
        out.append(
            f"| {names} | {_type(o, ctx)} | {_default(o)} | {'(required) ' if o.required else ''}{_cell(o.help or '')} |"
        )
    out.append("| `--help` | flag | | Show the help and exit. |")
    return "\n".join(out) + "\n"


def on_files(files: Any, config: Any) -> Any:
    """Fail the build when a command has no page or a page names no command."""
    from mkdocs.exceptions import PluginError

    pages = {
        Path(f.src_uri).stem for f in files if f.src_uri.startswith(f"{PAGES}/") and f.src_uri.endswith(".md")
    }
    pages.discard("index")
    names = set(command_names())
    if names - pages:
        raise PluginError(f"no page docs/{PAGES}/<name>.md for: {', '.join(sorted(names - pages))}")
    if pages - names:
        raise PluginError(f"pages for no command of cryhavoc-sim: {', '.join(sorted(pages - names))}")
    return files


def changes(markdown: str) -> str:
    """The "What you can change" page's tables, from the code: Cry Havoc's rule knobs
    (``<!-- rule-knobs -->``) and each game's content-number meanings (``<!-- numbers:GAME -->``)."""
    import re

    from cryhavoc_sim.games import get_game
    from cryhavoc_sim.games.content_kit.meanings import meaning_table
    from cryhavoc_sim.games.cryhavoc.engine.rules import knob_reference

    markdown = markdown.replace("<!-- rule-knobs -->", knob_reference())
    return re.sub(
        r"<!-- numbers:(\w+) -->", lambda m: meaning_table(get_game(m.group(1)).number_meanings), markdown
    )


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Put the generated reference where a command page marks it (or at its end)."""
    src = page.file.src_uri
    if src == "changes.md":
        return changes(markdown)
    if not src.startswith(f"{PAGES}/") or src.endswith("index.md"):
        return markdown
    text = reference(Path(src).stem)
    return markdown.replace(MARK, text) if MARK in markdown else markdown.rstrip() + "\n\n" + text
