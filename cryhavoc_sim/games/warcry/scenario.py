"""The scenario fields WarCry reads, validated, and the pairing each game plays.

A scenario lists army decks (``decks``, the shipped four by default): game ``i`` plays the
ordered pairing ``i mod n*n`` of them (every deck against every deck, mirrors included,
each pairing from both seats), with the action deck ``action_deck``; [bots] names the bot
of each seat ("one", "two") or a ``default``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryhavoc_sim.errors import ContentError, ScenarioError
from cryhavoc_sim.games.harness.bots_table import bots_table
from cryhavoc_sim.games.warcry import content as wc_content
from cryhavoc_sim.games.warcry.rules import RULES, Setup
from cryhavoc_sim.games.warcry.state import PLAYERS

FIELDS = ("decks", "action_deck")
TABLES = ("bots",)


@dataclass(frozen=True, slots=True)
class WarCrySetup:
    """The army decks paired, the action deck, and the bot of each seat."""

    decks: tuple[str, ...]
    action_deck: str
    bots: tuple[tuple[str, str], ...]

    def pairing(self, game_id: int) -> Setup:
        n = len(self.decks)
        k = game_id % (n * n)
        return Setup((self.decks[k // n], self.decks[k % n]), (self.action_deck, self.action_deck))

    def block(self) -> int:
        """Every ordered pairing of the decks once: one balanced draw."""
        return len(self.decks) ** 2


def _content_for(head: dict[str, Any], path: str) -> wc_content.Content | None:
    """The content the scenario names, to check its deck names against (None: a
    directory that does not exist, which the runner refuses in its own words)."""
    raw = head.get("content")
    if raw is None or raw == "warcry":
        return wc_content.load_content()
    local = Path(path).parent / str(raw)
    if not local.is_dir():
        return None
    try:
        return wc_content.load_content(str(local))
    except ContentError as exc:  # a bad deck list: the validator's sentence
        raise ScenarioError(str(exc)) from None


def parse_setup(head: dict[str, Any], doc: dict[str, Any], path: str) -> WarCrySetup:
    content = _content_for(head, path)
    armies = sorted(content.armies) if content else []
    decks = head.get("decks", armies)
    if not isinstance(decks, list) or not decks or not all(isinstance(d, str) for d in decks):
        raise ScenarioError(f"{path}: field 'scenario.decks' must be a list of army deck names.")
    for d in decks:
        if content is not None and d not in content.armies:
            raise ScenarioError(f"{path}: field 'scenario.decks' names {d!r}; allowed: {', '.join(armies)}.")
    action = head.get("action_deck", "Base")
    if not isinstance(action, str) or (content is not None and action not in content.actions):
        raise ScenarioError(
            f"{path}: field 'scenario.action_deck' is {str(action)[:60]!r}; allowed: {', '.join(sorted(content.actions) if content else ['a deck name'])}."
        )
    if content is not None:  # Deck Construction: one alignment across a player's decks
        for d in decks:
            problem = wc_content.check_pair(content.armies[d], content.actions[action])
            if problem:
                raise ScenarioError(f"{path}: field 'scenario.decks': {problem}.")
    bots = bots_table(doc.get("bots", {}), path, PLAYERS, RULES, "heuristic")
    return WarCrySetup(tuple(decks), str(action), tuple(bots.items()))


def config(setup: WarCrySetup) -> dict[str, Any]:
    """The setup as manifest ``config`` entries (``compare`` lists differences)."""
    return {"decks": list(setup.decks), "action_deck": setup.action_deck, "bots": dict(setup.bots)}
