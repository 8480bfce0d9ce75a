"""docs/rules_map.md, the table from each rulebook section to the engine module and the
classes or functions that implement it, cannot go stale: every name it gives exists in
its module (a top-level class or function), and every rule module of the engine is in it."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "cryhavoc_sim" / "games" / "cryhavoc" / "engine"
TABLE = ROOT / "docs" / "rules_map.md"

# Engine modules that hold no rule: the lowest floor (state, requests, steps, the log,
# the rule knobs) and the tools around the rules (checks, playouts, saves, costs, what a
# player sees, the code generated from the state's declaration).
NOT_RULES = frozenset(
    {
        "__init__",
        "state",
        "decisions",
        "flow",
        "log",
        "rules",
        "invariants",
        "playout",
        "saves",
        "visibility",
        "copygen",
    }
)

ROW = re.compile(r"^\| (?P<section>[^|]+?) \| (?P<module>[\w.]+\.py) \| (?P<names>[^|]+?) \|$")


def rows(text: str) -> list[tuple[str, str, list[str]]]:
    out = []
    for line in text.splitlines():
        m = ROW.match(line)
        if m and m["module"] != "Module":
            out.append((m["section"], m["module"], re.findall(r"`(\w+)`", m["names"])))
    return out


def defined(module: Path) -> set[str]:
    tree = ast.parse(module.read_text())
    return {n.name for n in tree.body if isinstance(n, ast.ClassDef | ast.FunctionDef)}


def stale(text: str) -> list[str]:
    """What the table names that the engine does not have, and the rule modules it omits."""
    problems: list[str] = []
    table = rows(text)
    for section, module, names in table:
        path = ENGINE / module
        if not path.is_file():
            problems.append(f"{section}: no module {module}")
            continue
        if not names:
            problems.append(f"{section}: names nothing in {module}")
        problems += [f"{section}: {module} has no {n}" for n in names if n not in defined(path)]
    listed = {module.removesuffix(".py") for _, module, _ in table}
    rule_modules = {p.stem for p in ENGINE.glob("*.py")} - NOT_RULES
    problems += [f"rule module {m}.py is not in the table" for m in sorted(rule_modules - listed)]
    return problems


def test_the_rules_map_names_what_exists_and_every_rule_module() -> None:
    text = TABLE.read_text()
    assert len(rows(text)) >= 30
    assert stale(text) == []


def test_the_check_catches_a_stale_row() -> None:
    text = TABLE.read_text()
    assert stale(text.replace("`Retreat`", "`Withdraw`")) == [
        "Battle: Retreat (and the Trogs' retreat to a Nest): battle.py has no Withdraw"
    ]
    without = "\n".join(line for line in text.splitlines() if "| handlers.py |" not in line)
    assert stale(without) == ["rule module handlers.py is not in the table"]
    assert stale(text + "| Nowhere | nowhere.py | `X` |\n") == ["Nowhere: no module nowhere.py"]
