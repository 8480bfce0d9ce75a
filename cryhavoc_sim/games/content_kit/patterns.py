"""Path patterns: ``*`` (any run of characters) and ``{a,b}`` (either), as shell patterns
do, bounded before any work is done.

A pattern of 80 characters such as ``{a,b}{a,b}...`` names 2^16 paths; expanding it first
and counting after would spend the time the bound is there to save (issue 32). So a
pattern is parsed into a small tree, the paths it names are *counted* on the tree, and
only a pattern inside :data:`MAX_PATTERN_LENGTH` and :data:`MAX_EXPANSIONS` is expanded.
An unmatched brace is a literal character; ``{b}`` is ``b``; ``[`` is literal (an effect
step's index, ``effect[0]``), unlike in :mod:`fnmatch`.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterable, Mapping

# Far above any path a content set has (the longest address is about 60 characters) and
# any brace list a person writes; a few thousand fnmatch calls per pattern at most.
MAX_PATTERN_LENGTH = 200
MAX_EXPANSIONS = 256

# A pattern's tree: a sequence of literal strings and groups; a group: its alternatives.
Node = str | list["Seq"]
Seq = list[Node]


class PatternTooLarge(ValueError):
    """A pattern longer than :data:`MAX_PATTERN_LENGTH` or naming more than
    :data:`MAX_EXPANSIONS` paths; the message is the end of a sentence ("is 250
    characters long; a path may be at most 200")."""


def _pairs(pattern: str) -> dict[int, int]:
    """Each ``{`` that has its ``}``, by position, with the commas that are its own."""
    stack: list[int] = []
    out: dict[int, int] = {}
    for i, ch in enumerate(pattern):
        if ch == "{":
            stack.append(i)
        elif ch == "}" and stack:
            out[stack.pop()] = i
    return out


def _parse(pattern: str, start: int, stop: int, pairs: Mapping[int, int]) -> Seq:
    seq: Seq = []
    text: list[str] = []
    i = start
    while i < stop:
        end = pairs.get(i)
        if end is None or end >= stop:
            text.append(pattern[i])
            i += 1
            continue
        if text:
            seq.append("".join(text))
            text = []
        alternatives: list[Seq] = []
        j = cut = i + 1
        while j < end:  # split on the commas of this group, not of a nested one
            inner = pairs.get(j)
            if inner is not None and inner < end:
                j = inner + 1
                continue
            if pattern[j] == ",":
                alternatives.append(_parse(pattern, cut, j, pairs))
                cut = j + 1
            j += 1
        alternatives.append(_parse(pattern, cut, end, pairs))
        seq.append(alternatives)
        i = end + 1
    if text:
        seq.append("".join(text))
    return seq


def _count(seq: Seq, cap: int) -> int:
    """How many paths ``seq`` names, or ``cap + 1`` as soon as it is known to be more."""
    total = 1
    for node in seq:
        if isinstance(node, list):
            n = 0
            for alt in node:
                n += _count(alt, cap)
                if n > cap:
                    return cap + 1
            total *= n
            if total > cap:
                return cap + 1
    return total


def _expand(seq: Seq) -> list[str]:
    out = [""]
    for node in seq:
        if isinstance(node, str):
            out = [x + node for x in out]
        else:
            tails = [t for alt in node for t in _expand(alt)]
            out = [x + t for x in out for t in tails]
    return out


def count(pattern: str) -> int:
    """How many paths ``pattern`` names once its braces are expanded (capped at
    ``MAX_EXPANSIONS + 1``), found without expanding it."""
    return _count(_parse(pattern, 0, len(pattern), _pairs(pattern)), MAX_EXPANSIONS)


def check(pattern: str) -> None:
    """Refuse a pattern too long, or naming too many paths, before any work is done."""
    if len(pattern) > MAX_PATTERN_LENGTH:
        raise PatternTooLarge(
            f"is {len(pattern):,} characters long; a path may be at most {MAX_PATTERN_LENGTH}"
        )
    if count(pattern) > MAX_EXPANSIONS:
        raise PatternTooLarge(
            f"names more than {MAX_EXPANSIONS} paths once its {{a,b}} lists are expanded;"
            f" a pattern may name at most {MAX_EXPANSIONS}"
        )


def expand(pattern: str) -> list[str]:
    """``a.{b,c}.d`` -> ``a.b.d``, ``a.c.d`` (nested and repeated braces too), after
    :func:`check`."""
    check(pattern)
    return _expand(_parse(pattern, 0, len(pattern), _pairs(pattern)))


def matching(addresses: Iterable[str], pattern: str) -> list[str]:
    """The addresses ``pattern`` names (exact, or a pattern), in the addresses' order."""
    table = list(addresses)
    check(pattern)
    if pattern in table:
        return [pattern]
    globs = [p.replace("[", "[[]") for p in expand(pattern)]  # "effect[0]" is literal
    return [a for a in table if any(fnmatch.fnmatchcase(a, g) for g in globs)]
