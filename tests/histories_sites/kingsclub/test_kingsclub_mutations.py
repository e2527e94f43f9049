"""The KingsClub reader against the outputs its pure-Python reader gave on
every sample and on seeded mutated copies of each
(tests/histories_sites/c_reader.py says how; ``mutations.json`` holds them),
the reference a reader in C must give.  Rewrite them (``python -m
tests.histories_sites.kingsclub.test_kingsclub_mutations --write``) only for
a change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from stud.histories.sites.kingsclub import KINGSCLUB_PROFILE, KingsClubReader

from ..c_reader import Mutations, sample_lines

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


@pytest.mark.parametrize("name", SITE.names())
def test_samples_and_mutated_copies_read_as_before(name):
    assert SITE.differences(name) == []


def test_every_copy_is_covered():
    assert sorted(SITE.load()) == sorted(name for name, _ in SITE.copies())


def test_lines_a_caller_gives_without_their_ends():
    lines = sample_lines(SAMPLES / "open_pair.txt")
    assert SITE.outputs("open_pair.txt", [line.rstrip("\r\n") for line in lines]) == \
        SITE.load()["open_pair.txt"]


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    SITE.write()
