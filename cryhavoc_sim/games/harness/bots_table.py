"""A scenario's [bots] table, read the same way for every game: ``default`` and one key
per seat, each value a bot name the game's catalogue reads for that seat
(``Rules.bot_spec``); any other key or value is one sentence naming the field and what
is allowed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cryhavoc_sim.errors import ScenarioError
from cryhavoc_sim.fields import field_error
from cryhavoc_sim.games.botspec import BotNameError

if TYPE_CHECKING:
    from cryhavoc_sim.games.state import Rules


def bots_table(
    raw: Any,
    path: str,
    seats: Sequence[str],
    rules: Rules[Any],
    default: str,
    where: str = "bots",
    noun: str = "seat",
) -> dict[str, str]:
    """Each of ``seats`` with its bot's name: its own key's, else ``default``'s (the
    table's, else the game's ``default``). ``where`` names the table in sentences ("bots",
    or a bot line-up's "policies[2]"); ``noun`` what a seat is ("faction", "colour")."""
    if not isinstance(raw, dict):
        raise ScenarioError(f"{path}: [{where}] must be a table.")
    for key, value in raw.items():
        if key != "default" and key not in seats:
            raise field_error(
                path, f"{where}.{key}", f"is not a {noun}; allowed: default, {', '.join(seats)}"
            )
        if not isinstance(value, str):
            allowed = ", ".join(rules.bot_names)
            raise field_error(
                path, f"{where}.{key}", f"is {value!r}, which is not a bot name; allowed: {allowed}"
            )
        for seat in seats if key == "default" else (key,):
            try:
                rules.bot_spec(value, seat)
            except BotNameError as exc:
                raise field_error(path, f"{where}.{key}", f"is {value!r}, which {exc.problem}") from None
    chosen = str(raw.get("default", default))
    return {seat: str(raw.get(seat, chosen)) for seat in seats}
