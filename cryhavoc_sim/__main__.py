"""``python -m cryhavoc_sim``."""

from cryhavoc_sim.cli import main

main()
