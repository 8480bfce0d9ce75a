"""Calibration: targets.py reads a targets file, search.py runs the Optuna search."""
