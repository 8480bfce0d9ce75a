"""Cave Troll (Fantasy Flight Games, 2015 printing), the second game (issue 16).

So far its content as data (``content.py``, ``data/``); the engine, bots and the game's
entry in the registry are still to come, so the runner does not offer it yet.
"""
