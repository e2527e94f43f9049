"""The PartyPoker reader against the outputs its pure-Python reader gave on
every sample and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds them):
the reference for reading its lines in C.  Rewrite them (``python -m
tests.histories_sites.partypoker.test_partypoker_mutations --write``) only
for a change of what the reader means to give.

The samples are read as the reader's caller would give their lines
(``c_reader.sample_lines``): the euro one decoded from cp1252, the
tournament one from UTF-16, the others from UTF-8 (the byte order mark of
``full_tables_bom.txt`` kept: a banner behind it is no banner).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from stud.histories import HistoryError
from stud.histories.sites.partypoker import PARTYPOKER_PROFILE, PartyPokerReader

from ..c_reader import Mutations, sample_lines
from .test_partypoker import SAMPLES

HERE = SAMPLES.parent


class _Counted:
    """A reader that does not count its hands and errors, counted."""

    def __init__(self, reader: Any) -> None:
        self.reader = reader
        self.hands = self.errors = 0

    @property
    def skipped(self) -> int:
        return int(self.reader.skipped)

    @property
    def cancelled(self) -> int:
        return int(self.reader.cancelled)

    def read(self, lines: Any) -> Iterator[Any]:
        for item in self.reader.read(lines):
            if isinstance(item, HistoryError):
                self.errors += 1
            else:
                self.hands += 1
            yield item


def _reader(file: str) -> Any:
    reader = PartyPokerReader(file=file, profile=PARTYPOKER_PROFILE)
    return reader if hasattr(reader, "hands") else _Counted(reader)


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


@pytest.mark.parametrize("name", SITE.names())
def test_samples_and_mutated_copies_read_as_before(name):
    assert SITE.differences(name) == []


def test_every_copy_is_covered():
    assert sorted(SITE.load()) == sorted(name for name, _ in SITE.copies())


def test_lines_a_caller_gives_without_their_ends():
    lines = sample_lines(SAMPLES / "features.txt")
    assert SITE.outputs("features.txt", [line.rstrip("\r\n") for line in lines]) == \
        SITE.load()["features.txt"]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()


def test_a_source_that_fails_midway_gives_the_hands_before_it_first():
    lines = sample_lines(SAMPLES / "cash_usd.txt")
    headers = [k for k, line in enumerate(lines) if line.startswith("#Game No")]
    cut = headers[2] + 5  # within the third hand

    def source() -> Iterator[str]:
        yield from lines[:cut]
        raise HistoryError("the source broke", None, None, cut + 1)

    whole = [item.hand_id for item in PartyPokerReader(profile=PARTYPOKER_PROFILE).read(lines)
             if not isinstance(item, HistoryError)]
    read: list[Any] = []
    with pytest.raises(HistoryError, match="the source broke"):
        for item in PartyPokerReader(profile=PARTYPOKER_PROFILE).read(source()):
            read.append(item)
    assert [item.hand_id for item in read] == whole[:len(read)] and len(read) >= 1
