"""The Winamax reader (read in C: src/studcore/site_winamax.c) against the
outputs the former pure-Python reader gave on every sample and on seeded
mutated copies of each (tests/histories_sites/c_reader.py says how;
``mutations.json`` holds them).  The two were compared on many more seeds
when the C reader replaced it.  Rewrite them (``python -m
tests.histories_sites.winamax.test_winamax_mutations --write``) only for a
change of what the reader means to give.

The samples are read as the reader's caller would give their lines: the
French one decoded from cp1252, the others from UTF-8 (the byte order mark
of ``tournament_bom.txt`` kept: a header behind it is no header).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from stud.histories import HistoryError
from stud.histories.sites.winamax import WINAMAX_PROFILE, WinamaxReader

from ..c_reader import Mutations

HERE = Path(__file__).resolve().parent
SAMPLES = HERE / "samples"


def sample_lines(path: Path) -> list[str]:
    encoding = "cp1252" if "cp1252" in path.name else "utf-8"
    return path.read_text(encoding=encoding).splitlines(keepends=True)


def _reader(file: str) -> WinamaxReader:
    return WinamaxReader(file=file, profile=WINAMAX_PROFILE)


class WinamaxMutations(Mutations):
    """The samples decoded as ``sample_lines`` does."""

    def copies(self, sample: str | None = None) -> Iterator[tuple[str, list[str]]]:
        for path in sorted(self.samples.iterdir()):
            if sample is not None and path.name != sample:
                continue
            lines = sample_lines(path)
            yield path.name, lines
            rng = random.Random(path.name)
            for index in range(self.count):
                yield f"{path.name}#{index}", self._mutate(lines, rng)


SITE = WinamaxMutations(SAMPLES, HERE / "mutations.json", _reader, [
    " and is all-in", " et est all-in", " folds", " passe", " checks", " calls 5€",
    " suit 2€", " bets 4", " raises 2€ to 4€", " relance 2€ à 4€", " brings in 1€",
    " posts ante 1€", " shows [As Kd]", " mucks", " collected 5€ from pot", "Total pot 9€",
    " | ", "No rake", "Rake 1€", "Seat 1: ", " (120€)", "*** ", " ***", "3rd STREET",
    "SUMMARY", "SHOW DOWN", "Dealt to ", "[X X 4s]", " [7c]", "Table: 'T' 6-max",
    "Winamax Poker - ", " - HandId: #", " fixed limit ", "(1€/4€/8€)", " is disconnected",
    "€", "1 234", "0.5"])


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
    lines = sample_lines(SAMPLES / "cash_eur.txt")
    headers = [k for k, line in enumerate(lines) if line.startswith("Winamax Poker")]
    cut = headers[2] + 3  # within the third hand

    def source() -> Iterator[str]:
        yield from lines[:cut]
        raise HistoryError("the source broke", None, None, cut + 1)

    whole = [item.hand_id for item in WinamaxReader(profile=WINAMAX_PROFILE).read(lines)
             if not isinstance(item, HistoryError)]
    read: list[Any] = []
    with pytest.raises(HistoryError, match="the source broke"):
        for item in WinamaxReader(profile=WINAMAX_PROFILE).read(source()):
            read.append(item)
    assert [item.hand_id for item in read] == whole[:len(read)] and len(read) >= 1
