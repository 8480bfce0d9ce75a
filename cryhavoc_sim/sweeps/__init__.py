"""Sensitivity sweeps: a design over content numbers and rule knobs, each cell an
ordinary run (design.py reads the design, run.py plays it, analyse.py and report.py say
what it shows)."""
