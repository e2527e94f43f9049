"""The Everleaf reader (read in C: src/studcore/site_everleaf.c) against
the outputs the former pure-Python reader gave on every sample and on
seeded mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it; rewrite them (``python -m
tests.histories_sites.everleaf.golden --write``) only for
a change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.everleaf import PROFILE, EverleafReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 lambda file: EverleafReader(file=file, profile=PROFILE), [
                     ": posts ante [$ 0.05 USD]", ": calls [$ 1 USD]", ": raises [ 40 Chips]",
                     ": bets [€ 2 EUR]", ": checks", ": folds", " posts bring-in $0.10.",
                     " completes to 40", " shows [ 2c, 5h ]", " mucks [ xx ]",
                     " does not show cards", " wins $ 0.60 USD from main pot", " wins high (",
                     "Dealt to ", " [ Kh ]", "Seat 3: ", " ( $ 5 USD )", "Table ",
                     "** Dealing down cards **", "**** dealing 4th street ****",
                     "**** dealing river ****", "***** Hand history for game #7 *****",
                     "Everleaf Gaming Game #7", "7 Card Stud", "Razz", "Hold'em", " NL ",
                     " USD", " EUR", " Chips", " is the button", "xx", ", "])


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
