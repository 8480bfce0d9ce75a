"""Written once for every game, on the state protocol (``games/state.py``): the driver
loop (:mod:`.driver`), the seed recipe (:mod:`.seeds`), a scenario's game as a deal and its
play (:mod:`.deal`, :func:`.play.play_deal`), the random bot (:mod:`.random_bot`),
the soak (:mod:`.soak`), the copy, determinize and fairness testers (:mod:`.testers`), state costs
(:mod:`.costs`) and the ladder loop (:mod:`.ladder`). A game brings only its
:class:`~cryhavoc_sim.games.state.Rules`.
"""
