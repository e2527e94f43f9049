"""The Bovada reader (read in C: src/studcore/site_bovada.c) against the
outputs the former pure-Python reader gave on every sample and on seeded
mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it; rewrite them (``python -m
tests.histories_sites.bovada.golden --write``) only for a
change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.bovada import PROFILE, BovadaReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 lambda file: BovadaReader(file=file, profile=PROFILE), [
                     " [ME]", "Seat+2 : ", "Seat+3 [ME] : ", "Dealer : ", "(timeout)",
                     " : Bets $1", " : Calls $0.50", " : Raises $1 to $2", "All-in(raise) ",
                     "All-in $1", "Double bets ", "Bring_in chip ", "Ante chip ", "Checks",
                     "Folds", "Card dealt to a spot [", "Return uncalled portion of bet ",
                     "Hand result ", "Hand result-Side pot ", "Showdown [", "Does not show [",
                     "Mucks", "Total Pot(", " in chips", "*** ", " ***", "TBL#", "7CARD ",
                     "Bovada Hand #5 ", "Tournament #"])


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
