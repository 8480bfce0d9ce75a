"""The words and colours Cave Troll's report uses: a side is a seat, the score is gold
(with its sources), and each seat's colour."""

from __future__ import annotations

from cryhavoc_sim.games.protocol import Vocabulary

VOCABULARY = Vocabulary(
    side="seat",
    seat="turn-order seat",
    score="gold",
    score_event="gold",
    round="round",
    seat_is_side=True,
    side_plural=False,
    score_verb="earn",
    sources=(
        ("board_scoring", "board Scorings"),
        ("score_a_room", "Score a Room cards"),
        ("artifact_played", "artifacts played"),
        ("giant_slayer", "Giant Slayer"),
        ("end_bonus", "the end bonus"),
        ("final_scoring", "the final Scoring"),
        ("unused_artifacts", "artifacts kept"),
    ),
)

SIDE_COLOURS = {"seat 1": "#1b9e77", "seat 2": "#d95f02", "seat 3": "#7570b3", "seat 4": "#e7298a"}
