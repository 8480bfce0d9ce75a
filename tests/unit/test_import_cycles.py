"""The package's import circles, each one known.

A circle is a set of modules each of which reaches every other through imports (a strongly
connected component of the import graph with more than one module). The graph is read
from the source as tests/unit/test_import_graph.py reads it: every absolute import of the
package, function-level and ``TYPE_CHECKING`` ones too, each to the module it names (``from
pkg import name`` names ``pkg`` and, when ``name`` is a module, that module too; the parent
packages Python runs on the way are not counted). A circle that is not in ``KNOWN`` fails,
and so does a known one that has changed or gone: the list only shrinks on purpose.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from tests.unit.test_import_graph import PACKAGE, imported_modules, module_file

E = "games/cryhavoc/engine/"

# Each circle and how it closes ("->" is "imports"; "in a function", "for types" are the
# imports that close it). Break one and remove its entry.
KNOWN: dict[frozenset[str], str] = {
    # the Game holds its requests, steps and roles; they name the Game for types only
    frozenset({E + "decisions.py", E + "flow.py", E + "game.py", E + "roles.py"}): (
        "decisions, flow, roles -> game for types"
    ),
    # the rule modules import the engine package, whose __init__ imports newgame, which
    # imports the Round loop and through it every rule module: closed at import time,
    # working by the order __init__ imports in; effects reaches battle and movement in
    # functions
    frozenset(
        {
            E + "__init__.py",
            E + "actions.py",
            E + "battle.py",
            E + "effects.py",
            E + "movement.py",
            E + "newgame.py",
            E + "rounds.py",
            E + "scoring.py",
            E + "solo.py",
        }
    ): "rule modules -> engine package -> newgame -> rounds -> rule modules",
    # the content package re-exports the loader, which imports the package
    frozenset(
        {"games/cryhavoc/content/__init__.py", "games/cryhavoc/content/loader.py"}
    ): "loader -> content package -> loader",
    # the variant names the game for types and builds one in a function
    frozenset(
        {"games/cavetroll/game.py", "games/cavetroll/variant.py"}
    ): "variant -> game for types, in a function",
    # WarCry's effects name the table for types only
    frozenset({"games/warcry/content.py", "games/warcry/effects.py", "games/warcry/table.py"}): (
        "effects -> table for types"
    ),
    # the search takes the learned rollout policy in a function
    frozenset({"games/warcry/policy.py", "games/warcry/policy_features.py", "games/warcry/search.py"}): (
        "search -> policy in a function; the features read the search's leaf weights"
    ),
}


def import_graph() -> dict[str, set[str]]:
    """Each package module (relative path) and the package modules it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = str(path.relative_to(PACKAGE))
        targets = (module_file(n) for n in imported_modules(path) if n.startswith("cryhavoc_sim."))
        graph[rel] = {str(t) for t in targets if t is not None and str(t) != rel}
    return graph


def circles(graph: Mapping[str, Iterable[str]]) -> list[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm,
    iterative), in the order found."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            nxt = next(edges, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                members = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.add(member)
                    if member == node:
                        break
                if len(members) > 1:
                    found.append(frozenset(members))
    return found


def test_every_import_circle_is_a_known_one() -> None:
    graph = import_graph()
    assert len(graph) > 100
    found = circles(graph)
    new = [sorted(c) for c in found if c not in KNOWN]
    assert new == [], "an import circle not in KNOWN (break it, or add it with why it closes)"
    gone = [sorted(c) for c in KNOWN if c not in found]
    assert gone == [], "a known import circle changed or was broken: update KNOWN"


def test_the_check_finds_a_circle() -> None:
    graph = {"a.py": {"b.py"}, "b.py": {"c.py"}, "c.py": {"a.py", "d.py"}, "d.py": {"e.py"}, "e.py": {"d.py"}}
    assert sorted(sorted(c) for c in circles(graph)) == [["a.py", "b.py", "c.py"], ["d.py", "e.py"]]
    assert circles({"a.py": {"b.py"}, "b.py": {"c.py"}, "c.py": set()}) == []
