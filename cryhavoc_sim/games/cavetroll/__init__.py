"""Cave Troll (Fantasy Flight Games, 2015 printing), the second game on the shared runner
(issue 16): content as data (``content.py``, ``data/``), the rules (``board.py``,
``game.py``, ``variant.py``), the game behind the harness's protocol (``state.py``, and
``rules.py``: how the harness makes, seats and checks it, with ``invariants.py``), the
bots (``bots.py``), and what the runner asks of a game (``module.py``: scenario, rows,
narrator, report, soak, ladder, content listing).

The hot modules run compiled (mypyc) when a build of the current sources is in the
virtual environment; see :mod:`cryhavoc_sim.native`."""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/cavetroll")
