"""The Winamax reader (read in C: src/studcore/site_winamax.c) against the
outputs the former pure-Python reader gave on every sample and on seeded
mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it.  Rewrite them (``python -m
tests.histories_sites.winamax.golden --write``) only for a
change of what the reader means to give.

The samples are read as the reader's caller would give their lines: the
French one decoded from cp1252, the others from UTF-8 (the byte order mark
of ``tournament_bom.txt`` kept: a header behind it is no header).
"""

from __future__ import annotations

import sys
from pathlib import Path

from stud.histories.sites.winamax import WINAMAX_PROFILE, WinamaxReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"


def _reader(file: str) -> WinamaxReader:
    return WinamaxReader(file=file, profile=WINAMAX_PROFILE)


SITE = Mutations(SAMPLES, HERE / "mutations.json", _reader, [
    " and is all-in", " et est all-in", " folds", " passe", " checks", " calls 5€",
    " suit 2€", " bets 4", " raises 2€ to 4€", " relance 2€ à 4€", " brings in 1€",
    " posts ante 1€", " shows [As Kd]", " mucks", " collected 5€ from pot", "Total pot 9€",
    " | ", "No rake", "Rake 1€", "Seat 1: ", " (120€)", "*** ", " ***", "3rd STREET",
    "SUMMARY", "SHOW DOWN", "Dealt to ", "[X X 4s]", " [7c]", "Table: 'T' 6-max",
    "Winamax Poker - ", " - HandId: #", " fixed limit ", "(1€/4€/8€)", " is disconnected",
    "€", "1 234", "0.5"])


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
