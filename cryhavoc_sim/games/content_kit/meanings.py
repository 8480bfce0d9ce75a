"""What each content number means: a game declares (path pattern, meaning, rulebook
section) triples; ``content --numbers --explain`` and the documentation's "What you can
change" page print them beside each value, so a designer never guesses what a path does.

Patterns are ``fnmatch`` globs over a path with its list indices removed
(``cards.humans.raid.tactic[0].count`` is matched as ``cards.humans.raid.tactic.count``);
the first pattern that matches wins, so a game lists the specific before the general.
"""

from __future__ import annotations

import re
from fnmatch import fnmatchcase

Meaning = tuple[str, str, str]  # (path pattern, what the number does, rulebook section)

_INDEX = re.compile(r"\[\d+\]")


def explain(path: str, meanings: tuple[Meaning, ...]) -> tuple[str, str] | None:
    """The meaning and rulebook section of the number at ``path``, or None when the
    game records none for it."""
    bare = _INDEX.sub("", path)
    for pattern, meaning, section in meanings:
        if fnmatchcase(bare, pattern):
            return meaning, section
    return None


def explained_lines(values: dict[str, object], meanings: tuple[Meaning, ...]) -> list[str]:
    """``path = value  # meaning (rulebook section)`` for every value, as the command prints them."""
    import json

    out = []
    for path, value in values.items():
        found = explain(path, meanings)
        note = f"{found[0]} ({found[1]})" if found else "no meaning recorded"
        out.append(f"{path} = {json.dumps(value)}  # {note}")
    return out


def meaning_table(meanings: tuple[Meaning, ...]) -> str:
    """A Markdown table of a game's patterns (the documentation page's)."""
    rows = ["| path | what it is | rulebook |", "|---|---|---|"]
    rows += [f"| `{p}` | {m} | {s} |" for p, m, s in meanings]
    return "\n".join(rows) + "\n"
