"""The Merge reader against the outputs its pure-Python reader gave on every
sample and on seeded mutated copies of each (tests/histories_sites/c_reader.py
says how; ``mutations.json`` holds them), the reference a reader in C must
give.  The texts the mutations put in are Merge's XML: its tags, attribute
names and values, entities and the constructs a reader must refuse or skip.
Rewrite them (``python -m tests.histories_sites.merge.golden --write``) only
for a change of what the reader means to give.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from stud.histories import HistoryError
from stud.histories.sites.merge import PROFILE, MergeReader

from ..c_reader import Mutations


class _Counted:
    """The Python reader with the counts the harness asks every reader for
    (``hands`` and ``errors``: the records and the errors it gave)."""

    def __init__(self, file: str) -> None:
        self.reader = MergeReader(file=file, profile=PROFILE)
        self.hands = 0
        self.errors = 0

    @property
    def skipped(self) -> int:
        return self.reader.skipped

    @property
    def cancelled(self) -> int:
        return self.reader.cancelled

    def read(self, lines: Iterable[str]) -> Iterator[Any]:
        for item in self.reader.read(lines):
            if isinstance(item, HistoryError):
                self.errors += 1
            else:
                self.hands += 1
            yield item


HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"
SITE = Mutations(SAMPLES, HERE / "mutations.json",
                 _Counted, [
                     "<", ">", "/>", "</", '"', "'", "=", "&amp;", "&lt;", "&#65;", "&bogus;",
                     "<!-- a note -->", "<![CDATA[x]]>", "<!DOCTYPE game>", "<?xml?>",
                     "</game>", "<game id=\"5-1\">", "</round>", "<round id=\"THIRD_STREET\">",
                     "<event ", " type=\"", " player=\"", " amount=\"", " cards=\"",
                     " seat=\"", " nickname=\"", " balance=\"", " dealtin=\"false\"",
                     "<winner ", " uncalled=\"true\"", " potnumber=\"1\"", "null", ",",
                     "ANTE", "BRING_IN", "COMPLETE", "RAISE", "CALL", "BET", "CHECK", "FOLD",
                     "ALL_IN", "SIT_OUT", "GAME_CANCELLED", "HOLE", "SHOWN", "MUCKED",
                     "COMMUNITY", "START_HAND", "SECOND_STREET", "SEVENTH_STREET", "END_OF_GAME",
                     "7-Stud", "7-Stud H/L8", "Razz", "5-Stud", "HORSE", "Holdem",
                     "Limit ($1/$2)", "No Limit ", "multigametype=\"43\" ", "realmoney=\"false\"",
                     "starttime=\"20090101000000\"", "1,000.00", "$", "10s", "Xx"], copies=100)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
