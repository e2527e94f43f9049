"""The Bovada reader (read in C: src/studcore/site_bovada.c) against the
outputs the former pure-Python reader gave on every sample and on seeded
mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it; rewrite them (``python -m
tests.histories_sites.bovada.test_bovada_mutations --write``) only for a
change of what the reader means to give.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stud.histories import HistoryError
from stud.histories.sites.bovada import PROFILE, BovadaReader

from ..c_reader import Mutations, sample_lines

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
    lines = sample_lines(SAMPLES / "features.txt")
    headers = [k for k, line in enumerate(lines) if line.startswith("Bovada Hand")]
    cut = headers[1] + 3  # within the second hand

    def source() -> Iterator[str]:
        yield from lines[:cut]
        raise HistoryError("the source broke", None, None, cut + 1)

    whole = [item.hand_id for item in BovadaReader(profile=PROFILE).read(lines)
             if not isinstance(item, HistoryError)]
    read: list[Any] = []
    with pytest.raises(HistoryError, match="the source broke"):
        for item in BovadaReader(profile=PROFILE).read(source()):
            read.append(item)
    assert [item.hand_id for item in read] == whole[:len(read)] and len(read) >= 1
