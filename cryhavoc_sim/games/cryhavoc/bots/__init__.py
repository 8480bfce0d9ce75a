"""Bots: the Bot protocol and the players behind every seat.

The bots run compiled (mypyc) when a build of the current sources is in the virtual
environment; see :mod:`cryhavoc_sim.native`."""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/cryhavoc/bots")

from cryhavoc_sim.games.cryhavoc.bots.base import Bot  # noqa: E402
from cryhavoc_sim.games.cryhavoc.bots.random_bot import RandomBot  # noqa: E402

__all__ = ["Bot", "RandomBot"]
