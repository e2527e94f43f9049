"""The Everleaf reader (read in C: src/studcore/site_everleaf.c) against
the outputs the former pure-Python reader gave on every sample and on
seeded mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it; rewrite them (``python -m
tests.histories_sites.everleaf.test_everleaf_mutations --write``) only for
a change of what the reader means to give.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from stud.histories.sites.everleaf import PROFILE, EverleafReader

from ..c_reader import Mutations, sample_lines

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
