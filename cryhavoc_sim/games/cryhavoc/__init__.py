"""Cry Havoc (Portal Games, 2016): the first registered game.

- ``engine/``: the rules on copyable state (state, steps, Battle, scoring, solo).
- ``content/``: the components, loaded from TOML with their provenance.
- ``bots/``: the players (random, heuristic with personalities, the solo automaton).
- ``scenario.py``: the scenario fields this game reads; ``rows.py``: a game as rows;
  ``narrator.py``: the replay account; ``analysis.py`` and ``report.py``: its own
  metrics and report sections; ``module.py``: the ``GAME`` the registry hands out;
  ``state.py``: the game behind the state protocol, compiled (mypyc) with the engine
  because the driver loop calls it at every decision (see :mod:`cryhavoc_sim.native`);
  ``rules.py``: the game as the harness makes, seats and checks it (``RULES``);
  ``random_games.py``: random playouts with every invariant checked.
"""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/cryhavoc")
