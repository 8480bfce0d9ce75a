"""Information-set Monte Carlo tree search for every game, on the state protocol
(``games/state.py``): :mod:`.ismcts` is the search, :mod:`.plug` what a game plugs into
it (the decisions it searches, their candidate answers, a rollout policy, a leaf value),
:mod:`.names` the ``ismcts:N`` bot names, :mod:`.rules_search` the search of a game that
plugs in only its rules, :mod:`.gaps` how much each searched decision mattered (logged
with ``decisions = true``). Imports no game package."""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/search")

from cryhavoc_sim.games.search.ismcts import Ismcts  # noqa: E402 (after use_compiled)
from cryhavoc_sim.games.search.plug import Rollout, SearchGame  # noqa: E402
from cryhavoc_sim.games.search.rules_search import rules_search  # noqa: E402

__all__ = ["Ismcts", "Rollout", "SearchGame", "rules_search"]
