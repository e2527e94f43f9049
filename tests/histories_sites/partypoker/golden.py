"""The PartyPoker reader against the outputs its pure-Python reader gave on
every sample and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds them):
the reference for reading its lines in C.  Rewrite them (``python -m
tests.histories_sites.partypoker.golden --write``) only
for a change of what the reader means to give.

The samples are read as the reader's caller would give their lines
(``c_reader.sample_lines``): the euro one decoded from cp1252, the
tournament one from UTF-16, the others from UTF-8 (the byte order mark of
``full_tables_bom.txt`` kept: a banner behind it is no banner).
"""

from __future__ import annotations

import sys
from typing import Any

from stud.histories.sites.partypoker import PARTYPOKER_PROFILE, PartyPokerReader

from ..c_reader import Mutations
from .test_partypoker import SAMPLES

HERE = SAMPLES.parent


def _reader(file: str) -> Any:
    return PartyPokerReader(file=file, profile=PARTYPOKER_PROFILE)


SITE = Mutations(SAMPLES, HERE / "mutations.json", _reader, [
    "#Game No : ", "***** Hand History for Game ", " *****", "Game #1 starts.",
    "$0.50/$1 USD 7 Card Stud - ", "7 Card Stud Hi-Lo", " Trny:1234 Level:3 ",
    "Stakes-Antes(20/40 - 5)", "Table T (Real Money)", "Seat 1 is the button",
    "Total number of players : 2/8", "Seat 1: ", " ( $20 USD )", " posts ante [$0.05 USD]",
    "** Dealing **", "** Dealing Fourth street **", "** Dealing River **", "Dealt to ",
    "[ 2c 3d 4h ]", " bring-ins [$0.25 USD]", " completes [$1 USD]", " double bets [2]",
    " bets [$1 USD]", " raises [$2 USD]", " calls [$1 USD]", " checks", " folds",
    " is all-In [$3 USD]", " shows [ Ah Kd ]", " doesn't show [ 2c 3d ]", " mucks",
    " wins $3.40 USD", " wins Lo ($1.70 USD)", " wins 120 chips", " from the main pot",
    " is sitting out", "Hand cancelled", "USD", "EUR", "1,200", "0.5"])


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
