"""WarCry (Sabertooth Games, 2003), the third game: the quick rules as a state of the
state contract (``games/state.py``), its cards and decks as data, its bots."""
