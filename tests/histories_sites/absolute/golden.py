"""The Absolute reader (read in C: src/studcore/site_absolute.c) against the
outputs the former pure-Python reader gave on every sample and on seeded
mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it.  Rewrite them (``python -m
tests.histories_sites.absolute.golden --write``) only for a
change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.absolute import ABSOLUTE_PROFILE, AbsoluteReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 lambda file: AbsoluteReader(file=file, profile=ABSOLUTE_PROFILE), [
                     " - Ante ", " - Bring-In ", " - Bets ", " - Raises ", " - Calls ",
                     " - All-In ", " - All-In(Raise) ", " - Folds", " - Checks",
                     " - Pocket [", " - Shows [", " - Mucks", "Dealt to ", " H", "H ",
                     " won Total (", " collected Total (", "Seat 1 - ", "Seat 2: ",
                     " in chips)", " is sitting out", "*** ", " ***", "*** SUMMARY ***",
                     "*** RIVER ***", "Stage #5: ", "Stage #C7 ", "Table: ", " (Real Money)",
                     "€ ", "Tourney ID 9 ", " Normal ", " No Limit ", ", $0.10 ante",
                     " - 2009-08-05 15:24:06", "Razz", "7 Card Stud", "Hi/Lo", "."], copies=100)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
