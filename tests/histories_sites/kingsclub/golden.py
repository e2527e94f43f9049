"""The KingsClub reader against the outputs its pure-Python reader gave on
every sample and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds them),
the reference a reader in C must give.  Rewrite them (``python -m
tests.histories_sites.kingsclub.golden --write``) only for
a change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.kingsclub import KINGSCLUB_PROFILE, KingsClubReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 lambda file: KingsClubReader(file=file, profile=KINGSCLUB_PROFILE), [
                     ": posts ante ", " brings in for ", " bets ", " raises ", " to ",
                     " calls ", " checks", " folds", " and is all-in", "Dealt to ", ": [",
                     "] [", "X ", " X", " shows [", " mucks", " wins (", ") from pot",
                     "Uncalled bet (", ") returned to ", "Seat 1: ", " is sitting out",
                     "*** ", " ***", "*** 3RD STREET ***", "*** SUMMARY ***", "Rake ",
                     "#5: ", "Table '", "' 8-max", "'T12 [3]'", "Limit ", "Seven Card Stud",
                     "Razz", "2-7 Razz", " - $0.10/$0.20 - ", "cancelled"], copies=100)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
