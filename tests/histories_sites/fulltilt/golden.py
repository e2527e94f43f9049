"""The Full Tilt reader (read in C: src/studcore/site_fulltilt.c) against
the outputs the former pure-Python reader gave on every sample and on
seeded mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it; rewrite them (``python -m
tests.histories_sites.fulltilt.golden --write``) only for a
change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.fulltilt import PROFILE, FullTiltReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 lambda file: FullTiltReader(file=file, profile=PROFILE), [
                     " and is all in", ", and is all in", " folds", " calls 5", " raises to $4",
                     " shows [As Kd]", " mucked [2c]", " collected (5)", " Rake ", " | ",
                     "Seat 1: ", "*** ", " ***", "Dealt to ", "Full Tilt Poker Game #5: "])


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
