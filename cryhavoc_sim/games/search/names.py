"""The search's bot names, the same in every game: ``ismcts`` (the game's default
budget) or ``ismcts:N`` (``N`` iterations a searched decision)."""

from __future__ import annotations

MAX_ITERATIONS = 100_000  # a budget beyond this is a typo, and hours a decision


def budget_problem(name: str) -> str | None:
    """Why ``name`` (``ismcts`` or ``ismcts:<N>``) is not a search bot's name, as the end
    of a sentence; None when it is one."""
    kind, colon, option = name.partition(":")
    if kind != "ismcts":
        return "is not a search bot; allowed: ismcts or ismcts:<N>"
    if not colon:
        return None
    # isdigit() alone takes '²', which int() refuses
    if not (option.isascii() and option.isdigit()) or not 1 <= int(option) <= MAX_ITERATIONS:
        return (
            f"has the budget {option!r}; allowed: ismcts:<N> with N iterations from 1 to {MAX_ITERATIONS:,}"
        )
    return None


def budget(name: str, default: int) -> int:
    """The iterations of search bot ``name`` (checked by :func:`budget_problem` first)."""
    _, colon, option = name.partition(":")
    return int(option) if colon else default
