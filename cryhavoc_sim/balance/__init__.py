"""Balance at equal skill: a scenario played with one bot in every seat at each rung of a
ladder of skill (the same deals on every rung), and verdicts that say whether a side's
place against its fair share holds as the players get stronger.

- :mod:`.rungs`: the rungs (bot specs) and each rung's scenario.
- :mod:`.verdict`: the statistics (Wilson intervals, paired equivalence tests, the trend
  over the search budget); pure functions, no files.
- :mod:`.study`: plays the rungs into one directory, resumable.
- :mod:`.report`: the balance report (figure, tables, ``summary.json``).
"""
