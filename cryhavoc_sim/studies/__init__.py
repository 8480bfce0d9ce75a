"""What every study (sweep, balance, tune, tune-bots) stands on: reading its input file
(files.py), its directory's record and runs (record.py), and its scenarios played into
their sub-folders (play.py). The studies stand beside each other on this kit."""
