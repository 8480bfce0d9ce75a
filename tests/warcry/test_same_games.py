"""The same seeds play the same WarCry games: a digest of every state (its fingerprint,
the deck order and the game's generator included) and every event of a few games, over
every pairing of the shipped decks, with the random, heuristic and search bots. It holds
the engine's behaviour across a refactoring; regenerate it only when a change of the
rules or the bots is intended (and bump ``rules_version`` or ``bots_version``)."""

from __future__ import annotations

import hashlib

from cryhavoc_sim.games.harness.play import named_bot
from cryhavoc_sim.games.warcry.rules import RULES, Setup, new_game
from cryhavoc_sim.rng import Rng

DECKS = ("Chaos", "Dwarf", "Empire", "Orc")
LINEUPS = (("random", "random"), ("heuristic", "random"), ("heuristic:cautious", "heuristic"))
DIGEST = "8365942b77944f1a6ec864eeaeb127a784bd24c1dc28bd46431e68bc8d91cc5c"


def _digest() -> str:
    h = hashlib.sha256()
    content = RULES.default_content()
    for i in range(16):
        setup = Setup((DECKS[i % 4], DECKS[i // 4]))
        bots = LINEUPS[i % 3] if i != 5 else ("ismcts:2", "heuristic")
        s = new_game(content, setup, Rng(100 + i), record_events=True)
        seats = {
            p: named_bot(RULES, b, p, Rng(1000 + 7 * i + k))
            for k, (p, b) in enumerate(zip(s.players, bots, strict=True))
        }
        while not s.is_over:
            s.apply(seats[s.current_player].decide(s))  # type: ignore[index]
            h.update(s.fingerprint().encode())
        h.update(repr(s.events).encode())
    return h.hexdigest()


def test_the_same_seeds_play_the_same_games() -> None:
    assert _digest() == DIGEST
