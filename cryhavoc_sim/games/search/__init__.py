"""Information-set Monte Carlo tree search for every game, on the state protocol
(``games/state.py``): :mod:`.ismcts` is the search, :mod:`.plug` what a game plugs into
it (the decisions it searches, their candidate answers, a rollout policy, a leaf value),
:mod:`.names` the ``ismcts:N`` bot names. Imports no game package."""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/search")
