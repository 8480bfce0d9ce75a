"""The learned policy, for every game: :mod:`.model` is a policy's numbers (a linear
scorer of candidate answers, one table per side and decision kind, read from JSON and
evaluated in plain Python) and :mod:`.plug` what a game plugs into the trainer
(``tuning/policy.py``). Imports no game package."""

from cryhavoc_sim.native import use_compiled

use_compiled(__path__, "games/policy")
