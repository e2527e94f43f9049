"""The OnGame reader against the outputs its pure-Python reader gives on
every sample and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds
them): the reference a reader of its lines in C must give.  Rewrite them
(``python -m tests.histories_sites.ongame.golden --write``)
only for a change of what the reader means to give.

The samples are read as the reader's caller would give their lines: the
cp1252 one decoded from cp1252, the UTF-16 one from UTF-16, the others from
UTF-8.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from stud.histories.sites.ongame import ONGAME_PROFILE, OnGameReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"


def _reader(file: str) -> Any:
    return OnGameReader(file=file, profile=ONGAME_PROFILE)


SITE = Mutations(SAMPLES, HERE / "mutations.json", _reader, [
    " [all in]", " and is all-in", " folds", " checks", " calls $0.20", " bets $1",
    " raises $1.00 to $2.00", " posts ante $0.10", " small bring in $0.25",
    " big bring in $1", " shows [Ah, Kd]", " mucks", " doesn't show", "Summary:",
    "Main pot: $1.00 won by ", "Side pot 1: ", " (High)", " (Low)", "Rake taken: $0.00",
    ", net: -$0.05", ", net: +$0.05", "Seat 2: ", " ($10.00)", "---", "Dealing pocket cards",
    "--- Dealing 4th street", "--- Dealing river", "Dealing to ", "New hand for ",
    "***** History for hand R5-1-1 *****", "***** End of hand R5-1-1 *****",
    "Table: T [1] (LIMIT RAZZ $1/$2, Real money)", "Players in round: 2", "$", "1,250"])


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
