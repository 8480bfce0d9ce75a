"""WarCry's paired ablations (``tuning/ablation.py``): a card of an army deck with its
printed abilities blanked (its statistics kept: the neutral card), so that the same
deals played with and without them say what the abilities are worth to the deck that
holds the card. The deck keeps its size and order, so every shuffle deals the same
positions: only the ablated card's abilities differ."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cryhavoc_sim.games.warcry.content import Content


class WarCryAblation:
    what = "card"  # what an ablation names (--card)
    kinds = "card with abilities"  # what can be ablated, in words
    played_by_unit = False  # played() names cards by their printed names

    def units(self, content: Content, setup: Any) -> dict[str, str]:
        """Every card with abilities in the scenario's army decks: id -> name."""
        out: dict[str, str] = {}
        for deck in setup.decks:
            for card_id in content.armies[deck].cards:
                card = content.cards[card_id]
                if card.abilities:
                    out[card_id] = card.name
        return dict(sorted(out.items(), key=lambda kv: (kv[1], kv[0])))

    def ablated(self, content: Content, unit: str) -> Content:
        card = content.cards[unit]
        cards = {**content.cards, unit: replace(card, abilities=())}
        return replace(content, cards=cards, digest=f"{content.digest}-without-{unit}")

    def played(self, played: Any, content: Content) -> frozenset[tuple[str, str]]:
        """(side, card name) of every card a side put into play in the game ``played``
        (its events, as the report's card table reads them)."""
        from cryhavoc_sim.games.warcry.rows import stored_events
        from cryhavoc_sim.games.warcry.worth import PLAYED
        from cryhavoc_sim.storage.schema import EVENT_COLUMNS

        kind, side, detail = (EVENT_COLUMNS.index(c) for c in ("kind", "faction", "detail"))
        return frozenset(
            (r[side], r[detail]) for r in stored_events(played) if r[kind] in PLAYED and r[detail]
        )

    def dealt(self, played: Any) -> frozenset[tuple[str, str]]:
        """Nothing is dealt that the decks' lists do not say: who holds a card is known
        before a game is played (:meth:`eligible`)."""
        return frozenset()

    def eligible(self, content: Content, setup: Any, game_id: int, unit: str) -> tuple[str, ...]:
        """The sides of game ``game_id`` whose army deck holds ``unit``, one entry a side:
        a mirror match names the deck twice (both sides hold the card, so no pair; its
        winner is that deck whichever twin, which read as one side made every mirror a
        pair of two wins)."""
        armies = setup.pairing(game_id).armies
        return tuple(a for a in armies if unit in content.armies[a].cards)

    def holders(
        self, content: Content, setup: Any, game_id: int, unit: str, dealt: frozenset[tuple[str, str]]
    ) -> tuple[str, ...]:
        """The sides of game ``game_id`` holding ``unit``: those whose deck lists it."""
        return self.eligible(content, setup, game_id, unit)


ABLATION = WarCryAblation()
